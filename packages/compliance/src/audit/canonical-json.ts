import { assert } from '@casino/core';

/** A JSON value as the audit log stores it: no bigint, no Date, no undefined. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Turns a domain value into plain JSON for the audit log: bigints become decimal strings (minor
 * units keep their precision), Dates ISO strings, undefined members are dropped.
 */
export function toJsonValue(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    assert(Number.isFinite(value), 'audit values must be finite numbers');
    return value;
  }
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [key, member] of Object.entries(value)) if (member !== undefined) out[key] = toJsonValue(member);
    return out;
  }
  assert(false, `cannot store a ${typeof value} in the audit log`);
}

/**
 * JSON with object keys sorted at every level. PostgreSQL's jsonb reorders keys, so the hash of an
 * entry is taken over this form, which is the same before writing and after reading back.
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`).join(',')}}`;
}
