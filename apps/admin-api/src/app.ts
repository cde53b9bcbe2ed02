import type { CashierGuards } from '@casino/cashier';
import { findStaffAccess, type ComplianceRules } from '@casino/compliance';
import type { Clock } from '@casino/core';
import { createServiceApp, declaredStaffRoles, type App, type ServiceConnections, type StaffRole } from '@casino/http';
import { composeContexts, resolveProfile, type OperatorProfile, type Platform, type Registers } from '@casino/operator';
import type { ReportingRules } from '@casino/reporting';
import type { AdminApiConfig } from './config.ts';
import { accountLifecycleRoutes } from './routes/account-lifecycle.ts';
import { auditRoutes } from './routes/audit.ts';
import { branchContractRoutes } from './routes/branch-contracts.ts';
import { caseRoutes } from './routes/cases.ts';
import { cashierPlayerRoutes } from './routes/cashier-players.ts';
import { playerWalletRoutes } from './routes/player-wallets.ts';
import { cashierReviewRoutes } from './routes/cashier-review.ts';
import { exportRoutes } from './routes/exports.ts';
import { gameRoundRoutes } from './routes/game-rounds.ts';
import { pokerHandRoutes } from './routes/poker-hands.ts';
import { pokerIntegrityRoutes } from './routes/poker-integrity.ts';
import { ledgerRoutes } from './routes/ledger.ts';
import { limitsRoutes } from './routes/limits.ts';
import { monitoringRoutes } from './routes/monitoring.ts';
import { playerRoutes } from './routes/players.ts';
import { reportRoutes } from './routes/reports.ts';
import { retentionRoutes } from './routes/retention.ts';
import { screeningRoutes } from './routes/screening.ts';
import { staffRoutes } from './routes/staff.ts';
import { tournamentStaffRoutes } from './routes/tournaments.ts';

export interface AdminApiOptions {
  config: AdminApiConfig;
  connections: ServiceConnections;
  /** Redis keys of this app live under this prefix; tests use one per file. */
  redisKeyPrefix?: string;
  /** Tests pass a controllable clock. */
  clock?: Clock;
  /** Instead of the module OPERATOR_PROFILE names (tests); validated the same way. */
  profile?: OperatorProfile;
  /** The profile's compliance rules, tuned (tests). */
  rules?: ComplianceRules;
  /** The cashier's limits and compliance port; the platform's own (packages/cashier) by default. */
  guards?: CashierGuards;
  /** The profile's exports, reports and retention rules (issue 10), tuned: tests shrink the limits. */
  reportingRules?: ReportingRules;
  /** Instead of the HTTP client of MF_REGISTERS_URL (tests pass one bound to the sandbox). */
  registers?: Registers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The contexts this app runs with, from the composition root (tests read the profile from it). */
    platform: Platform;
  }
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
  // Tests tune one package's rules of the configured profile; the result is validated like any profile.
  const profile = options.profile ?? resolveProfile(config);
  const platform = composeContexts({
    config,
    connections,
    profile: {
      ...profile,
      ...(options.rules ? { compliance: options.rules } : {}),
      ...(options.reportingRules ? { reporting: options.reportingRules } : {}),
    },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.guards ? { guards: options.guards } : {}),
    ...(options.registers ? { registers: options.registers } : {}),
  });
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
      catalogue.push({
        method,
        url: route.url,
        roles: declaredStaffRoles(route),
        public: (route.config as { public?: boolean } | undefined)?.public === true,
      });
    }
  });
  app.decorate('platform', platform);
  const ctx = platform.compliance();
  const cashier = platform.cashier();
  ledgerRoutes(app, ctx);
  staffRoutes(app, ctx);
  auditRoutes(app, ctx);
  playerRoutes(app, ctx, { db: connections.db, clock: platform.clock, profile: platform.profile.limits });
  screeningRoutes(app, ctx);
  monitoringRoutes(app, ctx);
  caseRoutes(app, ctx);
  limitsRoutes(app, { db: connections.db, clock: platform.clock, profile: platform.profile.limits });
  cashierReviewRoutes(app, cashier);
  cashierPlayerRoutes(app, cashier);
  playerWalletRoutes(app, { cashier, fx: platform.fx() });
  const reporting = platform.reporting();
  exportRoutes(app, reporting);
  reportRoutes(app, reporting);
  retentionRoutes(app, reporting);
  gameRoundRoutes(app, connections.db);
  pokerHandRoutes(app, connections.db);
  pokerIntegrityRoutes(app, platform.pokerIntegrity());
  accountLifecycleRoutes(app, ctx);
  branchContractRoutes(app, () => platform.players(), cashier);
  tournamentStaffRoutes(app, platform.tournaments());
  return app;
}
