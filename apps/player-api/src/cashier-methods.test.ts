import { findVerifiedBankAccount, rejectOverdueVerifications, runCashierDeadlines } from '@casino/cashier';
import * as ledger from '@casino/ledger';
import { cancelExpiredTemporaryAccounts } from '@casino/players';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asPlayer,
  asStaff,
  cardToken,
  czechIban,
  uniqueCardNumber,
  pspSettings,
  registeredPlayer,
  sandboxCall,
  temporaryPlayerWithBankAccount,
  verifyByTransfer,
  webhooksDelivered,
  type CashierPlayer,
} from './cashier-test-support.ts';
import { eventually, startHarness, type Harness } from '@casino/test-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(async () => {
  await pspSettings(h, { provider: { authentication: 'challenge', payoutOutcome: 'paid' } });
});
afterAll(async () => {
  await h?.close();
});

const method = (id: string) => h.connections.db.paymentMethod.findUniqueOrThrow({ where: { id } });

async function registerCard(player: CashierPlayer, number = uniqueCardNumber(), holderName = player.holderName) {
  const response = await asPlayer(h, player, 'POST', '/v1/payment-methods', {
    kind: 'card',
    token: await cardToken(h, holderName, number),
  });
  return response;
}

/** The cardholder completes (or fails) the 3-D Secure check at the provider. */
async function verifyCard(player: CashierPlayer, methodId: string, outcome: 'pass' | 'fail') {
  const started = await asPlayer(h, player, 'POST', `/v1/payment-methods/${methodId}/verifications`, {
    via: 'online-transaction',
  });
  expect(started.statusCode).toBe(202);
  const redirect = new URL(started.json().redirectUrl);
  await sandboxCall(h, 'POST', redirect.pathname, { outcome });
  await webhooksDelivered(h);
}

