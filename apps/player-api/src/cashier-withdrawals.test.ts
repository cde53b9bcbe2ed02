import { flagOverduePayouts, sendPayout } from '@casino/cashier';
import { verifyAuditChain } from '@casino/compliance';
import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asPlayer,
  asStaff,
  cardToken,
  cashBalance,
  czk,
  deposit,
  gameTransfer,
  key,
  playerWithActiveCard,
  pspSettings,
  registeredPlayer,
  sandboxCall,
  temporaryPlayerWithBankAccount,
  webhooksDelivered,
  type CashierPlayer,
} from './cashier-test-support.ts';
import { eventually, startHarness, type Harness } from '@casino/test-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(async () => {
  await pspSettings(h, { provider: { authentication: 'frictionless', frictionlessOutcome: 'pass', payoutOutcome: 'paid' } });
});
afterAll(async () => {
  await h?.close();
});

const withdraw = (player: { accessToken: string }, amount: string, headers = key()) =>
  asPlayer(h, player, 'POST', '/v1/withdrawals', { amount: czk(amount) }, headers);
const problemType = (response: { json(): { type?: string } }) =>
  response.json().type?.replace('https://problems.casino.example/', '');
const withdrawal = (id: string) => h.connections.db.cashierWithdrawal.findUniqueOrThrow({ where: { id } });
const until = (id: string, status: string) =>
  eventually(async () => ((await withdrawal(id)).status === status ? true : undefined), `withdrawal ${status}`);

/** A registered player whose cash balance is `amount`: 100 CZK from the verification transfer, the rest deposited by online banking. */
async function funded(amount: string): Promise<CashierPlayer> {
  const player = await registeredPlayer(h, '100.00');
  const rest = (Number(amount) - 100).toFixed(2);
  if (Number(rest) > 0) expect((await deposit(h, player, player.bankMethodId, rest)).statusCode).toBe(201);
  expect(await cashBalance(h, player.playerId)).toBe(Number(amount).toFixed(2));
  return player;
}

