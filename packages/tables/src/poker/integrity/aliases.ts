import { createHash } from 'node:crypto';
import { appendAuditEntry, type Actor } from '@casino/compliance';
import { DomainError } from '@casino/core';
import { lockPlayer, transaction, type Db, type Tx } from '@casino/db';

/**
 * Aliases (003:R-ALIAS-01..03, S-75; 000-001:TBL-08, UI-03, A-45). A player chooses their alias
 * once: it cannot be changed by them afterwards, it is unique (without regard to case) and it may
 * not contain their own first name or surname (FAIR-07: no real names at the table). Staff may
 * replace an unsuitable one (offensive, a trademark, another person's name: R-ALIAS-02) with one they
 * assign, which is then fixed in the same way. The table edge shows the alias; a player without
 * one shows a pseudonym from their id (D-1690). An anonymous table shows neither: each seat gets a
 * label derived from the table and the player, the same for the whole session at that table and
 * different at every other table, so players cannot follow one another across tables. Whatever the
 * table shows, every record (hands, money, monitoring) carries the real player id.
 */
export const aliasLengthMin = 3;
export const aliasLengthMax = 20;
const aliasPattern = /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u;

export interface AliasView {
  playerId: string;
  alias: string;
  chosenAt: Date;
  replacedAt: Date | null;
}

function refused(reason: string, detail: string): DomainError {
  return new DomainError('poker-alias-refused', detail, { field: 'body.alias', extensions: { reason } });
}

/** The shape of an alias; `alias-not-allowed` for one outside it. */
function validAlias(text: string): { alias: string; key: string } {
  const alias = text.normalize('NFC').trim();
  if (alias.length < aliasLengthMin || alias.length > aliasLengthMax || !aliasPattern.test(alias))
    throw refused(
      'alias-not-allowed',
      `An alias has ${aliasLengthMin} to ${aliasLengthMax} letters, digits, '_', '.' or '-', and starts with a letter or digit.`,
    );
  return { alias, key: alias.toLocaleLowerCase('en') };
}

/** 003:R-ALIAS-01: chosen once. `alias-already-chosen`, `alias-taken` or `alias-not-allowed` otherwise. */
export async function chooseAlias(
  ctx: { db: Db; clock: { now(): Date } },
  request: { playerId: string; alias: string },
): Promise<AliasView> {
  const { alias, key } = validAlias(request.alias);
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, request.playerId);
    if (await tx.pokerAlias.findUnique({ where: { playerId: request.playerId }, select: { playerId: true } }))
      throw refused('alias-already-chosen', 'Your alias is chosen and cannot be changed.');
    await refuseOwnName(tx, request.playerId, key);
    const now = ctx.clock.now();
    // The unique index decides a race between two players wanting the same alias.
    const inserted = await tx.$executeRaw`
      INSERT INTO poker_alias (player_id, alias, alias_key, chosen_alias, chosen_at)
      VALUES (${request.playerId}::uuid, ${alias}, ${key}, ${alias}, ${now})
      ON CONFLICT (alias_key) DO NOTHING`;
    if (inserted === 0) throw refused('alias-taken', 'Another player has this alias.');
    return { playerId: request.playerId, alias, chosenAt: now, replacedAt: null };
  });
}

/** 003:R-ALIAS-02: staff replace an unsuitable alias with one they assign (audited). */
export async function replaceAlias(
  ctx: { db: Db; clock: { now(): Date } },
  actor: Actor,
  request: { playerId: string; alias: string; reason: string },
): Promise<AliasView> {
  const { alias, key } = validAlias(request.alias);
  const reason = request.reason.trim().slice(0, 500);
  if (reason.length === 0) throw new DomainError('validation-failed', 'Say why the alias is replaced.', { field: 'body.reason' });
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, request.playerId);
    const before = await tx.pokerAlias.findUnique({ where: { playerId: request.playerId } });
    if (!before) throw new DomainError('not-found', 'The player has no alias.', { field: 'params.playerId' });
    await refuseOwnName(tx, request.playerId, key);
    if (
      await tx.pokerAlias.findFirst({ where: { aliasKey: key, NOT: { playerId: request.playerId } }, select: { playerId: true } })
    )
      throw refused('alias-taken', 'Another player has this alias.');
    const now = ctx.clock.now();
    const mark = actor.kind === 'staff' ? `staff:${actor.staffUserId}` : `system:${actor.name}`;
    await tx.pokerAlias.update({
      where: { playerId: request.playerId },
      data: { alias, aliasKey: key, replacedBy: mark, replacedAt: now, replaceReason: reason },
    });
    await appendAuditEntry(tx, actor, now, {
      action: 'poker.alias-replaced',
      subjectType: 'player',
      subjectId: request.playerId,
      reason,
      before: { alias: before.alias },
      after: { alias },
    });
    return { playerId: request.playerId, alias, chosenAt: before.chosenAt, replacedAt: now };
  });
}

export async function findAlias(db: Db | Tx, playerId: string): Promise<AliasView | null> {
  const row = await db.pokerAlias.findUnique({ where: { playerId } });
  return row ? { playerId, alias: row.alias, chosenAt: row.chosenAt, replacedAt: row.replacedAt } : null;
}

/** The player's own names are not an alias (FAIR-07; R-ALIAS-02 "a person's name"). */
async function refuseOwnName(tx: Tx, playerId: string, key: string): Promise<void> {
  const player = await tx.player.findUnique({ where: { id: playerId }, select: { firstName: true, surname: true } });
  if (!player) throw new DomainError('not-found', 'No such player.');
  const names = [player.firstName, player.surname]
    .flatMap((name) => name.toLocaleLowerCase('en').split(/[\s-]+/))
    .filter((part) => part.length >= aliasLengthMin);
  if (names.some((name) => key.includes(name)))
    throw refused('alias-not-allowed', 'An alias may not contain your name: other players must not learn it.');
}

/**
 * The name a seat shows: at an anonymous table the table's label for the player, else the alias,
 * else the pseudonym from the id.
 */
export async function seatAlias(db: Db | Tx, request: { tableId: string; playerId: string }): Promise<string> {
  const rows = await db.$queryRaw<Array<{ anonymous: boolean; alias: string | null }>>`
    SELECT t.anonymous, a.alias FROM poker_table t LEFT JOIN poker_alias a ON a.player_id = ${request.playerId}::uuid
    WHERE t.id = ${request.tableId}::uuid`;
  const row = rows[0];
  if (row?.anonymous) return anonymousLabel(request.tableId, request.playerId);
  return row?.alias ?? idPseudonym(request.playerId);
}

/** 000-001:TBL-08: a label for one player at one table, which says nothing about them elsewhere. */
export function anonymousLabel(tableId: string, playerId: string): string {
  const digest = createHash('sha256').update(`${tableId}:${playerId}`).digest('hex');
  return `Anonymous ${digest.slice(0, 6).toUpperCase()}`;
}

/** D-1690: a stable pseudonym from the player id for a player without an alias (never the legal name). */
export function idPseudonym(playerId: string): string {
  return `Player ${playerId.replaceAll('-', '').slice(-6).toUpperCase()}`;
}
