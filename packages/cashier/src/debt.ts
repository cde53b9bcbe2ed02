import { assert, DomainError, Money, newId, type AccountId, type CurrencyCode, type TransactionId } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { sendEmail, type NotificationSealer } from '@casino/players';
import { debtAccount, playerDebtSpec } from './accounts.ts';
import { debtView, type DebtView } from './views.ts';

/**
 * A player's debt (004:ACC-07, WIN-04/05): when a fee, a clawback or a chargeback takes more than the
 * balance, the wallet goes to zero (never below, INVARIANTS.md I5) and the rest is booked to the
 * player's debt account, a receivable, in the same ledger transaction. A `player_debt` row records
 * the cause and the 10-day deadline; deposits repay it first; until it is repaid every other
 * operation (withdrawals, and stakes through `assertNoOutstandingDebt`) is refused (WIN-05).
 */
export async function outstandingDebt(db: Db | Tx, playerId: string, currency?: CurrencyCode): Promise<Money> {
  const spec = playerDebtSpec(playerId, currency);
  const account = await ledger.findAccountByCode(db, spec.code);
  return account ? ledger.balance(db, account.id) : Money.zero(spec.currency);
}

export async function assertNoOutstandingDebt(db: Db | Tx, playerId: string): Promise<void> {
  const owed = await outstandingDebt(db, playerId);
  if (owed.isPositive()) {
    throw new DomainError(
      'debt-outstanding',
      `A debt of ${owed} must be repaid first; until then only deposits are possible (004:WIN-05, ACC-07).`,
      { extensions: { outstanding: owed.toJSON() } },
    );
  }
}

export async function listDebts(db: Db | Tx, playerId: string): Promise<DebtView[]> {
  const rows = await db.playerDebt.findMany({ where: { playerId }, orderBy: { createdAt: 'asc' } });
  return rows.map(debtView);
}

/**
 * Every player's unpaid debts for the cashiers' debts page (issue 21): open and overdue ones (or one
 * of the two), the oldest deadline first, a page at a time with the total.
 */
export async function listUnpaidDebts(
  db: Db | Tx,
  options: { status?: 'OPEN' | 'OVERDUE' | undefined; offset: number; limit: number },
): Promise<{ total: number; debts: Array<DebtView & { playerId: string }> }> {
  const where = { status: options.status ? options.status : { in: ['OPEN' as const, 'OVERDUE' as const] } };
  const [total, rows] = await Promise.all([
    db.playerDebt.count({ where }),
    db.playerDebt.findMany({ where, orderBy: [{ dueAt: 'asc' }, { id: 'asc' }], skip: options.offset, take: options.limit }),
  ]);
  return { total, debts: rows.map((row) => ({ ...debtView(row), playerId: row.playerId })) };
}

export interface TakeFromPlayerRequest {
  playerId: string;
  walletId: AccountId;
  /** Where the money goes: game revenue (clawback), fee revenue (misuse fee), the provider's clearing (chargeback). */
  creditAccountId: AccountId;
  amount: Money;
  kind: ledger.TransactionKind;
  idempotencyKey: string;
  metadata: ledger.TransactionMetadata;
  reversesTransactionId?: TransactionId;
  /** The time of the taking by the caller's clock: the ledger transaction's, and the debt row's when one arises. */
  at: Date;
  debt: { cause: 'MISUSE_FEE' | 'CLAWBACK' | 'CHARGEBACK'; reason: string; createdBy: string; repaymentDays: number };
  /** Seals the request to repay at rest, as every notification's text (issue 14 (12), D-1451). */
  sealer: Pick<NotificationSealer, 'encrypt'>;
}

/**
 * Takes `amount` from a player in one balanced transaction: from the wallet as far as it goes, the
 * rest as a debt. Returns the transaction and the debt row when one arose.
 */
