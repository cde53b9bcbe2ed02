import { listAuditEntries, verifyAuditChain, type AuditQuery, type ComplianceContext } from '@casino/compliance';
import type { App } from '@casino/http';
import { json } from './common.ts';
import {
  AuditEntrySchema,
  AuditExportQuerySchema,
  AuditExportSchema,
  AuditPageSchema,
  AuditQuerySchema,
  AuditVerifySchema,
} from './audit.schema.ts';
import { adminProblems, security } from './common.schema.ts';
import type { z } from 'zod';

const readers = ['auditor', 'admin', 'mlro'] as const;
const tags = ['audit'];
/** Pages the export walks through at most: beyond this, export a narrower period. */
const exportPagesMax = 500;
const exportPageSize = 200;

type Entries = z.infer<typeof AuditEntrySchema>[];

function queryOf(q: z.infer<typeof AuditExportQuerySchema>): Omit<AuditQuery, 'limit'> {
  return { ...q, ...(q.from ? { from: new Date(q.from) } : {}), ...(q.to ? { to: new Date(q.to) } : {}) } as Omit<
    AuditQuery,
    'limit'
  >;
}

/** The audit log for auditors (read-only): pages, a verifiable NDJSON export, and the chain check. */
export function auditRoutes(app: App, ctx: ComplianceContext): void {
  app.get(
    '/v1/audit-log',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: 'Audit log entries in chain order, filtered, a page at a time',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...adminProblems },
      },
    },
    async (request) => {
      const { after, limit, ...filters } = request.query;
      const page = await listAuditEntries(ctx.db, { ...queryOf(filters), limit, ...(after ? { after: BigInt(after) } : {}) });
      return { entries: json(page.entries) as Entries, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/v1/audit-log/export',
    {
      onRequest: app.authorizeStaff(['auditor', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Download the (filtered) audit log as NDJSON with its hashes',
        querystring: AuditExportQuerySchema,
        response: { 200: AuditExportSchema, ...adminProblems },
      },
    },
    async (request, reply) => {
      const lines: string[] = [];
      let after: bigint | undefined;
      for (let page = 0; page < exportPagesMax; page++) {
        const result = await listAuditEntries(ctx.db, {
          ...queryOf(request.query),
          limit: exportPageSize,
          ...(after !== undefined ? { after } : {}),
        });
        for (const entry of result.entries) lines.push(JSON.stringify(json(entry)));
        if (result.nextCursor === null) break;
        after = BigInt(result.nextCursor);
      }
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.ndjson"')
        .send(lines.join('\n') + (lines.length ? '\n' : ''));
    },
  );

  app.get(
    '/v1/audit-log/verify',
    {
      onRequest: app.authorizeStaff(['auditor', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Verify the hash chain of the whole audit log; names the first broken entry',
        response: { 200: AuditVerifySchema, ...adminProblems },
      },
    },
    async () => {
      const result = await verifyAuditChain(ctx.db);
      return result.ok ? result : { ...result, brokenSeq: result.brokenSeq.toString() };
    },
  );
}
