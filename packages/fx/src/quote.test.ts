// The pure side of FX: cross rates, rounding and the terms a quote shows (no database).
import { describe, expect, it } from 'vitest';
import { conversionTerms } from './quote.ts';
import { assertCurrenciesOffered } from './quotes.ts';
import { crossRate } from './rates.ts';
import { fxRuleProblems } from './rules.ts';
import { foLikeRules, m, psLikeRules, rateSetOf, scenarioRates } from './test-support.ts';

const set = rateSetOf(scenarioRates(new Date('2026-12-05T10:00:00Z')));

describe('fx: quotes and rounding', () => {
  it('002:T-WAL-01 002:WAL-03 002:WAL-05 002:WAL-06 a CZK 2,500 deposit into EUR at 25.000 CZK/EUR shows debit 2,500 CZK and credit 100.00 EUR minus the fee', () => {
    const terms = conversionTerms(psLikeRules, set, {
      purpose: 'deposit',
      debitCurrency: 'CZK',
      creditCurrency: 'EUR',
      amount: m('2500', 'CZK'),
    });
    expect(terms.rate).toBe('0.04');
    expect(terms.debit.toJSON()).toEqual(m('2500', 'CZK').toJSON());
    expect(terms.fee.toDecimalString()).toBe('1.50'); // 150 bps of 100.00 EUR
    expect(terms.credit.toDecimalString()).toBe('98.50');
    expect(terms.credit.currency).toBe('EUR');
    expect(terms.rateSource).toBe('sandbox-xe');
  });

  it('002:T-WAL-03 002:WAL-08 a USD 10 buy-in from EUR funds at EUR 1 = USD 1.08 debits 9.26 EUR with no fee', () => {
    const terms = conversionTerms(psLikeRules, set, {
      purpose: 'game',
      debitCurrency: 'EUR',
      creditCurrency: 'USD',
      amount: m('10.00', 'USD'),
    });
    expect(terms.debit.toDecimalString()).toBe('9.26');
    expect(terms.debit.currency).toBe('EUR');
    expect(terms.credit.toDecimalString()).toBe('10.00');
    expect(terms.fee.toMinor()).toBe(0n);
  });

  it('002:WAL-05 002:WAL-07 a withdrawal takes the debited wallet’s fee before converting, and nothing else', () => {
    const terms = conversionTerms(psLikeRules, set, {
      purpose: 'withdrawal',
      debitCurrency: 'EUR',
      creditCurrency: 'CZK',
      amount: m('100.00', 'EUR'),
    });
    expect([terms.debit.toDecimalString(), terms.fee.toDecimalString(), terms.fee.currency]).toEqual(['100.00', '1.50', 'EUR']);
    expect(terms.credit.toJSON()).toEqual(m('2462.50', 'CZK').toJSON()); // 98.50 × 25
  });

  it("002:AMB-FX-ROUND a cross rate is rounded once to 12 places and the amount once to the minor unit, both banker's rounding", () => {
    expect(crossRate(set, 'USD', 'EUR')).toBe('0.925925925926');
    expect(crossRate(set, 'GBP', 'USD')).toBe('1.270588235294');
    const once = conversionTerms(foLikeRules, set, {
      purpose: 'game',
      debitCurrency: 'CZK',
      creditCurrency: 'EUR',
      amount: m('3.13', 'CZK'),
    });
    expect(once.credit.toDecimalString()).toBe('0.13'); // 0.1252 rounds to 0.13
  });

  it('002:T-WAL-02 002:WAL-02 002:T-WAL-04 002:GEN-05 no CZK wallet and no CAD table under the CZ-PS rules; a CZK payment may be converted (002:WAL-03)', () => {
    const refused = (request: Parameters<typeof assertCurrenciesOffered>[1]) => {
      try {
        assertCurrenciesOffered(psLikeRules, request);
        return null;
      } catch (error) {
        return (error as { code: string; field: string }).code + ' ' + (error as { field: string }).field;
      }
    };
    expect(refused({ purpose: 'deposit', debitCurrency: 'CZK', creditCurrency: 'CZK' })).toBe(
      'wallet-currency-not-offered body.to',
    );
    expect(refused({ purpose: 'game', debitCurrency: 'EUR', creditCurrency: 'CAD' })).toBe('wallet-currency-not-offered body.to');
    expect(refused({ purpose: 'deposit', debitCurrency: 'CZK', creditCurrency: 'EUR' })).toBeNull();
    expect(refused({ purpose: 'game', debitCurrency: 'CAD', creditCurrency: 'USD' })).toBeNull();
    // 004:BET-05: CZ-FO plays poker in EUR, USD, GBP from its one CZK wallet.
    expect(() =>
      assertCurrenciesOffered(foLikeRules, { purpose: 'game', debitCurrency: 'CZK', creditCurrency: 'EUR' }),
    ).not.toThrow();
  });

  it('issue 26: the FX rules are validated: a wallet the source does not quote, a fee without a wallet, a quote held too long', () => {
    const broken = {
      ...psLikeRules,
      source: { ...psLikeRules.source, currencies: ['EUR', 'USD'] as const },
      quoteValiditySeconds: 3_600,
      feeBps: { deposit: { SEK: 10n }, withdrawal: {} },
    };
    expect(fxRuleProblems(broken).map((p) => p.setting)).toEqual(
      expect.arrayContaining(['source.currencies', 'quoteValiditySeconds', 'feeBps.deposit.SEK']),
    );
    expect(fxRuleProblems(psLikeRules)).toEqual([]);
    expect(fxRuleProblems(foLikeRules)).toEqual([]);
  });
});