export async function takeFromPlayer(
  tx: Tx,
  request: TakeFromPlayerRequest,
): Promise<{ transactionId: TransactionId; debt: DebtView | null; fromWallet: Money }> {
  assert(request.amount.isPositive(), 'what is taken from a player is positive');
  // The wallet's balance, locked until the transaction ends, so what is taken from it is what it holds.
  const available = await ledger.lockBalance(tx, request.walletId);
  assert(available.currency === request.amount.currency, "what is taken is in the wallet's currency");
  const fromWallet = available.lessThan(request.amount)
    ? available.isPositive()
      ? available
      : Money.zero(available.currency)
    : request.amount;
  const owed = request.amount.minus(fromWallet);
  const debtAccountId = owed.isPositive() ? await debtAccount(tx, request.playerId, owed.currency) : null;
  const postings: ledger.PostingLine[] = [
    { accountId: request.creditAccountId, amount: request.amount.negated() },
    ...(fromWallet.isPositive() ? [{ accountId: request.walletId, amount: fromWallet }] : []),
    ...(debtAccountId ? [{ accountId: debtAccountId, amount: owed }] : []),
  ];
  const posted = await ledger.post(
    tx,
    {
      idempotencyKey: request.idempotencyKey,
      kind: request.kind,
      postings,
      metadata: {
        ...request.metadata,
        playerId: request.playerId,
        fromWalletMinor: fromWallet.toMinor().toString(),
        debtMinor: owed.toMinor().toString(),
      },
      ...(request.reversesTransactionId ? { reversesTransactionId: request.reversesTransactionId } : {}),
    },
    request.at,
  );
  if (!owed.isPositive()) return { transactionId: posted.transactionId, debt: null, fromWallet };
  const now = request.at;
  const row = await tx.playerDebt.create({
    data: {
      id: newId<string>(),
      playerId: request.playerId,
      cause: request.debt.cause,
      amountMinor: owed.toMinor(),
      outstandingMinor: owed.toMinor(),
      status: 'OPEN',
      ledgerTransactionId: posted.transactionId,
      reason: request.debt.reason.slice(0, 500),
      createdBy: request.debt.createdBy,
      dueAt: new Date(now.getTime() + request.debt.repaymentDays * 86_400_000),
      createdAt: now,
      updatedAt: now,
    },
  });
  await notifyDebt(tx, request.sealer, request.playerId, owed, row.dueAt, request.debt.reason);
  return { transactionId: posted.transactionId, debt: debtView(row), fromWallet };
}

/** The request to repay, demonstrably sent (004:WIN-04/05: the 10 days run from the operator's request). */
async function notifyDebt(
  tx: Tx,
  sealer: Pick<NotificationSealer, 'encrypt'>,
  playerId: string,
  owed: Money,
  dueAt: Date,
  reason: string,
): Promise<void> {
  const player = await tx.player.findUniqueOrThrow({ where: { id: playerId }, select: { email: true } });
  await sendEmail(tx, sealer, {
    to: player.email,
    subject: 'Your account balance is negative: please repay',
    text: `${reason}\n\nYour account now owes ${owed}. Please repay it by ${dueAt.toISOString().slice(0, 10)} with a deposit; until then only deposits are possible (čl. 7.3 and 5.8 of the game plan).`,
  });
}

/**
 * Repays a player's debt from their wallet, oldest debt first, as far as the balance goes: the
 * deposit path runs it right after crediting (004:WIN-05: the debt is repaid by deposits).
 */
export async function repayDebtFromWallet(
  tx: Tx,
  options: { playerId: string; walletId: AccountId; currency: CurrencyCode; now: Date; reference: string },
): Promise<Money> {
  const owed = await outstandingDebt(tx, options.playerId, options.currency);
  if (!owed.isPositive()) return Money.zero(options.currency);
  const available = await ledger.lockBalance(tx, options.walletId);
  assert(available.currency === owed.currency, 'a debt is repaid from a wallet of its currency');
  const repaid = available.lessThan(owed) ? available : owed;
  if (!repaid.isPositive()) return Money.zero(options.currency);
  await ledger.transfer(
    tx,
    {
      idempotencyKey: `cashier-debt-repayment:${options.reference}`,
      kind: 'TRANSFER',
      debitAccountId: options.walletId,
      creditAccountId: await debtAccount(tx, options.playerId, options.currency),
      amount: repaid,
      metadata: {
        reason: 'debt repayment from a deposit (004:WIN-05)',
        playerId: options.playerId,
        reference: options.reference,
      },
    },
    options.now,
  );
  let leftMinor = repaid.toMinor();
  const open = await tx.playerDebt.findMany({
    where: { playerId: options.playerId, status: { in: ['OPEN', 'OVERDUE'] } },
    orderBy: { createdAt: 'asc' },
  });
  for (const debt of open) {
    if (leftMinor === 0n) break;
    const paidMinor = debt.outstandingMinor < leftMinor ? debt.outstandingMinor : leftMinor;
    const outstandingMinor = debt.outstandingMinor - paidMinor;
    await tx.playerDebt.update({
      where: { id: debt.id },
      data: {
        outstandingMinor,
        status: outstandingMinor === 0n ? 'REPAID' : debt.status,
        repaidAt: outstandingMinor === 0n ? options.now : null,
        updatedAt: options.now,
      },
    });
    leftMinor -= paidMinor;
  }
  assert(leftMinor === 0n, 'a repayment never exceeds the debts it repays');
  return repaid;
}

/** 004:WIN-05, TRM-12: debts past their 10 days are flagged overdue (a termination ground for staff). Returns how many. */
export async function flagOverdueDebts(db: Db, now: Date, batchSizeMax = 100): Promise<number> {
  const due = await db.playerDebt.findMany({
    where: { status: 'OPEN', dueAt: { lte: now } },
    select: { id: true },
    take: batchSizeMax,
  });
  if (due.length === 0) return 0;
  const flagged = await db.playerDebt.updateMany({
    where: { id: { in: due.map((d) => d.id) }, status: 'OPEN' },
    data: { status: 'OVERDUE', overdueAt: now, updatedAt: now },
  });
  return flagged.count;
}
