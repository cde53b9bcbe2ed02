import { CurrencyCodeSchema, Money, MoneyStringSchema, minorUnitDigits } from '@casino/core';
import { z } from 'zod';

/**
 * Money on the wire: a decimal string and its currency, never a JSON number. The amount may not
 * have more decimals than the currency (CZK 2, JPY 0); the parsed value is a `Money`.
 */
export const MoneyInputSchema = z
  .object({ amount: MoneyStringSchema, currency: CurrencyCodeSchema })
  .superRefine((value, ctx) => {
    const decimals = value.amount.split('.')[1]?.replace(/0+$/, '').length ?? 0;
    if (decimals > minorUnitDigits(value.currency)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: `${value.currency} amounts have at most ${minorUnitDigits(value.currency)} decimal places` });
    }
  })
  .transform((value) => Money.of(value.amount, value.currency))
  // No component id: a transforming schema has different input and output shapes, and the
  // OpenAPI generator refuses one name for both.
  .describe('An amount as a decimal string with its ISO 4217 currency, e.g. { "amount": "12.50", "currency": "CZK" }');

export const MoneyOutputSchema = z
  .object({ amount: z.string(), currency: CurrencyCodeSchema })
  .meta({ id: 'Money' });

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
