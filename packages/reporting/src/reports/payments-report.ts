import { Money, type CurrencyCode } from '@casino/core';
import type { Db } from '@casino/db';
import { praguePeriod, sealedThrough, type SealedThrough } from './report-period.ts';

export interface PaymentsDay {
  /** YYYY-MM-DD, Europe/Prague. */
  day: string;
  currency: CurrencyCode;
  /** Deposits credited to players' wallets that day, and how many. */
  deposits: Money;
  depositCount: number;
  /** Withdrawals paid out to players that day (settled with the provider or bank), and how many. */
  withdrawals: Money;
  withdrawalCount: number;
}

export interface PaymentsReport {
  fromDate: string;
  toDate: string;
  days: PaymentsDay[];
  ledger: SealedThrough;
}

/**
 * Money in and out per Prague day and currency, for the console's cash-flow chart (issue 21), read
 * from the ledger alone (debits are positive postings, credits negative): a DEPOSIT transaction's
 * credit to a player's account is a deposit; a WITHDRAWAL_SETTLE transaction's debits (the payable
 * the hold had filled, paid out) are a withdrawal paid. Days without either are left out.
 */
export async function paymentsReport(db: Db, options: { fromDate: string; toDate: string }): Promise<PaymentsReport> {
  const { from, to } = praguePeriod(options.fromDate, options.toDate);
  const rows = await db.$queryRaw<
    Array<{
      day: string;
      currency: string;
      deposits: bigint;
      deposit_count: bigint;
      withdrawals: bigint;
      withdrawal_count: bigint;
    }>
  >`
    SELECT to_char(p.effective_at AT TIME ZONE 'Europe/Prague', 'YYYY-MM-DD') AS day, p.currency,
      coalesce(sum(-p.amount_minor) FILTER (WHERE t.kind = 'DEPOSIT' AND a.owner_kind = 'PLAYER' AND p.amount_minor < 0), 0)::bigint AS deposits,
      count(DISTINCT t.id) FILTER (WHERE t.kind = 'DEPOSIT' AND a.owner_kind = 'PLAYER' AND p.amount_minor < 0) AS deposit_count,
      coalesce(sum(p.amount_minor) FILTER (WHERE t.kind = 'WITHDRAWAL_SETTLE' AND p.amount_minor > 0), 0)::bigint AS withdrawals,
      count(DISTINCT t.id) FILTER (WHERE t.kind = 'WITHDRAWAL_SETTLE' AND p.amount_minor > 0) AS withdrawal_count
    FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id JOIN ledger_transaction t ON t.id = p.transaction_id
    WHERE p.effective_at >= ${from} AND p.effective_at < ${to} AND t.kind IN ('DEPOSIT', 'WITHDRAWAL_SETTLE')
    GROUP BY 1, 2 ORDER BY 1, 2`;
  return {
    fromDate: options.fromDate,
    toDate: options.toDate,
    days: rows.map((r) => {
      const currency = r.currency as CurrencyCode;
      return {
        day: r.day,
        currency,
        deposits: Money.fromMinor(r.deposits, currency),
        depositCount: Number(r.deposit_count),
        withdrawals: Money.fromMinor(r.withdrawals, currency),
        withdrawalCount: Number(r.withdrawal_count),
      };
    }),
    ledger: await sealedThrough(db),
  };
}
