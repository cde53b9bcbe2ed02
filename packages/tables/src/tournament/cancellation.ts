import { assert, assertNever } from '@casino/core';
import { splitByWeight, splitEqually } from './prizes.ts';
import type { CancellationFormula } from './rules.ts';

/**
 * A cancelled tournament's settlement (issue 19, §2d `cancel.*`): one pure function per rule book's
 * formula. Input: every entry with what it paid, what it was paid, its chips and whether it is still
 * in; the prize pool as held now; the prize of each paid place. Output: what each entry gets from the
 * pool and from the fee revenue (a fee refund), and what the operator adds to the pool (a shortfall,
 * an expense) or takes back (an overlay not needed). Invariant, asserted: the pool ends at zero:
 * Σ fromPool = pool + operatorAdds − operatorTakesBack.
 */
export interface CancellationEntry {
  readonly entryId: string;
  readonly active: boolean;
  readonly chips: bigint;
  /** Start fees paid (entry, rebuys, add-ons): what went to the pool. */
  readonly paidStartMinor: bigint;
  /** Fees paid: what went to the operator. */
  readonly paidFeeMinor: bigint;
  /** Prizes already credited to this entry. */
  readonly prizePaidMinor: bigint;
}

export interface CancellationInput {
  readonly formula: CancellationFormula;
  readonly entries: readonly CancellationEntry[];
  /** The pool as held now (collected start fees + overlay posted − prizes paid). */
  readonly poolMinor: bigint;
  /** The prize of each paid place (index 0 = first) for the whole pool. */
  readonly placePrizes: readonly bigint[];
}

export interface CancellationShare {
  readonly entryId: string;
  readonly fromPoolMinor: bigint;
  readonly feeRefundMinor: bigint;
}

export interface CancellationSettlement {
  readonly shares: readonly CancellationShare[];
  readonly operatorAddsMinor: bigint;
  readonly operatorTakesBackMinor: bigint;
}

export function settleCancellation(input: CancellationInput): CancellationSettlement {
  const active = input.entries.filter((e) => e.active);
  assert(active.length > 0, 'a cancelled tournament has players still in');
  const fromPool = new Map<string, bigint>(input.entries.map((e) => [e.entryId, 0n]));
  const feeBack = new Map<string, bigint>(input.entries.map((e) => [e.entryId, 0n]));
  const add = (map: Map<string, bigint>, id: string, amount: bigint) => map.set(id, map.get(id)! + amount);
  const refundBuyIns = (entries: readonly CancellationEntry[]) =>
    entries.forEach((e) => (add(fromPool, e.entryId, e.paidStartMinor), add(feeBack, e.entryId, e.paidFeeMinor)));
  const feesBack = () => active.forEach((e) => add(feeBack, e.entryId, e.paidFeeMinor));
  const equally = (total: bigint) => splitEqually(total, active.length).forEach((p, i) => add(fromPool, active[i]!.entryId, p));
  const byChips = (total: bigint) =>
    splitByWeight(
      total,
      active.map((e) => e.chips),
    ).forEach((p, i) => add(fromPool, active[i]!.entryId, p));
  const halfEqualHalfChips = (total: bigint) => {
    equally(total / 2n);
    byChips(total - total / 2n);
  };
  const rankPrize = input.placePrizes[active.length - 1] ?? 0n;
  const rankPrizes = () => active.forEach((e) => add(fromPool, e.entryId, rankPrize));
  const left = () => input.poolMinor - sum([...fromPool.values()]);
  const anyOut = active.length < input.entries.length;
  const allInTheMoney = active.length <= input.placePrizes.length;

  switch (input.formula) {
    case 'refund-all-paid': // 000-001:TIME-07, TRN-21, ACC-13; 002:AMB-GTD-CANCEL
      refundBuyIns(input.entries);
      break;
    case 'fee-back-remaining-pool-equal': // 000-001:TRN-19, A-33, T-70
      feesBack();
      equally(input.poolMinor);
      break;
    case 'fee-back-whole-pool-equal': // 003:R-TECH-02, Q-33, S-80: the whole pool, prizes paid not clawed back (D-1911)
      feesBack();
      equally(sum(input.entries.map((e) => e.paidStartMinor)));
      break;
    case 'rank-prize-then-equal': // 000-001:TRN-20, A-34, T-71
      if (allInTheMoney) rankPrizes();
      equally(left());
      break;
    case 'fee-back-start-fees-or-split': // 003:R-TECH-03, S-81..S-83
      feesBack();
      if (!anyOut) active.forEach((e) => add(fromPool, e.entryId, e.paidStartMinor));
      else if (!allInTheMoney) halfEqualHalfChips(input.poolMinor);
      else {
        rankPrizes();
        byChips(left());
      }
      break;
    case 'buy-in-back-eliminated-pool-equal': // 004:GAM-P-T-45, T-145
      refundBuyIns(active);
      equally(left());
      break;
    case 'buy-in-back-half-equal-half-chips': {
      // 004:GAM-P-T-42, 43; T-142, T-143
      refundBuyIns(active);
      if (allInTheMoney) rankPrizes();
      if (left() > 0n) halfEqualHalfChips(left());
      break;
    }
    case 'buy-in-back': // 004:GAM-P-T-41, T-146
      refundBuyIns(active);
      equally(left() > 0n ? left() : 0n);
      break;
    default:
      assertNever(input.formula);
  }
  return settlement(input, fromPool, feeBack);
}

function settlement(
  input: CancellationInput,
  fromPool: Map<string, bigint>,
  feeBack: Map<string, bigint>,
): CancellationSettlement {
  const paidOut = sum([...fromPool.values()]);
  const operatorAddsMinor = paidOut > input.poolMinor ? paidOut - input.poolMinor : 0n;
  const operatorTakesBackMinor = paidOut < input.poolMinor ? input.poolMinor - paidOut : 0n;
  const shares = input.entries.map((e) => ({
    entryId: e.entryId,
    fromPoolMinor: fromPool.get(e.entryId)!,
    feeRefundMinor: feeBack.get(e.entryId)!,
  }));
  assert(
    shares.every((s) => s.fromPoolMinor >= 0n && s.feeRefundMinor >= 0n),
    'a cancellation pays nobody a negative amount',
  );
  assert(paidOut === input.poolMinor + operatorAddsMinor - operatorTakesBackMinor, 'the pool ends at zero');
  return { shares, operatorAddsMinor, operatorTakesBackMinor };
}

function sum(values: readonly bigint[]): bigint {
  return values.reduce((s, v) => s + v, 0n);
}

/**
 * The pool a cancellation distributes (004:GAM-P-T-44, T-144): a guaranteed tournament cancelled during
 * late registration or the rebuy period distributes what was actually collected; after that phase, the
 * guarantee (the overlay is posted first). Profiles without that rule: what was collected.
 */
export function cancellationPoolMinor(
  guaranteeMinor: bigint | null,
  guaranteeAfterLateRegistration: boolean,
  collectedMinor: bigint,
  lateRegistrationOrRebuyOpen: boolean,
): bigint {
  if (guaranteeMinor === null || !guaranteeAfterLateRegistration || lateRegistrationOrRebuyOpen) return collectedMinor;
  return collectedMinor > guaranteeMinor ? collectedMinor : guaranteeMinor;
}
