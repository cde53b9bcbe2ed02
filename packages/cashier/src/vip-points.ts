import { DomainError, Money, newId, type AccountId, type CurrencyCode } from '@casino/core';
import { lockPlayer, transaction, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { creditBonusProgressIn } from './bonuses.ts';
import { pointsCentiFor, usdCommissionOnly, type CommissionToUsd } from './commission-to-usd.ts';
import type { CashierContext } from './context.ts';
import type { VipLevel, VipRules } from './loyalty-rules.ts';

/**
 * VIP points (002:VIP-01..04, RAKE-06, LIM-05..07; issue 26, docs/decisions.md D-2632..D-2635). Points
 * and StarsCoins are not money: they have their own ledger (`vip_point_entry`, one row a movement, in
 * hundredths), never the money ledger's accounts. Points are earned on poker commission only: the rake
 * each player bore in a hand (stored with every hand, D-1740) and the fee of a finished tournament;
 * casino games earn none, because nothing else is read. Exchanging points for StarsCoins moves points
 * only; a commission refund for StarsCoins is also a money movement, one COMMISSION_REFUND ledger
 * transaction into the player's cash wallet.
 */

export type PointUnit = 'VIP_POINT' | 'STARSCOIN';

export function vipRulesOf(ctx: CashierContext): VipRules {
  const rules = ctx.rules.loyalty?.vip;
  if (!rules) throw new DomainError('not-found', 'This operator offers no VIP points.');
  return rules;
}

export const pokerHandReference = (handId: string, playerId: string) => `poker-hand:${handId}:${playerId}`;
export const tournamentEntryReference = (entryId: string) => `tournament-entry:${entryId}`;

interface Commission {
  reference: string;
  playerId: string;
  commission: Money;
}

/**
 * The worker's job: every poker commission not yet accrued earns its points (002:VIP-01: 5.5 per USD 1),
 * each in its own transaction with the bonus releases it triggers (002:BON-04). A commission in a
 * currency `toUsd` cannot convert now waits for a later run. A commission earns once (the entry's
 * unique reference), so runs may overlap or repeat.
 */
export async function accrueCommissionPoints(
  ctx: CashierContext,
  options: { toUsd?: CommissionToUsd; limit?: number } = {},
): Promise<{ earned: number; pointsCenti: bigint; waiting: number }> {
  const rules = ctx.rules.loyalty?.vip;
  if (!rules) return { earned: 0, pointsCenti: 0n, waiting: 0 };
  const toUsd = options.toUsd ?? ctx.commissionToUsd ?? usdCommissionOnly;
  const limit = options.limit ?? 1_000;
  const hands = await ctx.db.$queryRaw<Array<{ hand_id: string; player_id: string; rake_minor: bigint; currency: string }>>`
    SELECT hp.hand_id, hp.player_id, hp.rake_minor, h.currency
    FROM poker_hand_player hp JOIN poker_hand h ON h.id = hp.hand_id
    WHERE hp.rake_minor > 0 AND h.status = 'COMPLETED'
      AND NOT EXISTS (SELECT 1 FROM vip_point_entry e
                      WHERE e.kind = 'EARN' AND e.unit = 'VIP_POINT' AND e.reference = 'poker-hand:' || hp.hand_id || ':' || hp.player_id)
    ORDER BY hp.ended_at, hp.hand_id, hp.player_id LIMIT ${limit}`;
  const fees = await ctx.db.$queryRaw<Array<{ id: string; player_id: string; paid_fee_minor: bigint; currency: string }>>`
    SELECT e.id, e.player_id, e.paid_fee_minor, t.currency
    FROM tournament_entry e JOIN tournament t ON t.id = e.tournament_id
    WHERE t.status = 'FINISHED' AND e.status <> 'unregistered' AND e.paid_fee_minor > 0
      AND NOT EXISTS (SELECT 1 FROM vip_point_entry v
                      WHERE v.kind = 'EARN' AND v.unit = 'VIP_POINT' AND v.reference = 'tournament-entry:' || e.id)
    ORDER BY t.ended_at, e.id LIMIT ${limit}`;
  const commissions: Commission[] = [
    ...hands.map((h) => ({
      reference: pokerHandReference(h.hand_id, h.player_id),
      playerId: h.player_id,
      commission: Money.fromMinor(h.rake_minor, h.currency as CurrencyCode),
    })),
    ...fees.map((f) => ({
      reference: tournamentEntryReference(f.id),
      playerId: f.player_id,
      commission: Money.fromMinor(f.paid_fee_minor, f.currency as CurrencyCode),
    })),
  ];
  let earned = 0;
  let waiting = 0;
  let pointsCenti = 0n;
  for (const c of commissions) {
    const converted = await toUsd.toUsd(c.commission, ctx.clock.now());
    if (converted === null) {
      waiting += 1;
      continue;
    }
    const points = pointsCentiFor(converted.usd, rules.pointsPerUsd);
    const inserted = await transaction(ctx.db, (tx) =>
      earnPointsIn(ctx, tx, { ...c, usd: converted.usd, rate: converted.rate, points }),
    );
    if (inserted) {
      earned += 1;
      pointsCenti += points;
    }
  }
  return { earned, pointsCenti, waiting };
}

async function earnPointsIn(
  ctx: CashierContext,
  tx: Tx,
  c: Commission & { usd: Money; rate: string; points: bigint },
): Promise<boolean> {
  const now = ctx.clock.now();
  await lockPlayer(tx, c.playerId);
  const inserted = await tx.$executeRaw`
    INSERT INTO vip_point_entry (id, player_id, unit, amount_centi, kind, reference, commission_minor, commission_currency,
                                 commission_usd_minor, usd_rate, created_at)
    VALUES (${newId()}::uuid, ${c.playerId}::uuid, 'VIP_POINT', ${c.points}, 'EARN', ${c.reference}, ${c.commission.toMinor()},
            ${c.commission.currency}, ${c.usd.toMinor()}, ${c.rate}::numeric, ${now})
    ON CONFLICT (kind, reference, unit) DO NOTHING`;
  if (inserted === 0) return false;
  await creditBonusProgressIn(tx, c.playerId, c.points, now);
  return true;
}

export interface PointsBalance {
  /** VIP points (hundredths) held now, StarsCoins (hundredths) held now, and every VIP point ever earned. */
  pointsCenti: bigint;
  starsCoinsCenti: bigint;
  pointsEarnedCenti: bigint;
}

export async function pointsBalanceIn(tx: Tx | CashierContext['db'], playerId: string): Promise<PointsBalance> {
  const [row] = await tx.$queryRaw<[{ points: bigint; stars: bigint; earned: bigint }]>`
    SELECT coalesce(sum(amount_centi) FILTER (WHERE unit = 'VIP_POINT'), 0)::bigint AS points,
           coalesce(sum(amount_centi) FILTER (WHERE unit = 'STARSCOIN'), 0)::bigint AS stars,
           coalesce(sum(amount_centi) FILTER (WHERE unit = 'VIP_POINT' AND kind = 'EARN'), 0)::bigint AS earned
    FROM vip_point_entry WHERE player_id = ${playerId}::uuid`;
  return { pointsCenti: row.points, starsCoinsCenti: row.stars, pointsEarnedCenti: row.earned };
}

export interface VipStatus extends PointsBalance {
  /** 002:LIM-05..07: the highest level whose points condition is met, and whether it needs KYC evidence first. */
  level: VipLevel | null;
  nextLevel: VipLevel | null;
  /** What one StarsCoin costs in points and refunds in the wallet's currency. */
  pointsCentiPerStarsCoin: bigint;
}

export async function vipStatus(ctx: CashierContext, playerId: string): Promise<VipStatus> {
  const rules = vipRulesOf(ctx);
  const balance = await pointsBalanceIn(ctx.db, playerId);
  return { ...balance, ...levelFor(rules, balance.pointsEarnedCenti), pointsCentiPerStarsCoin: rules.pointsCentiPerStarsCoin };
}

/** 002:LIM-05: the levels a player's earned points qualify for (the points condition only; LIM-06 is staff's). */
export function levelFor(rules: VipRules, pointsEarnedCenti: bigint): { level: VipLevel | null; nextLevel: VipLevel | null } {
  const reached = rules.levels.filter((l) => l.pointsEarnedCentiMin <= pointsEarnedCenti);
  const level = reached.at(-1) ?? null;
  const nextLevel = rules.levels.find((l) => l.pointsEarnedCentiMin > pointsEarnedCenti) ?? null;
  return { level, nextLevel };
}

export interface ExchangeRequest {
  playerId: string;
  /** Whole StarsCoins wanted. */
  starsCoins: bigint;
  idempotencyKey: string;
}

/**
 * 002:VIP-02: points for StarsCoins at the published rate: two entries (points out, StarsCoins in) in
 * one transaction, refused (`insufficient-funds`) beyond the points held. A repeated key exchanges once.
 */
export async function exchangePointsForStarsCoins(ctx: CashierContext, request: ExchangeRequest): Promise<PointsBalance> {
  const rules = vipRulesOf(ctx);
  if (request.starsCoins <= 0n)
    throw new DomainError('validation-failed', 'Exchange at least one StarsCoin.', { field: 'body.starsCoins' });
  const cost = request.starsCoins * rules.pointsCentiPerStarsCoin;
  const reference = `exchange:${request.playerId}:${request.idempotencyKey}`;
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, request.playerId);
    if (!(await alreadyPosted(tx, 'EXCHANGE', reference))) {
      const balance = await pointsBalanceIn(tx, request.playerId);
      if (balance.pointsCenti < cost)
        throw new DomainError(
          'insufficient-funds',
          `That needs ${centi(cost)} VIP points; you hold ${centi(balance.pointsCenti)}.`,
          {
            field: 'body.starsCoins',
          },
        );
      const now = ctx.clock.now();
      await tx.$executeRaw`
        INSERT INTO vip_point_entry (id, player_id, unit, amount_centi, kind, reference, created_at) VALUES
          (${newId()}::uuid, ${request.playerId}::uuid, 'VIP_POINT', ${-cost}, 'EXCHANGE', ${reference}, ${now}),
          (${newId()}::uuid, ${request.playerId}::uuid, 'STARSCOIN', ${request.starsCoins * 100n}, 'EXCHANGE', ${reference}, ${now})`;
    }
    return pointsBalanceIn(tx, request.playerId);
  });
}

