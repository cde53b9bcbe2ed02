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

export interface SessionRow {
  id: string;
  player_id: string;
  started_at: Date;
  last_activity_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
  played_ms: bigint;
  stakes_minor: bigint;
  wins_minor: bigint;
  reality_checks_shown: number;
}

export const sessionOf = (row: SessionRow): PlaySession => ({
  id: row.id,
  playerId: row.player_id,
  startedAt: row.started_at,
  lastActivityAt: row.last_activity_at,
  endedAt: row.ended_at,
  endReason: row.end_reason,
  playedMs: row.played_ms,
  stakesMinor: row.stakes_minor,
  winsMinor: row.wins_minor,
  realityChecksShown: row.reality_checks_shown,
});

// Plain SQL on the stake path: one short statement each, no ORM work per stake.
export async function findSession(tx: Tx | Db, playerId: string, playSessionId: string): Promise<PlaySession> {
  const [row] = await tx.$queryRaw<
    SessionRow[]
  >`SELECT * FROM play_session WHERE id = ${playSessionId}::uuid AND player_id = ${playerId}::uuid`;
  if (!row) throw new DomainError('not-found', 'No such play session of this player.', { field: 'playSessionId' });
  return sessionOf(row);
}

export async function findOpenSession(tx: Tx | Db, playerId: string): Promise<PlaySession | null> {
  return tx.playSession.findFirst({ where: { playerId, endedAt: null } });
}

/**
 * A session is over once ended, or once idle for `idleSessionEndMs`: then it ended at its last
 * activity, whether or not that was written down yet (it is, by the next startPlaySession).
 */
export function endOf(profile: JurisdictionProfile, session: PlaySession, at: Date): { endedAt: Date; endReason: string } | null {
  if (session.endedAt !== null) return { endedAt: session.endedAt, endReason: session.endReason ?? 'ended' };
  if (at.getTime() - session.lastActivityAt.getTime() >= profile.playingTime.idleSessionEndMs)
    return { endedAt: session.lastActivityAt, endReason: 'idle' };
  return null;
}

export function assertOpen(profile: JurisdictionProfile, session: PlaySession, at: Date): void {
  const end = endOf(profile, session, at);
  if (end !== null) {
    throw new DomainError(
      'play-session-ended',
      `The play session ended at ${end.endedAt.toISOString()} (${end.endReason}); start a new one to play.`,
      {
        field: 'playSessionId',
        extensions: { endReason: end.endReason },
      },
    );
  }
}

/**
 * Playing time since the session's last activity, up to now: the gap counts up to
 * `activityGapMsMax` (a player who walks away is not playing), split at day, week and month
 * boundaries so each piece counts in the period it was played in.
 */
export function accrual(
  profile: JurisdictionProfile,
  session: PlaySession,
  at: Date,
): { playedMs: bigint; deltas: UsageDelta[] } {
  assert(session.endedAt === null, 'only an open session accrues playing time');
  const from = session.lastActivityAt;
  if (at <= from) return { playedMs: 0n, deltas: [] };
  const until = new Date(Math.min(at.getTime(), from.getTime() + profile.playingTime.activityGapMsMax));
  const deltas: UsageDelta[] = calendarPeriods.flatMap((period) =>
    splitByPeriod(period, from, until).map((piece) => ({ window: piece.window, playedMs: BigInt(piece.ms) })),
  );
  return { playedMs: BigInt(until.getTime() - from.getTime()), deltas };
}

/** Writes what the session added up; `lastActivityAt` moves to `at`. */
export async function saveSession(
  tx: Tx,
  session: PlaySession,
  changes: { at: Date; playedMs?: bigint; stakesMinor?: bigint; winsMinor?: bigint; realityChecksShown?: number },
): Promise<PlaySession> {
  const [row] = await tx.$queryRaw<SessionRow[]>`
    UPDATE play_session SET
      last_activity_at = GREATEST(last_activity_at, ${changes.at}),
      played_ms = played_ms + ${changes.playedMs ?? 0n},
      stakes_minor = stakes_minor + ${changes.stakesMinor ?? 0n},
      wins_minor = wins_minor + ${changes.winsMinor ?? 0n},
      reality_checks_shown = ${changes.realityChecksShown ?? session.realityChecksShown}
    WHERE id = ${session.id}::uuid
    RETURNING *`;
  assert(row !== undefined, `play session ${session.id} exists`);
  return sessionOf(row);
}

/** Ends every open session of the player (self-exclusion, panic button, closure, register entry). */
export async function endOpenSessions(tx: Tx, playerId: string, at: Date, reason: string): Promise<number> {
  const ended = await tx.playSession.updateMany({ where: { playerId, endedAt: null }, data: { endedAt: at, endReason: reason } });
  return ended.count;
}
