import { DomainError } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import { definitionFromJson } from '../store-tables.ts';
import type { PokerIntegrityContext } from './context.ts';

/**
 * 000-001:TBL-08, UI-03: an anonymous table shows per-table labels instead of aliases. Only a
 * profile that runs anonymous tables (AT) may have one; set before players sit (a seat keeps the name
 * it was taken under). The records stay on real ids.
 */
export async function setPokerTableAnonymous(
  ctx: Pick<PokerIntegrityContext, 'rulesOf'> & { db: Db | Tx },
  request: { tableId: string; anonymous: boolean },
): Promise<void> {
  const [row] = await ctx.db.$queryRaw<Array<{ definition: unknown; seated: number }>>`
    SELECT definition, (SELECT count(*)::int FROM poker_seat WHERE table_id = t.id) AS seated FROM poker_table t WHERE id = ${request.tableId}::uuid`;
  if (!row) throw new DomainError('not-found', 'No such table.', { field: 'params.tableId' });
  const definition = definitionFromJson(row.definition);
  if (request.anonymous && !ctx.rulesOf(definition.profileId).anonymousTables)
    throw new DomainError('poker-table-invalid', `The ${definition.profileId} room runs no anonymous tables.`, {
      field: 'body.anonymous',
    });
  if (row.seated > 0) throw new DomainError('conflict', 'Players are seated: a table turns anonymous while it is empty.');
  await ctx.db.$executeRaw`UPDATE poker_table SET anonymous = ${request.anonymous} WHERE id = ${request.tableId}::uuid`;
}
