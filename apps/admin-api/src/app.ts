import { defaultComplianceRules, type ComplianceContext, type ComplianceRules } from '@casino/compliance';
import { systemClock, type Clock } from '@casino/core';
import { createServiceApp, declaredStaffRoles, type App, type ServiceConnections, type StaffRole } from '@casino/http';
import { czechProfile } from '@casino/limits';
import { PiiProtector } from '@casino/players';
import type { AdminApiConfig } from './config.ts';
import { auditRoutes } from './routes/audit.ts';
import { caseRoutes } from './routes/cases.ts';
import { gameRoundRoutes } from './routes/game-rounds.ts';
import { ledgerRoutes } from './routes/ledger.ts';
import { limitsRoutes } from './routes/limits.ts';
import { monitoringRoutes } from './routes/monitoring.ts';
import { playerRoutes } from './routes/players.ts';
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

/** Admin API: its routes register here as the issues that bring them land. */
export async function buildAdminApi(options: AdminApiOptions): Promise<App> {
  const app = await createServiceApp({
    service: 'admin-api',
    description: 'Back office for staff: compliance, support, finance and auditor exports, with roles and an audit trail.',
    config: options.config,
    connections: options.connections,
    ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
  });
  const catalogue: AdminRoute[] = [];
  routeCatalogues.set(app, catalogue);
  app.addHook('onRoute', (route) => {
    hoistStaffAuthorization(route);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      catalogue.push({ method, url: route.url, roles: declaredStaffRoles(route), public: (route.config as { public?: boolean } | undefined)?.public === true });
    }
  });
  const ctx: ComplianceContext = {
    db: options.connections.db,
    clock: options.clock ?? systemClock,
    rules: options.rules ?? defaultComplianceRules,
    secrets: new PiiProtector({ encryptionKey: options.config.PII_ENCRYPTION_KEY, hashKey: options.config.PII_HASH_KEY }),
  };
  ledgerRoutes(app, ctx);
  staffRoutes(app, ctx);
  auditRoutes(app, ctx);
  playerRoutes(app, ctx);
  screeningRoutes(app, ctx);
  monitoringRoutes(app, ctx);
  caseRoutes(app, ctx);
  limitsRoutes(app, { db: options.connections.db, clock: ctx.clock, profile: czechProfile });
  gameRoundRoutes(app, options.connections.db);
  return app;
}

/**
 * Staff are authorised before their request is parsed: a route that declares its roles as a
 * preHandler has them moved to onRequest, so a caller without the role gets 403 whatever the body,
 * and learns nothing about the route's validation.
 */
function hoistStaffAuthorization(route: { onRequest?: unknown; preHandler?: unknown }): void {
  const preHandler = route.preHandler;
  if (!Array.isArray(preHandler) || preHandler.length !== 2 || !declaredStaffRoles({ preHandler: [preHandler[1]] })) return;
  const onRequest = route.onRequest === undefined ? [] : [route.onRequest].flat();
  route.onRequest = [...onRequest, ...preHandler];
  route.preHandler = [];
}
