import { DomainError } from '@casino/core';
import type { poker } from '@casino/games';
import type { PokerRuleProfile } from './profile.ts';
import type { SeatState, SeatStatus, TableEffect } from './runtime-types.ts';

/**
 * A seat as the table keeps it (mutable, private to the table). `SeatState` is its public snapshot;
 * the fields after it are the table's own bookkeeping.
 */
export interface SeatRecord {
  readonly seat: number;
  readonly playerId: string;
  readonly alias: string;
  stackMinor: bigint;
  pendingChipsMinor: bigint;
  /** Asked for mid-hand, executed (as an effect) when the hand ends. */
  queuedTopUpMinor: bigint;
  /** Emitted as an effect, not yet confirmed by `chipsAdded`. */
  inFlightTopUpMinor: bigint;
  status: SeatStatus;
  sitOutHands: number;
  missedBigBlind: boolean;
  missedButton: boolean;
  waitForBigBlind: boolean;
  timeBankMs: number;
  connected: boolean;
  /** Dealt in at least once since sitting down: coming back is a return, not a join. */
  hasPlayed: boolean;
  /** Sat back in after sitting out: enters through the planner's `returning` (posts per the button rule). */
  returning: boolean;
  /** Sat out by the table because the stack reached 0; sits back in when chips arrive. */
  busted: boolean;
  /** Leaves the seat as soon as it is not in a hand and no top-up is in flight. */
  releaseReason: Extract<TableEffect, { kind: 'release-seat' }>['reason'] | null;
  /** Left during a hand at an 'any-time' table: folds whenever the turn comes (000-001:A-41). */
  foldOnTurn: boolean;
  /** The release effect was emitted; the seat stays taken until `seatReleased`. */
  released: boolean;
}

export function newSeatRecord(fields: {
  seat: number;
  playerId: string;
  alias: string;
  stackMinor: bigint;
  status: SeatStatus;
  waitForBigBlind: boolean;
  timeBankMs: number;
  hasPlayed: boolean;
}): SeatRecord {
  return {
    ...fields,
    pendingChipsMinor: 0n,
    queuedTopUpMinor: 0n,
    inFlightTopUpMinor: 0n,
    sitOutHands: 0,
    missedBigBlind: false,
    missedButton: false,
    connected: true,
    returning: false,
    busted: false,
    releaseReason: null,
    foldOnTurn: false,
    released: false,
  };
}

export function seatSnapshot(record: SeatRecord): SeatState {
  return Object.freeze({
    seat: record.seat,
    playerId: record.playerId,
    alias: record.alias,
    stackMinor: record.stackMinor,
    pendingChipsMinor: record.pendingChipsMinor,
    pendingTopUpMinor: record.queuedTopUpMinor + record.inFlightTopUpMinor,
    status: record.status,
    sitOutHands: record.sitOutHands,
    missedBigBlind: record.missedBigBlind,
    missedButton: record.missedButton,
    waitForBigBlind: record.waitForBigBlind,
    timeBankMs: record.timeBankMs,
    connected: record.connected,
  });
}

/** How the planner sees a seat before the next hand (busted seats and seats on their way out sit out). */
export function seatIntent(record: SeatRecord): poker.SeatIntent {
  const seat = record.seat;
  if (record.stackMinor <= 0n || record.releaseReason !== null || record.released) return { seat, kind: 'sitting-out' };
  switch (record.status) {
    case 'joining':
      return { seat, kind: 'joining', waitForBigBlind: record.waitForBigBlind };
    case 'sitting-out':
    case 'leaving':
      return { seat, kind: 'sitting-out' };
    case 'playing':
      return record.returning
        ? { seat, kind: 'returning', missedBigBlind: record.missedBigBlind, missedButton: record.missedButton }
        : { seat, kind: 'playing' };
  }
}

export function wantsIn(intent: poker.SeatIntent): boolean {
  return intent.kind !== 'sitting-out';
}

// ---- seat rules (profile settings as data: never a branch on the profile's id) ----

/** Sitting out takes effect from the next hand; a hand the player is in is played out (D-1652). */
export function sitOut(record: SeatRecord): void {
  if (record.releaseReason !== null) throw refusal('already-leaving', 'you are leaving the table');
  if (record.status === 'sitting-out') throw refusal('already-sitting-out', 'you are sitting out');
  record.status = 'sitting-out';
  record.sitOutHands = 0;
  record.busted = false;
}

export function sitIn(record: SeatRecord): void {
  if (record.releaseReason !== null) throw refusal('already-leaving', 'you are leaving the table');
  if (record.status !== 'sitting-out') throw refusal('not-sitting-out', 'you are not sitting out');
  if (chipsAfterTopUps(record) <= 0n) throw refusal('no-chips', 'top up to play again');
  sitBackIn(record);
}

/** Back from sitting out: a player the big blind or the button passed returns through the planner's posts. */
export function sitBackIn(record: SeatRecord): void {
  record.busted = false;
  record.sitOutHands = 0;
  record.status = record.hasPlayed ? 'playing' : 'joining';
  record.returning = record.hasPlayed && (record.missedBigBlind || record.missedButton);
}

