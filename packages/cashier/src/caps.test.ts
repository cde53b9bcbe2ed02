import { describe, expect, it } from 'vitest';
import { assertWithinCaps, effectiveCaps, looserFields, type CapOverride, type CapUsage } from './caps.ts';
import { czechCapsTable, type Direction, type Instrument } from './rules.ts';

const none: CapUsage = { rolling24hMinor: 0n, rolling7dMinor: 0n, rolling30dMinor: 0n, attempts24h: 0, count24h: 0 };
const crowns = (n: number) => BigInt(n) * 100n;

function refusal(instrument: Instrument, direction: Direction, amountCrowns: number, usage: CapUsage = none): string | null {
  try {
    assertWithinCaps(czechCapsTable[instrument][direction], crowns(amountCrowns), usage, { instrument, direction });
    return null;
  } catch (error) {
    return (
      (error as { code: string; extensions?: { cap?: string } }).code +
      ':' +
      ((error as { extensions?: { cap?: string } }).extensions?.cap ?? '')
    );
  }
}

const noOverride: CapOverride = {
  perTransactionMinorMin: null,
  perTransactionMinorMax: null,
  rolling24hMinorMax: null,
  rolling7dMinorMax: null,
  rolling30dMinorMax: null,
  attempts24hMax: null,
  count24hMax: null,
};

describe('caps from the jurisdiction table (004 §3.6.3)', () => {
  it('004:T-40 a card deposit of 99 is refused, 100 and 300,000 are accepted, 300,001 is refused', () => {
    expect(refusal('card', 'deposit', 99)).toBe('below-payment-minimum:per-transaction-minimum');
    expect(refusal('card', 'deposit', 100)).toBeNull();
    expect(refusal('card', 'deposit', 300_000)).toBeNull();
    expect(refusal('card', 'deposit', 300_001)).toBe('payment-cap-exceeded:per-transaction-maximum');
  });

  it('004:T-41 Paysafecard: a deposit of 20,000 is accepted and 20,001 refused; a withdrawal of 99 refused and 100 accepted', () => {
    expect(refusal('paysafecard', 'deposit', 20_000)).toBeNull();
    expect(refusal('paysafecard', 'deposit', 20_001)).toBe('payment-cap-exceeded:per-transaction-maximum');
    expect(refusal('paysafecard', 'withdrawal', 99)).toBe('below-payment-minimum:per-transaction-minimum');
    expect(refusal('paysafecard', 'withdrawal', 100)).toBeNull();
  });

  it('004:T-42 a bank transfer withdrawal of 9 is refused, 10 and 2,000,000 are accepted (no maximum)', () => {
    expect(refusal('bank-transfer', 'withdrawal', 9)).toBe('below-payment-minimum:per-transaction-minimum');
    expect(refusal('bank-transfer', 'withdrawal', 10)).toBeNull();
    expect(refusal('bank-transfer', 'withdrawal', 2_000_000)).toBeNull();
  });

  it('004:T-43 card, Apple Pay and other-instrument withdrawals: 499 refused, 500 and 5,000 accepted, 5,001 refused', () => {
    for (const instrument of ['card', 'apple-pay', 'other'] as const) {
      expect([
        refusal(instrument, 'withdrawal', 499),
        refusal(instrument, 'withdrawal', 500),
        refusal(instrument, 'withdrawal', 5_000),
        refusal(instrument, 'withdrawal', 5_001),
      ]).toEqual(['below-payment-minimum:per-transaction-minimum', null, null, 'payment-cap-exceeded:per-transaction-maximum']);
    }
  });

  it('004:T-44 / AMB-04 PayPal withdrawals total at most 5,000 over a rolling 30 days: 3,000 then 2,000 pass, one crown more is refused', () => {
    expect(refusal('paypal', 'withdrawal', 3_000)).toBeNull();
    expect(refusal('paypal', 'withdrawal', 2_000, { ...none, rolling30dMinor: crowns(3_000) })).toBeNull();
    expect(refusal('paypal', 'withdrawal', 500, { ...none, rolling30dMinor: crowns(5_000) })).toBe(
      'payment-cap-exceeded:rolling-30d',
    );
    // Day 31: the first 3,000 has left the window, 2,000 is still in it.
    expect(refusal('paypal', 'withdrawal', 3_000, { ...none, rolling30dMinor: crowns(2_000) })).toBeNull();
  });

  it('004:T-45 / PAY-11 withdrawals by online banking are not offered: an instrument the operator does not offer in a direction is refused', () => {
    expect(refusal('online-banking', 'withdrawal', 1_000)).toBe('payment-method-not-eligible:');
  });

  it('004:DEP-01 / T-46 cash at a branch: 5,000 per transaction and per rolling 24 hours', () => {
    expect(refusal('cash', 'deposit', 1)).toBeNull();
    expect(refusal('cash', 'deposit', 5_001)).toBe('payment-cap-exceeded:per-transaction-maximum');
    expect(refusal('cash', 'deposit', 1_000, { ...none, rolling24hMinor: crowns(4_000) })).toBeNull();
    expect(refusal('cash', 'deposit', 1, { ...none, rolling24hMinor: crowns(5_000) })).toBe('payment-cap-exceeded:rolling-24h');
  });

  it("002:LIM-02 / T-WD-09 attempts per 24 hours, and my paysafecard's 3 deposits per 24 hours", () => {
    expect(refusal('card', 'deposit', 100, { ...none, attempts24h: 9 })).toBeNull();
    expect(refusal('card', 'deposit', 100, { ...none, attempts24h: 10 })).toBe('payment-attempts-exceeded:attempts-24h');
    expect(refusal('paysafecard', 'deposit', 100, { ...none, count24h: 3 })).toBe('payment-attempts-exceeded:count-24h');
  });

  it('004:DEP-03 an override may only be stricter than the table: lower maxima and higher minima pass, looser values are named', () => {
    const card = czechCapsTable.card.deposit;
    expect(
      looserFields(card, {
        ...noOverride,
        perTransactionMinorMax: crowns(10_000),
        perTransactionMinorMin: crowns(200),
        rolling24hMinorMax: crowns(20_000),
      }),
    ).toEqual([]);
    expect(
      looserFields(card, {
        ...noOverride,
        perTransactionMinorMax: crowns(300_001),
        perTransactionMinorMin: crowns(50),
        attempts24hMax: 11,
      }),
    ).toEqual(['perTransactionMinorMin', 'perTransactionMinorMax', 'attempts24hMax']);
    const stricter = effectiveCaps(card, { ...noOverride, rolling7dMinorMax: crowns(1_000) });
    expect(stricter.perTransactionMinorMax).toBe(crowns(300_000));
    expect(stricter.rolling7dMinorMax).toBe(crowns(1_000));
  });

  it('004:DEP-03 a refusal names its cap, its limit and what is left', () => {
    try {
      assertWithinCaps(
        { ...czechCapsTable.card.deposit, rolling7dMinorMax: crowns(1_000) },
        crowns(300),
        { ...none, rolling7dMinor: crowns(800) },
        { instrument: 'card', direction: 'deposit' },
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        code: 'payment-cap-exceeded',
        field: 'body.amount',
        extensions: { cap: 'rolling-7d', limit: { amount: '1000.00' }, remaining: { amount: '200.00' } },
      });
    }
  });
});
