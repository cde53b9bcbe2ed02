import { assert, Money, type CurrencyCode } from '@casino/core';
import type { Db } from '@casino/db';
import { praguePeriod, sealedThrough, type SealedThrough } from './report-period.ts';

export type GgrGranularity = 'day' | 'month';

export interface GgrLine {
  /** YYYY-MM-DD or YYYY-MM, Europe/Prague. */
  period: string;
  game: string;
  currency: CurrencyCode;
  /** Stakes accepted, net of stakes refunded or reversed. */
  stakes: Money;
  /** Wins paid, net of wins reversed. */
  wins: Money;
  /** Poker: rake kept from cash-game pots. */
  rake: Money;
  /** Poker: the operator's share of tournament buy-ins. */
  tournamentFees: Money;
  /** stakes − wins + rake + tournamentFees. */
  ggr: Money;
}

export interface GgrReport {
  fromDate: string;
  toDate: string;
  granularity: GgrGranularity;
  lines: GgrLine[];
  ledger: SealedThrough;
}

/**
 * Gross gaming revenue per game, currency and Prague day or month, read from the revenue accounts'
 * postings alone (no transaction metadata): a game's revenue account is credited by stakes and
 * debited by wins; poker adds the rake account and the fee account's postings in transactions that
 * touch a tournament's account (the fee share of a buy-in; other fees, such as a postal-order fee, are
 * not gaming revenue). A debit in a REFUND or REVERSAL transaction gives a stake back; a credit in a
 * REVERSAL takes a win back. GGR is therefore exactly what the revenue accounts earned.
 */
export async function ggrReport(
  db: Db,
  options: { fromDate: string; toDate: string; granularity: GgrGranularity },
): Promise<GgrReport> {
  const { from, to } = praguePeriod(options.fromDate, options.toDate);
  const format = options.granularity === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const rows = await db.$queryRaw<
    Array<{
      period: string;
      game: string;
      currency: string;
      stakes: bigint;
      wins: bigint;
      rake: bigint;
      fees: bigint;
      net: bigint;
    }>
  >`
    WITH lines AS (
      SELECT p.currency, p.amount_minor AS amount, t.kind::text AS kind, p.effective_at,
             CASE a.purpose WHEN 'game-revenue' THEN 'play' WHEN 'rake-revenue' THEN 'rake' ELSE 'fee' END AS source,
             CASE WHEN a.purpose = 'game-revenue' THEN split_part(a.code, ':', 3) ELSE 'poker' END AS game
      FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id JOIN ledger_transaction t ON t.id = p.transaction_id
      WHERE p.effective_at >= ${from} AND p.effective_at < ${to} AND a.owner_kind = 'OPERATOR'
        AND (a.purpose IN ('game-revenue', 'rake-revenue')
             OR (a.purpose = 'fee-revenue' AND EXISTS (
                   SELECT 1 FROM ledger_posting q JOIN ledger_account qa ON qa.id = q.account_id
                   WHERE q.transaction_id = p.transaction_id AND qa.owner_kind = 'TOURNAMENT')))
    )
    SELECT to_char(effective_at AT TIME ZONE 'Europe/Prague', ${format}) AS period, game, currency,
      (coalesce(sum(-amount) FILTER (WHERE source = 'play' AND amount < 0 AND kind <> 'REVERSAL'), 0)
       - coalesce(sum(amount) FILTER (WHERE source = 'play' AND amount > 0 AND kind IN ('REFUND', 'REVERSAL')), 0))::bigint AS stakes,
      (coalesce(sum(amount) FILTER (WHERE source = 'play' AND amount > 0 AND kind NOT IN ('REFUND', 'REVERSAL')), 0)
       - coalesce(sum(-amount) FILTER (WHERE source = 'play' AND amount < 0 AND kind = 'REVERSAL'), 0))::bigint AS wins,
      coalesce(sum(-amount) FILTER (WHERE source = 'rake'), 0)::bigint AS rake,
      coalesce(sum(-amount) FILTER (WHERE source = 'fee'), 0)::bigint AS fees,
      (-sum(amount))::bigint AS net
    FROM lines GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
  const lines = rows.map((r) => {
    const currency = r.currency as CurrencyCode;
    const money = (minor: bigint) => Money.fromMinor(minor, currency);
    const ggr = r.stakes - r.wins + r.rake + r.fees;
    // Every revenue posting is classified exactly once: the parts add up to what the accounts earned.
    assert(ggr === r.net, `GGR parts ${ggr} differ from the revenue accounts' net ${r.net} for ${r.game} ${r.period}`);
    return {
      period: r.period,
      game: r.game,
      currency,
      stakes: money(r.stakes),
      wins: money(r.wins),
      rake: money(r.rake),
      tournamentFees: money(r.fees),
      ggr: money(ggr),
    };
  });
  return {
    fromDate: options.fromDate,
    toDate: options.toDate,
    granularity: options.granularity,
    lines,
    ledger: await sealedThrough(db),
  };
}
