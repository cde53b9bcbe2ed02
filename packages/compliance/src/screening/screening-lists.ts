import { assert, DomainError, newId } from '@casino/core';
import { enqueueOutboxMessage, transaction, type Db, type Tx } from '@casino/db';
import { z } from 'zod';
import type { Actor } from '../actor.ts';
import { appendAuditEntry } from '../audit/audit-log.ts';
import type { ComplianceContext } from '../context.ts';
import { entryContentHash, ScreeningIndex, type IndexedEntry, type ListEntryData } from './matcher.ts';

export type ScreeningListKind = 'SANCTIONS' | 'PEP';
export type ListSourceFormat = 'opensanctions-ftm' | 'eu-fsf-xml' | 'sample';

/** A list update re-screens every player (issue 9, 002:AMB-SCREEN): the worker's job listens here. */
export const screeningListUpdatedTopic = 'compliance.screening-list-updated';
export const ScreeningListUpdatedSchema = z.object({
  listCode: z.string().min(1).max(60),
  revision: z.number().int().positive(),
});

const insertBatchSizeMax = 1_000;
const loadBatchSizeMax = 5_000;

export interface LoadListOptions {
  code: string;
  name: string;
  kind: ScreeningListKind;
  sourceFormat: ListSourceFormat;
  entries: readonly ListEntryData[];
  reason: string;
}

/**
 * Replaces a list's entries with a fresh import in one transaction, raises its revision and, through
 * the outbox, asks the worker to re-screen every player against the new lists.
 */
export async function loadScreeningList(
  ctx: ComplianceContext,
  actor: Actor,
  options: LoadListOptions,
): Promise<{ listId: string; revision: number; entryCount: number }> {
  const unique = new Map(options.entries.map((e) => [e.externalId, e]));
  if (unique.size === 0)
    throw new DomainError('validation-failed', 'The list has no persons to screen against.', { field: 'body' });
  const now = ctx.clock.now();
  return transaction(
    ctx.db,
    async (tx) => {
      const existing = await tx.screeningList.findUnique({ where: { code: options.code } });
      const revision = (existing?.revision ?? 0) + 1;
      const listId = existing?.id ?? newId();
      const meta = {
        name: options.name,
        kind: options.kind,
        sourceFormat: options.sourceFormat,
        revision,
        entryCount: unique.size,
        loadedAt: now,
        loadedBy: actorLabel(actor),
      };
      if (existing) {
        await tx.screeningEntry.deleteMany({ where: { listId } });
        await tx.screeningList.update({ where: { id: listId }, data: meta });
      } else {
        await tx.screeningList.create({ data: { id: listId, code: options.code, ...meta } });
      }
      const rows = [...unique.values()].map((e) => ({
        id: newId(),
        listId,
        externalId: e.externalId,
        primaryName: e.primaryName,
        names: e.names,
        birthDates: e.birthDates,
        nationalities: e.nationalities,
        identifiers: e.identifiers,
        details: (e.details ?? {}) as object,
        contentHash: entryContentHash(e),
      }));
      for (let i = 0; i < rows.length; i += insertBatchSizeMax)
        await tx.screeningEntry.createMany({ data: rows.slice(i, i + insertBatchSizeMax) });
      await appendAuditEntry(tx, actor, now, {
        action: 'screening-list.load',
        subjectType: 'screening-list',
        subjectId: options.code,
        reason: options.reason,
        before: existing ? { revision: existing.revision, entryCount: existing.entryCount } : null,
        after: { revision, entryCount: unique.size, sourceFormat: options.sourceFormat },
      });
      await enqueueOutboxMessage(tx, { topic: screeningListUpdatedTopic, payload: { listCode: options.code, revision } });
      return { listId, revision, entryCount: unique.size };
    },
    { timeoutMs: 300_000 },
  );
}

function actorLabel(actor: Actor): string {
  return actor.kind === 'staff' ? actor.staffUserId : `system:${actor.name}`;
}

export async function listScreeningLists(db: Db | Tx) {
  return db.screeningList.findMany({ orderBy: { code: 'asc' } });
}

/** The lists' revisions in one string: the index is rebuilt when it changes. */
async function listsSignature(db: Db | Tx): Promise<string> {
  const [row] = await db.$queryRaw<
    [{ signature: string | null }]
  >`SELECT string_agg(id::text || ':' || revision, ',' ORDER BY id) AS signature FROM screening_list`;
  return row.signature ?? '';
}

let cached: { signature: string; index: Promise<ScreeningIndex> } | null = null;

/**
 * The in-memory index of every list, shared by the process and rebuilt when a list's revision
 * changes. Checking the revision is one small query; the rebuild reads the entries in batches.
 */
export async function currentScreeningIndex(db: Db | Tx): Promise<ScreeningIndex> {
  const signature = await listsSignature(db);
  if (cached?.signature !== signature) {
    const index = buildIndex(db);
    cached = { signature, index };
    index.catch(() => {
      if (cached?.index === index) cached = null;
    });
  }
  return cached.index;
}

async function buildIndex(db: Db | Tx): Promise<ScreeningIndex> {
  const lists = new Map((await db.screeningList.findMany()).map((l) => [l.id, l]));
  const entries: IndexedEntry[] = [];
  let after: string | undefined;
  for (;;) {
    const rows = await db.screeningEntry.findMany({
      ...(after ? { where: { id: { gt: after } } } : {}),
      orderBy: { id: 'asc' },
      take: loadBatchSizeMax,
    });
    for (const row of rows) {
      const list = lists.get(row.listId);
      if (!list) continue; // loaded after the list snapshot: the next signature check picks it up
      assert(list.kind === 'SANCTIONS' || list.kind === 'PEP', `unknown list kind ${list.kind}`);
      entries.push({ ...row, details: row.details as Record<string, unknown>, listCode: list.code, listKind: list.kind });
    }
    if (rows.length < loadBatchSizeMax) return new ScreeningIndex(entries);
    after = rows.at(-1)!.id;
  }
}
