import { DomainError, newId, type StaffUserId } from '@casino/core';
import { enqueueOutboxMessage, transaction, type Tx } from '@casino/db';
import { AccessEndedPayloadSchema, accessEndedTopic, sendEmail } from '@casino/players';
import { actorId, type Actor } from '../actor.ts';
import { appendAuditEntry } from '../audit/audit-log.ts';
import { assertStaffUserExists } from '../cases/alerts.ts';
import { placePayoutHold, releasePayoutHold, type PayoutHoldGround } from '../cases/payout-holds.ts';
import type { ComplianceContext } from '../context.ts';
import { assertStaffMove, lockPlayer, movePlayer, stateBeforeBlock } from './player-state.ts';

/**
 * The operator's termination grounds (004:TRM-10, čl. 4.10 (i)–(xvi)); the notice must always state
 * one (TRM-11). The key is the clause number as the game plan writes it.
 */
export const terminationGrounds = {
  i: 'incorrect personal data given at registration',
  ii: 'influencing or attempting to influence the result of a game',
  iii: 'fraud or attempted fraud',
  iv: "misuse of someone else's payment means",
  v: 'failure to return a wrongly credited win',
  vi: 'inappropriate behaviour towards the operator or other participants',
  vii: "giving others access to the account, or accessing another participant's account",
  viii: 'death of the participant',
  ix: 'reasonable suspicion of misuse or manipulation of the account',
  x: 'failure to give the cooperation the operator needs for its AML obligations',
  xi: 'account balance zero for more than 12 months',
  xii: 'failure to report changes of personal data',
  xiii: 'conduct that substantially damaged mutual trust',
  xiv: 'account blocked for 12 months without movement',
  xv: 'no bet placed for more than 12 months',
  xvi: 'material breach of the contract, terms, game plan or the gambling act',
} as const;
export type TerminationGround = keyof typeof terminationGrounds;

export type AccountAction =
  | { action: 'block'; reason: string }
  | { action: 'unblock'; reason: string }
  | { action: 'close'; reason: string; ground: TerminationGround; barReregistration: boolean }
  | { action: 'demand-reverification'; reason: string }
  | { action: 'hold-payouts'; reason: string; ground?: PayoutHoldGround }
  | { action: 'release-payouts'; reason: string };

/**
 * Account actions staff take on a player, each with a mandatory reason and an audit entry in the
 * same transaction: block and unblock, close with a termination ground (004:TRM-10, TRM-11, TRM-18),
 * demand re-verification of identity, hold and release payouts (004:AML-04).
 */
export async function takeAccountAction(
  ctx: ComplianceContext,
  actor: Actor & { kind: 'staff' },
  playerId: string,
  request: AccountAction,
): Promise<{ state: string }> {
  if (request.reason.trim().length < 5)
    throw new DomainError('validation-failed', 'Every account action needs a reason.', { field: 'body.reason' });
  return transaction(ctx.db, async (tx) => {
    await requireActiveStaff(tx, actor.staffUserId);
    const now = ctx.clock.now();
    const player = await lockPlayer(tx, playerId);
    switch (request.action) {
      case 'block':
      case 'unblock':
        return blockOrUnblock(tx, actor, now, player, request.action, request.reason);
      case 'close':
        return closeAccount(ctx, tx, actor, now, player, request);
      case 'demand-reverification': {
        const demandId = newId();
        await tx.reverificationDemand.create({
          data: { id: demandId, playerId, reason: request.reason, demandedBy: actor.staffUserId, demandedAt: now },
        });
        await appendAuditEntry(tx, actor, now, {
          action: 'player.demand-reverification',
          subjectType: 'player',
          subjectId: playerId,
          reason: request.reason,
          after: { demandId },
        });
        return { state: player.state };
      }
      case 'hold-payouts':
        await placePayoutHold(tx, ctx.rules, actor, now, { playerId, reason: request.reason, ground: request.ground });
        return { state: player.state };
      case 'release-payouts':
        await releasePayoutHold(tx, actor, now, { playerId, reason: request.reason });
        return { state: player.state };
    }
  });
}

async function blockOrUnblock(
  tx: Tx,
  actor: Actor,
  now: Date,
  player: { id: string; state: Parameters<typeof assertStaffMove>[1] },
  move: 'block' | 'unblock',
  reason: string,
) {
  assertStaffMove(move, player.state);
  const to = move === 'block' ? 'BLOCKED' : await stateBeforeBlock(tx, player.id);
  await movePlayer(tx, move, player.id, player.state, to, {
    reason: `${move}ed by staff: ${reason}`,
    actor: actorId(actor),
    at: now,
  });
  await appendAuditEntry(tx, actor, now, {
    action: `player.${move}`,
    subjectType: 'player',
    subjectId: player.id,
    reason,
    before: { state: player.state },
    after: { state: to },
  });
  // A blocked player's seats end as a register listing ends them (issue 16): the worker frees the
  // idle seats, and a poker table releases the seat at the end of its running hand (at once for a
  // player sitting out), the chips credited. Without it a sitting-out player kept the seat until the
  // profile's sit-out maximum. In this transaction: the block and the request stand or fall together.
  if (move === 'block')
    await enqueueOutboxMessage(tx, {
      topic: accessEndedTopic,
      payload: AccessEndedPayloadSchema.parse({ playerId: player.id, reason: 'blocked-by-staff', at: now.toISOString() }),
    });
  return { state: to };
}

