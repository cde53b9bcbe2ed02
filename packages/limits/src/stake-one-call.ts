import { assert } from '@casino/core';
import { playerLockKey } from '@casino/db';
import { decideStake, stakeEntryOf, type StakeAuthorized, type StakeRequest } from './authorize-stake.ts';
import type { EnforcementContext } from './context.ts';
import { stakeStateFromJson } from './stake-state.ts';
import { dbCategoryOf } from './usage-entries.ts';
import { usageDeltaRows, usageWindows } from './usage.ts';

/**
 * The self-limits check of a stake for a caller that runs its whole transaction as a few SQL function
 * calls (the tables' bet confirmation, issue 22, D-2260): the read half (`limits_stake_read`, the player
 * lock and the rows, called by the caller's first function) takes `stakeReadArguments`; the rules
 * decide on its document exactly as `authorizeStake` decides (`decideStake`); the write half
 * (`limits_stake_count`, called by the caller's last function) takes `stakeCountArguments`.
 */
export interface StakeReadArguments {
  lockKey: string;
  day: string;
  week: string;
  month: string;
}

export function stakeReadArguments(playerId: string, at: Date): StakeReadArguments {
  const windows = usageWindows(at);
  return {
    lockKey: playerLockKey(playerId),
    day: windows.day.startDay,
    week: windows.week.startDay,
    month: windows.month.startDay,
  };
}

export interface DecidedStake {
  authorized: StakeAuthorized;
  /**
   * `limits_stake_count`'s arguments in its order: player, reference, category, amount, currency,
   * rate to CZK, counted, play session, at, usage deltas (jsonb text), played ms of the session.
   */
  countArguments: unknown[];
}

/** Decides the stake on `limits_stake_read`'s document (read at `at`, under the player lock); a refusal throws. */
export function decideStakeOnRead(
  ctx: EnforcementContext,
  request: StakeRequest,
  at: Date,
  document: Record<string, unknown>,
): DecidedStake {
  const entry = stakeEntryOf(request, at);
  const read = stakeStateFromJson(document, usageWindows(at));
  const decided = decideStake(ctx, request.playerId, entry, read);
  assert(decided.write !== null, 'limits_stake_read counts no entry, so a stake it read for is never a replay');
  const { amount, rateToCzk, counted } = entry.amount;
  return {
    authorized: decided.authorized,
    countArguments: [
      request.playerId,
      request.reference,
      dbCategoryOf(request.category),
      amount.toMinor().toString(),
      amount.currency,
      rateToCzk,
      counted.toMinor().toString(),
      request.playSessionId,
      at,
      JSON.stringify(usageDeltaRows(decided.write.deltas)),
      decided.write.session.playedMs.toString(),
    ],
  };
}
