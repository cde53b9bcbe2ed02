import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { appendAuditEntry, type Actor } from '@casino/compliance';
import { addDays, DomainError, newId, pragueDate, startOfPragueDay } from '@casino/core';
import { lockPlayer, transaction, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import type { PokerRuleProfileId } from '../profile.ts';
import { definitionFromJson, definitionToJson, pokerTableEscrowSpec, setPokerTableStatus } from '../store-tables.ts';
import type { PokerIntegrityContext } from './context.ts';

/**
 * Private cash tables (003:R-PRIV-01..09, S-92, S-93). A player orders one in the poker arena: a
 * standard table of the room as the template (its game, stakes, rake and rules: R-PRIV-03, R-PRIV-08,
 * every rule of a ring table applies), a name, the number of players and the game day, at least
 * `orderDaysAheadMin` calendar days ahead (R-PRIV-02; the operator's calendar), having accepted the
 * private-table terms (R-PRIV-04; they say the password is the orderer's and the invitees' to keep,
 * R-PRIV-07). Staff approve or decline (R-PRIV-05, name moderation R-PRIV-06); approving creates the
 * table, open for the game day only, and mails the orderer a confirmation with the password. The
 * orderer invites players by e-mail address; anyone else sits only after giving the password. The
 * lobby lists a private table only to its members. Staff may stop private play at once (R-PRIV-09):
 * the table closes, the running hand ends and every seat is released with its chips. Private tables
 * cost nothing beyond the template's rake (003 sets no fee).
 */
export type PrivateOrderStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'STOPPED';

export interface PrivateTableOrderView {
  orderId: string;
  playerId: string;
  templateTableId: string;
  name: string;
  gameDay: string;
  seatsMax: number;
  status: PrivateOrderStatus;
  tableId: string | null;
  opensAt: Date | null;
  closesAt: Date | null;
  decisionReason: string | null;
  createdAt: Date;
}

export const privateTableNameLengthMax = 60;
const passwordAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const passwordLength = 10;
/** Invitations one call may carry (STYLE: limit everything). */
export const invitationsPerCallMax = 20;

function refused(reason: string, detail: string, field: string): DomainError {
  return new DomainError('private-table-order-refused', detail, { field, extensions: { reason } });
}

export interface OrderPrivateTableRequest {
  playerId: string;
  templateTableId: string;
  name: string;
  /** YYYY-MM-DD in the operator's calendar. */
  gameDay: string;
  seatsMax: number;
  termsAccepted: boolean;
}

/** Refusals (`private-table-order-refused` reasons): `terms-not-accepted`, `not-offered`, `too-late`, `too-far-ahead`, `seats-out-of-range`. */
export async function orderPrivateTable(
  ctx: PokerIntegrityContext,
  request: OrderPrivateTableRequest,
): Promise<PrivateTableOrderView> {
  if (request.termsAccepted !== true)
    throw refused('terms-not-accepted', 'Accept the private-table terms to order a table.', 'body.termsAccepted');
  const name = request.name.normalize('NFC').trim();
  if (name.length < 3 || name.length > privateTableNameLengthMax)
    throw new DomainError('validation-failed', `A name has 3 to ${privateTableNameLengthMax} characters.`, {
      field: 'body.name',
    });
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, request.playerId);
    const player = await tx.player.findUnique({ where: { id: request.playerId }, select: { state: true } });
    if (player?.state !== 'REGISTERED' && player?.state !== 'TEMPORARY')
      throw new DomainError('account-not-active', 'Only a player who may play can order a private table.');
    const template = await templateOf(tx, request.templateTableId);
    const rules = ctx.rulesOf(template.profileId).privateTables;
    if (rules === null) throw refused('not-offered', 'This room offers no private tables.', 'body.templateTableId');
    const now = ctx.clock.now();
    const today = pragueDate(now);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(request.gameDay) || request.gameDay < addDays(today, rules.orderDaysAheadMin))
      throw refused('too-late', `Order at least ${rules.orderDaysAheadMin} day(s) before the game day.`, 'body.gameDay');
    if (request.gameDay > addDays(today, rules.orderDaysAheadMax))
      throw refused('too-far-ahead', `A game day is at most ${rules.orderDaysAheadMax} days ahead.`, 'body.gameDay');
    if (!Number.isInteger(request.seatsMax) || request.seatsMax < 2 || request.seatsMax > template.definition.seatsMax)
      throw refused('seats-out-of-range', `A private table seats 2 to ${template.definition.seatsMax}.`, 'body.seatsMax');
    const row = await tx.pokerPrivateTableOrder.create({
      data: {
        id: newId<string>(),
        playerId: request.playerId,
        templateTableId: template.id,
        name,
        gameDay: new Date(`${request.gameDay}T00:00:00Z`),
        seatsMax: request.seatsMax,
        termsAcceptedAt: now,
        createdAt: now,
      },
    });
    return viewOf(row);
  });
}

