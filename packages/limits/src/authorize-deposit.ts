import { assert, type Money } from '@casino/core';
import type { Tx } from '@casino/db';
import { allowances, assertWithinMoneyAllowances } from './allowances.ts';
import { remainingAfter, type Authorized } from './authorize-stake.ts';
import type { EnforcementContext } from './context.ts';
import { measureStates } from './measures.ts';
import { assertMayTakePart, lockedPlayerOf, lockPlayer, type LockedPlayer } from './player-lock.ts';
import { readStakeState, type StakeState } from './stake-state.ts';
import { countInCzk, replayOf, type UsageEntryRequest } from './usage-entries.ts';
import { addUsage, moneyDeltas, readUsage, type UsageDelta } from './usage.ts';

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
    playerId: request.playerId,
    kind: 'DEPOSIT',
    reference: request.reference,
    category: null,
    amount: countInCzk(request.amount, request.rateToCzk),
    playSessionId: null,
    at,
  };
  // One round trip: the player lock, then every row the check decides on (stake-state.ts, no play session).
  const read = await readStakeState(tx, entry);
  const locked = lockedPlayerOf(request.playerId, read.limits);
  if (read.replayedEntry) return { counted: replayOf(entry, read.replayedEntry).counted, replayed: true, remaining: [] };

  const decided = decideDeposit(ctx, locked, read, entry);
  await addUsage(tx, request.playerId, decided.deltas);
  return decided.authorized;
}

/**
 * The rules of a deposit on the rows read under the player lock, shared by `authorizeDeposit` and the
 * cashier's one-call credit (deposit-one-call.ts): the account may take part, the deposit limits leave
 * room. A refusal throws; otherwise the counters' deltas to add.
 */
export function decideDeposit(
  ctx: EnforcementContext,
  locked: LockedPlayer,
  read: Pick<StakeState, 'states' | 'usage'>,
  entry: UsageEntryRequest,
): { authorized: Authorized; deltas: UsageDelta[] } {
  const counted = entry.amount.counted;
  assertMayTakePart(locked, read.states, entry.at);
  const current = allowances(ctx.profile, read.states, read.usage, ['deposit'], null);
  assertWithinMoneyAllowances(current, counted, 'deposit');
  return {
    authorized: { counted, replayed: false, remaining: remainingAfter(current, counted) },
    deltas: moneyDeltas(entry.at, 'depositsMinor', counted),
  };
}

/**
 * The same checks as `authorizeDeposit`, under the same lock, counting nothing: the cashier asks it
 * when a deposit is requested, so a player whose limits leave no room is told at once instead of
 * after the payment provider took the money. The deposit is authorized, and counted, when it is credited.
 */
export async function checkDeposit(ctx: EnforcementContext, tx: Tx, request: Omit<DepositRequest, 'reference'>): Promise<void> {
  assert(request.amount.isPositive(), 'a deposit is positive');
  const at = ctx.clock.now();
  const locked = await lockPlayer(tx, request.playerId, at);
  await assertDepositAllowed(ctx, tx, locked, request.playerId, countInCzk(request.amount, request.rateToCzk).counted, at);
}

async function assertDepositAllowed(
  ctx: EnforcementContext,
  tx: Tx,
  locked: LockedPlayer,
  playerId: string,
  counted: Money,
  at: Date,
) {
  const states = await measureStates(tx, playerId, at);
  assertMayTakePart(locked, states, at);
  const current = allowances(ctx.profile, states, await readUsage(tx, playerId, at), ['deposit'], null);
  assertWithinMoneyAllowances(current, counted, 'deposit');
  return current;
}
