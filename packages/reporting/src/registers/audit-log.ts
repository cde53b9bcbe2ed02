import { assert } from '@casino/core';
import { z } from 'zod';
import { isoTimestampSql, literal, timestampLiteral } from '../sql.ts';
import { defineRegister, whereSql, type RegisterQuery } from './register.ts';

export const AuditLogFiltersSchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  actorId: z.string().max(100).optional(),
  subjectType: z.string().max(40).optional(),
  subjectId: z.string().max(100).optional(),
  action: z.string().max(80).optional(),
});

export type AuditLogFilters = z.infer<typeof AuditLogFiltersSchema>;

function auditQuery(filters: AuditLogFilters, lastSeq: string): RegisterQuery {
  assert(/^\d+$/.test(lastSeq), 'the audit boundary is a sequence number');
  const where = [`e.seq <= ${lastSeq}`];
  if (filters.from) where.push(`e.at >= ${timestampLiteral(new Date(filters.from))}`);
  if (filters.to) where.push(`e.at < ${timestampLiteral(new Date(filters.to))}`);
  if (filters.actorId) where.push(`e.actor_id = ${literal(filters.actorId)}`);
  if (filters.subjectType) where.push(`e.subject_type = ${literal(filters.subjectType)}`);
  if (filters.subjectId) where.push(`e.subject_id = ${literal(filters.subjectId)}`);
  if (filters.action) where.push(`e.action = ${literal(filters.action)}`);
  return { from: 'audit_log_entry e', where, orderBy: 'e.seq' };
}

/**
 * The staff audit log (002:REC-03, AML-06) with each entry's chain hashes, so a copy is verifiable
 * on its own. Entries are appended in commit order under a lock, so "every entry up to seq N" is
 * the same set whenever it is read: N is the export's boundary.
 */
export const auditLogRegister = defineRegister<AuditLogFilters>({
  name: 'audit-log',
  version: 1,
  title: 'Staff audit log',
  description: 'Every staff (and system) action in chain order: who, what, when, before and after, why, and the hash chain.',
  filters: AuditLogFiltersSchema,
  columns: [
    { name: 'seq', description: 'Position in the chain', sql: 'e.seq::text' },
    { name: 'id', description: 'Entry id', sql: 'e.id::text' },
    { name: 'at', description: 'When the action happened', unit: 'ISO 8601, UTC, milliseconds', sql: isoTimestampSql('e.at') },
    { name: 'actor_kind', description: 'staff or system', sql: 'e.actor_kind' },
    { name: 'actor_id', description: 'Staff user id, or system:<name>', sql: 'e.actor_id' },
    {
      name: 'actor_roles',
      description: 'Roles of the staff token, separated by spaces',
      sql: "array_to_string(e.actor_roles, ' ')",
    },
    { name: 'action', description: 'What was done (ledger.adjustment, case.decision, …)', sql: 'e.action' },
    { name: 'subject_type', description: 'What it was done to', sql: 'e.subject_type' },
    { name: 'subject_id', description: 'Which one', sql: 'e.subject_id' },
    { name: 'reason', description: 'Why, as the staff user wrote it', sql: 'e.reason' },
    { name: 'before', description: 'State before', unit: 'JSON', sql: 'e.before::text' },
    { name: 'after', description: 'State after', unit: 'JSON', sql: 'e.after::text' },
    { name: 'request_id', description: 'The HTTP request that did it', sql: 'e.request_id' },
    { name: 'previous_hash', description: "The previous entry's hash", unit: 'SHA-256, hex', sql: 'e.previous_hash' },
    { name: 'hash', description: "SHA-256 of previous_hash and the entry's canonical JSON", unit: 'SHA-256, hex', sql: 'e.hash' },
  ],
  boundary: async (client) => {
    const { rows } = await client.query<{ seq: string }>('SELECT coalesce(max(seq), 0)::text AS seq FROM audit_log_entry');
    return rows[0]!.seq;
  },
  query: auditQuery,
  coverage: async (client, query) => {
    const { rows } = await client.query<{ first_seq: string | null; last_seq: string | null; last_hash: string | null }>(`
      SELECT min(e.seq)::text AS first_seq, max(e.seq)::text AS last_seq,
             (SELECT l.hash FROM audit_log_entry l WHERE l.seq = max(e.seq)) AS last_hash
      FROM ${query.from} WHERE ${whereSql(query)}`);
    const row = rows[0]!;
    return { kind: 'audit-chain', firstSeq: row.first_seq, lastSeq: row.last_seq, lastEntryHash: row.last_hash };
  },
  reproducible: true,
});