async function closeAccount(
  ctx: ComplianceContext,
  tx: Tx,
  actor: Actor & { kind: 'staff' },
  now: Date,
  player: { id: string; state: Parameters<typeof assertStaffMove>[1] },
  request: Extract<AccountAction, { action: 'close' }>,
) {
  assertStaffMove('close', player.state);
  const ground = terminationGrounds[request.ground];
  await movePlayer(tx, 'close', player.id, player.state, 'CLOSED', {
    reason: `terminated by the operator, 004:TRM-10 (${request.ground}): ${ground}`,
    actor: actorId(actor),
    at: now,
  });
  await tx.accountTermination.create({
    data: {
      playerId: player.id,
      ground: request.ground,
      reason: request.reason,
      terminatedBy: actor.staffUserId,
      effectiveAt: now,
      reregistrationBarred: request.barReregistration,
    },
  });
  // Issue 23: a condition the job offered as this ground is decided; the notice states the ground
  // and is effective on delivery (004:TRM-11), so it leaves in this transaction.
  await tx.terminationCandidate.updateMany({
    where: { playerId: player.id, status: 'OPEN' },
    data: { status: 'TERMINATED', decidedBy: actor.staffUserId, decidedAt: now },
  });
  const { email } = await tx.player.findUniqueOrThrow({ where: { id: player.id }, select: { email: true } });
  const noticeMessageId = await sendEmail(tx, ctx.secrets, {
    to: email,
    subject: 'Termination of your contract',
    text:
      `We terminate your contract with effect from the delivery of this notice, on the ground of čl. 4.10 (${request.ground}) ` +
      `of the game plan: ${ground} (004:TRM-10, TRM-11). Your balance will be returned to your verified bank account that is ` +
      'your active payment method within 10 days; if that is not possible we will ask you for one (004:TRM-13, TRM-14).' +
      (request.barReregistration ? ' We may refuse a new registration of yours (004:TRM-18).' : ''),
  });
  await appendAuditEntry(tx, actor, now, {
    action: 'player.close',
    subjectType: 'player',
    subjectId: player.id,
    reason: request.reason,
    before: { state: player.state },
    after: {
      state: 'CLOSED',
      ground: request.ground,
      groundText: ground,
      reregistrationBarred: request.barReregistration,
      noticeMessageId,
    },
  });
  // As for a block (issue 16, D-2324): a closed player's seats end now, a poker seat at the end of the
  // running hand (at once when sitting out), the chips credited to the wallet, from which the closure
  // settlement returns the balance (004:TRM-13). Without it the seat was kept until the sit-out maximum.
  await enqueueOutboxMessage(tx, {
    topic: accessEndedTopic,
    payload: AccessEndedPayloadSchema.parse({ playerId: player.id, reason: 'closed-by-staff', at: now.toISOString() }),
  });
  return { state: 'CLOSED' };
}

/** A staff token is valid for its lifetime; actions also need the user to exist and be active now. */
export async function requireActiveStaff(tx: Tx, staffUserId: StaffUserId | string): Promise<void> {
  await assertStaffUserExists(tx, staffUserId, 'forbidden');
}

export async function addPlayerNote(
  ctx: ComplianceContext,
  actor: Actor & { kind: 'staff' },
  playerId: string,
  body: string,
): Promise<{ noteId: string }> {
  return transaction(ctx.db, async (tx) => {
    await requireActiveStaff(tx, actor.staffUserId);
    await lockPlayer(tx, playerId);
    const now = ctx.clock.now();
    const noteId = newId();
    await tx.playerNote.create({ data: { id: noteId, playerId, authorId: actor.staffUserId, body, createdAt: now } });
    await appendAuditEntry(tx, actor, now, {
      action: 'player.note',
      subjectType: 'player',
      subjectId: playerId,
      after: { noteId, body },
    });
    return { noteId };
  });
}

/**
 * Issue 23: staff dismiss a termination ground the job offered (004:TRM-10 (v), (xi), (xiv), (xv)):
 * a ground allows termination, it does not require it. Audited with the reason.
 */
export async function dismissTerminationCandidate(
  ctx: ComplianceContext,
  actor: Actor & { kind: 'staff' },
  candidateId: string,
  reason: string,
): Promise<{ status: string }> {
  if (reason.trim().length < 5)
    throw new DomainError('validation-failed', 'Dismissing a termination ground needs a reason.', { field: 'body.reason' });
  const known = await ctx.db.terminationCandidate.findUnique({ where: { id: candidateId }, select: { playerId: true } });
  if (!known) throw new DomainError('not-found', 'No such termination ground.', { field: 'params.candidateId' });
  return transaction(ctx.db, async (tx) => {
    await requireActiveStaff(tx, actor.staffUserId);
    await lockPlayer(tx, known.playerId);
    const now = ctx.clock.now();
    const dismissed = await tx.terminationCandidate.updateMany({
      where: { id: candidateId, status: 'OPEN' },
      data: { status: 'DISMISSED', decidedBy: actor.staffUserId, decidedAt: now },
    });
    if (dismissed.count !== 1) throw new DomainError('conflict', 'The ground is no longer open.');
    await appendAuditEntry(tx, actor, now, {
      action: 'player.termination-ground.dismiss',
      subjectType: 'player',
      subjectId: known.playerId,
      reason,
      after: { candidateId, status: 'DISMISSED' },
    });
    return { status: 'DISMISSED' };
  });
}
