import { z } from 'zod';
import { CurrencyCodeSchema, isCurrencyCode, minorUnitDigits, type CurrencyCode } from './currency.ts';
import { Money, MoneyStringSchema } from './money.ts';

/**
 * The largest amount one money movement may carry, in minor units (D-1421): 10^15 − 1, ten trillion
 * crowns less a haléř. The ledger keeps amounts and balances as 64-bit integers (±9.2 × 10^18 minor
 * units); a bound this far below that keeps every sum of movements representable, so an absurd
 * amount is refused as input (4xx) instead of overflowing a column or a balance (500).
 */
export const movementAmountMinorMax = 10n ** 15n - 1n;

/**
 * Why `amount` cannot be one movement, or null when it can. A movement is strictly positive: its
 * direction is said by which account is debited and which credited, never by a sign (issue 14 (6)).
 */
export function movementAmountProblem(amount: Money): string | null {
  if (!amount.isPositive()) return 'must be greater than zero';
  if (amount.toMinor() > movementAmountMinorMax)
    return `must be at most ${Money.fromMinor(movementAmountMinorMax, amount.currency).toDecimalString()}`;
  return null;
}

/** `movementAmountProblem` for an amount as it arrives in JSON, checking its decimals against the currency first. */
export function movementAmountJsonProblem(value: { amount: string; currency: CurrencyCode }): string | null {
  const digits = minorUnitDigits(value.currency);
  if ((value.amount.split('.')[1]?.replace(/0+$/, '').length ?? 0) > digits)
    return `${value.currency} amounts have at most ${digits} decimal places`;
  return movementAmountProblem(Money.of(value.amount, value.currency));
}

/**
 * One movement's amount on the wire, `{ "amount": "12.50", "currency": "CZK" }`: a known currency,
 * at most its decimals, strictly positive and at most `movementAmountMinorMax`. An issue names
 * `amount` (or `currency`), so a problem's `field` points at the offending member.
 */
export const MovementAmountJsonSchema = z
  .object({ amount: MoneyStringSchema, currency: CurrencyCodeSchema })
  .superRefine((value, ctx) => {
    // zod runs an object's refinement even when a member failed: only a well-formed pair is judged here.
    if (!MoneyStringSchema.safeParse(value.amount).success || !isCurrencyCode(value.currency)) return;
    const problem = movementAmountJsonProblem(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
