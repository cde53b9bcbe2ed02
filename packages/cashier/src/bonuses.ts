import { DomainError, Money, newId, Rounding, type AccountId, type CurrencyCode } from '@casino/core';
import { lockPlayer, transaction, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import type { CashierContext } from './context.ts';
import type { BonusRules } from './loyalty-rules.ts';
import { auditStaffAction, type StaffActor } from './staff-audit.ts';

/**
 * Bonuses (002:BON-01..07; issue 26, docs/decisions.md D-2630, D-2631). A bonus is money the operator
 * owes the player only conditionally: it sits in the player's `bonus` wallet, a ledger account of its
 * own beside cash (BON-02), funded from the operator's bonus expense. Nothing that stakes or withdraws
 * ever debits that account (stakes and withdrawals debit the cash or temporary wallet only), so a
 * locked bonus can neither be played nor withdrawn (BON-03). As VIP points are earned after the grant
 * the bonus is released in equal parts at the published thresholds, each part one ledger transaction
 * bonus wallet → cash wallet, after which it is cash like a deposit's (BON-04, BON-05); what is still
 * locked when the window ends goes back to the expense account (BON-06), by the worker's job.
 *
 * Lock order: the player (lockPlayer), then the player's bonus rows, then ledger accounts.
 */

export const bonusGrantKey = (bonusId: string) => `bonus:${bonusId}:grant`;
export const bonusReleaseKey = (bonusId: string, tranche: number) => `bonus:${bonusId}:release:${tranche}`;
export const bonusForfeitKey = (bonusId: string) => `bonus:${bonusId}:forfeit`;

export type BonusSource = 'STAFF' | 'DEPOSIT_RULE';
export type BonusStatus = 'LOCKED' | 'RELEASED' | 'FORFEITED';

export interface BonusRow {
  id: string;
  player_id: string;
  currency: string;
  amount_minor: bigint;
  tranche_count: number;
  points_per_tranche_centi: bigint;
  expires_at: Date;
  points_earned_centi: bigint;
  released_tranches: number;
  released_minor: bigint;
  forfeited_minor: bigint;
  status: BonusStatus;
  source: BonusSource;
  granted_at: Date;
  ended_at: Date | null;
}

export interface BonusView {
  id: string;
  status: BonusStatus;
  source: BonusSource;
  amount: Money;
  locked: Money;
  released: Money;
  forfeited: Money;
  trancheCount: number;
  releasedTranches: number;
  /** VIP points (hundredths) earned since the grant, and those the next part needs; null when none is left. */
  pointsEarnedCenti: bigint;
  nextTranchePointsCenti: bigint | null;
  nextTranche: Money | null;
  grantedAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
}

/** The rules of bonuses, or a refusal where the operator offers none (002 only, §6d). */
export function bonusRulesOf(ctx: CashierContext): BonusRules {
  const rules = ctx.rules.loyalty?.bonus;
  if (!rules) throw new DomainError('not-found', 'This operator offers no bonuses.');
  return rules;
}

/** The bonus wallet of a player in a currency (opened on first use): shown apart from cash (002:BON-02). */
export async function bonusWallet(tx: Tx, playerId: string, currency: CurrencyCode): Promise<AccountId> {
  const spec = ledger.playerWalletSpec(playerId, 'bonus', currency);
  return (await ledger.findAccountByCode(tx, spec.code))?.id ?? (await ledger.openAccount(tx, spec)).id;
}

/** The operator's cost of bonuses (an expense): a grant debits it, a forfeit credits it back. */
export async function bonusExpenseAccount(tx: Tx, currency: CurrencyCode): Promise<AccountId> {
  const code = ledger.operatorAccountCode('bonus-expense', currency);
  const found = await ledger.findAccountByCode(tx, code);
  if (found) return found.id;
  return (
    await ledger.openAccount(tx, {
      code,
      ownerKind: 'OPERATOR',
      ownerId: null,
      purpose: 'bonus-expense',
      currency,
      type: 'EXPENSE',
      allowNegative: true,
      shardCount: 1,
    })
  ).id;
}

async function cashWalletIn(tx: Tx, playerId: string, currency: CurrencyCode): Promise<AccountId> {
  const spec = ledger.playerWalletSpec(playerId, 'cash', currency);
  return (await ledger.findAccountByCode(tx, spec.code))?.id ?? (await ledger.openAccount(tx, spec)).id;
}

export interface GrantBonusRequest {
  playerId: string;
  amount: Money;
  source: BonusSource;
  /** What granted it: the deposit's id, or the staff request's idempotency key. A repeat grants nothing new. */
  sourceRef: string;
  grantedBy?: string;
  reason?: string;
}

/**
 * Grants a bonus inside the caller's transaction: one BONUS_GRANT ledger transaction bonus expense →
 * bonus wallet and the bonus row with the terms in force now (a later change of the promotion changes
 * no granted bonus). Only a registered account holds bonuses (a temporary account is refunded, never
 * paid a bonus; D-2631). Idempotent on (source, sourceRef).
 */
export async function grantBonusIn(
  ctx: CashierContext,
  tx: Tx,
  request: GrantBonusRequest,
): Promise<BonusView & { replayed: boolean }> {
  const rules = bonusRulesOf(ctx);
  if (!request.amount.isPositive())
    throw new DomainError('validation-failed', 'A bonus is a positive amount.', { field: 'body.amount' });
  await lockPlayer(tx, request.playerId);
  const earlier = await tx.$queryRaw<BonusRow[]>`
    SELECT * FROM player_bonus WHERE source = ${request.source} AND source_ref = ${request.sourceRef}`;
  if (earlier[0]) return { ...toView(earlier[0]), replayed: true };
  const player = await tx.player.findUnique({ where: { id: request.playerId }, select: { state: true } });
  if (!player) throw new DomainError('not-found', 'No such player.', { field: 'params.playerId' });
  if (player.state !== 'REGISTERED')
    throw new DomainError('account-not-active', 'Only a registered account can hold a bonus.', {
      extensions: { state: player.state },
    });
  const now = ctx.clock.now();
  const id = newId();
  const currency = request.amount.currency;
  const posted = await ledger.transfer(
    tx,
    {
      idempotencyKey: bonusGrantKey(id),
      kind: 'BONUS_GRANT',
      debitAccountId: await bonusExpenseAccount(tx, currency),
      creditAccountId: await bonusWallet(tx, request.playerId, currency),
      amount: request.amount,
      metadata: { bonusId: id, playerId: request.playerId, source: request.source, sourceRef: request.sourceRef },
    },
    now,
  );
  const expiresAt = new Date(now.getTime() + rules.windowDays * 86_400_000);
  const [row] = await tx.$queryRaw<[BonusRow]>`
    INSERT INTO player_bonus (id, player_id, currency, amount_minor, tranche_count, points_per_tranche_centi, expires_at, status,
                              source, source_ref, granted_by, reason, ledger_transaction_id, granted_at)
    VALUES (${id}::uuid, ${request.playerId}::uuid, ${currency}, ${request.amount.toMinor()}, ${rules.trancheCount},
            ${rules.pointsPerTrancheCenti}, ${expiresAt}, 'LOCKED', ${request.source}, ${request.sourceRef},
            ${request.grantedBy ?? null}::uuid, ${request.reason ?? null}, ${posted.transactionId}::uuid, ${now})
    RETURNING *`;
  return { ...toView(row), replayed: false };
}

export interface StaffGrantRequest {
  playerId: string;
  amount: Money;
  reason: string;
  /** The staff request's idempotency key: a retried request grants once. */
  idempotencyKey: string;
  staff: StaffActor;
}

/** Staff grant a bonus (002:BON-01): at most the published maximum per grant, audited in the same transaction. */
export async function grantBonusByStaff(ctx: CashierContext, request: StaffGrantRequest): Promise<BonusView> {
  const rules = bonusRulesOf(ctx);
  const max = rules.staffGrantMinorMax[request.amount.currency];
  if (max === undefined)
    throw new DomainError('validation-failed', `No bonus is granted in ${request.amount.currency}.`, { field: 'body.amount' });
  if (request.amount.toMinor() > max)
    throw new DomainError('validation-failed', `A bonus is at most ${Money.fromMinor(max, request.amount.currency)}.`, {
      field: 'body.amount',
    });
  return transaction(ctx.db, async (tx) => {
    const { replayed, ...view } = await grantBonusIn(ctx, tx, {
      playerId: request.playerId,
      amount: request.amount,
      source: 'STAFF',
      sourceRef: `staff:${request.staff.staffUserId}:${request.idempotencyKey}`,
      grantedBy: request.staff.staffUserId,
      reason: request.reason,
    });
    if (replayed) return view;
    await auditStaffAction(tx, request.staff, ctx.clock.now(), {
      action: 'cashier.bonus-grant',
      subjectType: 'player',
      subjectId: request.playerId,
      reason: request.reason,
      before: null,
      after: { bonusId: view.id, amount: view.amount.toJSON(), expiresAt: view.expiresAt.toISOString() },
    });
    return view;
  });
}

/**
 * 002:BON-01: the deposit rule, inside the deposit's crediting transaction: a registered player's
 * deposit of at least the published minimum earns its share as a bonus, up to the maximum. One bonus
 * per deposit (its id is the source).
 */
export async function grantDepositBonusIn(
  ctx: CashierContext,
  tx: Tx,
  deposit: { id: string; playerId: string; amount: Money; temporary: boolean },
): Promise<BonusView | null> {
  const amount = depositRuleBonus(ctx, deposit);
  if (!amount) return null;
  return grantBonusIn(ctx, tx, { playerId: deposit.playerId, amount, source: 'DEPOSIT_RULE', sourceRef: deposit.id });
}

/** The bonus the operator's deposit rule grants for a deposit, if any (pure: the one-call credit asks it too, D-2280). */
export function depositRuleBonus(ctx: CashierContext, deposit: { amount: Money; temporary: boolean }): Money | null {
  const rule = ctx.rules.loyalty?.bonus?.depositRule;
  if (!rule || deposit.temporary) return null;
  const min = rule.depositMinorMin[deposit.amount.currency];
  const max = rule.bonusMinorMax[deposit.amount.currency];
  if (min === undefined || max === undefined || deposit.amount.toMinor() < min) return null;
  // Rounded down: never more than the published share.
  const bonusMinor = deposit.amount.percentageBps(rule.matchBps, Rounding.DOWN).toMinor();
  const amount = Money.fromMinor(minBig(bonusMinor, max), deposit.amount.currency);
  return amount.isPositive() ? amount : null;
}

/**
 * VIP points earned by the player count towards every locked bonus still in its window (002:BON-04;
 * points earned before a grant do not count, D-2631). Parts whose threshold is reached are released,
 * each one ledger transaction bonus wallet → cash. Inside the caller's transaction, the player locked.
 */
export async function creditBonusProgressIn(
  tx: Tx,
  playerId: string,
  pointsCenti: bigint,
  now: Date,
): Promise<{ releasedMinor: bigint }> {
  if (pointsCenti <= 0n) return { releasedMinor: 0n };
  const bonuses = await tx.$queryRaw<BonusRow[]>`
    UPDATE player_bonus SET points_earned_centi = points_earned_centi + ${pointsCenti}
    WHERE player_id = ${playerId}::uuid AND status = 'LOCKED' AND expires_at > ${now}
    RETURNING *`;
  let releasedMinor = 0n;
  for (const bonus of bonuses.sort((a, b) => a.granted_at.getTime() - b.granted_at.getTime() || a.id.localeCompare(b.id)))
    releasedMinor += await releaseDueTranches(tx, bonus, now);
  return { releasedMinor };
}

/** The parts of `bonus` whose thresholds its points reach, released in order; the total released now. */
async function releaseDueTranches(tx: Tx, bonus: BonusRow, now: Date): Promise<bigint> {
  const due = Number(minBig(bonus.points_earned_centi / bonus.points_per_tranche_centi, BigInt(bonus.tranche_count)));
  if (due <= bonus.released_tranches) return 0n;
  const currency = bonus.currency as CurrencyCode;
  const parts = trancheAmounts(bonus);
  const bonusAccount = await bonusWallet(tx, bonus.player_id, currency);
  const cash = await cashWalletIn(tx, bonus.player_id, currency);
  let released = 0n;
  for (let tranche = bonus.released_tranches + 1; tranche <= due; tranche++) {
    const part = parts[tranche - 1]!;
    await ledger.transfer(
      tx,
      {
        idempotencyKey: bonusReleaseKey(bonus.id, tranche),
        kind: 'BONUS_RELEASE',
        debitAccountId: bonusAccount,
        creditAccountId: cash,
        amount: part,
        metadata: { bonusId: bonus.id, playerId: bonus.player_id, tranche, trancheCount: bonus.tranche_count },
      },
      now,
    );
    released += part.toMinor();
  }
  const done = due === bonus.tranche_count;
  await tx.$executeRaw`
    UPDATE player_bonus SET released_tranches = ${due}, released_minor = released_minor + ${released},
                            status = ${done ? 'RELEASED' : 'LOCKED'}, ended_at = ${done ? now : null}
    WHERE id = ${bonus.id}::uuid`;
  return released;
}

/** The equal parts of a bonus, the first ones taking the odd minor units (002:BON-04). */
export function trancheAmounts(bonus: Pick<BonusRow, 'amount_minor' | 'currency' | 'tranche_count'>): Money[] {
  return Money.fromMinor(bonus.amount_minor, bonus.currency as CurrencyCode).allocateEvenly(bonus.tranche_count);
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * 002:BON-06: every bonus whose window has ended is closed: what is still locked goes back to the
 * operator (one BONUS_FORFEIT ledger transaction bonus wallet → bonus expense) and the bonus is
 * FORFEITED. The worker runs it on a schedule; each bonus is its own transaction, skipped by a
 * concurrent run (SKIP LOCKED) and a no-op once closed, so running it twice forfeits once.
 */
export async function forfeitExpiredBonuses(
  ctx: CashierContext,
  options: { limit?: number } = {},
): Promise<{ forfeited: number }> {
  const now = ctx.clock.now();
  const due = await ctx.db.$queryRaw<Array<{ id: string; player_id: string }>>`
    SELECT id, player_id FROM player_bonus WHERE status = 'LOCKED' AND expires_at <= ${now}
    ORDER BY expires_at, id LIMIT ${options.limit ?? 500}`;
  let forfeited = 0;
  for (const { id, player_id } of due) {
    const closed = await transaction(ctx.db, async (tx) => {
      await lockPlayer(tx, player_id);
      const [bonus] = await tx.$queryRaw<BonusRow[]>`
        SELECT * FROM player_bonus WHERE id = ${id}::uuid AND status = 'LOCKED' AND expires_at <= ${now} FOR UPDATE SKIP LOCKED`;
      if (!bonus) return false;
      const lockedMinor = bonus.amount_minor - bonus.released_minor;
      const currency = bonus.currency as CurrencyCode;
      if (lockedMinor > 0n)
        await ledger.transfer(
          tx,
          {
            idempotencyKey: bonusForfeitKey(bonus.id),
            kind: 'BONUS_FORFEIT',
            debitAccountId: await bonusWallet(tx, bonus.player_id, currency),
            creditAccountId: await bonusExpenseAccount(tx, currency),
            amount: Money.fromMinor(lockedMinor, currency),
            metadata: { bonusId: bonus.id, playerId: bonus.player_id, releasedTranches: bonus.released_tranches },
          },
          now,
        );
      await tx.$executeRaw`
        UPDATE player_bonus SET status = 'FORFEITED', forfeited_minor = ${lockedMinor}, ended_at = ${now} WHERE id = ${bonus.id}::uuid`;
      return true;
    });
    if (closed) forfeited += 1;
  }
  return { forfeited };
}

/** A player's bonuses, newest first (002:BON-02: shown apart from cash). */
export async function playerBonuses(ctx: CashierContext, playerId: string): Promise<BonusView[]> {
  const rows = await ctx.db.$queryRaw<BonusRow[]>`
    SELECT * FROM player_bonus WHERE player_id = ${playerId}::uuid ORDER BY granted_at DESC, id DESC LIMIT 200`;
  return rows.map(toView);
}

export function toView(row: BonusRow): BonusView {
  const currency = row.currency as CurrencyCode;
  const m = (minor: bigint) => Money.fromMinor(minor, currency);
  const parts = trancheAmounts(row);
  const open = row.status === 'LOCKED' && row.released_tranches < row.tranche_count;
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    amount: m(row.amount_minor),
    locked: m(row.status === 'LOCKED' ? row.amount_minor - row.released_minor : 0n),
    released: m(row.released_minor),
    forfeited: m(row.forfeited_minor),
    trancheCount: row.tranche_count,
    releasedTranches: row.released_tranches,
    pointsEarnedCenti: row.points_earned_centi,
    nextTranchePointsCenti: open ? BigInt(row.released_tranches + 1) * row.points_per_tranche_centi : null,
    nextTranche: open ? parts[row.released_tranches]! : null,
    grantedAt: row.granted_at,
    expiresAt: row.expires_at,
    endedAt: row.ended_at,
  };
}
