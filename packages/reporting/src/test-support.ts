/** Shared set-up for the reporting tests: a chart of accounts, players with wallets, and postings at chosen times. */
import { insertTestPlayer, type TestPlayerOptions } from '@casino/compliance/testing';
import { ManualClock, Money, newId, type AccountId, type CurrencyCode, type PlayerId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import {
  findAccountByCode,
  openAccount,
  openOperatorAccounts,
  operatorAccountCode,
  paymentProviderClearingSpec,
  playerWalletSpec,
  post,
  transfer,
  type PostingLine,
  type TransactionKind,
} from '@casino/ledger';
import { Writable } from 'node:stream';
import type { ReportingContext } from './context.ts';
import { czechReportingRules, type ReportingRules } from './rules.ts';

export interface Chart {
  bank: AccountId;
  psp: AccountId;
  roulette: AccountId;
  blackjack: AccountId;
  poker: AccountId;
  rake: AccountId;
  fees: AccountId;
  pendingWithdrawals: AccountId;
}

export async function openChart(db: Db, currency: CurrencyCode = 'CZK'): Promise<Chart> {
  await openOperatorAccounts(db, [currency], 2);
  const psp = await openAccount(db, paymentProviderClearingSpec('sandbox-psp', currency, 2));
  const code = async (purpose: string, qualifier?: string) =>
    (await findAccountByCode(db, operatorAccountCode(purpose, currency, qualifier)))!.id;
  return {
    bank: await code('bank'),
    psp: psp.id,
    roulette: await code('game-revenue', 'roulette'),
    blackjack: await code('game-revenue', 'blackjack'),
    poker: await code('game-revenue', 'poker'),
    rake: await code('rake-revenue'),
    fees: await code('fee-revenue'),
    pendingWithdrawals: await code('pending-withdrawals'),
  };
}

export async function playerWithWallet(
  db: Db,
  options: TestPlayerOptions & { residenceCountry?: string } = {},
  currency: CurrencyCode = 'CZK',
): Promise<{ playerId: PlayerId; wallet: AccountId }> {
  const playerId = await insertTestPlayer(db, options);
  if (options.residenceCountry) {
    await db.player.update({
      where: { id: playerId },
      data: { residenceAddress: { street: 'Hlavní 1', city: 'Wien', postalCode: '1010', country: options.residenceCountry } },
    });
  }
  const wallet = (await openAccount(db, playerWalletSpec(playerId, 'cash', currency))).id;
  return { playerId, wallet };
}

export const czk = (amount: string) => Money.of(amount, 'CZK');

/** One two-line transaction at a chosen effective time. */
export function move(
  db: Db,
  kind: TransactionKind,
  from: AccountId,
  to: AccountId,
  amount: Money,
  effectiveAt: Date,
  metadata: Record<string, string> = {},
) {
  return transaction(db, (tx) =>
    transfer(
      tx,
      { idempotencyKey: newId(), kind, debitAccountId: from, creditAccountId: to, amount, effectiveAt, metadata },
      effectiveAt,
    ),
  );
}

export function postLines(db: Db, kind: TransactionKind, postings: PostingLine[], effectiveAt: Date) {
  return transaction(db, (tx) => post(tx, { idempotencyKey: newId(), kind, postings, effectiveAt }, effectiveAt));
}

export function testReportingContext(
  db: Db,
  clock = new ManualClock(new Date('2026-11-24T12:00:00Z')),
  rules: ReportingRules = czechReportingRules,
): ReportingContext & { clock: ManualClock } {
  return { db, clock, rules };
}

/** A Writable that keeps what it is given (tests only: exports are small there). */
export function collect(): Writable & { text(): string; bytes(): Buffer } {
  const parts: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      callback();
    },
  });
  return Object.assign(sink, { text: () => Buffer.concat(parts).toString('utf8'), bytes: () => Buffer.concat(parts) });
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}
