import { DomainError, isDomainError, Money, newId } from '@casino/core';
import { lockPlayer, pgPoolOf, transaction, type Tx } from '@casino/db';
import { capOverrideOf, depositUsage } from './cap-usage.ts';
import { assertWithinCaps, effectiveCaps } from './caps.ts';
import { optional, providerOf, returnUrls, type CashierContext } from './context.ts';
import { takeDepositQuote } from './converted-payments.ts';
import type { ProviderPaymentMethod } from './ports.ts';
import { requestHashOf } from './request-hash.ts';
import type { Instrument } from './rules.ts';
import { depositView, type DepositView } from './views.ts';
import { createDepositWithOneCall } from './create-deposit-one-call.ts';

export interface CreateDepositOptions {
  playerId: string;
  paymentMethodId: string;
  amount: Money;
  idempotencyKey: string;
  /** A `deposit` quote the player saw (002:WAL-06, T-WAL-01): the payment is credited to its wallet at its terms (D-2610). */
  quoteId?: string;
}

type MethodRow = {
  id: string;
  kind: string;
  instrument: string;
  status: string;
  active: boolean;
  providerToken: string | null;
  display: string;
};

/**
 * A deposit intent (issue 6 flow): the checks a player can be told about at once, in the order of
 * docs/cashier.md — account state, method state (the active verified method; on a temporary
 * account any registered one, 004:PAY-08, T-06), the temporary account's cap, the self-limits as
 * they stand (counting nothing) and the method's caps and attempts with intents still on their way
 * counted (so parallel intents cannot pass a cap together) — then the provider is asked to take the
 * payment. Nothing is credited here: the provider's signed webhook does that, with every check
 * again, the self-limits counting the deposit, and AML.
 * The same Idempotency-Key returns the first intent.
 */
export async function createDeposit(
  ctx: CashierContext,
  options: CreateDepositOptions,
): Promise<DepositView & { replayed: boolean }> {
  const requestHash = requestHashOf({
    paymentMethodId: options.paymentMethodId,
    amountMinor: options.amount.toMinor().toString(),
    currency: options.amount.currency,
    ...(options.quoteId ? { quoteId: options.quoteId } : {}),
  });
  // Issue 22 (D-2287): the common case in two round trips on plain `pg`; null: the ORM transaction below.
  if (!options.quoteId && ctx.guards.oneCall) {
    const done = await createDepositWithOneCall(ctx, options, requestHash);
    if (done) return done;
  }
  const intent = await transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, options.playerId);
    const existing = await tx.cashierDeposit.findUnique({
      where: { playerId_idempotencyKey: { playerId: options.playerId, idempotencyKey: options.idempotencyKey } },
    });
    if (existing) {
      if (existing.requestHash !== requestHash)
        throw new DomainError('idempotency-key-reused', 'This Idempotency-Key was used for a different deposit.', {
          field: 'header.idempotency-key',
        });
      return { row: existing, replayed: true };
    }
    return { row: await createIntent(ctx, tx, options, requestHash), replayed: false };
  });
  if (intent.row.status !== 'CREATED') return { ...depositView(intent.row), replayed: intent.replayed };
  return { ...(await sendToProvider(ctx, intent.row.id)), replayed: intent.replayed };
}

async function createIntent(ctx: CashierContext, tx: Tx, options: CreateDepositOptions, requestHash: string) {
  const now = ctx.clock.now();
  if (options.amount.currency !== ctx.currency || !options.amount.isPositive())
    throw new DomainError('validation-failed', `Deposits are positive ${ctx.currency} amounts (004:ACC-02).`, {
      field: 'body.amount',
    });
  const player = await tx.player.findUnique({ where: { id: options.playerId }, select: { state: true, registerStatus: true } });
  if (!player) throw new DomainError('not-found', 'No such player.');
  assertAccountCanDeposit(player);
  const temporary = player.state === 'TEMPORARY';
  const method = await tx.paymentMethod.findFirst({ where: { id: options.paymentMethodId, playerId: options.playerId } });
  if (!method) throw new DomainError('not-found', 'No such payment method.', { field: 'body.paymentMethodId' });
  assertMethodCanDeposit(method, temporary);
  const fxQuoteId = options.quoteId
    ? await takeDepositQuote(ctx, tx, {
        playerId: options.playerId,
        playerState: player.state,
        quoteId: options.quoteId,
        amount: options.amount,
      })
    : null;
  if (temporary) await assertTemporaryCapAllows(tx, options.playerId, options.amount.toMinor(), 'intent');
  await ctx.guards.checkDepositAllowed(tx, { playerId: options.playerId, amount: options.amount });
  const instrument = method.instrument as Instrument;
  const caps = effectiveCaps(
    ctx.rules.caps[instrument].deposit,
    await capOverrideOf(tx, options.playerId, instrument, 'deposit'),
  );
  assertWithinCaps(
    caps,
    options.amount.toMinor(),
    await depositUsage(tx, { playerId: options.playerId, instrument, now, mode: 'intent' }),
    { instrument, direction: 'deposit' },
  );
  return tx.cashierDeposit.create({
    data: {
      id: newId<string>(),
      playerId: options.playerId,
      paymentMethodId: method.id,
      instrument,
      channel: 'CASHLESS',
      amountMinor: options.amount.toMinor(),
      currency: ctx.currency,
      status: 'CREATED',
      temporaryAccount: temporary,
      idempotencyKey: options.idempotencyKey,
      requestHash,
      provider: ctx.providerName,
      expiresAt: new Date(now.getTime() + ctx.rules.depositIntentTtlMinutes * 60_000),
      fxQuoteId,
      createdAt: now,
      updatedAt: now,
    },
  });
}

