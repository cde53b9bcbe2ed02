import { assert, DomainError, Money } from '@casino/core';
import type { Tx } from '@casino/db';
import { allowances, assertPlayingTimeLeft, assertWithinMoneyAllowances, type Allowance } from './allowances.ts';
import type { EnforcementContext } from './context.ts';
import { accrual, assertOpen } from './play-session-store.ts';
import { assertMayTakePart, lockedPlayerOf } from './player-lock.ts';
import { readStakeState, type StakeState } from './stake-state.ts';
import { countInCzk, replayOf, type GameCategory, type UsageEntryRequest } from './usage-entries.ts';
import { addStakeUsage, moneyDeltas, withDeltas, type UsageDelta } from './usage.ts';

export interface StakeRequest {
  playerId: string;
  /** The play session the stake is placed in (startPlaySession). */
  playSessionId: string;
  /** Unique per player: the idempotency key of the ledger posting that debits the stake is ideal. */
  reference: string;
  /**
   * Money leaving the wallet to play: a bet; for poker cash games the money taken to the table
   * (buy-in, top-up); for tournaments the buy-in with its fee (docs/limits.md, net loss).
   */
  amount: Money;
  /** CZK per unit of `amount.currency`: the rate this stake was converted at (004:BET-06); omit for CZK. */
  rateToCzk?: string;
  category: GameCategory;
}

export interface Authorized {
  /** What counted against the limits (CZK). */
  counted: Money;
  /** True when this reference was counted before (a retry): nothing was counted again. */
  replayed: boolean;
  /** What is left of each money limit in force after this one. */
  remaining: Array<{ measure: string; remaining: Money; resetsAt: Date | null }>;
}

export interface StakeAuthorized extends Authorized {
  /** The account's state read under the player lock (the wallet a stake comes from depends on it). */
  accountState: string;
}

/**
 * Authorizes a stake inside the caller's transaction, BEFORE its ledger posting and under the
 * per-player lock, so concurrent stakes cannot overshoot (ARCHITECTURE idea 3). Refused, in this
 * order: the account closed, listed in the register, self-excluded (`account-not-active`,
 * `listed-in-register`, `self-excluded`); the play session ended (`play-session-ended`); a
 * playing-time limit reached, no new round (`limit-exceeded`, 000-001:RG-03); a stake or net-loss
 * limit too small (`limit-exceeded` naming the measure and the remaining amount, 002:RG-08).
 * The refusal throws, so the caller's transaction, posting included, rolls back.
 */
export async function authorizeStake(ctx: EnforcementContext, tx: Tx, request: StakeRequest): Promise<StakeAuthorized> {
  const entry = stakeEntryOf(request, ctx.clock.now());
  // One round trip: the player lock, then every row the check decides on (stake-state.ts).
  const read = await readStakeState(tx, entry);
  const decided = decideStake(ctx, request.playerId, entry, read);
  if (decided.write) {
    const { deltas, session } = decided.write;
    await addStakeUsage(tx, request.playerId, deltas, session);
  }
  return decided.authorized;
}

/** The usage entry a stake counts as (the amount in CZK at the stake's own rate). */
export function stakeEntryOf(request: StakeRequest, at: Date): UsageEntryRequest {
  assert(request.amount.isPositive(), 'a stake is positive');
  return {
    playerId: request.playerId,
    kind: 'STAKE',
    reference: request.reference,
    category: request.category,
    amount: countInCzk(request.amount, request.rateToCzk),
    playSessionId: request.playSessionId,
    at,
  };
}

export interface StakeDecision {
  authorized: StakeAuthorized;
  /** What the stake adds to the counters and the play session; null for a replay (counted before). */
  write: {
    deltas: UsageDelta[];
    session: { id: string; at: Date; playedMs: bigint; stakesMinor: bigint };
  } | null;
}

/**
 * The rules of a stake on the rows read under the player lock (pure): refused in the order
 * authorizeStake documents, or what to count. Both ways of running the check (authorizeStake, and the
 * one-call stake path of the tables, stake-one-call.ts) decide here, so the rules exist once.
 */
export function decideStake(
  ctx: EnforcementContext,
  playerId: string,
  entry: UsageEntryRequest,
  read: StakeState,
): StakeDecision {
  const at = entry.at;
  const locked = lockedPlayerOf(playerId, read.limits);
  if (read.replayedEntry) {
    const once = replayOf(entry, read.replayedEntry);
    return {
      authorized: { counted: once.counted, replayed: true, remaining: [], accountState: locked.accountState },
      write: null,
    };
  }
  assertMayTakePart(locked, read.states, at);
  if (!read.session) throw new DomainError('not-found', 'No such play session of this player.', { field: 'playSessionId' });
  const session = read.session;
  assertOpen(ctx.profile, session, at);
  const time = accrual(ctx.profile, session, at);
  const usage = withDeltas(read.usage, time.deltas);
  const sessionTotals = {
    stakesMinor: session.stakesMinor,
    winsMinor: session.winsMinor,
    playedMs: session.playedMs + time.playedMs,
  };
  const current = allowances(ctx.profile, read.states, usage, ['stake', 'net-loss', 'playing-time'], sessionTotals);
  assertPlayingTimeLeft(current);
  const counted = entry.amount.counted;
  assertWithinMoneyAllowances(current, counted, 'stake');
  return {
    authorized: { counted, replayed: false, remaining: remainingAfter(current, counted), accountState: locked.accountState },
    write: {
      deltas: [...time.deltas, ...moneyDeltas(at, 'stakesMinor', counted)],
      session: { id: session.id, at, playedMs: time.playedMs, stakesMinor: counted.toMinor() },
    },
  };
}

export function remainingAfter(current: readonly Allowance[], counted: Money): Authorized['remaining'] {
  return current
    .filter((a) => a.metric !== 'playing-time')
    .map((a) => ({
      measure: a.measure,
      remaining: Money.fromMinor(a.remaining - counted.toMinor(), 'CZK'),
      resetsAt: a.resetsAt,
    }));
}