describe('withdrawals: each precondition of 004:WDR-02 refused with its own problem type', () => {
  it('004:WDR-04 / TMP-05 / T-05 a temporary account: temporary-account-no-withdrawals', async () => {
    const player = await temporaryPlayerWithBankAccount(h);
    expect(problemType(await withdraw(player, '10.00'))).toBe('temporary-account-no-withdrawals');
  });

  it('004:WDR-02 (a) / PAY-09 / T-31 / 002:PAY-07 / AMB-ACTIVE-METHOD no active method: no-active-payment-method; the active method a card: withdrawal-method-not-bank-account (T-31)', async () => {
    const player = await playerWithActiveCard(h);
    expect(problemType(await withdraw(player, '10.00'))).toBe('withdrawal-method-not-bank-account');
    await asPlayer(h, player, 'DELETE', `/v1/payment-methods/${player.cardMethodId}`);
    expect(problemType(await withdraw(player, '10.00'))).toBe('no-active-payment-method');
  });

  it('004:WDR-02 (b) / T-32 another method registered, unverified or rejected: payment-methods-not-verified, until it is removed', async () => {
    const player = await funded('200.00');
    const card = await asPlayer(h, player, 'POST', '/v1/payment-methods', {
      kind: 'card',
      token: await cardToken(h, player.holderName),
    });
    const refused = await withdraw(player, '10.00');
    expect(refused.json()).toMatchObject({
      status: 422,
      type: 'https://problems.casino.example/payment-methods-not-verified',
      paymentMethodIds: [card.json().id],
    });
    await h.connections.db.paymentMethod.update({ where: { id: card.json().id }, data: { status: 'REJECTED' } });
    expect(problemType(await withdraw(player, '10.00'))).toBe('payment-methods-not-verified');
    await asPlayer(h, player, 'DELETE', `/v1/payment-methods/${card.json().id}`);
    expect((await withdraw(player, '10.00')).statusCode).toBe(201);
  });

  it('004:WDR-07 / WIN-05 an unpaid debt: debt-outstanding; an AML hold: refused (payouts-suspended once the compliance port is wired)', async () => {
    const player = await funded('100.00');
    h.guards.payoutHolds.add(player.playerId);
    expect((await withdraw(player, '10.00')).json()).toMatchObject({
      status: 403,
      type: 'https://problems.casino.example/forbidden',
    });
    h.guards.payoutHolds.delete(player.playerId);
    const win = await gameTransfer(h, player.playerId, 'WIN', '1000.00');
    await gameTransfer(h, player.playerId, 'STAKE', '900.00');
    const clawback = await asStaff(h, ['finance'], 'POST', `/v1/players/${player.playerId}/clawbacks`, {
      winTransactionId: win,
      reason: 'the round was voided after a dealer error',
    });
    expect(clawback.json()).toMatchObject({
      taken: { amount: '1000.00' },
      fromBalance: { amount: '200.00' },
      debt: { outstanding: { amount: '800.00' } },
    });
    expect(problemType(await withdraw(player, '10.00'))).toBe('debt-outstanding');
  });

  it("004:T-42 / WDR-02 the method's caps: 9 CZK below-payment-minimum; more than the balance insufficient-funds", async () => {
    const player = await funded('100.00');
    expect((await withdraw(player, '9.00')).json()).toMatchObject({
      type: 'https://problems.casino.example/below-payment-minimum',
      cap: 'per-transaction-minimum',
      limit: { amount: '10.00' },
    });
    expect(problemType(await withdraw(player, '100.01'))).toBe('insufficient-funds');
  });

  it('004:ACC-11 / T-21 / WDR-05 a player listed in the register withdraws only through support, never from the app', async () => {
    const player = await funded('300.00');
    await h.connections.db.player.update({ where: { id: player.playerId }, data: { registerStatus: 'LISTED' } });
    expect(problemType(await withdraw(player, '100.00'))).toBe('listed-in-register');
    const bySupport = await asStaff(
      h,
      ['support'],
      'POST',
      `/v1/players/${player.playerId}/withdrawals`,
      { amount: czk('300.00'), note: 'hotline request, identity confirmed' },
      key(),
    );
    expect(bySupport.json()).toMatchObject({
      status: 'IN_REVIEW',
      channel: 'SUPPORT',
      reviewReasons: ['requested through support (004:ACC-11)'],
    });
  });
});

describe('withdrawals: cash at a branch', () => {
  it('004:WDR-01 / WDR-06 / IDV-06 / T-47 / T-48 cash is paid out at a branch only after an ID check, within 1 to 5,000 CZK, at once and with no payment method; a temporary or listed account gets none', async () => {
    const player = await funded('6000.00');
    const idCheck = { documentType: 'national-id', documentNumber: '123456789' };
    const cash = (playerId: string, amount: string, check: object | null = idCheck, headers = key()) =>
      asStaff(h, ['support'], 'POST', '/v1/cashier/cash-withdrawals', { playerId, amount: czk(amount), idCheck: check }, headers);
    expect((await cash(player.playerId, '100.00', null)).json()).toMatchObject({
      status: 422,
      type: 'https://problems.casino.example/identity-document-required',
    });
    expect((await cash(player.playerId, '5000.01')).json()).toMatchObject({
      type: 'https://problems.casino.example/payment-cap-exceeded',
      cap: 'per-transaction-maximum',
    });
    const headers = key();
    const paid = await cash(player.playerId, '5000.00', idCheck, headers);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ status: 'PAID', channel: 'CASH', paymentMethodId: null, amount: { amount: '5000.00' } });
    expect((await cash(player.playerId, '5000.00', idCheck, headers)).statusCode).toBe(200); // the same request again
    expect(await cashBalance(h, player.playerId)).toBe('1000.00');
    expect(await h.connections.db.cashierWithdrawal.count({ where: { playerId: player.playerId, channel: 'CASH' } })).toBe(1);

    const temporary = await temporaryPlayerWithBankAccount(h);
    expect(problemType(await cash(temporary.playerId, '10.00'))).toBe('temporary-account-no-withdrawals');
    await h.connections.db.player.update({ where: { id: player.playerId }, data: { registerStatus: 'LISTED' } });
    expect(problemType(await cash(player.playerId, '10.00'))).toBe('listed-in-register');
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });
});

