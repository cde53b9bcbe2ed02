import { createHash } from 'node:crypto';
import { addDays, DomainError, newId, pragueDate, startOfPragueDay } from '@casino/core';
import { enqueueOutboxMessage, lockPlayer, transaction, type Tx } from '@casino/db';
import { sendEmail } from '../notifications.ts';
import { AccessEndedPayloadSchema, accessEndedTopic } from '../register-listing.ts';
import { transition } from '../states.ts';
import { hasUnsettledBets, nonZeroWallets } from './common.ts';
import type { AccountLifecycleContext } from './context.ts';

/**
 * Termination by the player (004:TRM-01..03, T-54): a written notice, no reason needed, delivered
 * as a document through the player API. It is disregarded, and the player told why, while any
 * wallet holds money or a bet is unsettled (TRM-03; checked at delivery, AMB-09: D-2305). Otherwise the
 * 14-day notice period runs from the day after delivery (TRM-02: delivered on D, the period is the
 * Europe/Prague days D+1..D+14 and the contract ends at the start of D+15) and the player may
 * withdraw the notice until then. The scheduled job ends the contract when the period has run.
 */
export type NoticeStatus = 'RUNNING' | 'DISREGARDED' | 'WITHDRAWN' | 'EFFECTIVE';

export interface TerminationNoticeView {
  noticeId: string;
  status: NoticeStatus;
  deliveredAt: Date;
  noticeStartsAt: Date | null;
  effectiveAt: Date | null;
  disregardReasons: string[];
  withdrawnAt: Date | null;
  closedAt: Date | null;
}

export interface NoticeDocument {
  fileName: string;
  content: Buffer;
}

const documentBytesMax = 1_048_576;

export function noticePeriod(deliveredAt: Date, noticeDays: number): { startsAt: Date; effectiveAt: Date } {
  const day = pragueDate(deliveredAt);
  return { startsAt: startOfPragueDay(addDays(day, 1)), effectiveAt: startOfPragueDay(addDays(day, noticeDays + 1)) };
}

export async function giveTerminationNotice(
  ctx: AccountLifecycleContext,
  playerId: string,
  document: NoticeDocument,
): Promise<TerminationNoticeView> {
  if (document.content.length === 0 || document.content.length > documentBytesMax)
    throw new DomainError('validation-failed', 'The notice is a document of 1 byte to 1 MiB.', { field: 'body.contentBase64' });
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, playerId);
    const now = ctx.clock.now();
    const player = await tx.player.findUniqueOrThrow({ where: { id: playerId }, select: { state: true, email: true } });
    if (player.state !== 'REGISTERED')
      throw new DomainError('account-not-active', 'Only a registered account has a contract to terminate by notice.', {
        extensions: { state: player.state },
      });
    const running = await tx.playerTerminationNotice.findFirst({ where: { playerId, status: 'RUNNING' } });
    if (running)
      throw new DomainError(
        'termination-notice-running',
        'A notice of termination is already running; withdraw it first to give another.',
        {
          extensions: { noticeId: running.id },
        },
      );
    const reasons: string[] = [];
    for (const wallet of await nonZeroWallets(tx, playerId))
      reasons.push(`the ${wallet.purpose} wallet holds ${wallet.balance}: withdraw all funds first`);
    if (await hasUnsettledBets(tx, playerId)) reasons.push('a bet is not settled yet');
    const period = noticePeriod(now, ctx.rules.termination.playerNoticeDays);
    const row = await tx.playerTerminationNotice.create({
      data: {
        id: newId(),
        playerId,
        status: reasons.length > 0 ? 'DISREGARDED' : 'RUNNING',
        documentName: document.fileName,
        documentSha256: createHash('sha256').update(document.content).digest('hex'),
        document: new Uint8Array(document.content),
        deliveredAt: now,
        noticeStartsAt: reasons.length > 0 ? null : period.startsAt,
        effectiveAt: reasons.length > 0 ? null : period.effectiveAt,
        disregardReasons: reasons,
      },
    });
    await sendEmail(tx, ctx.pii, {
      to: player.email,
      subject: reasons.length > 0 ? 'Your notice of termination is disregarded' : 'Your notice of termination',
      text:
        reasons.length > 0
          ? `We received your notice of termination but must disregard it (004:TRM-03): ${reasons.join('; ')}. ` +
            'Give notice again once your balance is zero and every bet is settled.'
          : `We received your notice of termination on ${pragueDate(now)}. The ${ctx.rules.termination.playerNoticeDays}-day notice ` +
            `period runs from ${pragueDate(period.startsAt)}; your contract ends at the start of ${pragueDate(period.effectiveAt)} ` +
            '(Europe/Prague). You may withdraw the notice until then.',
    });
    return viewOf(row);
  });
}

