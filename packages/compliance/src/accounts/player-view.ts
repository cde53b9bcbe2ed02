import { DomainError, type AccountId } from '@casino/core';
import { transaction } from '@casino/db';
import * as ledger from '@casino/ledger';
import type { Actor } from '../actor.ts';
import { appendAuditEntry } from '../audit/audit-log.ts';
import type { ComplianceContext } from '../context.ts';
import { findActivePayoutHold } from '../cases/payout-holds.ts';

/** Roles that see personal data in full; the others see it masked (data minimisation, 004:DAT-03). */
export const fullPersonalDataRoles: readonly string[] = ['compliance-officer', 'mlro', 'admin'];
export const playerViewListMax = 50;

interface Address {
  street?: string;
  city?: string;
  postalCode?: string;
  country?: string;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function maskPhone(phone: string): string {
  return `${phone.slice(0, 4)}****${phone.slice(-2)}`;
}

type PlayerRow = NonNullable<Awaited<ReturnType<ComplianceContext['db']['player']['findUnique']>>>;

/**
 * A player's personal data as staff see it: masked (issue 21: masked by default for every role,
 * 004:DAT-03 data minimisation), or in full after `revealPersonalData`, which is itself audited.
 */
function personalDataOf(ctx: ComplianceContext, player: PlayerRow, full: boolean) {
  const address = player.residenceAddress as Address;
  return {
    masked: !full,
    firstName: player.firstName,
    surname: player.surname,
    dateOfBirth: full ? player.dateOfBirth.toISOString().slice(0, 10) : `${player.dateOfBirth.toISOString().slice(0, 4)}-**-**`,
    placeOfBirth: full ? player.placeOfBirth : null,
    citizenship: player.citizenship,
    email: full ? player.email : maskEmail(player.email),
    phone: full ? player.phone : maskPhone(player.phone),
    residenceAddress: full ? address : { city: address.city, country: address.country },
    birthNumber: full
      ? player.birthNumberEncrypted
        ? ctx.secrets.decrypt(player.birthNumberEncrypted)
        : null
      : player.birthNumberEncrypted
        ? '******/****'
        : null,
  };
}

/**
 * Unmasking (issue 21): a staff user of a role that may see personal data in full asks for it, with a
 * reason, and the audit log records who saw whose data, when and why before the data is returned.
 * Any other role is refused (the console hides the button; the API is the authority).
 */
export async function revealPersonalData(
  ctx: ComplianceContext,
  viewer: Actor & { kind: 'staff' },
  playerId: string,
  reason: string,
) {
  if (!viewer.roles.some((r) => fullPersonalDataRoles.includes(r)))
    throw new DomainError('forbidden', `Unmasking personal data needs one of the roles: ${fullPersonalDataRoles.join(', ')}.`);
  const player = await ctx.db.player.findUnique({ where: { id: playerId } });
  if (!player) throw new DomainError('not-found', `No player ${playerId}.`, { field: 'params.playerId' });
  const audit = await transaction(ctx.db, (tx) =>
    appendAuditEntry(tx, viewer, ctx.clock.now(), {
      action: 'player.view-personal-data',
      subjectType: 'player',
      subjectId: playerId,
      reason,
    }),
  );
  return { personalData: personalDataOf(ctx, player, true), auditEntryId: audit.id };
}

/** Players found by staff (issue 21): by id, e-mail or surname prefix, and state; a page at a time, masked. */
export async function searchPlayers(
  ctx: ComplianceContext,
  query: { q?: string | undefined; state?: string | undefined; limit: number; offset: number },
) {
  const q = query.q?.trim();
  const uuid = q && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q) ? q : undefined;
  const where = {
    ...(query.state ? { state: query.state as PlayerRow['state'] } : {}),
    ...(q
      ? uuid
        ? { id: uuid }
        : {
            OR: [{ email: { equals: q.toLowerCase() } }, { surname: { startsWith: q, mode: 'insensitive' as const } }],
          }
      : {}),
  };
  const [rows, total] = await Promise.all([
    ctx.db.player.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip: query.offset, take: query.limit }),
    ctx.db.player.count({ where }),
  ]);
  return {
    total,
    players: rows.map((p) => ({
      id: p.id,
      state: p.state,
      firstName: p.firstName,
      surname: p.surname,
      email: maskEmail(p.email),
      registeredAt: p.registeredAt,
      createdAt: p.createdAt,
    })),
  };
}

/**
 * The player as staff see it: personal data (masked: `revealPersonalData` unmasks it), account state
 * history, wallets with balances, alerts, cases, notes, risk and any payout hold. The self-limitation
 * measures, payment methods and game rounds come from their own packages (the admin API composes them).
 */
export async function playerView(ctx: ComplianceContext, _viewer: Actor & { kind: 'staff' }, playerId: string) {
  const player = await ctx.db.player.findUnique({ where: { id: playerId } });
  if (!player) throw new DomainError('not-found', `No player ${playerId}.`, { field: 'params.playerId' });
  const take = playerViewListMax;
  const [history, alerts, cases, notes, risk, accounts, termination, reverification] = await Promise.all([
    ctx.db.playerStateTransition.findMany({ where: { playerId }, orderBy: { id: 'asc' }, take: 200 }),
    ctx.db.complianceAlert.findMany({ where: { playerId }, orderBy: { createdAt: 'desc' }, take }),
    ctx.db.complianceCase.findMany({ where: { playerId }, orderBy: { createdAt: 'desc' }, take }),
    ctx.db.playerNote.findMany({ where: { playerId }, orderBy: { createdAt: 'desc' }, take }),
    ctx.db.playerRisk.findUnique({ where: { playerId } }),
    ledger.findAccountsOwnedBy(ctx.db, 'PLAYER', playerId),
    ctx.db.accountTermination.findUnique({ where: { playerId } }),
    ctx.db.reverificationDemand.findMany({ where: { playerId }, orderBy: { demandedAt: 'desc' }, take }),
  ]);
  const wallets = await Promise.all(
    accounts.map(async (a) => ({
      accountId: a.id,
      code: a.code,
      purpose: a.purpose,
      balance: await ledger.balance(ctx.db, a.id as AccountId),
    })),
  );
  const hold = await findActivePayoutHold(ctx.db, playerId, ctx.clock.now());
  return {
    id: player.id,
    state: player.state,
    personalData: personalDataOf(ctx, player, false),
    identityStatus: player.identityStatus,
    registerStatus: player.registerStatus,
    screeningStatus: player.screeningStatus,
    registeredAt: player.registeredAt,
    stateHistory: history.map((h) => ({ from: h.fromState, to: h.toState, reason: h.reason, actor: h.actor, at: h.at })),
    wallets,
    risk: risk
      ? { score: risk.score, level: risk.level, updatedAt: risk.updatedAt }
      : { score: 0, level: 'LOW', updatedAt: null },
    payoutHold: hold ? { holdId: hold.id, reason: hold.reason, placedAt: hold.placedAt, expiresAt: hold.expiresAt } : null,
    termination,
    reverificationDemands: reverification,
    alerts,
    cases,
    notes,
  };
}

export type PlayerView = Awaited<ReturnType<typeof playerView>>;
