import { DomainError, type Money } from '@casino/core';
import type { EnforcementContext } from './context.ts';
import { lockedPlayerOf } from './player-lock.ts';
import { decidePlayActivity, type PlayActivity } from './record-play-activity.ts';
import { stakeStateFromJson } from './stake-state.ts';
import { countInCzk, dbCategoryOf, type GameCategory } from './usage-entries.ts';
import { moneyDeltas, usageDeltaRows, usageWindows, withDeltas, type UsageDelta } from './usage.ts';

/**
 * The self-limits' part of a settled round for a caller that runs its transaction as two SQL function calls
 * (the round scheduler's one-call turn, issue 22, D-2292): what `recordSettlement` (each win, in order) and
 * then `recordPlayActivities` (every player of the round) decide and write, decided here on what the
 * caller's first function read under the players' locks (one `limits_stake_read`-shaped document per
 * player), for its last function to write. The rules are the same functions; the reads each decision
 * sees are the ORM path's: the play activity sees the session's and the counters' wins just counted.
 */
export interface SettlementPlayerRead {
  playerId: string;
  playSessionId: string;
  /** { limits, changes, session, usage } as `table_round_begin` returns them per player. */
  document: Record<string, unknown>;
}

export interface SettlementWin {
  playerId: string;
  playSessionId: string;
  /** The win's ledger idempotency key, unique per player. */
  reference: string;
  amount: Money;
  category: GameCategory;
}

export interface DecidedRoundSettlement {
  /** Per play session, as `recordPlayActivities` answers. */
  activities: Map<string, PlayActivity>;
  /** Per win in the given order: the usage entry's columns (counted 0: no entry, as `recordSettlement`). */
  entries: Array<{
    category: string | null;
    amountMinor: string;
    currency: string;
    rateToCzk: string | null;
    countedMinor: string;
  }>;
  /** The counters' deltas merged per player and period. */
  usage: Array<Record<string, string>>;
  /** Per play session written: playing time and wins added, reality checks shown (null: unchanged), activity (touch). */
  sessions: Array<{ id: string; played_ms: string; wins_minor: string; shown: number | null; touch: boolean }>;
}

/** The current periods' first days, as `table_round_begin` takes them to read every player's usage. */
export function settlementReadDays(at: Date): { day: string; week: string; month: string } {
  const windows = usageWindows(at);
  return { day: windows.day.startDay, week: windows.week.startDay, month: windows.month.startDay };
}

export function decideRoundSettlement(
  ctx: EnforcementContext,
  at: Date,
  players: readonly SettlementPlayerRead[],
  wins: readonly SettlementWin[],
): DecidedRoundSettlement {
  const windows = usageWindows(at);
  const deltasOf = new Map<string, UsageDelta[]>();
  const winsOfSession = new Map<string, bigint>();
  const entries: DecidedRoundSettlement['entries'] = [];
  for (const win of wins) {
    const counted = countInCzk(win.amount, undefined);
    entries.push({
      category: dbCategoryOf(win.category),
      amountMinor: counted.amount.toMinor().toString(),
      currency: counted.amount.currency,
      rateToCzk: counted.rateToCzk,
      countedMinor: counted.counted.toMinor().toString(),
    });
    if (counted.counted.isZero()) continue;
    const list = deltasOf.get(win.playerId) ?? [];
    list.push(...moneyDeltas(at, 'winsMinor', counted.counted));
    deltasOf.set(win.playerId, list);
    winsOfSession.set(win.playSessionId, (winsOfSession.get(win.playSessionId) ?? 0n) + counted.counted.toMinor());
  }

  const activities = new Map<string, PlayActivity>();
  const playDeltasOf = new Map<string, UsageDelta[]>();
  const sessions: DecidedRoundSettlement['sessions'] = [];
  const seen = new Set<string>();
  for (const player of players) {
    if (seen.has(player.playSessionId)) continue; // one session recorded once (recordPlayActivities)
    seen.add(player.playSessionId);
    const read = stakeStateFromJson({ ...player.document, entry: { inserted: true } }, windows);
    const locked = lockedPlayerOf(player.playerId, read.limits);
    if (read.session === null || read.session.playerId !== player.playerId)
      throw new DomainError('not-found', 'No such play session of this player.', { field: 'playSessionId' });
    const wonMinor = winsOfSession.get(player.playSessionId) ?? 0n;
    // What the ORM path's play activity reads: after the settlement's writes of the same transaction.
    const session = { ...read.session, winsMinor: read.session.winsMinor + wonMinor };
    const usage = withDeltas(read.usage, deltasOf.get(player.playerId) ?? []);
    const decided = decidePlayActivity(ctx, { locked, session, states: read.states, usage, at });
    activities.set(player.playSessionId, decided.activity);
    if (decided.write !== null) {
      const list = playDeltasOf.get(player.playerId) ?? [];
      list.push(...decided.write.deltas);
      playDeltasOf.set(player.playerId, list);
    }
    if (decided.write === null && wonMinor === 0n) continue;
    sessions.push({
      id: player.playSessionId,
      played_ms: (decided.write?.playedMs ?? 0n).toString(),
      wins_minor: wonMinor.toString(),
      shown: decided.write?.realityChecksShown ?? null,
      touch: decided.write !== null,
    });
  }

  const usage: Array<Record<string, string>> = [];
  for (const playerId of new Set([...deltasOf.keys(), ...playDeltasOf.keys()])) {
    const rows = usageDeltaRows([...(deltasOf.get(playerId) ?? []), ...(playDeltasOf.get(playerId) ?? [])]);
    for (const row of rows) usage.push({ player: playerId, ...row });
  }
  return { activities, entries, usage, sessions };
}