export async function withdrawTerminationNotice(ctx: AccountLifecycleContext, playerId: string): Promise<TerminationNoticeView> {
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, playerId);
    const now = ctx.clock.now();
    const running = await tx.playerTerminationNotice.findFirst({ where: { playerId, status: 'RUNNING' } });
    if (!running || (running.effectiveAt && running.effectiveAt <= now))
      throw new DomainError('not-found', 'There is no running notice of termination to withdraw.');
    return viewOf(
      await tx.playerTerminationNotice.update({ where: { id: running.id }, data: { status: 'WITHDRAWN', withdrawnAt: now } }),
    );
  });
}

export async function listTerminationNotices(ctx: Pick<AccountLifecycleContext, 'db'>, playerId: string) {
  const rows = await ctx.db.playerTerminationNotice.findMany({ where: { playerId }, orderBy: { deliveredAt: 'desc' }, take: 50 });
  return rows.map(viewOf);
}

/** The scheduled half: notices whose period has run end the contract (TRM-02). Returns how many. */
export async function endContractsGivenNotice(ctx: AccountLifecycleContext, batchSizeMax = 100): Promise<number> {
  const due = await ctx.db.playerTerminationNotice.findMany({
    where: { status: 'RUNNING', effectiveAt: { lte: ctx.clock.now() } },
    select: { id: true, playerId: true },
    take: batchSizeMax,
  });
  let ended = 0;
  for (const notice of due) if (await transaction(ctx.db, (tx) => endContract(ctx, tx, notice.id, notice.playerId))) ended++;
  return ended;
}

async function endContract(ctx: AccountLifecycleContext, tx: Tx, noticeId: string, playerId: string): Promise<boolean> {
  await lockPlayer(tx, playerId);
  const now = ctx.clock.now();
  const notice = await tx.playerTerminationNotice.findUniqueOrThrow({ where: { id: noticeId } });
  if (notice.status !== 'RUNNING') return false; // withdrawn, or another worker ended it
  const player = await tx.player.findUniqueOrThrow({ where: { id: playerId }, select: { state: true, email: true } });
  if (player.state !== 'CLOSED' && player.state !== 'CANCELLED') {
    await transition(tx, playerId, player.state, 'CLOSED', {
      reason: `contract terminated by the player's notice delivered ${notice.deliveredAt.toISOString()} (004:TRM-01, TRM-02)`,
      actor: `player:${playerId}`,
      at: now,
    });
    // The contract has ended: so have the seats (D-2324), as for any closure.
    await enqueueOutboxMessage(tx, {
      topic: accessEndedTopic,
      payload: AccessEndedPayloadSchema.parse({ playerId, reason: 'contract-ended', at: now.toISOString() }),
    });
  }
  await tx.playerTerminationNotice.update({ where: { id: noticeId }, data: { status: 'EFFECTIVE', closedAt: now } });
  await sendEmail(tx, ctx.pii, {
    to: player.email,
    subject: 'Your contract has ended',
    text:
      'The notice period of your notice of termination has run and your contract has ended (004:TRM-02). ' +
      'Any balance that arose since your notice is returned to you (004:TRM-13).',
  });
  return true;
}

function viewOf(row: {
  id: string;
  status: string;
  deliveredAt: Date;
  noticeStartsAt: Date | null;
  effectiveAt: Date | null;
  disregardReasons: string[];
  withdrawnAt: Date | null;
  closedAt: Date | null;
}): TerminationNoticeView {
  return {
    noticeId: row.id,
    status: row.status as NoticeStatus,
    deliveredAt: row.deliveredAt,
    noticeStartsAt: row.noticeStartsAt,
    effectiveAt: row.effectiveAt,
    disregardReasons: row.disregardReasons,
    withdrawnAt: row.withdrawnAt,
    closedAt: row.closedAt,
  };
}
