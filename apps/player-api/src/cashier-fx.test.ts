/**
 * Issue 26, D-2610, D-2611: deposits and withdrawals converted at a quote the player saw, end to end over
 * real HTTP through the sandbox payment provider and its signed webhooks, under CZ-PS (USD, EUR, CAD, GBP
 * wallets; payments in CZK). Goal: the quote's amounts are what moves, once, as one ledger transaction
 * through the per-currency FX accounts, and a spent or expired quote moves nothing.
 */
import { Money } from '@casino/core';
import { recordRates } from '@casino/fx';
import * as ledger from '@casino/ledger';
import { czPsProfile } from '@casino/operator';
import { eventually, startHarness, type Harness } from '@casino/test-support';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asPlayer,
  czk,
  key,
  playerWithActiveCard,
  pspSettings,
  sandboxCall,
  webhooksDelivered,
  type CashierPlayer,
} from './cashier-test-support.ts';

let h: Harness;
let player: CashierPlayer & { cardMethodId: string };

// 002:T-WAL-01's rates: EUR 1 = CZK 25.000 (= USD 1.08).
const publishRates = () =>
  recordRates(h.platform.fx(), {
    source: 'sandbox-xe',
    base: 'EUR',
    unitsPerBase: { CZK: '25.000', USD: '1.08', CAD: '1.47', GBP: '0.85' },
    publishedAt: h.clock.now(),
  });

beforeAll(async () => {
  h = await startHarness(undefined, { profile: czPsProfile });
  await pspSettings(h, { provider: { authentication: 'challenge', payoutOutcome: 'paid', settlement: 'immediate' } });
  player = await playerWithActiveCard(h);
  await pspSettings(h, { provider: { authentication: 'challenge' } });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await publishRates();
});

async function walletBalance(playerId: string, wallet: ledger.PlayerWallet, currency: 'EUR' | 'CZK'): Promise<string> {
  const account = await ledger.findAccountByCode(h.connections.db, ledger.playerWalletCode(playerId, wallet, currency));
  return account ? (await ledger.balance(h.connections.db, account.id)).toDecimalString() : '0.00';
}

const quote = async (body: object) => {
  const response = await asPlayer(h, player, 'POST', '/v1/fx/quotes', body);
  expect(response.statusCode).toBe(201);
  return response.json();
};

async function depositAt(quoteId: string | undefined, amount: string) {
  return asPlayer(
    h,
    player,
    'POST',
    '/v1/deposits',
    { paymentMethodId: player.cardMethodId, amount: czk(amount), quoteId },
    key(),
  );
}

