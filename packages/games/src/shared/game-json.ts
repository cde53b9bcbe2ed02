import { formatCard, parseCard, type Card } from '../cards/index.ts';
import { invariant } from './invariant.ts';

/**
 * The JSON form of engine states and round records. JSON has no bigint, so the codec relies on one
 * naming rule the engines keep: every amount is a bigint of minor units in a field whose name ends
 * in `Minor` (`stakeMinor`, `returnedMinor`), and only there. Such fields become decimal strings.
 * Cards are small integers in memory and two-character text ("As", "Td") in JSON, under the keys
 * `card`, `cards` and `shoe`. Encoding refuses a bigint anywhere else, so whatever encodes decodes
 * back to an equal value.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export class InvalidGameJson extends Error {
  override readonly name = 'InvalidGameJson';
}

const cardKeys = new Set(['card', 'cards', 'shoe']);
const minorUnitsPattern = /^-?\d{1,30}$/;

function isMinorKey(key: string): boolean {
  return key.endsWith('Minor');
}

/** An own data property, as `Object.fromEntries` makes it (`__proto__` included: never the prototype). */
function setOwn(target: Record<string, unknown>, name: string, value: unknown): void {
  if (name === '__proto__') Object.defineProperty(target, name, { value, writable: true, enumerable: true, configurable: true });
  else target[name] = value;
}

export function encodeGameJson(value: unknown, key = ''): JsonValue {
  if (typeof value === 'bigint') {
    invariant(isMinorKey(key), `bigint outside a *Minor field ("${key}")`);
    return value.toString();
  }
  if (cardKeys.has(key) && value !== null) {
    if (Array.isArray(value)) return value.map((card: Card) => formatCard(card));
    return formatCard(value as Card);
  }
  if (Array.isArray(value)) return value.map((item) => encodeGameJson(item, isMinorKey(key) ? key : ''));
  if (value !== null && typeof value === 'object') {
    // A loop rather than entries/fromEntries: a round's whole state goes through here on every bet (issue 22).
    const encoded: { [key: string]: JsonValue } = {};
    for (const name of Object.keys(value)) {
      const inner = (value as Record<string, unknown>)[name];
      if (inner !== undefined) setOwn(encoded, name, encodeGameJson(inner, name));
    }
    return encoded;
  }
  invariant(
    value === null || ['string', 'number', 'boolean'].includes(typeof value),
    `cannot encode a ${typeof value} as game JSON`,
  );
  if (typeof value === 'number') invariant(Number.isFinite(value), 'cannot encode a non-finite number');
  return value as JsonValue;
}

export function decodeGameJson(value: JsonValue, key = ''): unknown {
  if (isMinorKey(key) && !Array.isArray(value)) {
    if (value === null) return null;
    if (typeof value !== 'string' || !minorUnitsPattern.test(value))
      throw new InvalidGameJson(`${key} must be a decimal string of minor units`);
    return BigInt(value);
  }
  if (cardKeys.has(key) && value !== null) {
    try {
      return Array.isArray(value) ? value.map((text) => parseCard(String(text))) : parseCard(String(value));
    } catch (error) {
      throw new InvalidGameJson(`${key}: ${(error as Error).message}`);
    }
  }
  if (Array.isArray(value)) return value.map((item) => decodeGameJson(item, isMinorKey(key) ? key : ''));
  if (value !== null && typeof value === 'object') {
    const decoded: Record<string, unknown> = {};
    for (const name of Object.keys(value)) setOwn(decoded, name, decodeGameJson(value[name]!, name));
    return decoded;
  }
  return value;
}

export function toGameJsonText(value: unknown): string {
  return JSON.stringify(encodeGameJson(value));
}

export function fromGameJsonText(text: string): unknown {
  let parsed: JsonValue;
  try {
    parsed = JSON.parse(text) as JsonValue;
  } catch {
    throw new InvalidGameJson('not JSON');
  }
  return decodeGameJson(parsed);
}
