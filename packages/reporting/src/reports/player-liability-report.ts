import { Money, type CurrencyCode } from '@casino/core';
import type { Db } from '@casino/db';
import { endOfPragueDay, sealedThrough, type SealedThrough } from './report-period.ts';

export interface PlayerLiabilityReport {
  currency: CurrencyCode;
  date: string;
  asOf: Date;
  /** What the operator owes players: the sum of their wallets, per wallet kind, and the withdrawals on their way out. */
  playerWallets: { cash: Money; temporary: Money; bonus: Money; total: Money; walletCount: number };
  pendingWithdrawals: Money;
  /** Players' money in play: in SE poker accounts, at poker tables and in tournament prize pools. */
  inPlay: Money;
  /** What backs it: money at the payment providers (per provider) and in the operator's bank. */
  paymentProviderClearing: Array<{ provider: string; balance: Money }>;
  bank: Money;
  /** bank + clearing − (player wallets + pending withdrawals + in play): negative means players' money is not fully covered. */
  surplus: Money;
  ledger: SealedThrough;
}

/**
 * Player liability against the money that backs it (002:WAL-01: players' funds kept apart from the
 * operator's), as at the end of a Prague day, all from ledger postings.
 */
export async function playerLiabilityReport(
  db: Db,
  options: { currency: CurrencyCode; date: string },
): Promise<PlayerLiabilityReport> {
  const asOf = endOfPragueDay(options.date);
  const rows = await db.$queryRaw<
    Array<{ owner_kind: string; purpose: string; owner_id: string | null; accounts: bigint; sum_minor: bigint }>
  >`
    SELECT a.owner_kind::text AS owner_kind, a.purpose, CASE WHEN a.owner_kind = 'PAYMENT_PROVIDER' THEN a.owner_id END AS owner_id,
           count(DISTINCT a.id)::bigint AS accounts, coalesce(sum(p.amount_minor), 0)::bigint AS sum_minor
    FROM ledger_account a LEFT JOIN ledger_posting p ON p.account_id = a.id AND p.effective_at < ${asOf}
    WHERE a.currency = ${options.currency}
      AND (a.owner_kind IN ('PLAYER', 'PAYMENT_PROVIDER', 'POKER_TABLE', 'TOURNAMENT') OR (a.owner_kind = 'OPERATOR' AND a.purpose IN ('bank', 'pending-withdrawals')))
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
  const money = (minor: bigint) => Money.fromMinor(minor, options.currency);
  const sumOf = (ownerKind: string, purpose: string) =>
    rows.filter((r) => r.owner_kind === ownerKind && r.purpose === purpose).reduce((s, r) => s + r.sum_minor, 0n);
  // Postings are debit-positive; wallets and pending withdrawals are liabilities (credit-normal).
  const cash = money(-sumOf('PLAYER', 'cash'));
  const temporary = money(-sumOf('PLAYER', 'temporary'));
  const bonus = money(-sumOf('PLAYER', 'bonus'));
  const walletTotal = cash.plus(temporary).plus(bonus);
  const pendingWithdrawals = money(-sumOf('OPERATOR', 'pending-withdrawals'));
  // The SE poker account (003:R-WAL-01, issue 26) is money taken into the poker hall: counted in play.
  const inPlay = money(
    -rows
      .filter(
        (r) =>
          r.owner_kind === 'POKER_TABLE' || r.owner_kind === 'TOURNAMENT' || (r.owner_kind === 'PLAYER' && r.purpose === 'poker'),
      )
      .reduce((s, r) => s + r.sum_minor, 0n),
  );
  const clearing = rows
    .filter((r) => r.owner_kind === 'PAYMENT_PROVIDER')
    .map((r) => ({ provider: r.owner_id ?? '', balance: money(r.sum_minor) }));
  const bank = money(sumOf('OPERATOR', 'bank'));
  const assets = Money.sum([bank, ...clearing.map((c) => c.balance)], options.currency);
  return {
    currency: options.currency,
    date: options.date,
    asOf,
    playerWallets: {
      cash,
      temporary,
      bonus,
      total: walletTotal,
      walletCount: Number(rows.filter((r) => r.owner_kind === 'PLAYER').reduce((s, r) => s + r.accounts, 0n)),
    },
    pendingWithdrawals,
    inPlay,
    paymentProviderClearing: clearing,
    bank,
    surplus: assets.minus(walletTotal).minus(pendingWithdrawals).minus(inPlay),
    ledger: await sealedThrough(db),
  };
}
