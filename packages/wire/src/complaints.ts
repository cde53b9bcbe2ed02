import { z } from 'zod';

/**
 * How a complaint (issue 23, @casino/compliance `ComplaintView`) looks to the player and staff APIs:
 * times as ISO 8601, the SLA clock with its next deadline, the decision and the escalation contact.
 */
const Instant = z.iso.datetime();

export const ComplaintSchema = z.object({
  complaintId: z.string(),
  reference: z.string(),
  playerId: z.string().nullable(),
  channel: z.string(),
  status: z.enum(['DISREGARDED', 'LATE', 'INCOMPLETE', 'OPEN', 'WAITING_FOR_DOCUMENTS', 'ESCALATED', 'DECIDED']),
  missing: z.array(z.string()),
  game: z.string().nullable(),
  betClosedAt: Instant.nullable(),
  eventAt: Instant,
  description: z.string(),
  remedyWanted: z.string().nullable(),
  receivedAt: Instant,
  windowEndsAt: Instant,
  clock: z.object({
    assessDueAt: Instant.nullable(),
    assessedAt: Instant.nullable(),
    resolveDueAt: Instant.nullable(),
    escalatedAt: Instant.nullable(),
    escalationRoute: z.string().nullable(),
    waitingSince: Instant.nullable(),
    pausedMs: z.number(),
    nextDeadline: Instant.nullable(),
    overdue: z.boolean(),
  }),
  decision: z.string().nullable(),
  decisionGround: z.string().nullable(),
  reasoning: z.string().nullable(),
  decidedAt: Instant.nullable(),
  escalationContact: z.string().describe('Out-of-court dispute resolution (004:CMP-08, 002:CMP-08)'),
});

export const ComplaintsSchema = z.object({ complaints: z.array(ComplaintSchema) });

/** Dates of a domain view as ISO strings, for the schemas above. */
export function isoDates<T>(value: T): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(isoDates);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, isoDates(v)]));
  return value;
}
