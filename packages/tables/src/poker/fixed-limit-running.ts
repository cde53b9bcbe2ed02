import { DomainError } from '@casino/core';
import { formatCard, poker, type Rng } from '@casino/games';
import {
  FixedLimitTableHand,
  fixedLimitPrivateView,
  fixedLimitPublicView,
  type FixedLimitCommand,
  type FixedLimitHandRecord,
} from './fixed-limit-table.ts';
import type { PokerRuleProfile, PokerTableDefinition } from './profile.ts';
import type { CompletedHand, PlayerCommand, PrivateSeatView, PublicTableView } from './runtime-types.ts';
import type { SeatRecord } from './seats.ts';
import { fixedLimitRulesOf, tableGameOf, type TableGame } from './table-games.ts';

/**
 * The cash-table runtime's side of a stud or draw hand (issue 20, D-2020): what `PokerTable` holds
 * while one runs (the `FixedLimitTableHand` and the clock of the player to act), how it is dealt
 * from the table's seats, the record the driver commits, and the views. Pure like the table.
 */

export interface FixedRunningHand {
  readonly handId: string;
  readonly handNumber: number;
  /** The table variant id of the game dealt ('stud/fixed-limit'; at a mixed table the rotation's current game). */
  readonly variantId: string;
  readonly gameName: string;
  readonly hand: FixedLimitTableHand;
  deadlineMs: number | null;
  timeBankFromMs: number | null;
  turnStartedAtMs?: number;
  actionDelays?: { seat: number; delayMs: number }[];
}

/**
 * What a table stores as its positions (`poker_table.previous_positions`): the flop planner's, and at a
 * mixed table the rotation's position of the last committed hand (which game, how many hands of it),
 * so a takeover deals on where the rotation stood (the voided hand's game is dealt again).
 */
export interface TablePositions extends poker.Positions {
  readonly mixed?: poker.MixedPosition;
}

/** A stored hand record of the stud and draw games (their `poker_hand.history`), told apart from the flop games' by its format. */
export function isFixedLimitRecord(history: unknown): history is FixedLimitHandRecord {
  return typeof history === 'object' && history !== null && (history as { format?: unknown }).format === 'fixed-limit-hand/1';
}

/** The flop games' record of a completed hand; a stud or draw record here is a bug of the caller. */
export function flopHistoryOf(history: poker.HandHistory | FixedLimitHandRecord): poker.HandHistory {
  if (isFixedLimitRecord(history)) throw new Error(`hand ${history.handId}: a ${history.gameId} record is not a flop game's`);
  return history;
}

/** Replays a stored hand record of either family (throws when it does not reproduce itself): the staff's check before showing it. */
export function verifyStoredHandRecord(history: poker.HandHistory | FixedLimitHandRecord): void {
  if (isFixedLimitRecord(history)) FixedLimitTableHand.replay(history);
  else poker.replayHandHistory(history, poker.variantCatalog);
}

/**
 * The button of a stud or draw hand: drawn among the players at the first hand; in draw games (and
 * stud at a table of its own, where it only says where the deal starts) one player on; frozen in the
 * stud games of a mix (002 HORSE-03, D-2013), so the next flop hand moves on from where it stood.
 */
export function fixedLimitButtonSeat(options: {
  readonly dealtIn: readonly number[];
  readonly previousButtonSeat: number | null;
  readonly moves: boolean;
  readonly rng: Rng;
}): number {
  const { dealtIn, previousButtonSeat } = options;
  if (dealtIn.length < 2) throw new Error('a stud or draw hand needs two players');
  if (previousButtonSeat === null) return dealtIn[options.rng.intBelow(dealtIn.length)]!;
  if (!options.moves) return previousButtonSeat;
  return dealtIn.find((seat) => seat > previousButtonSeat) ?? dealtIn[0]!;
}

/** Deals a stud or draw hand to the seats given (ascending), stakes from the definition (D-2021), rules from the profile. */
export function dealFixedLimitHand(options: {
  readonly handId: string;
  readonly handNumber: number;
  readonly game: Extract<TableGame, { kind: 'fixed-limit' }>;
  readonly buttonSeat: number;
  readonly seats: readonly SeatRecord[];
  readonly profile: PokerRuleProfile;
  readonly definition: PokerTableDefinition;
  readonly rng: Rng;
  /** A draw hand's blinds from the table's planner (D-2051); absent: the engine's default. */
  readonly blinds?: poker.BlindAssignment;
}): FixedRunningHand {
  const { definition } = options;
  const blinds = options.blinds;
  const hand = FixedLimitTableHand.deal({
    handId: options.handId,
    game: options.game.game,
    buttonSeat: options.buttonSeat,
    seats: options.seats.map((record) => ({ seat: record.seat, alias: record.alias, stackMinor: record.stackMinor })),
    stakes: {
      anteMinor: options.game.game.family === 'stud' ? definition.anteMinor : 0n,
      smallBlindMinor: definition.smallBlindMinor,
      bigBlindMinor: definition.bigBlindMinor,
    },
    rules: fixedLimitRulesOf(options.profile),
    rake: definition.rake,
    rng: options.rng,
    // The profile's showdown: mucking a beaten hand only where its table rules allow it (D-812, D-2050).
    muckAllowed: options.profile.engine.tableRules.muckAllowed,
    ...(blinds === undefined
      ? {}
      : {
          blinds: {
            smallBlindSeat: blinds.smallBlindSeat,
            bigBlindSeat: blinds.bigBlindSeat,
            posts: blinds.extraPosts.map((post) => ({ seat: post.seat, live: post.live, dead: post.dead })),
          },
        }),
  });
  return {
    handId: options.handId,
    handNumber: options.handNumber,
    variantId: options.game.id,
    gameName: options.game.name,
    hand,
    deadlineMs: null,
    timeBankFromMs: null,
  };
}

