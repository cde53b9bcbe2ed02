import { formatCard, poker } from '@casino/games';
import type { RunningHand } from './hand.ts';
import { runItOfferView, runOuts } from './run-it.ts';
import type { PrivateSeatView, PublicTableView } from './runtime-types.ts';
import type { SeatRecord } from './seats.ts';

/** What the views read from the table. */
export interface ViewSource {
  readonly tableId: string;
  readonly version: number;
  readonly seats: readonly SeatRecord[];
  readonly handNumber: number;
  /** The running hand, or else the last one until the next is dealt (its showdown stays on screen). */
  readonly hand: RunningHand | null;
  readonly running: boolean;
  readonly turn: number;
}

/**
 * Each seat's cards shown at the showdown (its first `hand-shown`), from one pass over the hand's
 * operations: the public view is built after every action, and a scan per seat made it seats × operations.
 */
function shownCardsBySeat(state: poker.HandState): Map<number, string[]> {
  const shown = new Map<number, string[]>();
  for (const operation of state.operations)
    if (operation.kind === 'hand-shown' && !shown.has(operation.seat)) shown.set(operation.seat, operation.cards.map(formatCard));
  return shown;
}

/** Spectators and players alike: no hole card before it is shown at the showdown (000-001:DECK-04). */
export function publicView(source: ViewSource): PublicTableView {
  const state = source.hand?.state ?? null;
  const shown = state === null ? null : shownCardsBySeat(state);
  const seats = source.seats
    .filter((record) => !record.released)
    .map((record) => {
      const player = state?.players.find((entry) => entry.seat === record.seat) ?? null;
      const live = source.running && player !== null;
      return {
        seat: record.seat,
        alias: record.alias,
        stackMinor: (live ? player.stack + player.reserved : record.stackMinor).toString(),
        status: record.status,
        betMinor: (live ? player.bet : 0n).toString(),
        inHand: player !== null,
        folded: player?.status === 'folded',
        allIn: player?.status === 'all-in',
        shownCards: shown === null || player === null ? null : (shown.get(record.seat) ?? null),
      };
    });
  const decision = state !== null && source.running ? poker.pendingDecision(state) : null;
  return Object.freeze({
    tableId: source.tableId,
    version: source.version,
    handId: source.hand?.handId ?? null,
    handNumber: source.handNumber,
    buttonSeat: state?.config.buttonSeat ?? null,
    seats,
    board: state === null ? [] : state.boards[0]!.map(formatCard),
    potsMinor: state === null ? [] : state.pots.map((pot) => pot.amount.toString()),
    toAct:
      decision?.kind === 'action' && source.hand!.deadlineMs !== null
        ? { seat: decision.seat, deadlineAt: new Date(source.hand!.deadlineMs).toISOString(), turn: source.turn }
        : null,
    lastResult: state !== null && !source.running ? lastResult(state) : null,
    runOuts: state === null ? [] : runOuts(state),
    runItOffer: state !== null && source.running ? runItOfferView(state, source.hand!.deadlineMs) : null,
  });
}

function lastResult(state: poker.HandState): unknown {
  const awards = state.operations.flatMap((operation) =>
    operation.kind === 'pot-awarded'
      ? [{ seat: operation.seat, pot: operation.pot, amountMinor: operation.amount.toString() }]
      : [],
  );
  return {
    awards,
    runs: state.boards.length,
    rakeMinor: (state.result?.rake ?? 0n).toString(),
    voided: state.result?.voided ?? false,
  };
}

/** The legal actions of the running hand's decision, null between hands: one computation serves every seat's view. */
export function legalActionsOf(source: ViewSource): ReturnType<typeof poker.legalActions> | null {
  const state = source.hand?.state ?? null;
  return state !== null && source.running ? poker.legalActions(state) : null;
}

/**
 * One seated player's own view: their hole cards and, on their turn, what they may do with amounts.
 * `legal`: `legalActionsOf(source)` when the caller has it (a push builds every seat's view at once).
 */
export function privateView(
  source: ViewSource,
  playerId: string,
  legal: ReturnType<typeof poker.legalActions> | null = legalActionsOf(source),
): PrivateSeatView | null {
  const record = source.seats.find((entry) => entry.playerId === playerId && !entry.released);
  if (record === undefined) return null;
  const state = source.hand?.state ?? null;
  const player = state?.players.find((entry) => entry.seat === record.seat) ?? null;
  const mine = legal !== null && legal.seat === record.seat && !record.foldOnTurn ? legal : null;
  const text = (chips: bigint | null | undefined): string | null =>
    chips === null || chips === undefined ? null : chips.toString();
  return Object.freeze({
    seat: record.seat,
    holeCards: player === null ? [] : player.hole.map(formatCard),
    legal:
      mine === null
        ? null
        : {
            fold: mine.fold,
            check: mine.check,
            callMinor: text(mine.call),
            betMinMinor: text(mine.bet?.min),
            betMaxMinor: text(mine.bet?.max),
            raiseMinMinor: text(mine.raise?.min),
            raiseMaxMinor: text(mine.raise?.max),
            allIn: mine.allIn !== null,
          },
  });
}