export interface RefundRequest {
  playerId: string;
  /** Whole StarsCoins spent. */
  starsCoins: bigint;
  /** The wallet the refund is paid into (its currency's published value per StarsCoin). */
  currency: CurrencyCode;
  idempotencyKey: string;
}

/**
 * 002:VIP-03: StarsCoins refund part of the commission paid: the StarsCoins out of the points ledger and
 * one COMMISSION_REFUND ledger transaction from the operator's commission-refund expense into the
 * player's cash wallet, in one transaction. A refund never exceeds the commission the player paid in
 * that currency less what was refunded before (it is a refund, not a payout: D-2634).
 */
export async function refundCommission(
  ctx: CashierContext,
  request: RefundRequest,
): Promise<{ refund: Money; ledgerTransactionId: string; balance: PointsBalance }> {
  const rules = vipRulesOf(ctx);
  if (request.starsCoins <= 0n)
    throw new DomainError('validation-failed', 'Spend at least one StarsCoin.', { field: 'body.starsCoins' });
  const perCoin = rules.refundMinorPerStarsCoin[request.currency];
  if (perCoin === undefined)
    throw new DomainError('validation-failed', `No commission refund is paid in ${request.currency}.`, {
      field: 'body.currency',
    });
  const refund = Money.fromMinor(request.starsCoins * perCoin, request.currency);
  const reference = `refund:${request.playerId}:${request.idempotencyKey}`;
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, request.playerId);
    const key = `vip:${reference}`;
    const earlier = await ledger.findTransactionIdByIdempotencyKey(tx, key);
    if (earlier) return { refund, ledgerTransactionId: earlier, balance: await pointsBalanceIn(tx, request.playerId) };
    const player = await tx.player.findUnique({ where: { id: request.playerId }, select: { state: true } });
    if (player?.state !== 'REGISTERED')
      throw new DomainError('account-not-active', 'Only a registered account is paid a refund.', {
        extensions: { state: player?.state ?? null },
      });
    const balance = await pointsBalanceIn(tx, request.playerId);
    if (balance.starsCoinsCenti < request.starsCoins * 100n)
      throw new DomainError('insufficient-funds', `You hold ${centi(balance.starsCoinsCenti)} StarsCoins.`, {
        field: 'body.starsCoins',
      });
    const [paid] = await tx.$queryRaw<[{ commission: bigint; refunded: bigint }]>`
      SELECT coalesce(sum(commission_minor) FILTER (WHERE kind = 'EARN' AND commission_currency = ${request.currency}), 0)::bigint AS commission,
             coalesce(sum(refund_minor) FILTER (WHERE kind = 'REFUND' AND refund_currency = ${request.currency}), 0)::bigint AS refunded
      FROM vip_point_entry WHERE player_id = ${request.playerId}::uuid`;
    const refundable = paid.commission - paid.refunded;
    if (refund.toMinor() > refundable)
      throw new DomainError(
        'validation-failed',
        `A refund returns commission paid: at most ${Money.fromMinor(refundable > 0n ? refundable : 0n, request.currency)} is left to refund.`,
        { field: 'body.starsCoins' },
      );
    const now = ctx.clock.now();
    const posted = await ledger.transfer(
      tx,
      {
        idempotencyKey: key,
        kind: 'COMMISSION_REFUND',
        debitAccountId: await commissionRefundAccount(tx, request.currency),
        creditAccountId: await cashWalletOf(tx, request.playerId, request.currency),
        amount: refund,
        metadata: { playerId: request.playerId, starsCoins: Number(request.starsCoins), reference },
      },
      now,
    );
    await tx.$executeRaw`
      INSERT INTO vip_point_entry (id, player_id, unit, amount_centi, kind, reference, refund_minor, refund_currency,
                                   ledger_transaction_id, created_at)
      VALUES (${newId()}::uuid, ${request.playerId}::uuid, 'STARSCOIN', ${-request.starsCoins * 100n}, 'REFUND', ${reference},
              ${refund.toMinor()}, ${request.currency}, ${posted.transactionId}::uuid, ${now})`;
    return { refund, ledgerTransactionId: posted.transactionId, balance: await pointsBalanceIn(tx, request.playerId) };
  });
}

