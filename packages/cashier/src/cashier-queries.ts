import { DomainError } from '@casino/core';
import type { Db } from '@casino/db';
import { outstandingDebt } from './debt.ts';
import { detectMisuse, type MisuseReport } from './detect-misuse.ts';
import type { CashierRules } from './rules.ts';
import {
  depositView,
  paymentMethodView,
  withdrawalView,
  type DepositView,
  type PaymentMethodView,
  type WithdrawalView,
} from './views.ts';

/** Read side of the cashier for the APIs: a player's own rows, staff's queues. Pages are bounded. */
export const cashierPageSizeMax = 200;

export async function listDeposits(db: Db, playerId: string, limit: number): Promise<DepositView[]> {
  const rows = await db.cashierDeposit.findMany({
    where: { playerId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.min(limit, cashierPageSizeMax),
  });
  return rows.map(depositView);
}

export async function getDeposit(db: Db, playerId: string, depositId: string): Promise<DepositView> {
  const row = await db.cashierDeposit.findFirst({ where: { id: depositId, playerId } });
  if (!row) throw new DomainError('not-found', 'No such deposit.', { field: 'params.depositId' });
  return depositView(row);
}

export async function listWithdrawals(db: Db, playerId: string, limit: number): Promise<WithdrawalView[]> {
  const rows = await db.cashierWithdrawal.findMany({
    where: { playerId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.min(limit, cashierPageSizeMax),
  });
  return rows.map(withdrawalView);
}

export async function getWithdrawal(db: Db, playerId: string, withdrawalId: string): Promise<WithdrawalView> {
  const row = await db.cashierWithdrawal.findFirst({ where: { id: withdrawalId, playerId } });
  if (!row) throw new DomainError('not-found', 'No such withdrawal.', { field: 'params.withdrawalId' });
  return withdrawalView(row);
}

/** Methods waiting for staff: documents submitted, or a holder name that matched only without diacritics (002:AMB-NAME). */
export async function listMethodsAwaitingReview(
  db: Db,
  limit: number,
): Promise<
  Array<
    PaymentMethodView & {
      playerId: string;
      documents: Array<{ id: string; kind: string; contentType: string; sizeBytes: number; submittedAt: Date }>;
    }
  >
> {
  const rows = await db.paymentMethod.findMany({
    where: {
      status: { in: ['REGISTERED', 'VERIFICATION_PENDING'] },
      OR: [{ verificationMethod: 'document' }, { holderNameExact: false }],
    },
    orderBy: { updatedAt: 'asc' },
    take: Math.min(limit, cashierPageSizeMax),
  });
  const documents = await db.paymentMethodDocument.findMany({
    where: { paymentMethodId: { in: rows.map((r) => r.id) } },
    select: { id: true, paymentMethodId: true, kind: true, contentType: true, sizeBytes: true, submittedAt: true },
  });
  return rows.map((row) => ({
    ...paymentMethodView(row),
    playerId: row.playerId,
    documents: documents.filter((d) => d.paymentMethodId === row.id),
  }));
}

export async function getOwnershipDocument(
  db: Db,
  paymentMethodId: string,
  documentId: string,
): Promise<{ contentType: string; content: Buffer }> {
  const document = await db.paymentMethodDocument.findFirst({
    where: { id: documentId, paymentMethodId },
    select: { contentType: true, content: true },
  });
  if (!document) throw new DomainError('not-found', 'No such document.', { field: 'params.documentId' });
  return { contentType: document.contentType, content: Buffer.from(document.content) };
}

/** What staff see before charging a misuse fee (004:ACC-07): the cycles the rule found and the debt. */
export async function misuseReport(
  db: Db,
  rules: CashierRules,
  playerId: string,
  now: Date,
): Promise<MisuseReport & { outstandingDebt: string }> {
  const report = await detectMisuse(db, rules, { playerId, now });
  return { ...report, outstandingDebt: (await outstandingDebt(db, playerId)).toDecimalString() };
}
