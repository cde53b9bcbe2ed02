import { decodeGameJson, encodeGameJson, immutableGameJsonText, InvalidGameJson, type JsonValue } from './game-json.ts';
import { deepFreeze } from './invariant.ts';

/**
 * Envelopes for what the game service stores: the live state between actions, and the round record
 * kept for recall (seed, actions, events, results). Both are JSON text with a format name and a
 * version, so a reader never mistakes one kind of document for another or an old layout for a new.
 */

export class InvalidRoundRecord extends Error {
  override readonly name = 'InvalidRoundRecord';
}

export function wrapDocument(format: string, version: number, body: unknown): string {
  return JSON.stringify({ format, version, body: encodeGameJson(body) });
}

/**
 * `wrapDocument` for an engine's live state, written on every action: the text of the parts an earlier version
 * shared with this one is reused (`immutableGameJsonText`), so a bet pays for what it added, not for the round.
 */
export function wrapStateDocument(format: string, version: number, state: unknown): string {
  return `{"format":${JSON.stringify(format)},"version":${JSON.stringify(version)},"body":${immutableGameJsonText(state, '', false)}}`;
}

export function unwrapDocument(text: string, format: string, version: number): unknown {
  let parsed: { format?: unknown; version?: unknown; body?: JsonValue };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new InvalidRoundRecord('not JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || parsed.format !== format)
    throw new InvalidRoundRecord(`not a ${format} document`);
  if (parsed.version !== version)
    throw new InvalidRoundRecord(`${format} version ${String(parsed.version)} is not supported (expected ${version})`);
  if (parsed.body === undefined || parsed.body === null || typeof parsed.body !== 'object')
    throw new InvalidRoundRecord(`${format} has no body`);
  try {
    return deepFreeze(decodeGameJson(parsed.body));
  } catch (error) {
    if (error instanceof InvalidGameJson) throw new InvalidRoundRecord(error.message);
    throw error;
  }
}

/** The index of the first event that differs between a replay and a record, or -1 when equal. */
export function firstDifference(replayed: readonly unknown[], recorded: readonly unknown[]): number {
  const length = Math.max(replayed.length, recorded.length);
  for (let k = 0; k < length; k++) {
    if (k >= replayed.length || k >= recorded.length) return k;
    if (JSON.stringify(encodeGameJson(replayed[k])) !== JSON.stringify(encodeGameJson(recorded[k]))) return k;
  }
  return -1;
}