async function alreadyPosted(tx: Tx, kind: string, reference: string): Promise<boolean> {
  const rows = await tx.$queryRaw<
    unknown[]
  >`SELECT 1 FROM vip_point_entry WHERE kind = ${kind} AND reference = ${reference} LIMIT 1`;
  return rows.length > 0;
}

/** The operator's cost of commission refunds (an expense; the rake revenue itself stays as taken, D-2634). */
async function commissionRefundAccount(tx: Tx, currency: CurrencyCode): Promise<AccountId> {
  const code = ledger.operatorAccountCode('commission-refunds', currency);
  return (
    (await ledger.findAccountByCode(tx, code))?.id ??
    (
      await ledger.openAccount(tx, {
        code,
        ownerKind: 'OPERATOR',
        ownerId: null,
        purpose: 'commission-refunds',
        currency,
        type: 'EXPENSE',
        allowNegative: true,
        shardCount: 1,
      })
    ).id
  );
}

async function cashWalletOf(tx: Tx, playerId: string, currency: CurrencyCode): Promise<AccountId> {
  const spec = ledger.playerWalletSpec(playerId, 'cash', currency);
  return (await ledger.findAccountByCode(tx, spec.code))?.id ?? (await ledger.openAccount(tx, spec)).id;
}

/** Hundredths as a decimal string (1100 → "11.00"). */
export function centi(value: bigint): string {
  const negative = value < 0n;
  const magnitude = (negative ? -value : value).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${magnitude.slice(0, -2)}.${magnitude.slice(-2)}`;
}
