import { formatCard, parseCard } from '../../cards/index.ts';
import { act, type PlayerAction } from './actions.ts';
import { IllegalAction, InvalidHandOptions } from './illegal-action.ts';
import { startHand, type StartHandOptions } from './start-hand.ts';
import { chooseRunCount, muckHand, showHand } from './steps.ts';
import { allAutomations, type BlindAssignment, type HandState, type Stakes, type TableRules, type Variant } from './types.ts';
import { voidHand } from './void-hand.ts';

/**
 * Hand histories (000-001:REC-01, T-81; PokerKit's HandHistory). The JSON holds everything needed
 * to deal the hand again (options and the whole deck order) and the full operation log. Replaying
 * deals from that deck, re-applies every player decision found in the log, and requires the new
 * log to equal the stored one, so a history either reproduces its hand exactly or is refused.
 * Amounts are decimal strings of minor units (JSON has no bigint); cards are "As", "Td".
 */

export const handHistoryFormat = 'casino-poker-hand-history';
export const handHistoryVersion = 1;

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface HandHistory {
  readonly format: typeof handHistoryFormat;
  readonly version: typeof handHistoryVersion;
  readonly handId: string;
  readonly variantId: string;
  readonly variantName: string;
  readonly stakes: { [key: string]: JsonValue };
  readonly rules: TableRules;
  readonly seatCount: number;
  readonly buttonSeat: number;
  readonly blinds: { [key: string]: JsonValue };
  readonly players: readonly { readonly seat: number; readonly name: string; readonly stack: string }[];
  readonly deck: readonly string[];
  readonly operations: readonly { [key: string]: JsonValue }[];
  readonly result: { [key: string]: JsonValue } | null;
}

export class InvalidHandHistory extends Error {
  override readonly name = 'InvalidHandHistory';
}

/** bigint → decimal string, card lists → "As"; everything else as is. */
function toJson(value: unknown, key = ''): JsonValue {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value))
    return key === 'cards' ? value.map((card: number) => formatCard(card)) : value.map((item) => toJson(item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([name]) => name !== 'highRanking' && name !== 'lowRanking')
        .map(([name, inner]) => [name, toJson(inner, name)]),
    );
  }
  return value as JsonValue;
}

export function exportHandHistory(state: HandState): HandHistory {
  const { config } = state;
  return {
    format: handHistoryFormat,
    version: handHistoryVersion,
    handId: config.handId,
    variantId: config.variant.id,
    variantName: config.variant.name,
    stakes: toJson(config.stakes) as { [key: string]: JsonValue },
    rules: config.rules,
    seatCount: config.seatCount,
    buttonSeat: config.buttonSeat,
    blinds: toJson(config.blinds) as { [key: string]: JsonValue },
    players: state.players.map((player) => ({ seat: player.seat, name: player.name, stack: player.startingStack.toString() })),
    deck: state.deck.map(formatCard),
    operations: state.operations.map((operation) => toJson(operation) as { [key: string]: JsonValue }),
    result: state.result ? (toJson(state.result) as { [key: string]: JsonValue }) : null,
  };
}

function chips(value: JsonValue | undefined, field: string): bigint {
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    throw new InvalidHandHistory(`${field} must be a decimal string of minor units`);
  return BigInt(value);
}

function optionalChips(value: JsonValue | undefined, field: string): bigint | null {
  return value === null ? null : chips(value, field);
}

function readStakes(json: { [key: string]: JsonValue }): Stakes {
  const rake = json.rake as { [key: string]: JsonValue } | undefined;
  if (!rake || typeof rake.rateBps !== 'number' || typeof rake.noFlopNoDrop !== 'boolean')
    throw new InvalidHandHistory('stakes.rake is malformed');
  const anteMode = json.anteMode;
  if (anteMode !== 'none' && anteMode !== 'every-player' && anteMode !== 'big-blind')
    throw new InvalidHandHistory('stakes.anteMode is malformed');
  return {
    smallBlind: chips(json.smallBlind, 'stakes.smallBlind'),
    bigBlind: chips(json.bigBlind, 'stakes.bigBlind'),
    ante: chips(json.ante, 'stakes.ante'),
    anteMode,
    straddle: chips(json.straddle, 'stakes.straddle'),
    rake: {
      rateBps: rake.rateBps,
      capPerHand: optionalChips(rake.capPerHand, 'stakes.rake.capPerHand'),
      noFlopNoDrop: rake.noFlopNoDrop,
    },
    contributionMax: optionalChips(json.contributionMax, 'stakes.contributionMax'),
  };
}

function readBlinds(json: { [key: string]: JsonValue }): BlindAssignment {
  const extraPosts = json.extraPosts;
  if (!Array.isArray(extraPosts) || typeof json.bigBlindSeat !== 'number') throw new InvalidHandHistory('blinds are malformed');
  return {
    smallBlindSeat: typeof json.smallBlindSeat === 'number' ? json.smallBlindSeat : null,
    bigBlindSeat: json.bigBlindSeat,
    straddleSeat: typeof json.straddleSeat === 'number' ? json.straddleSeat : null,
    extraPosts: extraPosts.map((post) => {
      const entry = post as { [key: string]: JsonValue };
      return { seat: Number(entry.seat), live: chips(entry.live, 'extraPosts.live'), dead: chips(entry.dead, 'extraPosts.dead') };
    }),
  };
}

