import { DomainError } from '@casino/core';
import type { App } from '@casino/http';
import {
  downloadExport,
  findExport,
  listExports,
  readExportManifest,
  registers,
  requestExport,
  startDirectExport,
  staffRegisterNames,
  type ExportStatusView,
  type ReportingContext,
} from '@casino/reporting';
import type { FastifyRequest } from 'fastify';
import { staffActor } from './common.ts';
import { security } from './common.schema.ts';
import {
  ExportBodySchema,
  ExportFileSchema,
  exportProblems,
  ExportListQuerySchema,
  ExportListSchema,
  ExportParamsSchema,
  ExportStatusSchema,
  ManifestSchema,
  RegisterListSchema,
  RegisterParamsSchema,
  StreamQuerySchema,
} from './exports.schema.ts';

/** Who may export: auditors (read-only), finance, the MLRO and admins. Nobody changes anything through these routes. */
const exporters = ['auditor', 'finance', 'mlro', 'admin'] as const;
/** The players register holds identification data in full: not for finance, who see it masked elsewhere. */
const personalDataExporters: readonly string[] = ['auditor', 'mlro', 'admin'];
const tags = ['exports'];

function assertMayExport(request: FastifyRequest, register: string): void {
  if (register === 'players' && !request.principal!.roles.some((role) => personalDataExporters.includes(role))) {
    throw new DomainError('forbidden', `Exporting ${register} needs one of the roles: ${personalDataExporters.join(', ')}.`);
  }
}

const statusOut = (view: ExportStatusView) => ({
  ...view,
  createdAt: view.createdAt.toISOString(),
  finishedAt: view.finishedAt?.toISOString() ?? null,
  expiresAt: view.expiresAt.toISOString(),
});

/**
 * Auditor exports (issue 10, docs/exports.md): a small export streams straight back; a large one is
 * a background job whose file is downloaded when ready. Every export has a SHA-256 manifest naming
 * the ledger blocks it covers, and is audited.
 */
export function exportRoutes(app: App, reporting: ReportingContext): void {
  app.get(
    '/v1/registers',
    {
      onRequest: app.authorizeStaff(exporters),
      schema: {
        tags,
        security,
        summary: 'The registers that can be exported, with their columns and units',
        response: { 200: RegisterListSchema, ...exportProblems },
      },
    },
    async () => ({
      registers: staffRegisterNames
        .map((name) => registers.get(name)!)
        .map((r) => ({
          name: r.name,
          version: r.version,
          title: r.title,
          description: r.description,
          reproducible: r.reproducible,
          columns: r.columns.map(({ name, description, unit }) => ({ name, description, ...(unit ? { unit } : {}) })),
        })),
    }),
  );

  app.get(
    '/v1/registers/:register/export',
    {
      onRequest: app.authorizeStaff(exporters),
      schema: {
        tags,
        security,
        summary: 'Stream a register as CSV or JSON Lines (small exports; X-Export-Id names the manifest)',
        params: RegisterParamsSchema,
        querystring: StreamQuerySchema,
        response: { 200: ExportFileSchema, ...exportProblems },
      },
    },
    async (request, reply) => {
      assertMayExport(request, request.params.register);
      const { format, ...filters } = request.query;
      const started = await startDirectExport(reporting, {
        registerName: request.params.register,
        format,
        filters,
        requestedBy: staffActor(request).staffUserId,
        auditActor: staffActor(request),
        filtersField: 'query',
      });
      return reply
        .header('content-type', started.mediaType)
        .header('content-disposition', `attachment; filename="${started.fileName}"`)
        .header('x-export-id', started.exportId)
        .header('x-export-rows', String(started.rowsTotal))
        .send(started.body as never); // a stream goes out as it is
    },
  );

  app.post(
    '/v1/exports',
    {
      onRequest: app.authorizeStaff(exporters),
      schema: {
        tags,
        security,
        summary: 'Request a background export: the file and its manifest are written by the worker',
        body: ExportBodySchema,
        response: { 202: ExportStatusSchema, ...exportProblems },
      },
    },
    async (request, reply) => {
      assertMayExport(request, request.body.register);
      const actor = staffActor(request);
      const { exportId } = await requestExport(reporting, {
        registerName: request.body.register,
        format: request.body.format,
        filters: request.body.filters,
        requestedBy: actor.staffUserId,
        auditActor: actor,
      });
      return reply
        .code(202)
        .header('location', `/v1/exports/${exportId}`)
        .send(statusOut(await findExport(reporting, exportId)));
    },
  );

  app.get(
    '/v1/exports',
    {
      onRequest: app.authorizeStaff(exporters),
      schema: {
        tags,
        security,
        summary: 'Exports, newest first',
        querystring: ExportListQuerySchema,
        response: { 200: ExportListSchema, ...exportProblems },
      },
    },
    async (request) => {
      const page = await listExports(reporting, {
        limit: request.query.limit,
        ...(request.query.before ? { before: request.query.before } : {}),
      });
      return { exports: page.exports.map(statusOut), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/v1/exports/:exportId',
    {
      onRequest: app.authorizeStaff(exporters),
      schema: {
        tags,
        security,
        summary: "An export's status and progress",
        params: ExportParamsSchema,
        response: { 200: ExportStatusSchema, ...exportProblems },
      },
    },
    async (request) => statusOut(await findExport(reporting, request.params.exportId)),
  );

  app.get(
    '/v1/exports/:exportId/manifest',
    {
      onRequest: app.authorizeStaff(exporters),
      schema: {
        tags,
        security,
        summary: "An export's manifest: SHA-256, rows, filters, snapshot, ledger blocks covered",
        params: ExportParamsSchema,
        response: { 200: ManifestSchema, ...exportProblems },
      },
    },
    async (request) => ({ ...(await readExportManifest(reporting, request.params.exportId)) }),
  );

  app.get(
    '/v1/exports/:exportId/file',
    {
      onRequest: app.authorizeStaff(exporters),
      schema: {
        tags,
        security,
        summary: "Download a background export's file once READY (410 once expired)",
        params: ExportParamsSchema,
        response: { 200: ExportFileSchema, ...exportProblems },
      },
    },
    async (request, reply) => {
      const file = await downloadExport(reporting, request.params.exportId);
      return reply
        .header('content-type', file.mediaType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('content-length', String(file.byteCount))
        .header('x-content-sha256', file.sha256)
        .send(file.body as never); // a stream goes out as it is
    },
  );
}
