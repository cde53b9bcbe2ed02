import { formatCard } from '@casino/games';
import type { GameId } from './engines.ts';

/**
 * Engine views and events as JSON for players (REST and WebSocket alike): amounts stay in the
 * engine's `…Minor` fields as minor-unit decimal strings (the table's currency is given once beside
 * them), and blackjack cards are two-character text ("As", "Td"), the codec's notation.
 */
export type Wire = string | number | boolean | null | Wire[] | { [key: string]: Wire };

const cardKeys = new Set(['card', 'cards', 'dealerCards']);

export function toWire(game: GameId, value: unknown, key = ''): Wire {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || value === undefined) return null;
  if (game === 'blackjack' && cardKeys.has(key)) {
    if (typeof value === 'number') return formatCard(value);
    if (Array.isArray(value)) return value.map((card) => (typeof card === 'number' ? formatCard(card) : null));
  }
  if (Array.isArray(value)) return value.map((item) => toWire(game, item, key === 'cards' ? '' : key));
  if (typeof value === 'object') {
    const out: { [key: string]: Wire } = {};
    for (const [k, v] of Object.entries(value)) out[k] = toWire(game, v, k);
    return out;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}
