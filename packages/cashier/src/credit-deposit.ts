import { countBusinessEvent, DomainError, Money, type AccountId, type TransactionId } from '@casino/core';
import { afterCommit, lockPlayer, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { creditTemporaryDeposit } from '@casino/players';
import { cashWallet } from './accounts.ts';
import { capOverrideOf, depositUsage } from './cap-usage.ts';
import { grantDepositBonusIn } from './bonuses.ts';
import { assertWithinCaps, effectiveCaps } from './caps.ts';
import type { CashierContext } from './context.ts';
import { postConvertedDeposit } from './converted-payments.ts';
import { assertAccountCanDeposit, assertMethodCanDeposit, assertTemporaryCapAllows } from './create-deposit.ts';
import { repayDebtFromWallet } from './debt.ts';
import type { Instrument } from './rules.ts';

export interface DepositToCredit {
  id: string;
  playerId: string;
  paymentMethodId: string | null;
  instrument: string;
  channel: string;
  amountMinor: bigint;
  /** Set when the player chose another wallet at a quote (D-2610): credited there, converted at the quote. */
  fxQuoteId?: string | null;
}

/**
 * Credits a confirmed deposit, inside the caller's transaction, with every check in the order the
 * issue and docs/cashier.md give, each before the ledger posting:
 *   1. account state   2. method state   3. the temporary account's cap   4. self-limits (limits port)
 *   5. the method's caps over rolling windows   6. AML thresholds (compliance port)
 * then one ledger transaction from the source (provider clearing, or the branch's cash) to the
 * player's wallet (the temporary one through the players package, which re-checks its cap
 * atomically), then any debt is repaid from it. A refusal throws a DomainError and the caller rolls
 * back to before step 1.
 */
export async function creditDeposit(
  ctx: CashierContext,
  tx: Tx,
  deposit: DepositToCredit,
  sourceAccountId: AccountId,
  confirmed: { status: 'AUTHORIZED' | 'SETTLED'; threeDSecure?: string | null },
): Promise<{ transactionId: TransactionId; dueDiligenceApplied: boolean }> {
  const now = ctx.clock.now();
  const amount = Money.fromMinor(deposit.amountMinor, 'CZK');
  await lockPlayer(tx, deposit.playerId);
  const player = await tx.player.findUniqueOrThrow({
    where: { id: deposit.playerId },
    select: { state: true, registerStatus: true },
  });
  assertAccountCanDeposit(player);
  const temporary = player.state === 'TEMPORARY';
  if (deposit.paymentMethodId) {
    const method = await tx.paymentMethod.findUniqueOrThrow({
      where: { id: deposit.paymentMethodId },
      select: { status: true, active: true },
    });
    // The intent was checked against the active method; a switch since then does not undo a confirmed payment.
    assertMethodCanDeposit({ status: method.status, active: true }, temporary);
  }
  if (temporary) {
    if (deposit.channel !== 'CASHLESS')
      throw new DomainError(
        'temporary-account-cashless-only',
        'A temporary account accepts cashless deposits only (004:TMP-04).',
        { field: 'body.playerId' },
      );
    await assertTemporaryCapAllows(tx, deposit.playerId, deposit.amountMinor, 'credit');
  }
  await ctx.guards.authorizeDeposit(tx, { playerId: deposit.playerId, reference: deposit.id, amount });
  const instrument = deposit.instrument as Instrument;
  const caps = effectiveCaps(
    ctx.rules.caps[instrument].deposit,
    await capOverrideOf(tx, deposit.playerId, instrument, 'deposit'),
  );
  const usage = await depositUsage(tx, {
    playerId: deposit.playerId,
    instrument,
    now,
    mode: 'credit',
    excludeDepositId: deposit.id,
  });
  // Attempts were counted when the payment was asked for; here only amounts and completed counts.
  assertWithinCaps({ ...caps, attempts24hMax: null }, deposit.amountMinor, usage, { instrument, direction: 'deposit' });
  const aml = await ctx.guards.checkDepositAml(tx, { playerId: deposit.playerId, amount, at: now });

  const idempotencyKey = `cashier-deposit:${deposit.id}`;
  const metadata = { depositId: deposit.id, channel: deposit.channel, instrument, paymentMethodId: deposit.paymentMethodId };
  let walletId: AccountId;
  let posted: ledger.Posted;
  let credited = amount;
  if (deposit.fxQuoteId && !temporary) {
    ({ walletId, posted, credited } = await postConvertedDeposit(
      tx,
      { id: deposit.id, playerId: deposit.playerId, fxQuoteId: deposit.fxQuoteId, amount },
      { sourceAccountId, idempotencyKey, metadata, now },
    ));
  } else if (temporary) {
    posted = await creditTemporaryDeposit(
      tx,
      { playerId: deposit.playerId, amount, channel: 'cashless', sourceAccountId, idempotencyKey, metadata },
      now,
    );
    walletId = (await tx.temporaryAccount.findUniqueOrThrow({ where: { playerId: deposit.playerId } }))
      .walletAccountId as AccountId;
  } else {
    walletId = await cashWallet(tx, deposit.playerId);
    posted = await ledger.transfer(
      tx,
      { idempotencyKey, kind: 'DEPOSIT', debitAccountId: sourceAccountId, creditAccountId: walletId, amount, metadata },
      now,
    );
  }
  await repayDebtFromWallet(tx, {
    playerId: deposit.playerId,
    walletId,
    currency: credited.currency,
    now,
    reference: deposit.id,
  });
  // 002:BON-01: the operator's deposit rule, if it has one, grants its bonus in the same transaction (in the credited wallet's currency).
  await grantDepositBonusIn(ctx, tx, { id: deposit.id, playerId: deposit.playerId, amount: credited, temporary });
  await tx.cashierDeposit.update({
    where: { id: deposit.id },
    data: {
      status: confirmed.status,
      ledgerTransactionId: posted.transactionId,
      creditedAt: now,
      dueDiligenceApplied: aml.dueDiligenceApplied,
      temporaryAccount: temporary,
      updatedAt: now,
      ...(confirmed.threeDSecure !== undefined ? { threeDSecure: confirmed.threeDSecure } : {}),
    },
  });
  await ctx.guards.recordMonitoringEvent(tx, {
    kind: 'deposit',
    playerId: deposit.playerId,
    occurredAt: now,
    amount: amount.toJSON(),
    outcome: 'succeeded',
    paymentMethodId: deposit.paymentMethodId,
    reference: deposit.id,
  });
  afterCommit(tx, () => countBusinessEvent('deposit-credited', deposit.channel));
  return { transactionId: posted.transactionId, dueDiligenceApplied: aml.dueDiligenceApplied };
}