describe('deposits and withdrawals converted at a quote (002:WAL-03, WAL-06)', () => {
  it('002:T-WAL-01 a CZK 2,500 card deposit into the EUR wallet at 25.000: the quote shows 2,500 CZK and EUR 100.00 less the fee, the provider is paid 2,500 CZK and the EUR wallet receives the quoted amount in one DEPOSIT transaction through the FX accounts', async () => {
    const shown = await quote({ purpose: 'deposit', amount: czk('2500.00'), to: 'EUR' });
    expect(shown).toMatchObject({
      debit: { amount: '2500.00', currency: 'CZK' },
      credit: { amount: '98.50', currency: 'EUR' },
      fee: { amount: '1.50', currency: 'EUR' },
    });

    const intent = await depositAt(shown.quoteId, '2500.00');
    expect(intent.statusCode).toBe(201);
    expect(intent.json()).toMatchObject({ status: 'PENDING', amount: { amount: '2500.00', currency: 'CZK' } });
    await sandboxCall(h, 'POST', new URL(intent.json().redirectUrl).pathname, { outcome: 'pass' });
    await webhooksDelivered(h);
    await eventually(
      async () => ((await asPlayer(h, player, 'GET', `/v1/deposits/${intent.json().id}`)).json().creditedAt ? true : undefined),
      'the converted deposit credited',
    );

    expect(await walletBalance(player.playerId, 'cash', 'EUR')).toBe('98.50');
    const wallets = (await asPlayer(h, player, 'GET', '/v1/me/wallets')).json().wallets;
    expect(wallets.find((w: { currency: string }) => w.currency === 'EUR').balance).toEqual({ amount: '98.50', currency: 'EUR' });
    const row = await h.connections.db.cashierDeposit.findUniqueOrThrow({ where: { id: intent.json().id } });
    const conversion = await h.connections.db.fxConversion.findUniqueOrThrow({
      where: { ledgerTransactionId: row.ledgerTransactionId! },
    });
    expect(conversion).toMatchObject({
      purpose: 'deposit',
      quoteId: shown.quoteId,
      debitCurrency: 'CZK',
      debitMinor: 250_000n,
      creditCurrency: 'EUR',
      creditMinor: 9_850n,
      feeMinor: 150n,
      rateSource: 'sandbox-xe',
    });
    expect(conversion.rate.toFixed()).toBe('0.04');
    const posted = (await ledger.findTransaction(h.connections.db, row.ledgerTransactionId!))!;
    expect(posted.kind).toBe('DEPOSIT');
    for (const currency of ['CZK', 'EUR'] as const) {
      const lines = posted.postings.filter((p) => p.amount.currency === currency).map((p) => p.amount);
      expect(Money.sum(lines, currency).toMinor()).toBe(0n);
    }
    expect(posted.postings.map((p) => p.account.code)).toEqual(
      expect.arrayContaining([ledger.operatorAccountCode('fx', 'CZK'), ledger.operatorAccountCode('fx', 'EUR')]),
    );
    // 002:BON-01: the deposit rule grants its bonus in the credited wallet's currency (20 % of EUR 98.50, rounded down).
    expect(await walletBalance(player.playerId, 'bonus', 'EUR')).toBe('19.70');
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it('002:AMB-XE-SNAPSHOT a deposit quote converts once: a used or expired quote, or one for another amount or purpose, is refused and no deposit is created', async () => {
    const before = await h.connections.db.cashierDeposit.count({ where: { playerId: player.playerId } });
    const shown = await quote({ purpose: 'deposit', amount: czk('1000.00'), to: 'EUR' });

    const otherAmount = await depositAt(shown.quoteId, '999.00');
    expect(otherAmount.statusCode).toBe(400);
    expect(otherAmount.json()).toMatchObject({ type: expect.stringContaining('validation-failed'), field: 'body.amount' });

    const exchange = await quote({ purpose: 'exchange', amount: czk('1000.00'), to: 'EUR' });
    const wrongPurpose = await depositAt(exchange.quoteId, '1000.00');
    expect(wrongPurpose.statusCode).toBe(400);
    expect(wrongPurpose.json().field).toBe('body.quoteId');

    expect((await depositAt(shown.quoteId, '1000.00')).statusCode).toBe(201);
    const reused = await depositAt(shown.quoteId, '1000.00');
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ type: expect.stringContaining('fx-quote-expired'), field: 'body.quoteId' });

    const late = await quote({ purpose: 'deposit', amount: czk('1000.00'), to: 'EUR' });
    h.clock.advanceMs(61_000);
    const expired = await depositAt(late.quoteId, '1000.00');
    expect(expired.statusCode).toBe(409);
    expect(expired.json().type).toContain('fx-quote-expired');
    expect(await h.connections.db.cashierDeposit.count({ where: { playerId: player.playerId } })).toBe(before + 1);
  });

  it('002:WAL-06 a withdrawal from the EUR wallet paid out in CZK at its quote: the wallet gives the quoted EUR (fee included), the bank receives the quoted CZK; a failed payout gives the wallet back exactly what it gave', async () => {
    await pspSettings(h, { provider: { payoutOutcome: 'failed' } });
    await asPlayer(h, player, 'POST', `/v1/payment-methods/${player.bankMethodId}/activation`);
    const eurBefore = await walletBalance(player.playerId, 'cash', 'EUR');
    const failedQuote = await quote({ purpose: 'withdrawal', amount: { amount: '40.00', currency: 'EUR' }, to: 'CZK' });
    expect(failedQuote).toMatchObject({
      debit: { amount: '40.00', currency: 'EUR' },
      fee: { amount: '0.60', currency: 'EUR' },
      credit: { amount: '985.00', currency: 'CZK' },
    });
    const failing = await asPlayer(
      h,
      player,
      'POST',
      '/v1/withdrawals',
      { amount: czk('985.00'), quoteId: failedQuote.quoteId },
      key(),
    );
    expect(failing.statusCode).toBe(201);
    expect(await walletBalance(player.playerId, 'cash', 'EUR')).toBe(
      Money.of(eurBefore, 'EUR').minus(Money.of('40.00', 'EUR')).toDecimalString(),
    );
    await eventually(
      async () =>
        (await asPlayer(h, player, 'GET', `/v1/withdrawals/${failing.json().id}`)).json().status === 'FAILED' ? true : undefined,
      'the payout failed',
    );
    expect(await walletBalance(player.playerId, 'cash', 'EUR')).toBe(eurBefore);

    await pspSettings(h, { provider: { payoutOutcome: 'paid' } });
    await publishRates();
    const paidQuote = await quote({ purpose: 'withdrawal', amount: { amount: '50.00', currency: 'EUR' }, to: 'CZK' });
    const paid = await asPlayer(
      h,
      player,
      'POST',
      '/v1/withdrawals',
      { amount: czk('1231.25'), quoteId: paidQuote.quoteId },
      key(),
    );
    expect(paid.statusCode).toBe(201);
    await eventually(
      async () =>
        (await asPlayer(h, player, 'GET', `/v1/withdrawals/${paid.json().id}`)).json().status === 'PAID' ? true : undefined,
      'the payout paid',
    );
    expect(await walletBalance(player.playerId, 'cash', 'EUR')).toBe(
      Money.of(eurBefore, 'EUR').minus(Money.of('50.00', 'EUR')).toDecimalString(),
    );
    const row = await h.connections.db.cashierWithdrawal.findUniqueOrThrow({ where: { id: paid.json().id } });
    expect(row).toMatchObject({ fxQuoteId: paidQuote.quoteId, amountMinor: 123_125n, currency: 'CZK' });
    const conversion = await h.connections.db.fxConversion.findFirstOrThrow({ where: { quoteId: paidQuote.quoteId } });
    expect(conversion).toMatchObject({ purpose: 'withdrawal', debitMinor: 5_000n, feeMinor: 75n, creditMinor: 123_125n });

    const reused = await asPlayer(
      h,
      player,
      'POST',
      '/v1/withdrawals',
      { amount: czk('1231.25'), quoteId: paidQuote.quoteId },
      key(),
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json().type).toContain('fx-quote-expired');
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });
});
