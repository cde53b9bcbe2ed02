import {
  assignCase,
  attachCaseDocument,
  commentOnCase,
  decideCase,
  escalateCase,
  findCase,
  listCases,
  openCase,
  readCaseDocument,
  readReport,
  recordReportFiling,
  type ComplianceContext,
} from '@casino/compliance';
import type { App } from '@casino/http';
import { z } from 'zod';
import {
  AssignCaseBodySchema,
  CaseCreatedSchema,
  CaseDetailSchema,
  CasePageSchema,
  CaseParamsSchema,
  CaseQuerySchema,
  CommentBodySchema,
  CommentCreatedSchema,
  DecisionBodySchema,
  DecisionResultSchema,
  DocumentBodySchema,
  DocumentContentSchema,
  DocumentCreatedSchema,
  DocumentParamsSchema,
  EscalateBodySchema,
  FilingBodySchema,
  OpenCaseBodySchema,
  ReportParamsSchema,
} from './cases.schema.ts';
import { json, staffActor } from './common.ts';
import { adminProblems, OkSchema, security } from './common.schema.ts';

const officers = ['compliance-officer', 'mlro'] as const;
const readers = ['compliance-officer', 'mlro', 'auditor', 'admin'] as const;
const tags = ['cases'];
/** A 5 MiB document is about 6.7 MiB in base64. */
const documentBodyBytesMax = 8 * 1024 * 1024;

/** Cases: open from alerts, assign, comment, attach documents, escalate to the MLRO, decide; the STR. */
export function caseRoutes(app: App, ctx: ComplianceContext): void {
  app.post(
    '/v1/cases',
    {
      onRequest: app.authorizeStaff(officers),
      schema: {
        tags,
        security,
        summary: 'Open a case from open alerts of one player',
        body: OpenCaseBodySchema,
        response: { 201: CaseCreatedSchema, ...adminProblems },
      },
    },
    async (request, reply) => reply.code(201).send(await openCase(ctx, staffActor(request), request.body)),
  );

  app.get(
    '/v1/cases',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: 'Cases, filtered, a page at a time',
        querystring: CaseQuerySchema,
        response: { 200: CasePageSchema, ...adminProblems },
      },
    },
    async (request) => json(await listCases(ctx, request.query)) as z.infer<typeof CasePageSchema>,
  );

  app.get(
    '/v1/cases/:caseId',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: 'A case with its alerts, comments, documents, holds and reports',
        params: CaseParamsSchema,
        response: { 200: CaseDetailSchema, ...adminProblems },
      },
    },
    async (request) => json(await findCase(ctx, request.params.caseId)) as z.infer<typeof CaseDetailSchema>,
  );

  app.post(
    '/v1/cases/:caseId/assign',
    {
      onRequest: app.authorizeStaff(officers),
      schema: {
        tags,
        security,
        summary: 'Assign the case to an officer',
        params: CaseParamsSchema,
        body: AssignCaseBodySchema,
        response: { 200: OkSchema, ...adminProblems },
      },
    },
    async (request) => {
      await assignCase(ctx, staffActor(request), { caseId: request.params.caseId, ...request.body });
      return { ok: true as const };
    },
  );

  app.post(
    '/v1/cases/:caseId/comments',
    {
      onRequest: app.authorizeStaff(officers),
      schema: {
        tags,
        security,
        summary: 'Comment on the case',
        params: CaseParamsSchema,
        body: CommentBodySchema,
        response: { 201: CommentCreatedSchema, ...adminProblems },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await commentOnCase(ctx, staffActor(request), { caseId: request.params.caseId, body: request.body.body })),
  );

  app.post(
    '/v1/cases/:caseId/documents',
    {
      onRequest: app.authorizeStaff(officers),
      bodyLimit: documentBodyBytesMax,
      schema: {
        tags,
        security,
        summary: 'Attach a document (base64); its SHA-256 is audited',
        params: CaseParamsSchema,
        body: DocumentBodySchema,
        response: { 201: DocumentCreatedSchema, ...adminProblems },
      },
    },
    async (request, reply) => {
      const { contentBase64, ...rest } = request.body;
      return reply.code(201).send(
        await attachCaseDocument(ctx, staffActor(request), {
          caseId: request.params.caseId,
          ...rest,
          content: Buffer.from(contentBase64, 'base64'),
        }),
      );
    },
  );

  app.get(
    '/v1/cases/:caseId/documents/:documentId',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: 'An attached document with its content (base64)',
        params: DocumentParamsSchema,
        response: { 200: DocumentContentSchema, ...adminProblems },
      },
    },
    async (request) => {
      const document = await readCaseDocument(ctx, request.params.caseId, request.params.documentId);
      return {
        id: document.id,
        filename: document.filename,
        contentType: document.contentType,
        sha256: document.sha256,
        contentBase64: Buffer.from(document.content).toString('base64'),
      };
    },
  );

  app.post(
    '/v1/cases/:caseId/escalate',
    {
      onRequest: app.authorizeStaff(officers),
      schema: {
        tags,
        security,
        summary: 'Escalate the case to the money-laundering reporting officer',
        params: CaseParamsSchema,
        body: EscalateBodySchema,
        response: { 200: OkSchema, ...adminProblems },
      },
    },
    async (request) => {
      await escalateCase(ctx, staffActor(request), { caseId: request.params.caseId, ...request.body });
      return { ok: true as const };
    },
  );

  app.post(
    '/v1/cases/:caseId/decision',
    {
      onRequest: app.authorizeStaff(officers),
      schema: {
        tags,
        security,
        summary: 'Decide: no action, request information, hold payouts, file a report (MLRO), close the account',
        params: CaseParamsSchema,
        body: DecisionBodySchema,
        response: { 200: DecisionResultSchema, ...adminProblems },
      },
    },
    async (request) => decideCase(ctx, staffActor(request), request.params.caseId, request.body),
  );

  app.get(
    '/v1/reports/:reportId/document',
    {
      onRequest: app.authorizeStaff(['mlro', 'auditor', 'admin']),
      schema: {
        tags: ['reports'],
        security,
        summary: 'Download the suspicious transaction report (player, transactions, reasoning) as JSON',
        params: ReportParamsSchema,
        response: { 200: z.unknown(), ...adminProblems },
      },
    },
    async (request, reply) => {
      const report = await readReport(ctx, request.params.reportId);
      const document = {
        ...(report.document as object),
        documentSha256: report.documentSha256,
        filing: report.filedAt
          ? { filedAt: report.filedAt.toISOString(), filedBy: report.filedBy, authorityReference: report.authorityReference }
          : null,
      };
      return reply.header('content-disposition', `attachment; filename="str-${report.id}.json"`).send(document);
    },
  );

  app.post(
    '/v1/reports/:reportId/filing',
    {
      onRequest: app.authorizeStaff(['mlro']),
      schema: {
        tags: ['reports'],
        security,
        summary: 'Record that the report was filed with the FIU, with its reference',
        params: ReportParamsSchema,
        body: FilingBodySchema,
        response: { 200: OkSchema, ...adminProblems },
      },
    },
    async (request) => {
      const { filedAt, authorityReference } = request.body;
      await recordReportFiling(ctx, staffActor(request), {
        reportId: request.params.reportId,
        authorityReference,
        ...(filedAt ? { filedAt: new Date(filedAt) } : {}),
      });
      return { ok: true as const };
    },
  );
}
