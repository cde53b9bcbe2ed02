/** Helpers for the cashier's tests over HTTP: payment methods, the sandbox provider, players with a full account. */
import type { StaffRoleName } from '@casino/compliance';
import { createTestStaff, testSecretBox } from '@casino/compliance/testing';
import { Money, newId, systemClock, type AccountId } from '@casino/core';
import { transaction } from '@casino/db';
import * as ledger from '@casino/ledger';
import {
  applicationFor,
  eventually,
  newPerson,
  registerToTemporaryAccount,
  type Harness,
  type Registered,
} from '@casino/test-support';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

let accountSequence = 0;

/** A valid Czech IBAN (bank 0800), different for every call in this process. */
export function czechIban(): string {
  accountSequence++;
  const bban = `0800000000${String((process.pid * 1000 + accountSequence) % 10_000_000_000).padStart(10, '0')}`;
  const numeric = `${bban}123500`; // C = 12, Z = 35, then 00
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return `CZ${String(98 - remainder).padStart(2, '0')}${bban}`;
}

export function asPlayer(
  h: Harness,
  player: { accessToken: string },
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return h.api.inject({
    method,
    url,
    headers: { authorization: `Bearer ${player.accessToken}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

// One staff user per role set and harness: a staff token's roles are its user's roles now (issue 14 (1)).
const staffUsers = new WeakMap<Harness, Map<string, Promise<string>>>();

function staffUserFor(h: Harness, roles: string[]): Promise<string> {
  const byRoles = staffUsers.get(h) ?? new Map<string, Promise<string>>();
  staffUsers.set(h, byRoles);
  const key = [...roles].sort().join(',');
  const ctx = { db: h.connections.db, clock: systemClock, rules: h.platform.profile.compliance, secrets: testSecretBox };
  if (!byRoles.has(key))
    byRoles.set(
      key,
      createTestStaff(ctx, roles as StaffRoleName[]).then((staff) => staff.staffUserId),
    );
  return byRoles.get(key)!;
}

export async function asStaff(
  h: Harness,
  roles: string[],
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const token = h.admin.issueAccessToken({ audience: 'staff', subject: await staffUserFor(h, roles) });
  return h.admin.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export const key = () => ({ 'idempotency-key': `key-${newId()}` });
export const czk = (amount: string) => ({ amount, currency: 'CZK' });

export async function sandboxCall(
  h: Harness,
  method: Method,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const response = await fetch(`${h.sandboxUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: response.status === 204 ? null : await response.json() };
}

export function pspSettings(h: Harness, settings: { provider?: object; webhooks?: object }) {
  return sandboxCall(h, 'PUT', '/control/psp', settings);
}

/** Waits until the sandbox has delivered every webhook it owes (and the gateway answered). */
/**
 * The sandbox provider as most cashier tests want it: cards pass at once and settle immediately, and its webhooks
 * reach this harness's gateway once each, in order, signed and on time. `provider`: settings on top (a payout outcome).
 */
export function promptProvider(h: Harness, provider: object = {}) {
  return pspSettings(h, {
    provider: { authentication: 'frictionless', frictionlessOutcome: 'pass', settlement: 'immediate', ...provider },
    webhooks: {
      url: `${h.gatewayUrl}/v1/webhooks/sandbox-psp`,
      duplicates: 0,
      reorder: false,
      corruptFirstAttempts: 0,
      timestampSkewSeconds: 0,
    },
  });
}

export async function webhooksDelivered(h: Harness): Promise<void> {
  await eventually(
    async () => ((await sandboxCall(h, 'GET', '/control/psp/deliveries')).json.inFlight === 0 ? true : undefined),
    'webhook deliveries',
  );
}

let cardSequence = 0;

/**
 * A Luhn-valid test card number no other test uses (the provider's fingerprint follows the number,
 * and one card belongs to one account). `5` makes a Mastercard; either is issued in CZ by the sandbox.
 */
export function uniqueCardNumber(first: '4' | '5' = '4'): string {
  cardSequence++;
  const body = `${first}${String(process.pid % 100_000).padStart(5, '0')}${String(cardSequence).padStart(6, '0')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export async function cardToken(
  h: Harness,
  holderName: string,
  number = uniqueCardNumber(),
  expiry = { month: 12, year: 2030 },
): Promise<string> {
  const response = await sandboxCall(h, 'POST', '/psp/card-tokens', {
    number,
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
    holderName,
  });
  if (response.status !== 201) throw new Error(`tokenisation failed: ${JSON.stringify(response.json)}`);
  return response.json.token;
}

export function holderOf(person: { firstName: string; surname: string }): string {
  return `${person.firstName} ${person.surname}`;
}

export interface CashierPlayer extends Registered {
  holderName: string;
  bankMethodId: string;
  iban: string;
}

/** An offline verification transfer from the account (004:PAY-03 (4.3.4.2)); the amount is credited as a deposit. */
export async function verifyByTransfer(
  h: Harness,
  player: Registered,
  methodId: string,
  iban: string,
  holderName: string,
  amount = '100.00',
): Promise<void> {
  const started = await asPlayer(h, player, 'POST', `/v1/payment-methods/${methodId}/verifications`, { via: 'offline-transfer' });
  if (started.statusCode !== 202) throw new Error(`verification failed to start: ${started.body}`);
  await sandboxCall(h, 'POST', '/control/psp/bank-transfers', {
    reference: started.json().transfer.reference,
    payerAccount: iban,
    payerName: holderName,
    amount: czk(amount),
  });
  await webhooksDelivered(h);
}

/** A temporary account with a registered (unverified) bank account. */
export async function temporaryPlayerWithBankAccount(h: Harness): Promise<CashierPlayer> {
  const person = await newPerson(h);
  const registered = await registerToTemporaryAccount(h, applicationFor(person));
  const holderName = holderOf(person);
  const iban = czechIban();
  const method = await asPlayer(h, registered, 'POST', '/v1/payment-methods', { kind: 'bank-account', iban, holderName });
  if (method.statusCode !== 201) throw new Error(`bank account registration failed: ${method.body}`);
  return { ...registered, holderName, bankMethodId: method.json().id, iban };
}

/**
 * A full account: a temporary one whose bank account is verified by an offline transfer (credited as
 * its first deposit); the worker then completes the registration and the balance moves to the cash wallet.
 */
export async function registeredPlayer(h: Harness, firstDeposit = '100.00'): Promise<CashierPlayer> {
  const player = await temporaryPlayerWithBankAccount(h);
  await verifyByTransfer(h, player, player.bankMethodId, player.iban, player.holderName, firstDeposit);
  await eventually(
    async () =>
      (await h.connections.db.player.findUniqueOrThrow({ where: { id: player.playerId } })).state === 'REGISTERED'
        ? true
        : undefined,
    'registration completion',
  );
  return player;
}

export async function cashBalance(h: Harness, playerId: string): Promise<string> {
  const account = await ledger.findAccountByCode(h.connections.db, ledger.playerWalletCode(playerId, 'cash', 'CZK'));
  return account ? (await ledger.balance(h.connections.db, account.id)).toDecimalString() : '0.00';
}

export async function houseAccount(h: Harness): Promise<AccountId> {
  return (await ledger.findAccountByCode(h.connections.db, ledger.operatorAccountCode('game-revenue', 'CZK', 'roulette')))!.id;
}

/** A stake or a win as the game service will post them: a ledger transfer between the wallet and game revenue. */
export async function gameTransfer(h: Harness, playerId: string, kind: 'STAKE' | 'WIN', amount: string): Promise<string> {
  const wallet = (await ledger.findAccountByCode(h.connections.db, ledger.playerWalletCode(playerId, 'cash', 'CZK')))!.id;
  const house = await houseAccount(h);
  const posted = await transaction(h.connections.db, (tx) =>
    ledger.transfer(
      tx,
      {
        idempotencyKey: `game:${newId()}`,
        kind,
        amount: Money.of(amount, 'CZK'),
        debitAccountId: kind === 'STAKE' ? wallet : house,
        creditAccountId: kind === 'STAKE' ? house : wallet,
        metadata: { game: 'roulette' },
      },
      h.clock.now(),
    ),
  );
  return posted.transactionId;
}

/** Deposits through the provider with frictionless authentication and waits for the webhooks. */
export async function deposit(h: Harness, player: Registered, paymentMethodId: string, amount: string) {
  const response = await asPlayer(h, player, 'POST', '/v1/deposits', { paymentMethodId, amount: czk(amount) }, key());
  await webhooksDelivered(h);
  return response;
}

export async function depositRow(h: Harness, depositId: string) {
  return h.connections.db.cashierDeposit.findUniqueOrThrow({ where: { id: depositId } });
}

/** A registered player whose active method is a card verified by a frictionless 3-D Secure check. */
export async function playerWithActiveCard(h: Harness): Promise<CashierPlayer & { cardMethodId: string }> {
  const player = await registeredPlayer(h);
  await pspSettings(h, { provider: { authentication: 'frictionless', frictionlessOutcome: 'pass' } });
  const card = await asPlayer(h, player, 'POST', '/v1/payment-methods', {
    kind: 'card',
    token: await cardToken(h, player.holderName),
  });
  if (card.statusCode !== 201) throw new Error(`card registration failed: ${card.statusCode} ${card.body}`);
  await asPlayer(h, player, 'POST', `/v1/payment-methods/${card.json().id}/verifications`, { via: 'online-transaction' });
  await webhooksDelivered(h);
  const activated = await asPlayer(h, player, 'POST', `/v1/payment-methods/${card.json().id}/activation`);
  if (activated.statusCode !== 200) throw new Error(`card activation failed: ${activated.body}`);
  return { ...player, cardMethodId: card.json().id };
}