/** A player's table command as the stud/draw hand's command; what these games do not have is refused. */
export function fixedLimitCommandOf(command: Extract<PlayerCommand, { kind: 'act' | 'draw' }>): FixedLimitCommand {
  if (command.kind === 'draw') return { kind: 'draw', discard: command.discard };
  if (command.action === 'all-in')
    throw new DomainError('game-action-refused', 'fixed limit has no all-in action: call, bet or raise', {
      extensions: { reason: 'illegal-move' },
      field: 'action',
    });
  return {
    kind: 'act',
    action: command.action,
    ...(command.amountMinor === undefined ? {} : { amountMinor: command.amountMinor }),
  };
}

/** The positions to store after a stud or draw hand: the button (and the blinds of a draw hand) it was dealt with. */
export function fixedLimitPositions(running: FixedRunningHand): poker.Positions {
  const seats = running.hand.seats;
  // Engine order: player 0 the small blind, player 1 the big blind (heads-up the other way round).
  const headsUp = seats.length === 2;
  return {
    buttonSeat: running.hand.buttonSeat,
    smallBlindPosition: headsUp ? seats[1]! : seats[0]!,
    bigBlindSeat: headsUp ? seats[0]! : seats[1]!,
  };
}

/** The record the driver commits at a stud or draw hand's end (the same contract as the flop games'). */
export function fixedLimitCompletedHand(
  running: FixedRunningHand,
  seats: readonly SeatRecord[],
  positions: TablePositions | null,
): CompletedHand {
  const outcome = running.hand.outcome();
  const playerAt = (seat: number): string => {
    const record = seats.find((entry) => entry.seat === seat);
    if (record === undefined) throw new Error(`seat ${seat} of hand ${running.handId} has no player`);
    return record.playerId;
  };
  return Object.freeze({
    handId: running.handId,
    handNumber: running.handNumber,
    history: running.hand.historyRecord(),
    stacksAfter: outcome.results.map((r) => ({ seat: r.seat, playerId: playerAt(r.seat), stackMinor: r.stackAfterMinor })),
    rakeMinor: outcome.rakeMinor,
    rakeByPlayer: outcome.results
      .filter((r) => r.rakeMinor > 0n)
      .map((r) => ({ playerId: playerAt(r.seat), rakeMinor: r.rakeMinor })),
    results: outcome.results.map((r) => ({
      playerId: playerAt(r.seat),
      seat: r.seat,
      putInMinor: r.putInMinor,
      wonMinor: r.wonMinor,
    })),
    // The stud/draw analogue of "a flop was dealt": the hand went past its first betting round (D-2023).
    flopDealt: running.hand.state.openers.length > 1,
    actionDelays: (running.actionDelays ?? []).map((entry) => ({ playerId: playerAt(entry.seat), delayMs: entry.delayMs })),
    tablePositions: positions,
  });
}

/**
 * Checks a committed stud/draw hand against the replay of its record (the store's part, D-2024): who
 * put in and won what, the rake. Returns the replayed hand (its text and folds) and the pot.
 */
export function replayFixedLimitCompleted(hand: CompletedHand & { history: FixedLimitHandRecord }): {
  readonly replayed: FixedLimitTableHand;
  readonly potMinor: bigint;
} {
  const replayed = FixedLimitTableHand.replay(hand.history);
  if (!replayed.complete) throw new Error(`poker hand ${hand.handId}: the record does not end the hand`);
  const outcome = replayed.outcome();
  if (outcome.rakeMinor !== hand.rakeMinor)
    throw new Error(`poker hand ${hand.handId}: rake ${hand.rakeMinor}, the replay's ${outcome.rakeMinor}`);
  if (outcome.results.length !== hand.results.length)
    throw new Error(`poker hand ${hand.handId}: the results name other players than the replay`);
  for (const result of outcome.results) {
    const reported = hand.results.find((r) => r.seat === result.seat);
    if (reported === undefined || reported.putInMinor !== result.putInMinor || reported.wonMinor !== result.wonMinor)
      throw new Error(`poker hand ${hand.handId} seat ${result.seat}: the results differ from the replay's`);
  }
  const potMinor = outcome.results.reduce((sum, r) => sum + r.putInMinor, 0n);
  return { replayed, potMinor };
}

