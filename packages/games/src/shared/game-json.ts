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

// The JSON text of parts of immutable states already encoded (issue 22, D-1856). A round's state grows with
// every bet (each confirmed bet, its action and its event stay in it), while a transition shares every part it
// did not make with the state before it (the engines are pure; `deepFreeze` proves it in development and
// tests). Encoding a state after a bet thus reuses the text of everything but the new parts, instead of
// walking the whole round again on each bet. Weak keys: the text goes when its part does.
const encodedParts = new WeakMap<object, string>();

/**
 * `JSON.stringify(encodeGameJson(value))` for a value whose objects and arrays are never changed after they are
 * made (an engine's state), with the text of each part remembered by identity. Same text, same refusals.
 * `remember` false: the value's own text is not kept (a whole state, which the next version never shares).
 */
export function immutableGameJsonText(value: unknown, key = '', remember = true): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(encodeGameJson(value, key));
  // A part's text depends on its key only under a card key (formatted cards) or, for an array, a minor-units key.
  const keyFree = !cardKeys.has(key) && !(Array.isArray(value) && isMinorKey(key));
  if (!keyFree) return JSON.stringify(encodeGameJson(value, key));
  const known = encodedParts.get(value);
  if (known !== undefined) return known;
  let text: string;
  if (Array.isArray(value)) {
    const items: string[] = new Array<string>(value.length);
    for (let k = 0; k < value.length; k++) items[k] = immutableGameJsonText(value[k] as unknown, '');
    text = `[${items.join(',')}]`;
  } else {
    const fields: string[] = [];
    for (const name of Object.keys(value)) {
      const inner = (value as Record<string, unknown>)[name];
      if (inner !== undefined) fields.push(`${JSON.stringify(name)}:${immutableGameJsonText(inner, name)}`);
    }
    text = `{${fields.join(',')}}`;
  }
  if (remember) encodedParts.set(value, text);
  return text;
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