describe('payment methods: the state machine', () => {
  it('004:PAY-10 / PAY-07 / T-36 registered → verification pending → rejected when the deadline passes unverified, each change recorded', async () => {
    const player = await registeredPlayer(h);
    const number = uniqueCardNumber();
    const card = await registerCard(player, number);
    expect(card.statusCode).toBe(201);
    expect(card.json()).toMatchObject({
      kind: 'card',
      status: 'REGISTERED',
      active: false,
      card: { brand: 'visa', last4: number.slice(-4) },
      display: `VISA •••• ${number.slice(-4)}`,
    });
    expect(JSON.stringify(await method(card.json().id))).not.toContain(number.slice(0, 12)); // 004:PAY-06
    await asPlayer(h, player, 'POST', `/v1/payment-methods/${card.json().id}/verifications`, { via: 'online-transaction' });
    expect((await method(card.json().id)).status).toBe('VERIFICATION_PENDING');
    h.clock.advanceDays(29);
    expect(await rejectOverdueVerifications(h.cashier)).toBe(0);
    h.clock.advanceDays(2);
    try {
      expect(await rejectOverdueVerifications(h.cashier)).toBeGreaterThanOrEqual(1);
      expect(await method(card.json().id)).toMatchObject({ status: 'REJECTED', active: false });
      const history = await h.connections.db.paymentMethodTransition.findMany({
        where: { paymentMethodId: card.json().id },
        orderBy: { id: 'asc' },
      });
      expect(history.map((t) => [t.fromStatus, t.toStatus, t.actor])).toEqual([
        [null, 'REGISTERED', 'player'],
        ['REGISTERED', 'VERIFICATION_PENDING', 'player'],
        ['VERIFICATION_PENDING', 'REJECTED', 'system:verification-deadline'],
      ]);
    } finally {
      h.clock.advanceDays(-31);
    }
  });

  it('004:PAY-04 / T-34 a card that fails 3-D Secure stays pending; passing it verifies the card', async () => {
    const player = await registeredPlayer(h);
    const card = (await registerCard(player)).json();
    await verifyCard(player, card.id, 'fail');
    expect((await method(card.id)).status).toBe('VERIFICATION_PENDING');
    await verifyCard(player, card.id, 'pass');
    expect(await method(card.id)).toMatchObject({
      status: 'VERIFIED',
      verificationMethod: 'online-transaction',
      verifiedBy: 'provider:sandbox-psp',
    });
  });

  it('004:PAY-09 / T-30 / 002:PM-06 three methods, two verified: one active at a time; activating the second deactivates the first; an unverified one cannot be activated', async () => {
    const player = await registeredPlayer(h);
    const card = (await registerCard(player)).json();
    await verifyCard(player, card.id, 'pass');
    const paypal = await asPlayer(h, player, 'POST', '/v1/payment-methods', {
      kind: 'other',
      instrument: 'paypal',
      account: 'jan.novak@example.cz',
      holderName: player.holderName,
      issuerCountry: 'LU',
    });
    expect(paypal.statusCode).toBe(201);
    const active = async () =>
      (await asPlayer(h, player, 'GET', '/v1/payment-methods'))
        .json()
        .paymentMethods.filter((m: { active: boolean }) => m.active)
        .map((m: { id: string }) => m.id);
    expect(await active()).toEqual([player.bankMethodId]);
    expect((await asPlayer(h, player, 'POST', `/v1/payment-methods/${card.id}/activation`)).statusCode).toBe(200);
    expect(await active()).toEqual([card.id]);
    const refused = await asPlayer(h, player, 'POST', `/v1/payment-methods/${paypal.json().id}/activation`);
    expect(refused.json()).toMatchObject({ status: 422, type: 'https://problems.casino.example/payment-method-not-verified' });
    expect(await active()).toEqual([card.id]);
  });

  it('004:PAY-05 / T-34 a renewed card with the same holder needs no new verification; with another holder it is pending again', async () => {
    const player = await registeredPlayer(h);
    const number = uniqueCardNumber('5');
    const card = (await registerCard(player, number)).json();
    await verifyCard(player, card.id, 'pass');
    const renewed = await asPlayer(h, player, 'PUT', `/v1/payment-methods/${card.id}/card`, {
      token: await cardToken(h, player.holderName, number, { month: 3, year: 2033 }),
    });
    expect(renewed.json()).toMatchObject({ status: 'VERIFIED', card: { expiryMonth: 3, expiryYear: 2033 } });
    const otherHolder = player.holderName.replace('Test', 'Tést'); // the same name only without diacritics: another holder on the card
    const reissued = await asPlayer(h, player, 'PUT', `/v1/payment-methods/${card.id}/card`, {
      token: await cardToken(h, otherHolder, number, { month: 4, year: 2034 }),
    });
    expect(reissued.json()).toMatchObject({ status: 'VERIFICATION_PENDING', active: false });
    const differentCard = await asPlayer(h, player, 'PUT', `/v1/payment-methods/${card.id}/card`, {
      token: await cardToken(h, player.holderName),
    });
    expect(differentCard.json()).toMatchObject({ status: 400, field: 'body.token' });
  });
});

