import {
  currentScreeningIndex,
  listScreeningLists,
  loadScreeningList,
  parseEuFinancialSanctionsXml,
  parseOpenSanctionsEntities,
  resolveScreeningAlert,
  type ComplianceContext,
} from '@casino/compliance';
import type { App } from '@casino/http';
import type { z } from 'zod';
import { json, staffActor } from './common.ts';
import { adminProblems, security } from './common.schema.ts';
import {
  AlertParamsSchema,
  CheckBodySchema,
  CheckResultSchema,
  ListCodeParamsSchema,
  ListsSchema,
  LoadListBodySchema,
  LoadListResultSchema,
  ScreeningDecisionBodySchema,
  ScreeningDecisionResultSchema,
} from './screening.schema.ts';

const tags = ['screening'];
/** Published lists run to tens of megabytes (the EU XML is about 20 MB). */
const listBodyBytesMax = 64 * 1024 * 1024;

/** Sanctions and PEP lists (import, inspect), ad-hoc checks, and decisions on screening alerts. */
export function screeningRoutes(app: App, ctx: ComplianceContext): void {
  app.get(
    '/v1/screening/lists',
    {
      onRequest: app.authorizeStaff(['compliance-officer', 'mlro', 'auditor', 'admin']),
      schema: {
        tags,
        security,
        summary: 'The loaded lists with their revisions',
        response: { 200: ListsSchema, ...adminProblems },
      },
    },
    async () => ({ lists: json(await listScreeningLists(ctx.db)) as z.infer<typeof ListsSchema>['lists'] }),
  );

  app.put(
    '/v1/screening/lists/:code',
    {
      onRequest: app.authorizeStaff(['mlro', 'admin']),
      bodyLimit: listBodyBytesMax,
      schema: {
        tags,
        security,
        summary: 'Load (or replace) a list from its published file; every player is re-screened',
        params: ListCodeParamsSchema,
        body: LoadListBodySchema,
        response: { 200: LoadListResultSchema, ...adminProblems },
      },
    },
    async (request) => {
      const { content, format, ...rest } = request.body;
      const entries =
        format === 'opensanctions-ftm' ? parseOpenSanctionsEntities(content) : parseEuFinancialSanctionsXml(content);
      return loadScreeningList(ctx, staffActor(request), { ...rest, code: request.params.code, sourceFormat: format, entries });
    },
  );

  app.post(
    '/v1/screening/check',
    {
      onRequest: app.authorizeStaff(['compliance-officer', 'mlro']),
      schema: {
        tags,
        security,
        summary: 'Screen a name against the loaded lists (nothing is stored)',
        body: CheckBodySchema,
        response: { 200: CheckResultSchema, ...adminProblems },
      },
    },
    async (request) => {
      const index = await currentScreeningIndex(ctx.db);
      const { screening } = ctx.rules;
      const matches = index.screen(request.body, {
        scoreBpsMin: screening.reviewScoreBpsMin,
        candidatesMax: screening.candidatesMax,
        matchesMax: screening.matchesPerAlertMax,
      });
      return { reviewScoreBpsMin: screening.reviewScoreBpsMin, matches };
    },
  );

  app.post(
    '/v1/alerts/:alertId/screening-decision',
    {
      onRequest: app.authorizeStaff(['compliance-officer', 'mlro']),
      schema: {
        tags,
        security,
        summary: 'Decide a screening alert: a confirmed match blocks the account, a false positive clears it',
        params: AlertParamsSchema,
        body: ScreeningDecisionBodySchema,
        response: { 200: ScreeningDecisionResultSchema, ...adminProblems },
      },
    },
    async (request) => resolveScreeningAlert(ctx, staffActor(request), { alertId: request.params.alertId, ...request.body }),
  );
}