describe('withdrawals: the flow', () => {
  it('004:WDR-03 / T-33 / 002:AMB-WD-PENDING a withdrawal is held, paid by the payout job to the bank account, settled by the webhook, and due within 14 days', async () => {
    const player = await funded('500.00');
    const requested = await withdraw(player, '200.00');
    expect(requested.json()).toMatchObject({ status: 'APPROVED', amount: { amount: '200.00' } });
    expect(new Date(requested.json().dueAt).getTime() - h.clock.now().getTime()).toBeLessThanOrEqual(15 * 86_400_000);
    expect(await cashBalance(h, player.playerId)).toBe('300.00');
    await until(requested.json().id, 'PAID');
    const payouts = (await sandboxCall(h, 'GET', `/control/psp/payouts?reference=${requested.json().id}`)).json.payouts;
    expect(payouts).toEqual([
      expect.objectContaining({
        status: 'paid',
        amount: { amount: '200.00', currency: 'CZK' },
        destination: { iban: player.iban, holderName: player.holderName },
      }),
    ]);
    const hold = await h.connections.db.ledgerHold.findUniqueOrThrow({
      where: { id: (await withdrawal(requested.json().id)).holdId },
    });
    expect(hold.status).toBe('SETTLED');
    const again = await withdraw(player, '200.00', { 'idempotency-key': (await withdrawal(requested.json().id)).idempotencyKey });
    expect([again.statusCode, again.json().id]).toEqual([200, requested.json().id]);
  });

  it("issue 9: the cashier's staff actions are in the audit log with who, what and the state before and after: a withdrawal decision, a cap override; the chain verifies", async () => {
    const player = await funded('150000.00');
    const large = (await withdraw(player, '60000.00')).json();
    await asStaff(h, ['compliance-officer'], 'POST', `/v1/cashier/withdrawals/${large.id}/decision`, {
      decision: 'reject',
      note: 'source of funds unclear',
    });
    const caps = {
      perTransactionMin: null,
      perTransactionMax: czk('1000.00'),
      rolling24hMax: null,
      rolling7dMax: null,
      rolling30dMax: null,
      attempts24hMax: null,
      count24hMax: null,
    };
    expect(
      (
        await asStaff(h, ['finance'], 'PUT', `/v1/players/${player.playerId}/cashier-caps/card/deposit`, {
          caps,
          reason: 'affordability review',
        })
      ).statusCode,
    ).toBe(204);
    const entries = await h.connections.db.auditLogEntry.findMany({
      where: { OR: [{ subjectId: large.id }, { subjectId: player.playerId, action: { startsWith: 'cashier.' } }] },
      orderBy: { seq: 'asc' },
    });
    expect(entries.map((e) => [e.action, e.actorKind, e.actorRoles, e.reason])).toEqual([
      ['cashier.withdrawal.reject', 'staff', ['compliance-officer'], 'source of funds unclear'],
      ['cashier.cap-override', 'staff', ['finance'], 'affordability review'],
    ]);
    expect(entries[0]!.before).toEqual({ status: 'IN_REVIEW' });
    expect(entries[0]!.after).toMatchObject({ status: 'REJECTED', amountMinor: '6000000' });
    expect(entries[1]!.after).toMatchObject({ instrument: 'card', direction: 'DEPOSIT', perTransactionMinorMax: '100000' });
    expect((await verifyAuditChain(h.connections.db)).ok).toBe(true);
  });

  it("issue 15: a withdrawal's hold and its release on rejection carry the clock's time, the same as the withdrawal row, its monitoring event and the staff audit entry", async () => {
    const player = await funded('150000.00');
    const timeOf = async (transactionId: string | null) =>
      transactionId ? (await ledger.findTransaction(h.connections.db, transactionId))?.effectiveAt.toISOString() : undefined;
    h.clock.advanceMs(3_600_000 + 123);
    const requestedAt = h.clock.now().toISOString();
    expect(Math.abs(h.clock.now().getTime() - Date.now())).toBeGreaterThan(86_400_000); // the premise: far from wall time
    h.guards.events.length = 0;
    const large = (await withdraw(player, '60000.00')).json(); // large: it waits for review
    const row = await withdrawal(large.id);
    const held = await h.connections.db.ledgerHold.findUniqueOrThrow({ where: { id: row.holdId } });
    const requested = h.guards.events.find((e) => e.kind === 'withdrawal' && e.reference === large.id);
    expect({
      ledger: await timeOf(held.reserveTransactionId),
      row: row.createdAt.toISOString(),
      monitoring: requested?.occurredAt.toISOString(),
    }).toEqual({ ledger: requestedAt, row: requestedAt, monitoring: requestedAt });

    h.clock.advanceMs(600_000 + 45);
    const rejectedAt = h.clock.now().toISOString();
    expect(
      (
        await asStaff(h, ['compliance-officer'], 'POST', `/v1/cashier/withdrawals/${large.id}/decision`, {
          decision: 'reject',
          note: 'source of funds unclear',
        })
      ).statusCode,
    ).toBe(200);
    const released = await h.connections.db.ledgerHold.findUniqueOrThrow({ where: { id: row.holdId } });
    const audit = await h.connections.db.auditLogEntry.findFirstOrThrow({
      where: { subjectId: large.id, action: 'cashier.withdrawal.reject' },
    });
    expect({
      ledger: await timeOf(released.resolveTransactionId),
      hold: released.resolvedAt?.toISOString(),
      reviewed: (await withdrawal(large.id)).reviewedAt?.toISOString(),
      audit: audit.at.toISOString(),
    }).toEqual({ ledger: rejectedAt, hold: rejectedAt, reviewed: rejectedAt, audit: rejectedAt });
  });

  it('004:WDR-02 concurrent withdrawals never overdraw: 10 requests of 40 CZK at once against 100 CZK', async () => {
    const player = await funded('100.00');
    const responses = await Promise.all(Array.from({ length: 10 }, () => withdraw(player, '40.00')));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 422, 422, 422, 422, 422, 422, 422, 422]);
    expect(responses.filter((r) => r.statusCode === 422).every((r) => problemType(r) === 'insufficient-funds')).toBe(true);
    expect(await cashBalance(h, player.playerId)).toBe('20.00');
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it('issue 6: a large withdrawal waits for review: rejection returns the funds, approval pays it; the player can cancel until it is sent', async () => {
    const player = await funded('150000.00');
    const first = (await withdraw(player, '60000.00')).json();
    expect(first).toMatchObject({ status: 'IN_REVIEW', reviewReasons: ['amount at least 50000.00 CZK'] });
    const queue = await asStaff(h, ['finance'], 'GET', '/v1/cashier/withdrawals?status=IN_REVIEW');
    expect(queue.json().withdrawals.map((w: { id: string }) => w.id)).toContain(first.id);
    expect(
      (
        await asStaff(h, ['support'], 'POST', `/v1/cashier/withdrawals/${first.id}/decision`, {
          decision: 'approve',
          note: 'documents checked',
        })
      ).statusCode,
    ).toBe(403);
    const rejected = await asStaff(h, ['compliance-officer'], 'POST', `/v1/cashier/withdrawals/${first.id}/decision`, {
      decision: 'reject',
      note: 'source of funds unclear',
    });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', failureReason: 'source of funds unclear' });
    expect(await cashBalance(h, player.playerId)).toBe('150000.00');
    const cancelled = (await withdraw(player, '55000.00')).json();
    expect((await asPlayer(h, player, 'POST', `/v1/withdrawals/${cancelled.id}/cancellation`)).json()).toMatchObject({
      status: 'CANCELLED',
    });
    const approved = (await withdraw(player, '70000.00')).json();
    await asStaff(h, ['finance'], 'POST', `/v1/cashier/withdrawals/${approved.id}/decision`, {
      decision: 'approve',
      note: 'checked',
    });
    await until(approved.id, 'PAID');
    const tooLate = await asPlayer(h, player, 'POST', `/v1/withdrawals/${approved.id}/cancellation`);
    expect(tooLate.json(), tooLate.body).toMatchObject({
      status: 409,
      type: 'https://problems.casino.example/withdrawal-not-cancellable',
    });
    expect(await cashBalance(h, player.playerId)).toBe('80000.00');
  });

  it('004:WDR-03 / T-33 a payout not paid within 14 days is flagged overdue; a failed payout returns the funds', async () => {
    const player = await funded('1000.00');
    await pspSettings(h, { provider: { payoutOutcome: 'manual' } });
    const slow = (await withdraw(player, '100.00')).json();
    await until(slow.id, 'SENT');
    h.clock.advanceDays(15);
    try {
      expect(await flagOverduePayouts(h.cashier)).toBeGreaterThanOrEqual(1);
      expect(
        (await asStaff(h, ['finance'], 'GET', '/v1/cashier/withdrawals?status=overdue'))
          .json()
          .withdrawals.map((w: { id: string }) => w.id),
      ).toContain(slow.id);
    } finally {
      h.clock.advanceDays(-15);
    }
    const payout = (await sandboxCall(h, 'GET', `/control/psp/payouts?reference=${slow.id}`)).json.payouts[0];
    await sandboxCall(h, 'POST', `/control/psp/payouts/${payout.id}/outcome`, { outcome: 'failed' });
    await webhooksDelivered(h);
    expect(await withdrawal(slow.id)).toMatchObject({
      status: 'FAILED',
      failureReason: 'the beneficiary bank rejected the transfer',
    });
    expect(await cashBalance(h, player.playerId)).toBe('1000.00');
  });

  it('issue 6: the payout job is safe to run twice: three runs at once send one payout', async () => {
    const player = await funded('60000.00');
    await pspSettings(h, { provider: { payoutOutcome: 'manual' } });
    const large = (await withdraw(player, '50000.00')).json();
    await asStaff(h, ['finance'], 'POST', `/v1/cashier/withdrawals/${large.id}/decision`, {
      decision: 'approve',
      note: 'documents checked',
    });
    const outcomes = await Promise.all([
      sendPayout(h.cashier, large.id),
      sendPayout(h.cashier, large.id),
      sendPayout(h.cashier, large.id),
    ]);
    expect(outcomes.filter((o) => o === 'sent').length).toBeGreaterThanOrEqual(1);
    await until(large.id, 'SENT');
    expect((await sandboxCall(h, 'GET', `/control/psp/payouts?reference=${large.id}`)).json.payouts).toHaveLength(1);
  });

  it('issue 6: an AML hold appearing after approval stops the payout: the job sends it back to review', async () => {
    const player = await funded('60000.00');
    const large = (await withdraw(player, '50000.00')).json();
    h.guards.payoutHolds.add(player.playerId);
    await asStaff(h, ['finance'], 'POST', `/v1/cashier/withdrawals/${large.id}/decision`, {
      decision: 'approve',
      note: 'documents checked',
    });
    await eventually(async () => ((await withdrawal(large.id)).reviewReasons.length > 1 ? true : undefined), 'payout held');
    expect(await withdrawal(large.id)).toMatchObject({ status: 'IN_REVIEW', sentAt: null });
    expect((await sandboxCall(h, 'GET', `/control/psp/payouts?reference=${large.id}`)).json.payouts).toEqual([]);
    h.guards.payoutHolds.delete(player.playerId);
  });
});

describe('withdrawals: deposits by bank', () => {
  it('issue 6: a bank-account deposit through online banking is credited, and the list shows it', async () => {
    const player = await funded('100.00');
    expect((await deposit(h, player, player.bankMethodId, '2500.00')).statusCode).toBe(201);
    expect(await cashBalance(h, player.playerId)).toBe('2600.00');
  });
});
