import { assert, Money, type CurrencyCode } from '@casino/core';
import type { Db } from '@casino/db';
import { endOfPragueDay, sealedThrough, type SealedThrough } from './report-period.ts';

export interface TrialBalanceReportLine {
  type: string;
  purpose: string;
  accountCount: number;
  debits: Money;
  credits: Money;
  /** Normal-signed: what a liability owes, what an asset holds, what revenue earned. */
  balance: Money;
}

export interface TrialBalanceReport {
  currency: CurrencyCode;
  /** As at the end of this Europe/Prague day. */
  date: string;
  asOf: Date;
  lines: TrialBalanceReportLine[];
  totalDebits: Money;
  totalCredits: Money;
  balanced: boolean;
  ledger: SealedThrough;
}

/**
 * The trial balance of one currency at the end of a day: debits and credits of every posting up to
 * then, per account type and purpose (player cash, PSP clearing, game revenue, …). Double entry
 * holds when total debits equal total credits (INVARIANTS.md I1).
 */
export async function trialBalanceReport(db: Db, options: { currency: CurrencyCode; date: string }): Promise<TrialBalanceReport> {
  const asOf = endOfPragueDay(options.date);
  const rows = await db.$queryRaw<Array<{ type: string; purpose: string; accounts: bigint; debits: bigint; credits: bigint }>>`
    SELECT a.type::text AS type, a.purpose, count(DISTINCT a.id)::bigint AS accounts,
           coalesce(sum(p.amount_minor) FILTER (WHERE p.amount_minor > 0), 0)::bigint AS debits,
           coalesce(-sum(p.amount_minor) FILTER (WHERE p.amount_minor < 0), 0)::bigint AS credits
    FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id
    WHERE p.currency = ${options.currency} AND p.effective_at < ${asOf}
    GROUP BY a.type, a.purpose ORDER BY a.type, a.purpose`;
  const money = (minor: bigint) => Money.fromMinor(minor, options.currency);
  const lines = rows.map((r) => {
    const debitNormal = r.type === 'ASSET' || r.type === 'EXPENSE';
    return {
      type: r.type,
      purpose: r.purpose,
      accountCount: Number(r.accounts),
      debits: money(r.debits),
      credits: money(r.credits),
      balance: money(debitNormal ? r.debits - r.credits : r.credits - r.debits),
    };
  });
  const totalDebits = Money.sum(
    lines.map((l) => l.debits),
    options.currency,
  );
  const totalCredits = Money.sum(
    lines.map((l) => l.credits),
    options.currency,
  );
  assert(
    totalDebits.equals(totalCredits),
    `the ${options.currency} ledger does not balance at ${asOf.toISOString()} (INVARIANTS.md I1)`,
  );
  return {
    currency: options.currency,
    date: options.date,
    asOf,
    lines,
    totalDebits,
    totalCredits,
    balanced: true,
    ledger: await sealedThrough(db),
  };
}
