import { createHash } from 'node:crypto';
import { assert, newId } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import { actorId, type Actor } from '../actor.ts';
import { canonicalJson, toJsonValue, type JsonValue } from './canonical-json.ts';

/**
 * The audit log of staff actions (002:REC-03, AML-06): who, what, when, the state before and after,
 * and the reason, written in the same transaction as the action. Append-only (a trigger refuses
 * UPDATE, DELETE and TRUNCATE) and tamper-evident: each entry's hash covers its content and the
 * previous entry's hash, so editing, deleting or reordering rows breaks the chain at that row.
 */
export const auditGenesisHash = '0'.repeat(64);

// Appends are serialised by this transaction-scoped advisory lock: the chain needs one order, and
// the lock is held until commit, so the next writer reads the hash this one wrote.
const auditChainLockKey = 7_209_001n;

export interface AuditRecord {
  action: string;
  subjectType: string;
  subjectId: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditEntry {
  seq: bigint;
  id: string;
  at: Date;
  actorKind: 'staff' | 'system';
  actorId: string;
  actorRoles: string[];
  action: string;
  subjectType: string;
  subjectId: string;
  reason: string | null;
  before: JsonValue;
  after: JsonValue;
  requestId: string | null;
  previousHash: string;
  hash: string;
}

type HashedFields = Omit<AuditEntry, 'seq' | 'hash' | 'previousHash'>;

export function auditEntryHash(previousHash: string, entry: HashedFields): string {
  const content = canonicalJson({
    id: entry.id,
    at: entry.at.toISOString(),
    actorKind: entry.actorKind,
    actorId: entry.actorId,
    actorRoles: entry.actorRoles,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    reason: entry.reason,
    before: entry.before,
    after: entry.after,
    requestId: entry.requestId,
  });
  return createHash('sha256').update(previousHash).update('\n').update(content).digest('hex');
}

/** Appends one entry inside the caller's transaction (the one making the change it records). */
export async function appendAuditEntry(
  tx: Tx,
  actor: Actor,
  at: Date,
  record: AuditRecord,
): Promise<{ id: string; hash: string }> {
  assert(record.action.length > 0 && record.subjectId.length > 0, 'an audit entry names its action and subject');
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${auditChainLockKey})`;
  const [last] = await tx.$queryRaw<Array<{ hash: string }>>`SELECT hash FROM audit_log_entry ORDER BY seq DESC LIMIT 1`;
  const previousHash = last?.hash ?? auditGenesisHash;
  const fields: HashedFields = {
    id: newId(),
    at,
    actorKind: actor.kind,
    actorId: actorId(actor),
    actorRoles: actor.kind === 'staff' ? [...actor.roles] : [],
    action: record.action,
    subjectType: record.subjectType,
    subjectId: record.subjectId,
    reason: record.reason ?? null,
    before: toJsonValue(record.before),
    after: toJsonValue(record.after),
    requestId: actor.requestId ?? null,
  };
  const hash = auditEntryHash(previousHash, fields);
  const json = (value: JsonValue) => (value === null ? null : JSON.stringify(value));
  await tx.$executeRaw`
    INSERT INTO audit_log_entry (id, at, actor_kind, actor_id, actor_roles, action, subject_type, subject_id, reason, before, after, request_id, previous_hash, hash)
    VALUES (${fields.id}::uuid, ${at}, ${fields.actorKind}, ${fields.actorId}, ${fields.actorRoles}::text[], ${fields.action}, ${fields.subjectType}, ${fields.subjectId},
            ${fields.reason}, ${json(fields.before)}::jsonb, ${json(fields.after)}::jsonb, ${fields.requestId}, ${previousHash}, ${hash})`;
  return { id: fields.id, hash };
}

export type AuditChainVerification =
  { ok: true; entriesVerified: number } | { ok: false; entriesVerified: number; brokenSeq: bigint; reason: string };

const verifyBatchSizeMax = 1_000;

/** Walks the whole chain in order and names the first entry whose content or link does not hold. */
export async function verifyAuditChain(db: Db | Tx): Promise<AuditChainVerification> {
  let previousHash = auditGenesisHash;
  let after = 0n;
  let verified = 0;
  for (;;) {
    const rows = await db.auditLogEntry.findMany({
      where: { seq: { gt: after } },
      orderBy: { seq: 'asc' },
      take: verifyBatchSizeMax,
    });
    if (rows.length === 0) return { ok: true, entriesVerified: verified };
    for (const row of rows) {
      const entry = toAuditEntry(row);
      if (entry.previousHash !== previousHash)
        return {
          ok: false,
          entriesVerified: verified,
          brokenSeq: entry.seq,
          reason: 'the link to the previous entry is broken (an entry was removed or reordered)',
        };
      if (auditEntryHash(previousHash, entry) !== entry.hash)
        return {
          ok: false,
          entriesVerified: verified,
          brokenSeq: entry.seq,
          reason: 'the entry was changed after it was written',
        };
      previousHash = entry.hash;
      after = entry.seq;
      verified++;
    }
  }
}

export interface AuditQuery {
  subjectType?: string;
  subjectId?: string;
  actorId?: string;
  action?: string;
  from?: Date;
  to?: Date;
  /** The `nextCursor` of the previous page. */
  after?: bigint;
  limit: number;
}

export async function listAuditEntries(
  db: Db | Tx,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  assert(Number.isInteger(query.limit) && query.limit >= 1, 'limit must be a positive integer');
  const rows = await db.auditLogEntry.findMany({
    where: {
      ...(query.subjectType ? { subjectType: query.subjectType } : {}),
      ...(query.subjectId ? { subjectId: query.subjectId } : {}),
      ...(query.actorId ? { actorId: query.actorId } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(query.from || query.to
        ? { at: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lt: query.to } : {}) } }
        : {}),
      ...(query.after !== undefined ? { seq: { gt: query.after } } : {}),
    },
    orderBy: { seq: 'asc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit).map(toAuditEntry);
  return { entries: page, nextCursor: rows.length > query.limit ? page.at(-1)!.seq.toString() : null };
}

function toAuditEntry(row: {
  seq: bigint;
  id: string;
  at: Date;
  actorKind: string;
  actorId: string;
  actorRoles: string[];
  action: string;
  subjectType: string;
  subjectId: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  previousHash: string;
  hash: string;
}): AuditEntry {
  assert(row.actorKind === 'staff' || row.actorKind === 'system', `unknown actor kind ${row.actorKind}`);
  return { ...row, actorKind: row.actorKind, before: toJsonValue(row.before), after: toJsonValue(row.after) };
}