describe('payment methods: what may be registered', () => {
  it('004:PAY-06 / T-35 a card number is refused before anything is stored; a card image is refused, not stored, and the method must be registered again', async () => {
    const player = await registeredPlayer(h);
    const before = await h.connections.db.paymentMethod.count();
    const withNumber = await asPlayer(h, player, 'POST', '/v1/payment-methods', {
      kind: 'card',
      token: 'tok_x',
      number: '4242 4242 4242 4242',
    });
    expect(withNumber.json()).toMatchObject({ status: 422, type: 'https://problems.casino.example/card-data-refused' });
    expect(await h.connections.db.paymentMethod.count()).toBe(before);
    const card = (await registerCard(player)).json();
    const photo = await asPlayer(h, player, 'POST', `/v1/payment-methods/${card.id}/documents`, {
      kind: 'card-photo',
      contentType: 'image/jpeg',
      contentBase64: Buffer.from('jpeg bytes').toString('base64'),
    });
    expect(photo.json()).toMatchObject({ status: 422, type: 'https://problems.casino.example/card-data-refused' });
    expect(await method(card.id)).toMatchObject({ status: 'REJECTED' });
    const number = uniqueCardNumber();
    const statement = await registerCard(player, number);
    const withPan = await asPlayer(h, player, 'POST', `/v1/payment-methods/${statement.json().id}/documents`, {
      kind: 'card-statement',
      contentType: 'text/plain',
      contentBase64: Buffer.from(`Card ${number.match(/.{4}/g)!.join(' ')}, holder Test`).toString('base64'),
    });
    expect(withPan.json().type).toBe('https://problems.casino.example/card-data-refused');
    expect(
      await h.connections.db.paymentMethodDocument.count({ where: { paymentMethodId: { in: [card.id, statement.json().id] } } }),
    ).toBe(0);
  });

  it('004:PAY-02 / T-37 / 002:PM-04 / T-PM-03 a bank account outside the Czech Republic and a card issued outside the EU/EEA are refused', async () => {
    const player = await registeredPlayer(h);
    const german = await asPlayer(h, player, 'POST', '/v1/payment-methods', {
      kind: 'bank-account',
      iban: 'DE89370400440532013000',
      holderName: player.holderName,
    });
    expect(german.json()).toMatchObject({
      status: 422,
      type: 'https://problems.casino.example/payment-method-not-eligible',
      field: 'body.iban',
    });
    const american = await registerCard(player, '4000000000000077');
    expect(american.json()).toMatchObject({ status: 422, type: 'https://problems.casino.example/payment-method-not-eligible' });
    const invalid = await asPlayer(h, player, 'POST', '/v1/payment-methods', {
      kind: 'bank-account',
      iban: 'CZ0000000000000000000000',
      holderName: player.holderName,
    });
    expect(invalid.json()).toMatchObject({ status: 400, field: 'body.iban' });
  });

  it('002:PM-05 / AMB-NAME another holder is refused; a name equal only without diacritics waits for staff, who verify it', async () => {
    const player = await registeredPlayer(h);
    const stranger = await asPlayer(h, player, 'POST', '/v1/payment-methods', {
      kind: 'bank-account',
      iban: czechIban(),
      holderName: 'Karel Someone',
    });
    expect(stranger.json()).toMatchObject({
      status: 422,
      type: 'https://problems.casino.example/holder-name-mismatch',
      field: 'body.holderName',
    });
    const iban = czechIban();
    const loose = await asPlayer(h, player, 'POST', '/v1/payment-methods', {
      kind: 'bank-account',
      iban,
      holderName: player.holderName.replace('Test', 'Tést'),
    });
    expect(loose.statusCode).toBe(201);
    await verifyByTransfer(h, player, loose.json().id, iban, player.holderName);
    expect((await method(loose.json().id)).status).toBe('VERIFICATION_PENDING'); // not automatically
    const queue = await asStaff(h, ['support'], 'GET', '/v1/cashier/payment-methods/review-queue');
    expect(queue.json().paymentMethods.map((m: { id: string }) => m.id)).toContain(loose.json().id);
    const decided = await asStaff(
      h,
      ['support'],
      'POST',
      `/v1/cashier/payment-methods/${loose.json().id}/verification-decision`,
      { decision: 'approve', reason: 'name differs only in diacritics' },
    );
    expect(decided.json()).toEqual({ status: 'VERIFIED' });
  });

  it('004:PAY-03 / REG-06 / IDV-07 / 002:T-PM-01 / T-PM-02 / AMB-PROOF-TYPE documents reviewed by staff: approve verifies, reject records the reason; only reviewer roles decide', async () => {
    const player = await registeredPlayer(h);
    const registerBank = async () =>
      (
        await asPlayer(h, player, 'POST', '/v1/payment-methods', {
          kind: 'bank-account',
          iban: czechIban(),
          holderName: player.holderName,
        })
      ).json().id as string;
    const [first, second] = [await registerBank(), await registerBank()];
    const statement = {
      kind: 'account-statement',
      contentType: 'text/plain',
      contentBase64: Buffer.from(`Statement, holder ${player.holderName}`).toString('base64'),
    };
    for (const id of [first, second])
      expect((await asPlayer(h, player, 'POST', `/v1/payment-methods/${id}/documents`, statement)).statusCode).toBe(201);
    const wrongProof = await asPlayer(h, player, 'POST', `/v1/payment-methods/${first}/documents`, {
      ...statement,
      kind: 'screenshot',
    });
    expect(wrongProof.json()).toMatchObject({ status: 400, field: 'body.kind' }); // 002:AMB-PROOF-TYPE
    const queue = (await asStaff(h, ['compliance-officer'], 'GET', '/v1/cashier/payment-methods/review-queue')).json()
      .paymentMethods;
    const queued = queue.find((m: { id: string }) => m.id === first);
    const content = await asStaff(
      h,
      ['support'],
      'GET',
      `/v1/cashier/payment-methods/${first}/documents/${queued.documents[0].id}`,
    );
    expect(Buffer.from(content.json().contentBase64, 'base64').toString()).toContain(player.holderName);
    expect(
      (
        await asStaff(h, ['finance'], 'POST', `/v1/cashier/payment-methods/${first}/verification-decision`, {
          decision: 'approve',
          reason: 'statement matches',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await asStaff(h, ['support'], 'POST', `/v1/cashier/payment-methods/${first}/verification-decision`, {
          decision: 'approve',
          reason: 'statement matches',
        })
      ).json(),
    ).toEqual({ status: 'VERIFIED' });
    expect(
      (
        await asStaff(h, ['support'], 'POST', `/v1/cashier/payment-methods/${second}/verification-decision`, {
          decision: 'reject',
          reason: 'statement is for another account',
        })
      ).json(),
    ).toEqual({ status: 'REJECTED' });
    expect(await method(second)).toMatchObject({ status: 'REJECTED', rejectionReason: 'statement is for another account' });
  });
});

describe('payment methods and registration', () => {
  it("004:REG-23 / REG-24 / REG-25 / TMP-07 / AMB-08 / ACC-02 / 002:REG-02 / REG-04 / TMP-05 / PM-01 verifying a temporary account's bank account completes the registration; the balance moves to the account", async () => {
    const player = await temporaryPlayerWithBankAccount(h);
    await verifyByTransfer(h, player, player.bankMethodId, player.iban, player.holderName, '250.00');
    await eventually(
      async () =>
        (await h.connections.db.player.findUniqueOrThrow({ where: { id: player.playerId } })).state === 'REGISTERED'
          ? true
          : undefined,
      'completion',
    );
    const cash = (await ledger.findAccountByCode(h.connections.db, ledger.playerWalletCode(player.playerId, 'cash', 'CZK')))!;
    expect((await ledger.balance(h.connections.db, cash.id)).toDecimalString()).toBe('250.00');
    expect(await method(player.bankMethodId)).toMatchObject({
      status: 'VERIFIED',
      active: true,
      verificationMethod: 'offline-transfer',
    });
  });

  it("004:TMP-09 / T-09 a cancelled temporary account's refund is paid to its verified bank account by the payout job", async () => {
    const player = await temporaryPlayerWithBankAccount(h);
    // A screening hit keeps the account temporary although its bank account gets verified.
    await h.connections.db.player.update({ where: { id: player.playerId }, data: { screeningStatus: 'HIT' } });
    await verifyByTransfer(h, player, player.bankMethodId, player.iban, player.holderName, '300.00');
    expect((await method(player.bankMethodId)).status).toBe('VERIFIED');
    h.clock.advanceDays(31);
    try {
      await cancelExpiredTemporaryAccounts(h.ctx, findVerifiedBankAccount);
      expect(
        await h.connections.db.temporaryAccountRefund.findUniqueOrThrow({ where: { playerId: player.playerId } }),
      ).toMatchObject({ status: 'BANK_TRANSFER_QUEUED', amountMinor: 30_000n });
      expect((await runCashierDeadlines(h.cashier)).temporaryRefunds).toBe(1);
      await eventually(
        async () =>
          (await h.connections.db.temporaryAccountRefund.findUniqueOrThrow({ where: { playerId: player.playerId } })).status ===
          'PAID'
            ? true
            : undefined,
        'refund paid',
      );
      const payouts = (await sandboxCall(h, 'GET', '/control/psp/payouts')).json.payouts.filter(
        (p: { destination: { iban: string } }) => p.destination.iban === player.iban,
      );
      expect(payouts).toHaveLength(1);
      expect(payouts[0].amount).toEqual({ amount: '300.00', currency: 'CZK' });
      expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
    } finally {
      h.clock.advanceDays(-31);
    }
  });
});
