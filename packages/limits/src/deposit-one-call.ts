import { assert, type Money } from '@casino/core';
import { decideDeposit, type DepositRequest } from './authorize-deposit.ts';
import type { Authorized } from './authorize-stake.ts';
import type { EnforcementContext } from './context.ts';
import { lockedPlayerOf } from './player-lock.ts';
import { stakeStateFromJson } from './stake-state.ts';
import { countInCzk, type UsageEntryRequest } from './usage-entries.ts';
import { usageDeltaRows, usageWindows } from './usage.ts';

/**
 * The self-limits check of a credited deposit for a caller that runs its transaction as SQL function
 * calls (the cashier's one-call credit of a provider's payment event, issue 22, D-2280): the read half
 * is `limits_stake_read` (the player lock and the rows; no play session) with `depositReadArguments`;
 * the rules decide on its document exactly as `authorizeDeposit` decides (`decideDeposit`); the write
 * half is `limits_deposit_count` with `countArguments`.
 */
export function depositReadArguments(at: Date): { day: string; week: string; month: string } {
  const windows = usageWindows(at);
  return { day: windows.day.startDay, week: windows.week.startDay, month: windows.month.startDay };
}

export interface DecidedDeposit {
  authorized: Authorized;
  /**
   * `limits_deposit_count`'s arguments in its order but its time (the caller's): player, reference, amount,
   * currency, rate to CZK, counted, usage deltas (jsonb text).
   */
  countArguments: unknown[];
}

/** Decides the deposit on `limits_stake_read`'s document (read at `at`, under the player lock); a refusal throws. */
export function decideDepositOnRead(
  ctx: EnforcementContext,
  request: DepositRequest & { amount: Money },
  at: Date,
  document: Record<string, unknown>,
): DecidedDeposit {
  assert(request.amount.isPositive(), 'a deposit is positive');
  const entry: UsageEntryRequest = {
    playerId: request.playerId,
    kind: 'DEPOSIT',
    reference: request.reference,
    category: null,
    amount: countInCzk(request.amount, request.rateToCzk),
    playSessionId: null,
    at,
  };
  const read = stakeStateFromJson(document, usageWindows(at));
  assert(read.replayedEntry === null, 'limits_stake_read counts no entry, so its document is never a replay');
  const decided = decideDeposit(ctx, lockedPlayerOf(request.playerId, read.limits), read, entry);
  const { amount, rateToCzk, counted } = entry.amount;
  return {
    authorized: decided.authorized,
    countArguments: [
      request.playerId,
      request.reference,
      amount.toMinor().toString(),
      amount.currency,
      rateToCzk,
      counted.toMinor().toString(),
      JSON.stringify(usageDeltaRows(decided.deltas)),
    ],
  };
}
