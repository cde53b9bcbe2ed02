import { Money, pragueDate } from '@casino/core';
import type { Db } from '@casino/db';
import { allowances } from './allowances.ts';
import type { LimitsContext } from './context.ts';
import { measureStates } from './measures.ts';
import { accrual, findOpenSession } from './play-session-store.ts';
import { readUsage, withDeltas } from './usage.ts';

export interface PlayingTimeToday {
  /** The Europe/Prague calendar day. */
  day: string;
  playedMs: number;
  /** The tightest playing-time limit in force and what is left of it; null without one. */
  limit: { measure: string; limitMinutes: number; remainingMs: number } | null;
  session: { playSessionId: string; startedAt: Date; playedMs: number; netResult: Money } | null;
  realityCheckMinutes: number | null;
}

/** The time indicator the player UI shows (002:RG-10): today's playing time, the open session and its net result. */
export async function playingTimeToday(
  ctx: Pick<LimitsContext, 'clock' | 'profile'> & { db: Db },
  playerId: string,
): Promise<PlayingTimeToday> {
  const at = ctx.clock.now();
  const [states, session, holder] = await Promise.all([
    measureStates(ctx.db, playerId, at),
    findOpenSession(ctx.db, playerId),
    ctx.db.playerSelfLimits.findUnique({ where: { playerId }, select: { realityCheckMinutes: true } }),
  ]);
  const time = session ? accrual(ctx.profile, session, at) : { playedMs: 0n, deltas: [] };
  const usage = withDeltas(await readUsage(ctx.db, playerId, at), time.deltas);
  const sessionPlayedMs = session ? session.playedMs + time.playedMs : 0n;
  const timeLimits = allowances(
    ctx.profile,
    states,
    usage,
    ['playing-time'],
    session ? { stakesMinor: 0n, winsMinor: 0n, playedMs: sessionPlayedMs } : null,
  );
  const tightest = timeLimits.reduce<(typeof timeLimits)[number] | null>(
    (least, a) => (least === null || a.remaining < least.remaining ? a : least),
    null,
  );
  return {
    day: pragueDate(at),
    playedMs: Number(usage.day.totals.playedMs),
    limit: tightest && {
      measure: tightest.measure,
      limitMinutes: Number(tightest.limit / 60_000n),
      remainingMs: Number(tightest.remaining),
    },
    session: session && {
      playSessionId: session.id,
      startedAt: session.startedAt,
      playedMs: Number(sessionPlayedMs),
      netResult: Money.fromMinor(session.winsMinor - session.stakesMinor, 'CZK'),
    },
    realityCheckMinutes: holder?.realityCheckMinutes ?? null,
  };
}
