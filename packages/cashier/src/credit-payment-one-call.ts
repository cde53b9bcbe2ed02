import { assert, countBusinessEvent, isDomainError, Money, newId, type AccountId, type CurrencyCode } from '@casino/core';
import { pgPoolOf, playerLockKey, retryingAbortedTransactions } from '@casino/db';
import * as ledger from '@casino/ledger';
import type { ProviderEventDelivery } from './apply-provider-event.ts';
import { depositRuleBonus } from './bonuses.ts';
import { capWindowsOf, depositUsageOf, type DepositUsageRow } from './cap-usage.ts';
import { assertWithinCaps, effectiveCaps, type CapOverride } from './caps.ts';
import type { CashierContext } from './context.ts';
import { assertAccountCanDeposit, assertMethodCanDeposit } from './create-deposit.ts';
import type { DepositOneCallGuards } from './ports.ts';
import type { PaymentEventDataSchema } from './provider-events.ts';
import type { Instrument } from './rules.ts';
import type { z } from 'zod';

type PaymentData = z.infer<typeof PaymentEventDataSchema>;
type Json = Record<string, unknown>;

/**
 * A payment event that credits a deposit in two statements (issue 22, D-2280; migration
 * 20261206020000_deposit_credit_one_call): `cashier_deposit_read` answers a recorded event at once,
 * else returns every row the credit decides on and their md5; the rules decide here, exactly as
 * `creditDeposit`'s (the same functions); `cashier_deposit_credit` records the event, takes the
 * deposit's and the player's locks, reads the rows again and writes only if their md5 is the one
 * decided on (else CSH01: read and decide again). Each statement is its own database transaction:
 * two round trips, no lock held between them, no ORM.
 *
 * Only the common case takes this path: a deposit of this provider in the profile's currency not
 * credited yet, an amount that matches, every check passed, a registered player's existing cash
 * wallet, no debt to repay, no deposit bonus, no card to verify by this payment. Anything else (a
 * refusal, a temporary account, an unmatched or stale event) answers `null` having written nothing:
 * the caller runs the ORM transaction (apply-provider-event.ts), which handles every case.
 */
export async function creditPaymentWithOneCall(
  ctx: CashierContext,
  delivery: ProviderEventDelivery,
  event: { type: 'payment.authorized' | 'payment.settled'; data: PaymentData },
): Promise<{ outcome: 'applied' | 'duplicate' } | null> {
  const guards = ctx.guards.oneCall;
  if (!guards) return null;
  const pool = pgPoolOf(ctx.db);
  for (let attempt = 0; attempt < readAttemptsMax; attempt++) {
    const at = ctx.clock.now();
    const windows = readArguments(ctx, guards, delivery, event.data.reference, at);
    const { rows } = await pool.query<{ doc: Json }>({ name: 'cashier_deposit_read', text: readSql, values: windows });
    const doc = rows[0]!.doc;
    if (doc.recorded === true) return { outcome: 'duplicate' };
    const decided = decide(ctx, guards, event, doc.state as Json, at);
    if (decided === null) return null;
    const values = [
      delivery.provider,
      delivery.eventId,
      delivery.type,
      JSON.stringify(delivery.payload),
      ...windows.slice(2),
      doc.state_md5,
      ...decided.values,
    ];
    assert(values.length === creditArgumentCount, `cashier_deposit_credit takes ${creditArgumentCount} arguments`);
    try {
      // A deadlock or serialization failure rolled the statement back whole: it runs again as it is.
      const credited = await retryingAbortedTransactions(() =>
        pool.query<{ outcome: 'applied' | 'duplicate' }>({ name: 'cashier_deposit_credit', text: creditSql, values }),
      );
      const outcome = credited.rows[0]!.outcome;
      if (outcome === 'applied') countOneCallCredit(decided);
      return { outcome };
    } catch (error) {
      if ((error as { code?: string }).code === stateChangedCode) continue; // decided on rows another transaction changed
      throw ledger.ledgerErrorOf(error, decided.key);
    }
  }
  return null; // the rows keep changing under us: the ORM path waits for the locks instead
}

/** Reads after which a changed state gives way to the ORM path (each retry means another transaction changed the rows). */
const readAttemptsMax = 3;
/** cashier_deposit_credit's refusal when the rows changed between the read and the locks. */
const stateChangedCode = 'CSH01';
const creditArgumentCount = 33;