/**
 * When a top-up is made, or its refusal: timing per profile (000-001:ACC-05 UI-09, 003:R-WAL-05,
 * 002:PK-CASH-04, 004:GAM-PC-03), the stack after it within the buy-in maximum (000-001:A-25, D-1651).
 */
export function topUpTiming(
  record: SeatRecord,
  amountMinor: bigint,
  table: { readonly timing: PokerRuleProfile['topUp']; readonly inHand: boolean; readonly buyInMaxMinor: bigint | null },
): 'now' | 'at-hand-end' {
  if (amountMinor <= 0n) throw refusal('amount-not-positive', 'a top-up must be positive', 'amountMinor');
  if (record.releaseReason !== null) throw refusal('already-leaving', 'you are leaving the table');
  if (table.inHand && table.timing === 'between-hands')
    throw refusal('top-up-not-now', 'chips can be bought between hands only', 'amountMinor');
  const maximum = table.buyInMaxMinor;
  if (maximum !== null && chipsAfterTopUps(record) + amountMinor > maximum)
    throw refusal('top-up-above-maximum', `the stack may not exceed the buy-in maximum ${maximum}`, 'amountMinor');
  return table.inHand && table.timing === 'queued-to-hand-end' ? 'at-hand-end' : 'now';
}

/**
 * The chips a top-up is measured against (D-1651): the stack at the start of the running hand (or
 * now, between hands), chips pending and top-ups asked for. What the hand brings is unknown until
 * it ends; a queued top-up is cut then to what still fits.
 */
function chipsAfterTopUps(record: SeatRecord): bigint {
  return record.stackMinor + record.pendingChipsMinor + record.queuedTopUpMinor + record.inFlightTopUpMinor;
}

/**
 * One more hand dealt without a sitting-out player: the release reason once they have sat out more
 * than the maximum (000-001:TBL-09, A-26, D-1654), a busted seat after the same or, where the
 * profile has none, `bustedSeatHandsMax` (D-1655); null while they keep the seat.
 */
export function sitOutHandCounted(
  record: SeatRecord,
  sitOutHandsMax: number | null,
  bustedSeatHandsMax: number,
): 'sit-out-max' | 'busted' | null {
  record.sitOutHands += 1;
  const busted = record.stackMinor === 0n;
  const maximum = busted ? (sitOutHandsMax ?? bustedSeatHandsMax) : sitOutHandsMax;
  if (maximum === null || record.sitOutHands <= maximum) return null;
  return busted ? 'busted' : 'sit-out-max';
}

/**
 * A seat when its hand has ended: pending chips join the stack, a busted player sits out (D-1655).
 * Returns the queued top-up to execute now, cut to what fits under the maximum (D-1651).
 */
export function settleSeatAfterHand(record: SeatRecord, buyInMaxMinor: bigint | null): bigint {
  record.stackMinor += record.pendingChipsMinor;
  record.pendingChipsMinor = 0n;
  record.foldOnTurn = false;
  const queued = record.queuedTopUpMinor;
  record.queuedTopUpMinor = 0n;
  const room = buyInMaxMinor === null ? queued : buyInMaxMinor - chipsAfterTopUps(record);
  if (record.stackMinor === 0n && record.releaseReason === null && record.status !== 'sitting-out') {
    record.status = 'sitting-out';
    record.busted = true;
    record.sitOutHands = 0;
  }
  if (record.releaseReason !== null) record.status = 'leaving';
  return room < queued ? (room > 0n ? room : 0n) : queued;
}

/** Why a table refused a command; engine refusals keep the engine's reason (`poker.IllegalActionReason`). */
export type TableRefusalReason =
  | poker.IllegalActionReason
  | 'not-seated'
  | 'already-seated'
  | 'seat-taken'
  | 'table-full'
  | 'no-such-seat'
  | 'no-hand-running'
  | 'not-in-hand'
  | 'turn-mismatch'
  | 'amount-required'
  | 'amount-not-positive'
  | 'top-up-not-now'
  | 'top-up-above-maximum'
  | 'no-time-bank'
  | 'time-bank-already-used'
  | 'already-sitting-out'
  | 'not-sitting-out'
  | 'no-chips'
  | 'already-leaving'
  | 'show-not-offered'
  /** A draw command at a table whose hand is not a draw game's (issue 20). */
  | 'not-drawing';

/**
 * A refused command: the game service's `game-action-refused` problem with the reason as its
 * `reason` extension, so the route needs no mapping of its own. The table is unchanged.
 */
export function refusal(reason: TableRefusalReason, detail: string, field?: string): DomainError {
  return new DomainError('game-action-refused', detail, {
    extensions: { reason },
    ...(field === undefined ? {} : { field }),
  });
}

/** The reason of a table refusal, or null for any other error. */
export function refusalReason(error: unknown): TableRefusalReason | null {
  if (!(error instanceof DomainError) || error.code !== 'game-action-refused') return null;
  const reason = error.extensions?.['reason'];
  return typeof reason === 'string' ? (reason as TableRefusalReason) : null;
}
