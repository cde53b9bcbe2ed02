import { newId } from '@casino/core';
import type { Db } from '@casino/db';
import * as ledger from '@casino/ledger';
import { addCalendarMonths, cashBalance } from './common.ts';
import type { AccountLifecycleContext } from './context.ts';

/**
 * Termination grounds that are conditions (004:TRM-10 (v), (xi), (xiv), (xv); TRM-12, DRM-06, T-56):
 * found by a job and offered to staff, who decide (a ground lets the operator terminate; it does not
 * oblige it, D-2307). One open offer per player and ground (a partial unique index), so the job may
 * run twice and on two workers; an offer whose condition no longer holds lapses.
 */
export type ConditionGround = 'v' | 'xi' | 'xiv' | 'xv';

interface Finding {
  playerId: string;
  ground: ConditionGround;
  since: Date;
  detail: string;
}

const betKinds = ['STAKE', 'BUY_IN'] as const;

export async function findTerminationCandidates(ctx: AccountLifecycleContext, batchSizeMax = 500): Promise<number> {
  const now = ctx.clock.now();
  const months = ctx.rules.termination.conditionMonths;
  const cutoff = addCalendarMonths(now, -months);
  const findings: Finding[] = [];
  let after: string | undefined;
  for (;;) {
    const players = await ctx.db.player.findMany({
      where: { state: { in: ['REGISTERED', 'BLOCKED'] }, createdAt: { lt: cutoff }, ...(after ? { id: { gt: after } } : {}) },
      select: { id: true, state: true, createdAt: true },
      orderBy: { id: 'asc' },
      take: batchSizeMax,
    });
    if (players.length === 0) break;
    after = players.at(-1)!.id;
    for (const player of players) findings.push(...(await conditionsOf(ctx, player, cutoff)));
    if (players.length < batchSizeMax) break;
  }
  // (v), TRM-12: a debt from a wrongly credited win unpaid 10 days after the request (the cashier flags it OVERDUE).
  // All of them (few): an offer not found again this run lapses.
  for (const debt of await ctx.db.playerDebt.findMany({ where: { status: 'OVERDUE' } }))
    findings.push({
      playerId: debt.playerId,
      ground: 'v',
      since: debt.overdueAt ?? debt.dueAt,
      detail: `debt ${debt.id} unpaid since ${debt.dueAt.toISOString()} (004:TRM-12, WIN-05)`,
    });
  const created = await ctx.db.terminationCandidate.createMany({
    data: findings.map((f) => ({ id: newId(), ...f, foundAt: now, status: 'OPEN' })),
    skipDuplicates: true, // the open offer exists already
  });
  await lapseStale(ctx.db, findings, now);
  return created.count;
}

async function conditionsOf(
  ctx: AccountLifecycleContext,
  player: { id: string; state: string; createdAt: Date },
  cutoff: Date,
): Promise<Finding[]> {
  const months = ctx.rules.termination.conditionMonths;
  const found: Finding[] = [];
  // (xi) balance zero for more than 12 months: zero now and nothing moved on the wallet since the cutoff.
  if ((await cashBalance(ctx.db, player.id, ctx.currency)).isZero()) {
    const lastPosting = await ledger.lastPlayerMovementAt(ctx.db, {
      playerId: player.id,
      kinds: ledger.transactionKinds,
      wallets: ['cash'],
    });
    const since = lastPosting ?? player.createdAt;
    if (since < cutoff)
      found.push({ playerId: player.id, ground: 'xi', since, detail: `balance zero since ${since.toISOString()}` });
  }
  // (xv) no bet for more than 12 months.
  const lastBet = await ledger.lastPlayerMovementAt(ctx.db, { playerId: player.id, kinds: betKinds });
  const sinceBet = lastBet ?? player.createdAt;
  if (sinceBet < cutoff)
    found.push({
      playerId: player.id,
      ground: 'xv',
      since: sinceBet,
      detail: lastBet ? `last bet ${lastBet.toISOString()}` : `no bet since registration (${player.createdAt.toISOString()})`,
    });
  // (xiv) blocked under čl. 5.11 (dormancy) for more than 12 months.
  if (player.state === 'BLOCKED') {
    const blocked = await ctx.db.playerStateTransition.findFirst({
      where: { playerId: player.id, toState: 'BLOCKED' },
      orderBy: { at: 'desc' },
      select: { at: true },
    });
    const dormant = await ctx.db.accountDormancy.findFirst({
      where: { playerId: player.id, endedAt: null },
      select: { id: true },
    });
    if (blocked && dormant && blocked.at < cutoff)
      found.push({
        playerId: player.id,
        ground: 'xiv',
        since: blocked.at,
        detail: `inactive and blocked for more than ${months} months`,
      });
  }
  return found;
}

async function lapseStale(db: Db, findings: readonly Finding[], now: Date): Promise<void> {
  const holding = new Set(findings.map((f) => `${f.playerId}:${f.ground}`));
  const open = await db.terminationCandidate.findMany({
    where: { status: 'OPEN' },
    select: { id: true, playerId: true, ground: true },
  });
  const stale = open.filter((c) => !holding.has(`${c.playerId}:${c.ground}`)).map((c) => c.id);
  if (stale.length > 0)
    await db.terminationCandidate.updateMany({
      where: { id: { in: stale }, status: 'OPEN' },
      data: { status: 'LAPSED', decidedAt: now },
    });
}

export interface TerminationCandidateView {
  candidateId: string;
  playerId: string;
  ground: string;
  since: Date;
  detail: string;
  foundAt: Date;
  status: string;
}

export async function listTerminationCandidates(
  db: Db,
  options: { status?: string; limit: number },
): Promise<TerminationCandidateView[]> {
  const rows = await db.terminationCandidate.findMany({
    where: { status: options.status ?? 'OPEN' },
    orderBy: [{ foundAt: 'asc' }, { id: 'asc' }],
    take: options.limit,
  });
  return rows.map((r) => ({
    candidateId: r.id,
    playerId: r.playerId,
    ground: r.ground,
    since: r.since,
    detail: r.detail,
    foundAt: r.foundAt,
    status: r.status,
  }));
}
