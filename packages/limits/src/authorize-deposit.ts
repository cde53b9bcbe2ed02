import { assert, type Money } from '@casino/core';
import type { Tx } from '@casino/db';
import { allowances, assertWithinMoneyAllowances } from './allowances.ts';
import { remainingAfter, type Authorized } from './authorize-stake.ts';
import type { EnforcementContext } from './context.ts';
import { measureStates } from './measures.ts';
import { assertMayTakePart, lockPlayer } from './player-lock.ts';
import { countInCzk, countOnce, type UsageEntryRequest } from './usage-entries.ts';
import { addUsage, moneyDeltas, readUsage } from './usage.ts';

export interface DepositRequest {
  playerId: string;
  /** Unique per player: the idempotency key of the ledger posting that credits the deposit is ideal. */
  reference: string;
  amount: Money;
  /** CZK per unit of `amount.currency`: the rate this deposit was converted at (004:REG-22); omit for CZK. */
  rateToCzk?: string;
}

/**
 * Authorizes a deposit inside the cashier's transaction, BEFORE its ledger posting and under the
 * per-player lock. Refused: the account closed, listed in the register, self-excluded; a deposit limit
 * (day, week, month) too small, naming the measure and what remains (`limit-exceeded`). A deposit
 * that was counted before under the same reference is not counted again.
 */
export async function authorizeDeposit(ctx: EnforcementContext, tx: Tx, request: DepositRequest): Promise<Authorized> {
  assert(request.amount.isPositive(), 'a deposit is positive');
  const at = ctx.clock.now();
  const entry: UsageEntryRequest = {
    playerId: request.playerId, kind: 'DEPOSIT', reference: request.reference, category: null,
    amount: countInCzk(request.amount, request.rateToCzk), playSessionId: null, at,
  };
  const locked = await lockPlayer(tx, request.playerId, at);
  const once = await countOnce(tx, entry);
  if (once.replayed) return { counted: once.counted, replayed: true, remaining: [] };

  const states = await measureStates(tx, request.playerId, at);
  assertMayTakePart(locked, states, at);
  const current = allowances(ctx.profile, states, await readUsage(tx, request.playerId, at), ['deposit'], null);
  const counted = entry.amount.counted;
  assertWithinMoneyAllowances(current, counted, 'deposit');

  await addUsage(tx, request.playerId, moneyDeltas(at, 'depositsMinor', counted));
  return { counted, replayed: false, remaining: remainingAfter(current, counted) };
}
