import { z } from 'zod';
import { isoTimestampSql, literal, timestampLiteral } from '../sql.ts';
import { snapshotBoundary } from './ledger-coverage.ts';
import { defineRegister, type RegisterQuery } from './register.ts';

export const ComplaintFiltersSchema = z.object({
  from: z.iso.datetime({ offset: true }).optional().describe('Received at or after'),
  to: z.iso.datetime({ offset: true }).optional().describe('Received before'),
  status: z.enum(['DISREGARDED', 'LATE', 'INCOMPLETE', 'OPEN', 'WAITING_FOR_DOCUMENTS', 'ESCALATED', 'DECIDED']).optional(),
  playerId: z.uuid().optional(),
});

export type ComplaintFilters = z.infer<typeof ComplaintFiltersSchema>;

function complaintQuery(filters: ComplaintFilters): RegisterQuery {
  const where: string[] = [];
  if (filters.from) where.push(`c.received_at >= ${timestampLiteral(new Date(filters.from))}`);
  if (filters.to) where.push(`c.received_at < ${timestampLiteral(new Date(filters.to))}`);
  if (filters.status) where.push(`c.status = ${literal(filters.status)}`);
  if (filters.playerId) where.push(`c.player_id = ${literal(filters.playerId)}::uuid`);
  return { from: 'complaint c', where, orderBy: 'c.received_at, c.id' };
}

/**
 * The register of complaints (issue 23; 004 §3.9 CMP, 002 CMP): every complaint as received,
 * through which channel, whether it was accepted, its SLA clock, escalation and decision with the
 * reasoning. Open complaints still change, so a file is verified against its manifest, not produced again.
 */
export const complaintsRegister = defineRegister<ComplaintFilters>({
  name: 'complaints',
  version: 1,
  title: 'Complaints register',
  description: 'Every complaint: channel, acceptance, content checks, SLA deadlines, escalation, decision and reasoning.',
  filters: ComplaintFiltersSchema,
  columns: [
    { name: 'reference', description: 'Complaint reference', sql: 'c.reference' },
    { name: 'player_id', description: 'Player id, when the complainant is a player', sql: 'c.player_id::text' },
    { name: 'channel', description: 'How it arrived: email, written, contact-form, phone, chat', sql: 'c.channel' },
    {
      name: 'status',
      description: 'DISREGARDED, LATE, INCOMPLETE, OPEN, WAITING_FOR_DOCUMENTS, ESCALATED, DECIDED',
      sql: 'c.status',
    },
    {
      name: 'received_at',
      description: 'When it was delivered',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('c.received_at'),
    },
    {
      name: 'event_at',
      description: 'The decisive fact the window counts from',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('c.event_at'),
    },
    {
      name: 'window_ends_at',
      description: 'End of the last day of the complaint window',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('c.window_ends_at'),
    },
    { name: 'game', description: 'Game named in the complaint', sql: 'c.game' },
    {
      name: 'bet_closed_at',
      description: 'Time of the bet closure named in it',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('c.bet_closed_at'),
    },
    { name: 'missing', description: 'Required content missing, separated by spaces', sql: "array_to_string(c.missing, ' ')" },
    { name: 'description', description: 'What the complaint says', sql: 'c.description' },
    { name: 'remedy_wanted', description: 'The remedy the complainant asks for', sql: 'c.remedy_wanted' },
    {
      name: 'assess_due_at',
      description: 'First assessment due',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('c.assess_due_at'),
    },
    {
      name: 'assessed_at',
      description: 'When it was assessed',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('c.assessed_at'),
    },
    {
      name: 'resolve_due_at',
      description: 'Resolution due (moved by the time waiting for documents)',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('c.resolve_due_at'),
    },
    {
      name: 'paused_ms',
      description: 'Time the clock stood while waiting for documents',
      unit: 'milliseconds',
      sql: 'c.paused_ms::text',
    },
    {
      name: 'escalated_at',
      description: 'When it was escalated',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('c.escalated_at'),
    },
    { name: 'escalation_route', description: 'Senior agent, escalation point or manager on duty', sql: 'c.escalation_route' },
    { name: 'decision', description: 'upheld, partly-upheld, not-upheld', sql: 'c.decision' },
    { name: 'decision_ground', description: 'Ground of a complaint not upheld', sql: 'c.decision_ground' },
    { name: 'reasoning', description: 'The reasoning given to the complainant', sql: 'c.reasoning' },
    {
      name: 'decided_at',
      description: 'When it was decided',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('c.decided_at'),
    },
    { name: 'decided_by', description: 'Staff user id, or system:<name>', sql: 'c.decided_by' },
  ],
  boundary: snapshotBoundary,
  query: (filters) => complaintQuery(filters),
  coverage: async () => ({
    kind: 'none',
    reason: 'complaints are case records, not part of the ledger; their steps are in the audit chain',
  }),
  reproducible: false,
});