/**
 * 003:R-PRIV-05, R-PRIV-06: staff approve (the table is created, the orderer mailed the password) or
 * decline with a reason (mailed too). Only a pending order is decided (`conflict` otherwise).
 * Returns the password to the caller for tests and the mail; the admin API does not show it.
 */
export async function decidePrivateTableOrder(
  ctx: PokerIntegrityContext,
  actor: Actor,
  request: { orderId: string; approve: boolean; reason: string },
): Promise<{ order: PrivateTableOrderView; password: string | null }> {
  const reason = request.reason.trim().slice(0, 500);
  if (reason.length === 0) throw new DomainError('validation-failed', 'Say why.', { field: 'body.reason' });
  // scrypt is slow on purpose: computed before the transaction, never while it holds locks.
  const password = request.approve ? newPassword() : null;
  const passwordHash = password === null ? null : hashPassword(password);
  return transaction(ctx.db, async (tx) => {
    const [locked] = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM poker_private_table_order WHERE id = ${request.orderId}::uuid FOR UPDATE`;
    if (!locked) throw new DomainError('not-found', 'No such order.', { field: 'params.orderId' });
    const order = await tx.pokerPrivateTableOrder.findUniqueOrThrow({ where: { id: request.orderId } });
    if (order.status !== 'PENDING') throw new DomainError('conflict', `The order is ${order.status.toLowerCase()} already.`);
    const now = ctx.clock.now();
    const mark = actor.kind === 'staff' ? `staff:${actor.staffUserId}` : `system:${actor.name}`;
    const orderer = await tx.player.findUniqueOrThrow({ where: { id: order.playerId }, select: { email: true } });
    const gameDay = order.gameDay.toISOString().slice(0, 10);
    let updated;
    if (request.approve) {
      const tableId = await createPrivateTable(tx, {
        templateTableId: order.templateTableId,
        name: order.name,
        seatsMax: order.seatsMax,
        now,
      });
      updated = await tx.pokerPrivateTableOrder.update({
        where: { id: order.id },
        data: {
          status: 'APPROVED',
          passwordHash: passwordHash!,
          tableId,
          opensAt: startOfPragueDay(gameDay),
          closesAt: startOfPragueDay(addDays(gameDay, 1)),
          decidedBy: mark,
          decidedAt: now,
          decisionReason: reason,
        },
      });
      await tx.pokerPrivateTableMember.create({ data: { tableId, playerId: order.playerId, via: 'orderer', addedAt: now } });
      await ctx.sendEmail(tx, {
        to: orderer.email,
        subject: `Your private poker table "${order.name}" is ready`,
        text:
          `Your private table "${order.name}" (${order.seatsMax} players) is open on ${gameDay}. ` +
          `Its password: ${password!}. Share it only with the players you invite: keeping it from others is yours and theirs to do.`,
      });
    } else {
      updated = await tx.pokerPrivateTableOrder.update({
        where: { id: order.id },
        data: { status: 'DECLINED', decidedBy: mark, decidedAt: now, decisionReason: reason },
      });
      await ctx.sendEmail(tx, {
        to: orderer.email,
        subject: `Your private poker table "${order.name}" was declined`,
        text: `We could not set up your private table "${order.name}" for ${gameDay}: ${reason}`,
      });
    }
    await appendAuditEntry(tx, actor, now, {
      action: request.approve ? 'poker.private-table-approved' : 'poker.private-table-declined',
      subjectType: 'poker-private-table-order',
      subjectId: order.id,
      reason,
      before: { status: order.status },
      after: { status: updated.status, tableId: updated.tableId },
    });
    return { order: viewOf(updated), password };
  });
}

/** The orderer invites players by e-mail address; an address without an account is passed over silently (it tells nothing). */
export async function invitePlayers(
  ctx: PokerIntegrityContext,
  request: { playerId: string; orderId: string; emails: readonly string[] },
): Promise<{ invited: number }> {
  if (request.emails.length === 0 || request.emails.length > invitationsPerCallMax)
    throw new DomainError('validation-failed', `Invite 1 to ${invitationsPerCallMax} players at a time.`, {
      field: 'body.emails',
    });
  return transaction(ctx.db, async (tx) => {
    const order = await tx.pokerPrivateTableOrder.findUnique({ where: { id: request.orderId } });
    if (!order || order.playerId !== request.playerId)
      throw new DomainError('not-found', 'No such order of yours.', { field: 'params.orderId' });
    if (order.status !== 'APPROVED' || order.tableId === null)
      throw new DomainError('conflict', 'Players are invited to an approved private table.');
    const players = await tx.player.findMany({
      where: { email: { in: request.emails.map((e) => e.trim().toLowerCase()) } },
      select: { id: true },
      take: invitationsPerCallMax,
    });
    const now = ctx.clock.now();
    const created = await tx.pokerPrivateTableMember.createMany({
      data: players.map((p) => ({ tableId: order.tableId!, playerId: p.id, via: 'invitation', addedAt: now })),
      skipDuplicates: true,
    });
    return { invited: created.count };
  });
}

/** A player gives the password: they may sit (and see the table in the lobby) from now on. */
export async function joinPrivateTable(
  ctx: PokerIntegrityContext,
  request: { playerId: string; tableId: string; password: string },
): Promise<void> {
  // The slow hash is checked outside any transaction; membership is one idempotent insert.
  const order = await ctx.db.pokerPrivateTableOrder.findUnique({ where: { tableId: request.tableId } });
  if (!order || order.status !== 'APPROVED')
    throw new DomainError('not-found', 'No such private table.', { field: 'params.tableId' });
  if (!passwordMatches(request.password, order.passwordHash!))
    throw new DomainError('poker-seat-refused', 'That is not the password of this table.', {
      field: 'body.password',
      extensions: { reason: 'wrong-password' },
    });
  await ctx.db.pokerPrivateTableMember.createMany({
    data: [{ tableId: request.tableId, playerId: request.playerId, via: 'password', addedAt: ctx.clock.now() }],
    skipDuplicates: true,
  });
}

/** 003:R-PRIV-09: staff stop private play at once; the table closes and releases its seats as any closed table. */
export async function stopPrivateTable(
  ctx: PokerIntegrityContext,
  actor: Actor,
  request: { orderId: string; reason: string },
): Promise<PrivateTableOrderView> {
  const reason = request.reason.trim().slice(0, 500);
  if (reason.length === 0) throw new DomainError('validation-failed', 'Say why.', { field: 'body.reason' });
  return transaction(ctx.db, async (tx) => {
    const order = await tx.pokerPrivateTableOrder.findUnique({ where: { id: request.orderId } });
    if (!order || order.status !== 'APPROVED')
      throw new DomainError('not-found', 'No running private table.', { field: 'params.orderId' });
    const now = ctx.clock.now();
    const updated = await tx.pokerPrivateTableOrder.update({
      where: { id: order.id },
      data: { status: 'STOPPED', closesAt: now },
    });
    await setPokerTableStatus(tx, order.tableId!, 'CLOSED');
    await appendAuditEntry(tx, actor, now, {
      action: 'poker.private-table-stopped',
      subjectType: 'poker-private-table-order',
      subjectId: order.id,
      reason,
      before: { status: order.status },
      after: { status: 'STOPPED', tableId: order.tableId },
    });
    return viewOf(updated);
  });
}

export async function privateTableOrders(
  db: PokerIntegrityContext['db'] | Tx,
  filter: { playerId?: string; status?: PrivateOrderStatus },
): Promise<PrivateTableOrderView[]> {
  const rows = await db.pokerPrivateTableOrder.findMany({
    where: { ...(filter.playerId ? { playerId: filter.playerId } : {}), ...(filter.status ? { status: filter.status } : {}) },
    orderBy: { createdAt: 'desc' },
    take: 200,
  });
  return rows.map(viewOf);
}

/**
 * The private tables a viewer must not see in the lobby: every private table they are not a member
 * of, and every one not approved and running any more (null viewer: every private table).
 */
export async function privateTablesHiddenFrom(
  db: PokerIntegrityContext['db'] | Tx,
  viewerPlayerId: string | null,
): Promise<Set<string>> {
  const rows = await db.$queryRaw<Array<{ table_id: string }>>`
    SELECT o.table_id FROM poker_private_table_order o
    WHERE o.table_id IS NOT NULL
      AND (o.status <> 'APPROVED' OR NOT EXISTS (
        SELECT 1 FROM poker_private_table_member m WHERE m.table_id = o.table_id AND m.player_id = ${viewerPlayerId}::uuid))`;
  return new Set(rows.map((r) => r.table_id));
}

/** The seat guard's private-table step (seat-guard.ts). */
export async function privateTableAccess(
  tx: Tx,
  request: { tableId: string; playerId: string; now: Date },
): Promise<'allowed' | 'private-table' | 'private-table-not-open'> {
  const [row] = await tx.$queryRaw<Array<{ status: string; opens_at: Date; closes_at: Date; member: boolean }>>`
    SELECT o.status, o.opens_at, o.closes_at,
           EXISTS (SELECT 1 FROM poker_private_table_member m WHERE m.table_id = o.table_id AND m.player_id = ${request.playerId}::uuid) AS member
    FROM poker_private_table_order o WHERE o.table_id = ${request.tableId}::uuid`;
  if (!row) return 'allowed';
  if (!row.member) return 'private-table';
  const at = request.now.getTime();
  if (row.status !== 'APPROVED' || at < row.opens_at.getTime() || at >= row.closes_at.getTime()) return 'private-table-not-open';
  return 'allowed';
}

async function templateOf(tx: Tx, tableId: string) {
  const [row] = await tx.$queryRaw<Array<{ id: string; definition: unknown; private: boolean }>>`
    SELECT t.id, t.definition, EXISTS (SELECT 1 FROM poker_private_table_order o WHERE o.table_id = t.id) AS private
    FROM poker_table t WHERE t.id = ${tableId}::uuid AND t.status = 'OPEN'`;
  if (!row || row.private) throw refused('not-offered', 'No such standard table to copy.', 'body.templateTableId');
  const definition = definitionFromJson(row.definition);
  return { id: row.id, definition, profileId: definition.profileId as PokerRuleProfileId };
}

/** The table the order asked for: the template's definition under the order's name and seats, in the decision's transaction. */
async function createPrivateTable(
  tx: Tx,
  request: { templateTableId: string; name: string; seatsMax: number; now: Date },
): Promise<string> {
  const template = await templateOf(tx, request.templateTableId);
  const definition = { ...template.definition, name: request.name, seatsMax: request.seatsMax };
  const id = newId<string>();
  const escrow = await ledger.openAccount(tx, pokerTableEscrowSpec(id, definition.currency));
  await tx.$executeRaw`
    INSERT INTO poker_table (id, name, profile_id, variant, currency, definition, escrow_account_id, created_at)
    VALUES (${id}::uuid, ${definition.name}, ${definition.profileId}, ${definition.variant}, ${definition.currency},
            ${JSON.stringify(definitionToJson(definition))}::jsonb, ${escrow.id}::uuid, ${request.now})`;
  return id;
}

function newPassword(): string {
  const bytes = randomBytes(passwordLength);
  return [...bytes].map((b) => passwordAlphabet[b % passwordAlphabet.length]).join('');
}

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password.trim().toUpperCase(), salt, 32).toString('base64')}`;
}

function passwordMatches(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password.trim().toUpperCase(), Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}

function viewOf(row: {
  id: string;
  playerId: string;
  templateTableId: string;
  name: string;
  gameDay: Date;
  seatsMax: number;
  status: string;
  tableId: string | null;
  opensAt: Date | null;
  closesAt: Date | null;
  decisionReason: string | null;
  createdAt: Date;
}): PrivateTableOrderView {
  return {
    orderId: row.id,
    playerId: row.playerId,
    templateTableId: row.templateTableId,
    name: row.name,
    gameDay: row.gameDay.toISOString().slice(0, 10),
    seatsMax: row.seatsMax,
    status: row.status as PrivateOrderStatus,
    tableId: row.tableId,
    opensAt: row.opensAt,
    closesAt: row.closesAt,
    decisionReason: row.decisionReason,
    createdAt: row.createdAt,
  };
}
