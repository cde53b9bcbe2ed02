import { assert, DomainError } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import { calendarPeriods, type JurisdictionProfile } from './catalogue.ts';
import { splitByPeriod } from './periods.ts';
import type { UsageDelta } from './usage.ts';

/**
 * A play session (docs/limits.md, playing time): opened by the game service when the player starts
 * playing, one per player however many tables, ended by the player, by the game service, after
 * `idleSessionEndMs` without activity, or at once by a self-exclusion, panic button or closure.
 */
export interface PlaySession {
  id: string;
  playerId: string;
  startedAt: Date;
  lastActivityAt: Date;
  endedAt: Date | null;
  endReason: string | null;
  playedMs: bigint;
  stakesMinor: bigint;
  winsMinor: bigint;
  realityChecksShown: number;
}

export async function findSession(tx: Tx | Db, playerId: string, playSessionId: string): Promise<PlaySession> {
  const session = await tx.playSession.findUnique({ where: { id: playSessionId } });
  if (!session || session.playerId !== playerId) throw new DomainError('not-found', 'No such play session of this player.', { field: 'playSessionId' });
  return session;
}

export async function findOpenSession(tx: Tx | Db, playerId: string): Promise<PlaySession | null> {
  return tx.playSession.findFirst({ where: { playerId, endedAt: null } });
}

export function assertOpen(session: PlaySession): void {
  if (session.endedAt !== null) {
    throw new DomainError('play-session-ended', `The play session ended at ${session.endedAt.toISOString()} (${session.endReason}); start a new one to play.`, {
      field: 'playSessionId',
      extensions: { endReason: session.endReason },
    });
  }
}

/**
 * Playing time since the session's last activity, up to now: the gap counts up to
 * `activityGapMsMax` (a player who walks away is not playing), split at day, week and month
 * boundaries so each piece counts in the period it was played in.
 */
export function accrual(profile: JurisdictionProfile, session: PlaySession, at: Date): { playedMs: bigint; deltas: UsageDelta[] } {
  assert(session.endedAt === null, 'only an open session accrues playing time');
  const from = session.lastActivityAt;
  if (at <= from) return { playedMs: 0n, deltas: [] };
  const until = new Date(Math.min(at.getTime(), from.getTime() + profile.playingTime.activityGapMsMax));
  const deltas: UsageDelta[] = calendarPeriods.flatMap((period) => splitByPeriod(period, from, until).map((piece) => ({ window: piece.window, playedMs: BigInt(piece.ms) })));
  return { playedMs: BigInt(until.getTime() - from.getTime()), deltas };
}

/** Writes what the session added up; `lastActivityAt` moves to `at`. */
export async function saveSession(tx: Tx, session: PlaySession, changes: { at: Date; playedMs?: bigint; stakesMinor?: bigint; winsMinor?: bigint; realityChecksShown?: number }): Promise<PlaySession> {
  return tx.playSession.update({
    where: { id: session.id },
    data: {
      lastActivityAt: changes.at > session.lastActivityAt ? changes.at : session.lastActivityAt,
      playedMs: session.playedMs + (changes.playedMs ?? 0n),
      stakesMinor: session.stakesMinor + (changes.stakesMinor ?? 0n),
      winsMinor: session.winsMinor + (changes.winsMinor ?? 0n),
      realityChecksShown: changes.realityChecksShown ?? session.realityChecksShown,
    },
  });
}

/** Ends every open session of the player (self-exclusion, panic button, closure, register entry). */
export async function endOpenSessions(tx: Tx, playerId: string, at: Date, reason: string): Promise<number> {
  const ended = await tx.playSession.updateMany({ where: { playerId, endedAt: null }, data: { endedAt: at, endReason: reason } });
  return ended.count;
}
