import {
  assignAlert,
  findAlert,
  listAlerts,
  loadMonitoringRules,
  updateMonitoringRule,
  type ComplianceContext,
} from '@casino/compliance';
import type { App } from '@casino/http';
import type { z } from 'zod';
import { json, staffActor } from './common.ts';
import { adminProblems, OkSchema, security } from './common.schema.ts';
import {
  AlertPageSchema,
  AlertQuerySchema,
  AlertSchema,
  AssignBodySchema,
  RuleParamsSchema,
  RulesSchema,
  RuleSchema,
  RuleUpdateBodySchema,
} from './monitoring.schema.ts';
import { AlertParamsSchema } from './screening.schema.ts';

const alertReaders = ['compliance-officer', 'mlro', 'auditor', 'admin'] as const;

/** The monitoring rules (read, tune) and the alert queue. */
export function monitoringRoutes(app: App, ctx: ComplianceContext): void {
  app.get(
    '/v1/monitoring/rules',
    {
      onRequest: app.authorizeStaff(['compliance-officer', 'mlro', 'auditor', 'admin']),
      schema: {
        tags: ['monitoring'],
        security,
        summary: 'The AML monitoring rules as data: threshold, window, count, score',
        response: { 200: RulesSchema, ...adminProblems },
      },
    },
    async () => ({ rules: json(await loadMonitoringRules(ctx.db)) as z.infer<typeof RuleSchema>[] }),
  );

  app.patch(
    '/v1/monitoring/rules/:code',
    {
      onRequest: app.authorizeStaff(['mlro', 'admin']),
      schema: {
        tags: ['monitoring'],
        security,
        summary: 'Tune a rule; the change and its reason are audited',
        params: RuleParamsSchema,
        body: RuleUpdateBodySchema,
        response: { 200: RuleSchema, ...adminProblems },
      },
    },
    async (request) => {
      const { thresholdMinor, ...rest } = request.body;
      const update = {
        ...rest,
        ...(thresholdMinor !== undefined ? { thresholdMinor: thresholdMinor === null ? null : BigInt(thresholdMinor) } : {}),
      };
      return json(await updateMonitoringRule(ctx, staffActor(request), request.params.code, update)) as z.infer<
        typeof RuleSchema
      >;
    },
  );

  app.get(
    '/v1/alerts',
    {
      onRequest: app.authorizeStaff(alertReaders),
      schema: {
        tags: ['alerts'],
        security,
        summary: 'Alerts, filtered, a page at a time',
        querystring: AlertQuerySchema,
        response: { 200: AlertPageSchema, ...adminProblems },
      },
    },
    async (request) => json(await listAlerts(ctx.db, request.query)) as z.infer<typeof AlertPageSchema>,
  );

  app.get(
    '/v1/alerts/:alertId',
    {
      onRequest: app.authorizeStaff(alertReaders),
      schema: {
        tags: ['alerts'],
        security,
        summary: 'One alert with its details',
        params: AlertParamsSchema,
        response: { 200: AlertSchema, ...adminProblems },
      },
    },
    async (request) => json(await findAlert(ctx.db, request.params.alertId)) as z.infer<typeof AlertSchema>,
  );

  app.post(
    '/v1/alerts/:alertId/assign',
    {
      onRequest: app.authorizeStaff(['compliance-officer', 'mlro']),
      schema: {
        tags: ['alerts'],
        security,
        summary: 'Assign an alert to an officer',
        params: AlertParamsSchema,
        body: AssignBodySchema,
        response: { 200: OkSchema, ...adminProblems },
      },
    },
    async (request) => {
      await assignAlert(ctx, staffActor(request), { alertId: request.params.alertId, ...request.body });
      return { ok: true as const };
    },
  );
}
