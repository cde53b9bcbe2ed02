import { DomainError, newId } from '@casino/core';
import { pgBatchedTransaction, playerLockKey, rollBack } from '@casino/db';
import { capWindowsOf, depositUsageOf, type DepositUsageRow } from './cap-usage.ts';
import { assertWithinCaps, effectiveCaps } from './caps.ts';
import type { CashierContext } from './context.ts';
import {
  assertAccountCanDeposit,
  assertMethodCanDeposit,
  decideTemporaryCap,
  depositRowOf,
  sendIntentToProvider,
  type CreateDepositOptions,
  type DepositDoc,
} from './create-deposit.ts';
import { capOverrideOf } from './credit-payment-one-call.ts';
import type { Instrument } from './rules.ts';
import { depositView, type DepositView } from './views.ts';

/**
 * The player API's deposit request in three round trips (issue 22, D-2287), no ORM: BEGIN with
 * `cashier_deposit_intent_begin` (the player lock, the Idempotency-Key's earlier intent, the account, the
 * method, the temporary account, the self-limits' rows, the cap override and the caps' usage with intents on
 * their way), the intent's INSERT with COMMIT (`pgBatchedTransaction`), then, after the provider took the
 * payment, `cashier_deposit_sent` (one UPDATE instead of sendToProvider's three reads and two updates). The
 * rules decide in between with `createIntent`'s own functions, in its order: validation, the account
 * (`assertAccountCanDeposit`), the method (`assertMethodCanDeposit`), the temporary account's cap
 * (`decideTemporaryCap`), the self-limits (`checkDeposit`'s rules through the guards' `decideDeposit`,
 * counting nothing), the method's caps (`effectiveCaps`, `assertWithinCaps`).
 *
 * Only the common case: a new Idempotency-Key, no FX quote, the cashier's own guards (`oneCall`). An earlier
 * intent of the key that was never sent to the provider, and everything else, answers null having written
 * nothing: the caller runs the ORM transaction, which handles every case.
 */

let committedCount = 0;

/** Deposit requests this process committed through this path (tests prove a case took it; not a metric). */
export function oneCallDepositRequestCount(): number {
  return committedCount;
}

const beginSql = 'SELECT cashier_deposit_intent_begin($1::jsonb) AS doc';
const insertSql = `INSERT INTO cashier_deposit (id, player_id, payment_method_id, instrument, channel, amount_minor, currency, status,
                             temporary_account, idempotency_key, request_hash, provider, expires_at, created_at, updated_at)
  VALUES ($1::uuid, $2::uuid, $3::uuid, $4, 'CASHLESS', $5::bigint, $6, 'CREATED', $7::boolean, $8, $9, $10, $11::timestamptz,
          $12::timestamptz, $12::timestamptz)
  RETURNING cashier_deposit_doc(cashier_deposit.*) AS doc`;

type Json = Record<string, unknown>;

interface Begun {
  existing: DepositDoc | null;
  player: { state: string; register_status: string } | null;
  method: {
    id: string;
    kind: string;
    instrument: string;
    status: string;
    active: boolean;
    provider_token: string | null;
    display: string;
  } | null;
  temporary: { status: string; deposited_minor: string; deposit_cap_minor: string; pending_minor: string } | null;
  limits: Json;
  cap_override: Json | null;
  usage: DepositUsageRow | null;
}

export async function createDepositWithOneCall(
  ctx: CashierContext,
  options: CreateDepositOptions,
  requestHash: string,
): Promise<(DepositView & { replayed: boolean }) | null> {
  const guards = ctx.guards.oneCall;
  if (!guards || options.quoteId) return null;
  const at = ctx.clock.now();
  const periods = guards.limitsReadArguments(at);
  const windows = capWindowsOf(at);
  let replayed: (DepositView & { replayed: boolean }) | null = null;
  const outcome = await pgBatchedTransaction(ctx.db, async (tx) => {
    replayed = null;
    const rows = await tx.begin<{ doc: Begun }>(beginSql, [
      JSON.stringify({
        player_id: options.playerId,
        lock_key: playerLockKey(options.playerId),
        idempotency_key: options.idempotencyKey,
        payment_method_id: options.paymentMethodId,
        at: at.toISOString(),
        ...periods,
        since30d: windows.since30d.toISOString(),
        since7d: windows.since7d.toISOString(),
        since24h: windows.since24h.toISOString(),
      }),
    ]);
    const read = rows[0]!.doc;
    if (read.existing) {
      const row = depositRowOf(read.existing);
      if (row.requestHash !== requestHash)
        throw new DomainError('idempotency-key-reused', 'This Idempotency-Key was used for a different deposit.', {
          field: 'header.idempotency-key',
        });
      if (row.status === 'CREATED') return rollBack; // never reached the provider: the ORM path sends it again
      replayed = { ...depositView(row), replayed: true };
      return rollBack;
    }
    // createIntent's checks, in its order.
    if (options.amount.currency !== ctx.currency || !options.amount.isPositive())
      throw new DomainError('validation-failed', `Deposits are positive ${ctx.currency} amounts (004:ACC-02).`, {
        field: 'body.amount',
      });
    if (!read.player) throw new DomainError('not-found', 'No such player.');
    assertAccountCanDeposit({ state: read.player.state, registerStatus: read.player.register_status });
    const temporary = read.player.state === 'TEMPORARY';
    const method = read.method;
    if (!method) throw new DomainError('not-found', 'No such payment method.', { field: 'body.paymentMethodId' });
    assertMethodCanDeposit(method, temporary);
    const amountMinor = options.amount.toMinor();
    if (temporary) {
      const account = read.temporary && {
        status: read.temporary.status,
        depositedMinor: BigInt(read.temporary.deposited_minor),
        depositCapMinor: BigInt(read.temporary.deposit_cap_minor),
      };
      decideTemporaryCap(account, account?.status === 'OPEN' ? BigInt(read.temporary!.pending_minor) : 0n, amountMinor);
    }
    guards.decideDeposit({ playerId: options.playerId, reference: 'intent', amount: options.amount }, at, read.limits);
    const instrument = method.instrument as Instrument;
    assertWithinCaps(
      effectiveCaps(ctx.rules.caps[instrument].deposit, capOverrideOf(read.cap_override)),
      amountMinor,
      depositUsageOf(read.usage!),
      { instrument, direction: 'deposit' },
    );
    const inserted = await tx.commit<{ doc: DepositDoc }>(insertSql, [
      newId<string>(),
      options.playerId,
      method.id,
      instrument,
      amountMinor.toString(),
      ctx.currency,
      temporary,
      options.idempotencyKey,
      requestHash,
      ctx.providerName,
      new Date(at.getTime() + ctx.rules.depositIntentTtlMinutes * 60_000),
      at,
    ]);
    return { row: depositRowOf(inserted[0]!.doc), method };
  });
  if (outcome === rollBack) return replayed;
  committedCount++;
  const { row, method } = outcome;
  const sent = await sendIntentToProvider(
    ctx,
    { id: row.id, amount: depositView(row).amount },
    {
      kind: method.kind,
      instrument: method.instrument,
      providerToken: method.provider_token,
      display: method.display,
    },
  );
  return { ...sent, replayed: false };
}
