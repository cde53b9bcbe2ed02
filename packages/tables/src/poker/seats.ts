import { DomainError } from '@casino/core';
import type { poker } from '@casino/games';
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
  | 'show-not-offered';

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