/** The seats that folded in a stud/draw hand (the monitoring's fold-dumping rule reads them). */
export function foldedSeatsOf(hand: FixedLimitTableHand): Set<number> {
  return new Set(hand.seats.filter((_, index) => hand.state.players[index]!.status === 'folded'));
}

/** What the lobby and the views call the game: the table's, or at a mixed table the rotation's with the current game. */
export function tableGameView(
  definition: PokerTableDefinition,
  running: FixedRunningHand | null,
  flopVariantId: string | null,
  mixed: poker.MixedPosition | null = null,
) {
  const table = tableGameOf(definition.variant);
  const current = running?.variantId ?? flopVariantId ?? null;
  const currentGame = current === null ? null : tableGameOf(current);
  // 002:8GAME-05: at a mixed table, which hand of its game the one being dealt is (the stored rotation
  // position of the last hand dealt, D-2031), and how many hands the game lasts.
  const counted = current !== null && mixed !== null;
  return {
    variant: definition.variant,
    name: table?.name ?? definition.variant,
    currentVariant: current,
    currentName: currentGame?.name ?? null,
    handOfGame: counted ? mixed.handInGame + 1 : null,
    handsOfGame: counted ? mixed.gameLength : null,
  };
}

/** The table's public view while (or after) a stud or draw hand: the flop shape with no board, plus the `fixedLimit` part. */
export function fixedLimitTableView(source: {
  readonly tableId: string;
  readonly version: number;
  readonly handNumber: number;
  readonly seats: readonly SeatRecord[];
  readonly running: boolean;
  readonly hand: FixedRunningHand;
  readonly turn: number;
  readonly game: PublicTableView['game'];
}): PublicTableView {
  const { hand } = source;
  const aliasOf = (seat: number): string => source.seats.find((record) => record.seat === seat)?.alias ?? `Seat ${seat}`;
  const fixedLimit = fixedLimitPublicView(hand.hand, aliasOf);
  const seats = source.seats
    .filter((record) => !record.released)
    .map((record) => {
      const mine = fixedLimit.seats.find((entry) => entry.seat === record.seat) ?? null;
      return {
        seat: record.seat,
        alias: record.alias,
        stackMinor: source.running && mine !== null ? mine.stackMinor : record.stackMinor.toString(),
        status: record.status,
        betMinor: source.running && mine !== null ? mine.betMinor : '0',
        inHand: mine !== null,
        folded: mine?.folded ?? false,
        allIn: mine?.allIn ?? false,
        shownCards: mine?.shownCards ?? null,
      };
    });
  const toAct = fixedLimit.seatToAct;
  return Object.freeze({
    tableId: source.tableId,
    version: source.version,
    handId: hand.handId,
    handNumber: source.handNumber,
    buttonSeat: hand.hand.buttonSeat,
    seats,
    board: [],
    potsMinor: [fixedLimit.potMinor],
    toAct:
      source.running && toAct !== null && hand.deadlineMs !== null
        ? { seat: toAct, deadlineAt: new Date(hand.deadlineMs).toISOString(), turn: source.turn }
        : null,
    lastResult: source.running ? null : fixedLimitResult(hand),
    runOuts: [],
    runItOffer: null,
    game: source.game,
    fixedLimit,
  });
}

function fixedLimitResult(running: FixedRunningHand): unknown {
  const state = running.hand.state;
  if (state.phase !== 'complete') return { awards: [], runs: 1, rakeMinor: '0', voided: true };
  const outcome = running.hand.outcome();
  return {
    awards: outcome.results
      .filter((r) => r.wonMinor > 0n)
      .map((r) => ({ seat: r.seat, pot: 0, amountMinor: r.wonMinor.toString() })),
    runs: 1,
    rakeMinor: outcome.rakeMinor.toString(),
    voided: false,
  };
}

/** One seated player's view of a stud or draw hand: the down-cards as `holeCards`, the rest under `fixedLimit`. */
export function fixedLimitSeatView(record: SeatRecord, running: FixedRunningHand | null, isRunning: boolean): PrivateSeatView {
  const view = running === null ? null : fixedLimitPrivateView(running.hand, record.seat);
  const mine = view === null ? null : { ...view, legal: isRunning && !record.foldOnTurn ? view.legal : null };
  return Object.freeze({
    seat: record.seat,
    holeCards: mine === null ? [] : mine.cards.filter((card) => !card.up).map((card) => card.card),
    legal: null,
    fixedLimit: mine,
  });
}

/** The up-cards of a seat as text (tests and logs). */
export function upCardsOf(running: FixedRunningHand, seat: number): string[] {
  const index = running.hand.seats.indexOf(seat);
  if (index === -1) return [];
  const player = running.hand.state.players[index]!;
  return player.cards.filter((_, k) => player.up[k]).map(formatCard);
}