const readSql =
  'SELECT cashier_deposit_read($1, $2, $3::uuid, $4, $5::timestamptz, $6::date, $7::date, $8::date, $9::timestamptz, $10::timestamptz, $11::timestamptz) AS doc';
const creditSql = `SELECT cashier_deposit_credit(${Array.from({ length: creditArgumentCount }, (_, i) => `$${i + 1}`).join(', ')}) AS outcome`;

let committedCount = 0;

/** Credits this process committed through this path (tests prove a case took it; not a metric). */
export function oneCallCreditCount(): number {
  return committedCount;
}

/** A credit committed by another path of this file's (the batch, credit-payment-batch.ts): counted as this one counts. */
export function countOneCallCredit(decided: Decided): void {
  committedCount++;
  countBusinessEvent('deposit-credited', decided.channel);
  countBusinessEvent('ledger-posting', 'DEPOSIT');
}

/** cashier_deposit_read's arguments; from the third on they are also cashier_deposit_credit's 5th to 13th. */
export function readArguments(
  ctx: CashierContext,
  guards: DepositOneCallGuards,
  delivery: ProviderEventDelivery,
  depositId: string,
  at: Date,
): unknown[] {
  const limits = guards.limitsReadArguments(at);
  const caps = capWindowsOf(at);
  // One 24-hour window for the caps and AML (both 24 hours before `at`); the function reads both with it.
  assert(guards.amlWindowStart(at).getTime() === caps.since24h.getTime(), "AML's window is the caps' 24 hours");
  return [
    delivery.provider,
    delivery.eventId,
    depositId,
    ledger.paymentProviderClearingCode(delivery.provider, ctx.currency),
    at,
    limits.day,
    limits.week,
    limits.month,
    caps.since30d,
    caps.since7d,
    caps.since24h,
  ];
}

export interface Decided {
  key: string;
  channel: string;
  /** cashier_deposit_credit's arguments after the md5: status … outbox payload. */
  values: unknown[];
}

/**
 * `onPaymentEvent` → `confirmPayment` → `creditDeposit` on the document, in their order; null where
 * they would do anything but credit the deposit (a refusal included: the ORM path refuses it).
 */
export function decide(
  ctx: CashierContext,
  guards: DepositOneCallGuards,
  event: { type: 'payment.authorized' | 'payment.settled'; data: PaymentData },
  state: Json,
  at: Date,
): Decided | null {
  const deposit = state.deposit as Json | null;
  if (!deposit || deposit.currency !== ctx.currency || event.data.amount.currency !== ctx.currency) return null;
  if (!['CREATED', 'PENDING', 'EXPIRED'].includes(deposit.status as string)) return null;
  const playerId = deposit.player_id as string;
  assert(state.lock_key === playerLockKey(playerId), 'cashier_deposit_state locks the player as lockPlayer does');
  const amount = Money.fromMinor(BigInt(deposit.amount_minor as string), ctx.currency);
  const method = state.method as Json | null;
  if (event.data.threeDSecure === 'passed' && method && verifiesCard(method)) return null;
  if (!Money.of(event.data.amount.amount, event.data.amount.currency as CurrencyCode).equals(amount)) return null;
  const player = state.player as Json;
  if (player.state === 'TEMPORARY') return null;
  const accounts = accountsOf(state, playerId, ctx.currency);
  if (!accounts || depositRuleBonus(ctx, { amount, temporary: false })) return null;
  const request = { playerId, reference: deposit.id as string, amount };
  const instrument = deposit.instrument as Instrument;
  let countArguments: unknown[];
  let aml: { dueDiligenceApplied: boolean };
  try {
    assertAccountCanDeposit({ state: player.state as string, registerStatus: player.register_status as string });
    // The intent was checked against the active method; a switch since then does not undo a confirmed payment.
    if (method) assertMethodCanDeposit({ status: method.status as string, active: true }, false);
    countArguments = guards.decideDeposit(request, at, state.limits as Json);
    const caps = effectiveCaps(ctx.rules.caps[instrument].deposit, capOverrideOf(state.cap_override as Json | null));
    // Attempts were counted when the payment was asked for; here only amounts and completed counts.
    assertWithinCaps({ ...caps, attempts24hMax: null }, amount.toMinor(), depositUsageOf(state.usage as DepositUsageRow), {
      instrument,
      direction: 'deposit',
    });
    aml = guards.decideAml(amlFacts(state, player), amount);
  } catch (error) {
    if (isDomainError(error) && error.status < 500) return null; // refused: the ORM path records the refusal
    throw error;
  }
  const key = `cashier-deposit:${request.reference}`;
  const metadata = {
    depositId: request.reference,
    channel: deposit.channel as string,
    instrument,
    paymentMethodId: deposit.payment_method_id as string | null,
  };
  const posting = ledger.transferPostArguments(
    {
      idempotencyKey: key,
      kind: 'DEPOSIT',
      debitAccountId: accounts.clearing,
      creditAccountId: accounts.wallet,
      amount,
      metadata,
    },
    at,
  );
  assert(
    posting[1] === key && posting[3] === 'DEPOSIT' && posting[6] === null,
    "ledger_post's arguments are (id, key, hash, kind, …)",
  );
  const monitoring = guards.monitoringMessage({
    kind: 'deposit',
    playerId,
    occurredAt: at,
    amount: amount.toJSON(),
    outcome: 'succeeded',
    paymentMethodId: (deposit.payment_method_id as string | null) ?? null,
    reference: request.reference,
  });
  assert(monitoring !== null, 'a credited deposit is monitored');
  return {
    key,
    channel: deposit.channel as string,
    values: [
      event.type === 'payment.authorized' ? 'AUTHORIZED' : 'SETTLED',
      event.data.threeDSecure ?? null,
      event.data.paymentId,
      aml.dueDiligenceApplied,
      ...countArguments,
      posting[0],
      posting[1],
      posting[2],
      posting[4],
      posting[7],
      newId(),
      monitoring.topic,
      JSON.stringify(monitoring.payload),
    ],
  };
}