/** The options that deal the recorded hand again. `variants` maps variant ids to variants. */
export function handOptionsFromHistory(history: HandHistory, variants: ReadonlyMap<string, Variant>): StartHandOptions {
  if (history.format !== handHistoryFormat || history.version !== handHistoryVersion)
    throw new InvalidHandHistory('unknown hand history format or version');
  const variant = variants.get(history.variantId);
  if (!variant) throw new InvalidHandHistory(`unknown variant ${history.variantId}`);
  let deck;
  try {
    deck = history.deck.map(parseCard);
  } catch (error) {
    throw new InvalidHandHistory(`bad deck: ${(error as Error).message}`);
  }
  return {
    handId: history.handId,
    variant,
    stakes: readStakes(history.stakes),
    rules: history.rules,
    seatCount: history.seatCount,
    buttonSeat: history.buttonSeat,
    players: history.players.map((player) => ({
      seat: player.seat,
      name: player.name,
      stack: chips(player.stack, 'players.stack'),
    })),
    blinds: readBlinds(history.blinds),
    deck,
    // Showing is replayed from the log (a player may have mucked by choice); everything else is automatic.
    automations: allAutomations.filter((automation) => automation !== 'hand-showing'),
  };
}

type Decision = { seat: number } & (
  | { kind: 'action'; action: PlayerAction }
  | { kind: 'run-count'; count: number }
  | { kind: 'show' }
  | { kind: 'muck' }
  | { kind: 'void' }
);

function decisionsOf(history: HandHistory): Decision[] {
  return history.operations.flatMap((operation): Decision[] => {
    const seat = Number(operation.seat);
    if (operation.kind === 'action') return [{ seat, kind: 'action', action: actionOf(operation) }];
    if (operation.kind === 'run-count-chosen') return [{ seat, kind: 'run-count', count: Number(operation.count) }];
    if (operation.kind === 'hand-shown') return [{ seat, kind: 'show' }];
    if (operation.kind === 'hand-mucked') return [{ seat, kind: 'muck' }];
    if (operation.kind === 'hand-voided') return [{ seat: 0, kind: 'void' }];
    return [];
  });
}

function actionOf(operation: { [key: string]: JsonValue }): PlayerAction {
  if (operation.timedOut === true) return { kind: 'time-out' };
  const to = chips(operation.betAfter, 'action.betAfter');
  switch (operation.action) {
    case 'fold':
    case 'check':
    case 'call':
      return { kind: operation.action };
    case 'bet':
      return { kind: 'bet', amount: to };
    case 'raise':
      return { kind: 'raise', to };
    default:
      throw new InvalidHandHistory(`unknown action ${String(operation.action)}`);
  }
}

function applyDecision(state: HandState, decision: Decision): HandState {
  switch (decision.kind) {
    case 'action':
      return act(state, decision.seat, decision.action).state;
    case 'run-count':
      return chooseRunCount(state, decision.seat, decision.count).state;
    case 'show':
      return showHand(state, decision.seat).state;
    case 'muck':
      return muckHand(state, decision.seat).state;
    case 'void':
      return voidHand(state).state;
  }
}

/** Deals the recorded hand again and re-applies its decisions; refuses a history that does not reproduce. */
export function replayHandHistory(history: HandHistory, variants: ReadonlyMap<string, Variant>): HandState {
  let state: HandState;
  try {
    state = startHand(handOptionsFromHistory(history, variants)).state;
    for (const decision of decisionsOf(history)) state = applyDecision(state, decision);
  } catch (error) {
    // A history that cannot even be dealt or played again is a bad history, whatever refused it.
    if (error instanceof IllegalAction || error instanceof InvalidHandOptions)
      throw new InvalidHandHistory(`the history cannot be replayed: ${error.message}`);
    throw error;
  }
  const replayed = exportHandHistory(state).operations;
  // Compared member by member, not as text: a history stored as PostgreSQL jsonb comes back with its keys reordered.
  const firstDifference = replayed.findIndex((operation, k) => canonicalJson(operation) !== canonicalJson(history.operations[k]));
  if (firstDifference !== -1 || replayed.length !== history.operations.length) {
    const at = firstDifference === -1 ? Math.min(replayed.length, history.operations.length) : firstDifference;
    throw new InvalidHandHistory(`the replay differs from the history at operation ${at}`);
  }
  return state;
}

/** JSON with every object's keys sorted: equal values give equal text whatever order their keys came in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) =>
    member !== null && typeof member === 'object' && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : member,
  );
}

export function handHistoryToJsonText(history: HandHistory): string {
  return JSON.stringify(history, null, 2);
}

export function handHistoryFromJsonText(text: string): HandHistory {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InvalidHandHistory('not JSON');
  }
  const candidate = parsed as Partial<HandHistory> | null;
  if (
    !candidate ||
    candidate.format !== handHistoryFormat ||
    !Array.isArray(candidate.operations) ||
    !Array.isArray(candidate.deck) ||
    !Array.isArray(candidate.players)
  ) {
    throw new InvalidHandHistory('not a poker hand history');
  }
  return candidate as HandHistory;
}
