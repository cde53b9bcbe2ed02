import { createHash } from 'node:crypto';

/** What makes two requests with one idempotency key "the same": their canonical JSON, hashed. */
export function requestHashOf(parts: Record<string, string | number | boolean | null>): string {
  const canonical = JSON.stringify(Object.entries(parts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return createHash('sha256').update(canonical).digest('hex');
}