/** Account state, the first check (004:ACC-03: a listed person cannot use the account; WIN-05: a debt does not stop deposits). */
export function assertAccountCanDeposit(player: { state: string; registerStatus: string }): void {
  if (player.state !== 'REGISTERED' && player.state !== 'TEMPORARY')
    throw new DomainError('account-not-active', `A ${player.state.toLowerCase()} account takes no deposits.`);
  if (player.registerStatus === 'LISTED')
    throw new DomainError('listed-in-register', 'The player is listed in the register of excluded persons (004:ACC-03).');
}

/**
 * Method state, the second check: money comes in only through the active, verified method
 * (004:PAY-01, PAY-08, 002:T-PM-04); a temporary account may use any registered method not
 * rejected or removed (004:PAY-08, T-06; 002:TMP-06).
 */
export function assertMethodCanDeposit(method: Pick<MethodRow, 'status' | 'active'>, temporary: boolean): void {
  if (method.status === 'REJECTED' || method.status === 'REMOVED')
    throw new DomainError('payment-method-not-verified', `The payment method is ${method.status.toLowerCase()}.`, {
      field: 'body.paymentMethodId',
    });
  if (temporary) return;
  if (method.status !== 'VERIFIED')
    throw new DomainError(
      'payment-method-not-verified',
      'Deposits to the account come only from a verified payment method (004:PAY-08).',
      { field: 'body.paymentMethodId' },
    );
  if (!method.active)
    throw new DomainError(
      'payment-method-not-active',
      'Deposits come only through the active payment method; activate it first (004:PAY-09, 002:PM-06).',
      { field: 'body.paymentMethodId' },
    );
}

/**
 * The temporary account's 3,000 CZK lifetime cap (004:TMP-03), checked before self-limits as the
 * order of checks says; at intent time deposits still on their way count too. The players package
 * checks it again, atomically, when it credits the deposit.
 */
export async function assertTemporaryCapAllows(
  tx: Tx,
  playerId: string,
  amountMinor: bigint,
  mode: 'intent' | 'credit',
): Promise<void> {
  const account = await tx.temporaryAccount.findUnique({
    where: { playerId },
    select: { status: true, depositedMinor: true, depositCapMinor: true },
  });
  let pendingMinor = 0n;
  if (account && account.status === 'OPEN' && mode === 'intent') {
    const pending = await tx.cashierDeposit.aggregate({
      where: { playerId, temporaryAccount: true, status: { in: ['CREATED', 'PENDING'] } },
      _sum: { amountMinor: true },
    });
    pendingMinor = pending._sum.amountMinor ?? 0n;
  }
  decideTemporaryCap(account, pendingMinor, amountMinor);
}

/**
 * The temporary account's cap on the rows read (`assertTemporaryCapAllows`, and the one-call deposit request,
 * create-deposit-one-call.ts): deposited + on their way (`pendingMinor`, intent time only) + this one.
 */
