import { createCashierContext, type CashierGuards } from '@casino/cashier';
import { defaultComplianceRules, findStaffAccess, type ComplianceContext, type ComplianceRules } from '@casino/compliance';
import { systemClock, type Clock } from '@casino/core';
import { createServiceApp, declaredStaffRoles, type App, type ServiceConnections, type StaffRole } from '@casino/http';
import { czechProfile } from '@casino/limits';
import { PiiProtector } from '@casino/players';
import { czechReportingRules, type ReportingRules } from '@casino/reporting';
import type { AdminApiConfig } from './config.ts';
import { auditRoutes } from './routes/audit.ts';
import { caseRoutes } from './routes/cases.ts';
import { cashierPlayerRoutes } from './routes/cashier-players.ts';
import { cashierReviewRoutes } from './routes/cashier-review.ts';
import { exportRoutes } from './routes/exports.ts';
import { gameRoundRoutes } from './routes/game-rounds.ts';
import { ledgerRoutes } from './routes/ledger.ts';
import { limitsRoutes } from './routes/limits.ts';
import { monitoringRoutes } from './routes/monitoring.ts';
import { playerRoutes } from './routes/players.ts';
import { reportRoutes } from './routes/reports.ts';
import { retentionRoutes } from './routes/retention.ts';
import { screeningRoutes } from './routes/screening.ts';
import { staffRoutes } from './routes/staff.ts';

export interface AdminApiOptions {
  config: AdminApiConfig;
  connections: ServiceConnections;
  /** Redis keys of this app live under this prefix; tests use one per file. */
  redisKeyPrefix?: string;
  /** Tests pass a controllable clock. */
  clock?: Clock;
  rules?: ComplianceRules;
  /** The cashier's limits and compliance port; the platform's own (packages/cashier) by default. */
  guards?: CashierGuards;
  /** Exports, reports and retention (issue 10); tests shrink the limits. */
  reportingRules?: ReportingRules;
}

/** A route as the app declares it: the staff roles it admits, or public (staff login). */
export interface AdminRoute {
  method: string;
  url: string;
  roles: readonly StaffRole[] | null;
  public: boolean;
}

const routeCatalogues = new WeakMap<App, AdminRoute[]>();

/** Every route of an admin API instance with its declared roles (the role matrix test walks them). */
export function adminRoutes(app: App): readonly AdminRoute[] {
  return routeCatalogues.get(app) ?? [];
}

/** Admin API: staff login and roles, the audit log, player view and actions, compliance, limits, the cashier's staff work, the ledger. */
export async function buildAdminApi(options: AdminApiOptions): Promise<App> {
  const { config, connections } = options;
  const clock = options.clock ?? systemClock;
  const app = await createServiceApp({
    service: 'admin-api',
    description: 'Back office for staff: compliance, support, finance and auditor exports, with roles and an audit trail.',
    config,
    connections,
    ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
    // Roles and the active flag come from the staff record on every request, not from the token.
    principals: { staff: (staffUserId) => findStaffAccess(connections.db, staffUserId) },
  });
  const catalogue: AdminRoute[] = [];
  routeCatalogues.set(app, catalogue);
  // Staff are authorised before their request is parsed (routes declare the hooks in onRequest),
  // so a caller without the role gets 403 whatever the body, and learns nothing about its validation.
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      catalogue.push({ method, url: route.url, roles: declaredStaffRoles(route), public: (route.config as { public?: boolean } | undefined)?.public === true });
    }
  });
  const pii = new PiiProtector({ encryptionKey: config.PII_ENCRYPTION_KEY, hashKey: config.PII_HASH_KEY });
  const ctx: ComplianceContext = { db: connections.db, clock, rules: options.rules ?? defaultComplianceRules, secrets: pii };
  const cashier = createCashierContext({
    db: connections.db,
    clock,
    providerName: config.PSP_PROVIDER_NAME,
    accountNumbers: pii,
    ...(options.guards ? { guards: options.guards } : {}),
  });
  ledgerRoutes(app, ctx);
  staffRoutes(app, ctx);
  auditRoutes(app, ctx);
  playerRoutes(app, ctx, { db: connections.db, clock, profile: czechProfile });
  screeningRoutes(app, ctx);
  monitoringRoutes(app, ctx);
  caseRoutes(app, ctx);
  limitsRoutes(app, { db: connections.db, clock, profile: czechProfile });
  cashierReviewRoutes(app, cashier);
  cashierPlayerRoutes(app, cashier);
  const reporting = { db: ctx.db, clock: ctx.clock, rules: options.reportingRules ?? czechReportingRules };
  exportRoutes(app, reporting);
  reportRoutes(app, reporting);
  retentionRoutes(app, reporting);
  gameRoundRoutes(app, connections.db);
  return app;
}
