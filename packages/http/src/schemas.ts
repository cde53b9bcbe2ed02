import { CurrencyCodeSchema, Money, MoneyStringSchema, minorUnitDigits, movementAmountMinorMax } from '@casino/core';
import { z } from 'zod';

/**
 * The largest amount any request may carry, in minor units: the one bound of a money movement
 * (`movementAmountMinorMax` in @casino/core, D-1421), so a limit, a withdrawal and a ledger
 * adjustment share it. Above it a request is refused with the field named instead of failing in
 * the database with a 500 (issue 14 (9), D-1432).
 */
export const amountMinorMax = movementAmountMinorMax;

/**
 * Money on the wire: a decimal string and its currency, never a JSON number. The one schema of
 * every amount a client sends: not negative, at most `amountMinorMax`, and no more decimals than
 * the currency has (CZK 2, JPY 0); the parsed value is a `Money`. Whether zero makes sense is the
 * domain's rule (a zero limit does, a zero payment does not).
 */
export const MoneyInputSchema = z
  .object({ amount: MoneyStringSchema, currency: CurrencyCodeSchema })
  .superRefine((value, ctx) => {
    // Shape issues are reported by the fields' own schemas; these checks need a well-formed pair.
    if (!CurrencyCodeSchema.safeParse(value.currency).success || !MoneyStringSchema.safeParse(value.amount).success) return;
    const digits = minorUnitDigits(value.currency);
    const [whole = '', fraction = ''] = value.amount.replace(/^-/, '').split('.');
    if (fraction.replace(/0+$/, '').length > digits) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `${value.currency} amounts have at most ${digits} decimal places`,
      });
      return;
    }
    const minor = BigInt(`${whole}${fraction.padEnd(digits, '0').slice(0, digits)}`);
    if (value.amount.startsWith('-') && minor !== 0n) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Amounts are never negative; the operation says the direction' });
    } else if (minor > amountMinorMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `The amount is larger than any this API accepts (${Money.fromMinor(amountMinorMax, value.currency).toDecimalString()} ${value.currency})`,
      });
    }
  })
  .transform((value) => Money.of(value.amount, value.currency))
  // No component id: a transforming schema has different input and output shapes, and the
  // OpenAPI generator refuses one name for both.
  .describe('An amount as a decimal string with its ISO 4217 currency, e.g. { "amount": "12.50", "currency": "CZK" }');

export const MoneyOutputSchema = z.object({ amount: z.string(), currency: CurrencyCodeSchema }).meta({ id: 'Money' });

export function moneyOut(money: Money): z.infer<typeof MoneyOutputSchema> {
  return { amount: money.toDecimalString(), currency: money.currency };
}

/**
 * `Idempotency-Key` header: the client's key for one logical request. Repeating the request with
 * the same key returns the first result; the same key with a different request is a 409.
 */
export const IdempotencyKeySchema = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only')
  .describe('Client-chosen key, unique per logical request (a UUID is ideal)');

export const UuidSchema = z.uuid();

/** Keyset cursor over rows keyed by a UUID (alerts, cases): the id of the previous page's last row. */
export const UuidCursorSchema = z.uuid().describe('nextCursor of the previous page');

/** PostgreSQL's largest bigint: a sequence cursor beyond it names no row and cannot be bound to a query. */
const sequenceMax = 9_223_372_036_854_775_807n;

/** Keyset cursor over a bigint sequence (audit log, ledger statements): the previous page's last number. */
export const SequenceCursorSchema = z
  .string()
  .refine(
    (text) => /^\d{1,19}$/.test(text) && BigInt(text) <= sequenceMax,
    'a sequence number from nextCursor (digits, at most 9223372036854775807)',
  )
  .describe('nextCursor of the previous page');