export function decideTemporaryCap(
  account: { status: string; depositedMinor: bigint; depositCapMinor: bigint } | null,
  pendingMinor: bigint,
  amountMinor: bigint,
): void {
  if (!account || account.status !== 'OPEN')
    throw new DomainError('account-not-active', 'There is no open temporary account for this player.');
  if (account.depositedMinor + pendingMinor + amountMinor > account.depositCapMinor) {
    const leftMinor = account.depositCapMinor - account.depositedMinor - pendingMinor;
    // The law states the temporary account's cap in CZK (004:TMP-03): CZK here is its own unit.
    const remaining = Money.fromMinor(leftMinor > 0n ? leftMinor : 0n, 'CZK');
    throw new DomainError(
      'temporary-account-deposit-cap',
      `Deposits to a temporary account total at most ${Money.fromMinor(account.depositCapMinor, 'CZK')}; at most ${remaining} more can be deposited (004:TMP-03).`,
      {
        field: 'body.amount',
        extensions: { remaining: remaining.toJSON() },
      },
    );
  }
}

function providerMethod(method: Pick<MethodRow, 'kind' | 'instrument' | 'providerToken' | 'display'>): ProviderPaymentMethod {
  if (method.kind === 'CARD' && method.providerToken) return { type: 'card', token: method.providerToken };
  if (method.kind === 'BANK_ACCOUNT') return { type: 'bank-account' };
  return { type: 'wallet', instrument: method.instrument, account: method.display };
}

/**
 * Asks the provider to take the payment (our deposit id is its idempotency key, so a retry after a
 * lost answer finds the same payment). A decline fails the intent; an unreachable provider leaves it
 * to be retried with the same Idempotency-Key or to expire.
 */
async function sendToProvider(ctx: CashierContext, depositId: string): Promise<DepositView> {
  const deposit = await ctx.db.cashierDeposit.findUniqueOrThrow({ where: { id: depositId } });
  const method = await ctx.db.paymentMethod.findUniqueOrThrow({ where: { id: deposit.paymentMethodId! } });
  return sendIntentToProvider(ctx, { id: deposit.id, amount: depositView(deposit).amount }, method);
}

/**
 * `sendToProvider` on rows the caller holds (the one-call deposit request read them, issue 22, D-2287):
 * the provider's answer is written by one statement (`cashier_deposit_sent`, a named prepared statement on
 * the pool) that returns the deposit as the API answers it.
 */
export async function sendIntentToProvider(
  ctx: CashierContext,
  deposit: { id: string; amount: Money },
  method: Pick<MethodRow, 'kind' | 'instrument' | 'providerToken' | 'display'>,
): Promise<DepositView> {
  let payment: { providerPaymentId: string; redirectUrl: string | null };
  try {
    payment = await providerOf(ctx).createPayment({
      reference: deposit.id,
      amount: deposit.amount,
      method: providerMethod(method),
      ...optional('returnUrl', returnUrls(ctx).deposit(deposit.id)),
    });
  } catch (error) {
    if (isDomainError(error) && error.code === 'payment-declined') {
      await ctx.db.cashierDeposit.updateMany({
        where: { id: deposit.id, status: 'CREATED' },
        data: {
          status: 'FAILED',
          refusalCode: 'payment-declined',
          refusalDetail: error.detail.slice(0, 500),
          updatedAt: ctx.clock.now(),
        },
      });
    }
    throw error;
  }
  const { rows } = await pgPoolOf(ctx.db).query<{ doc: DepositDoc }>({
    name: 'cashier_deposit_sent',
    text: 'SELECT cashier_deposit_sent($1::uuid, $2, $3, $4::timestamptz) AS doc',
    values: [deposit.id, payment.providerPaymentId, payment.redirectUrl, ctx.clock.now()],
  });
  return depositView(depositRowOf(rows[0]!.doc));
}

/** `cashier_deposit_doc`'s document (migration 20261208030000): a deposit's row as the API answers it. */
export interface DepositDoc {
  id: string;
  player_id: string;
  payment_method_id: string | null;
  instrument: string;
  channel: string;
  amount_minor: string;
  currency: string;
  status: string;
  redirect_url: string | null;
  refusal_code: string | null;
  refusal_detail: string | null;
  created_at: string;
  credited_at: string | null;
  request_hash: string;
}

export function depositRowOf(doc: DepositDoc): Parameters<typeof depositView>[0] & { requestHash: string } {
  return {
    id: doc.id,
    playerId: doc.player_id,
    paymentMethodId: doc.payment_method_id,
    instrument: doc.instrument,
    channel: doc.channel,
    amountMinor: BigInt(doc.amount_minor),
    currency: doc.currency,
    status: doc.status,
    redirectUrl: doc.redirect_url,
    refusalCode: doc.refusal_code,
    refusalDetail: doc.refusal_detail,
    createdAt: new Date(doc.created_at),
    creditedAt: doc.credited_at === null ? null : new Date(doc.credited_at),
    requestHash: doc.request_hash,
  };
}
