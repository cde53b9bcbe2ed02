import { assert } from '@casino/core';
import type { TournamentDefinition, TournamentLevel } from './definition.ts';
import type { HandForHandTrigger } from './rules.ts';

/**
 * The tournament clock (issue 19): one clock per tournament, read by every table, so level changes
 * and breaks are the same moment at all tables (synchronised breaks: a table deals no hand while the
 * clock says break). Pure: given the time elapsed since the start.
 */
export interface ClockReading {
  /** 0-based; after the last level the last one stays. */
  readonly levelIndex: number;
  readonly level: TournamentLevel;
  readonly onBreak: boolean;
  /** Until the next level or the end of the break; null after the last level. */
  readonly msToNext: number | null;
}

export function readClock(levels: readonly TournamentLevel[], elapsedMs: number): ClockReading {
  assert(levels.length > 0 && elapsedMs >= 0, 'a structure and a time since the start');
  let at = 0;
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i]!;
    const isLast = i === levels.length - 1;
    if (elapsedMs < at + level.durationMs || isLast)
      return { levelIndex: i, level, onBreak: false, msToNext: isLast ? null : at + level.durationMs - elapsedMs };
    at += level.durationMs;
    if (elapsedMs < at + level.breakAfterMs)
      return { levelIndex: i, level, onBreak: true, msToNext: at + level.breakAfterMs - elapsedMs };
    at += level.breakAfterMs;
  }
  throw new Error('unreachable: the last level returns');
}

/** Late registration and re-entry: while the clock is within the first `lateRegistrationLevels` levels (000-001:TRN-06). */
export function lateRegistrationOpen(d: TournamentDefinition, elapsedMs: number): boolean {
  return d.lateRegistrationLevels > 0 && readClock(d.levels, elapsedMs).levelIndex < d.lateRegistrationLevels;
}

/** The rebuy period: the first `periodLevels` levels, until the break after them (002:TRN-RB-02, 003:R-TOUR-10). */
export function rebuyOpen(d: TournamentDefinition, elapsedMs: number): boolean {
  if (!d.rebuy) return false;
  const reading = readClock(d.levels, elapsedMs);
  return reading.levelIndex < d.rebuy.periodLevels && !(reading.onBreak && reading.levelIndex === d.rebuy.periodLevels - 1);
}

/** The add-on: during the break after `afterLevel` (002:TRN-RB-08, 003:R-TOUR-10). */
export function addOnOpen(d: TournamentDefinition, elapsedMs: number): boolean {
  if (!d.addOn) return false;
  const reading = readClock(d.levels, elapsedMs);
  return reading.onBreak && reading.levelIndex === d.addOn.afterLevel - 1;
}

/**
 * Whether hand-for-hand play runs (000-001:TRN-17; 003:R-TOUR-08, S-77; 004:GAM-P-T-02): by the profile's
 * trigger, with `playersLeft` in and `paidPlaces` paid; only with more than one table.
 */
export function handForHandActive(
  trigger: HandForHandTrigger,
  tables: number,
  playersLeft: number,
  paidPlaces: number,
  abovePaidMax: number,
): boolean {
  if (tables < 2) return false;
  switch (trigger) {
    case 'none':
      return false;
    case 'paid-plus-one-or-two':
      return playersLeft === paidPlaces + 1 || playersLeft === paidPlaces + 2;
    case 'bubble-window':
      return playersLeft > paidPlaces && playersLeft <= paidPlaces + abovePaidMax;
  }
}

/**
 * Whether the tournament is over with `playersLeft` in (000-001:TRN-15; 002:DON-02, SAT-03; 004:GAM-P-T-13, 22):
 * one winner; a double or nothing at half the field; a satellite when the players left are the seats.
 */
export function tournamentOver(d: TournamentDefinition, entrants: number, playersLeft: number): boolean {
  if (d.doubleOrNothing) return playersLeft <= entrants / 2;
  if (d.satellite) return playersLeft <= d.satellite.seats;
  if (d.flight?.day === 1) return playersLeft <= d.flight.qualifiers; // 004:GAM-P-T-17: the survivors bag their chips
  return playersLeft <= 1;
}

/**
 * A shootout's rounds (002:SHOOT-01..05, 004:GAM-P-T-12): the tables of each round, table winners
 * advancing, until one table is left. Not fully subscribed: the first round's tables are uneven (SHOOT-05).
 */
export function shootoutRounds(entrants: number, seatsPerTable: number): number[][] {
  assert(entrants >= 2 && seatsPerTable >= 2, 'players and tables');
  const rounds: number[][] = [];
  for (let players = entrants; ;) {
    const tables = Math.ceil(players / seatsPerTable);
    const sizes = Array.from({ length: tables }, (_, i) => Math.floor(players / tables) + (i < players % tables ? 1 : 0));
    rounds.push(sizes);
    if (tables === 1) return rounds;
    players = tables;
  }
}