/** 004:PAY-04: a card this payment's 3-D Secure would verify (verifyCardByPayment): the ORM path does it. */
function verifiesCard(method: Json): boolean {
  return (
    method.kind === 'CARD' &&
    method.holder_name_exact === true &&
    (method.status === 'REGISTERED' || method.status === 'VERIFICATION_PENDING')
  );
}

/** The wallet and clearing account; null when the wallet is not opened yet or a debt waits to be repaid (the ORM path). */
function accountsOf(state: Json, playerId: string, currency: CurrencyCode): { wallet: AccountId; clearing: AccountId } | null {
  const wallet = state.wallet as { id: string; code: string } | null;
  const debt = state.debt as { balance_minor: string } | null;
  const clearing = state.clearing as string | null;
  if (!wallet || !clearing || (debt && BigInt(debt.balance_minor) > 0n)) return null;
  assert(wallet.code === ledger.playerWalletCode(playerId, 'cash', currency), 'the cash wallet of the player, by purpose');
  return { wallet: wallet.id as AccountId, clearing: clearing as AccountId };
}

const bigOrNull = (value: unknown): bigint | null => (value === null || value === undefined ? null : BigInt(value as string));

/** A `cashier_cap_override` row as a document (snake case, money as text) as the caps read it. */
export function capOverrideOf(row: Json | null): CapOverride | null {
  if (!row) return null;
  return {
    perTransactionMinorMin: bigOrNull(row.per_transaction_minor_min),
    perTransactionMinorMax: bigOrNull(row.per_transaction_minor_max),
    rolling24hMinorMax: bigOrNull(row.rolling_24h_minor_max),
    rolling7dMinorMax: bigOrNull(row.rolling_7d_minor_max),
    rolling30dMinorMax: bigOrNull(row.rolling_30d_minor_max),
    attempts24hMax: (row.attempts_24h_max as number | null) ?? null,
    count24hMax: (row.count_24h_max as number | null) ?? null,
  };
}

function amlFacts(state: Json, player: Json) {
  const aml = state.aml as {
    threshold_minor: string | null;
    earlier: Array<{ currency: string; total: string }>;
    open_demand: boolean;
  };
  return {
    thresholdMinor: bigOrNull(aml.threshold_minor),
    earlier: aml.earlier.map((row) => Money.fromMinor(BigInt(row.total), row.currency as CurrencyCode)),
    identityStatus: (player.identity_status as string | null) ?? null,
    openDemand: aml.open_demand,
  };
}
