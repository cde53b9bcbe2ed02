import type { Role } from './api.ts';

/**
 * Which roles see which part of the console: the admin API's role guards as the navigation shows
 * them (apps/admin-api/src/routes). Only what the page shows; every call is judged by the API again.
 */
export const areaRoles = {
  players: ['support', 'compliance-officer', 'mlro', 'finance', 'auditor', 'admin'],
  alerts: ['compliance-officer', 'mlro', 'auditor', 'admin'],
  cases: ['compliance-officer', 'mlro', 'auditor', 'admin'],
  withdrawals: ['finance', 'compliance-officer', 'mlro', 'admin'],
  paymentMethods: ['support', 'compliance-officer', 'admin'],
  exports: ['auditor', 'finance', 'mlro', 'admin'],
  reports: ['auditor', 'finance', 'mlro', 'admin'],
  verification: ['auditor', 'admin'],
  complaints: ['support', 'compliance-officer', 'mlro', 'admin', 'auditor'],
  rules: ['compliance-officer', 'mlro', 'auditor', 'admin'],
  terminations: ['compliance-officer', 'mlro', 'admin', 'auditor'],
  // Issue 21: GET /v1/cashier/withdrawals (overdue) and GET /v1/cashier/debts.
  overduePayouts: ['finance', 'compliance-officer', 'mlro', 'admin'],
  debts: ['finance', 'compliance-officer', 'mlro', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Area = keyof typeof areaRoles;

export const areaPaths: Record<Area, string> = {
  players: '/players',
  alerts: '/aml/alerts',
  cases: '/aml/cases',
  withdrawals: '/cashier/withdrawals',
  paymentMethods: '/cashier/payment-methods',
  exports: '/audit/exports',
  reports: '/audit/reports',
  verification: '/audit/verification',
  complaints: '/complaints',
  rules: '/aml/rules',
  terminations: '/lifecycle/terminations',
  overduePayouts: '/cashier/overdue',
  debts: '/cashier/debts',
};

/** Actions inside a page, by the roles the admin API admits for them. */
export const actionRoles = {
  accountAction: ['compliance-officer', 'mlro', 'admin'],
  unmask: ['compliance-officer', 'mlro', 'admin'],
  workAlerts: ['compliance-officer', 'mlro'],
  decideWithdrawal: ['finance', 'compliance-officer', 'admin'],
  statement: ['finance', 'auditor', 'compliance-officer', 'mlro', 'admin'],
  rounds: ['support', 'compliance-officer', 'mlro', 'auditor', 'admin'],
  notes: ['support', 'compliance-officer', 'mlro', 'admin'],
  /** The tax allocation of shared poker liquidity (002:ALLOC): the finance side, not the MLRO. */
  sharedLiquidity: ['auditor', 'finance', 'admin'],
  /** The audit log's readers (apps/admin-api/src/routes/audit.ts). */
  auditTrail: ['auditor', 'mlro', 'admin'],
  // Issue 21, the money actions (routes/cashier-players.ts) and poker recall (routes/poker-hands.ts).
  debts: ['support', 'finance', 'compliance-officer', 'mlro', 'admin'],
  misuseReport: ['finance', 'compliance-officer', 'mlro', 'admin'],
  misuseFee: ['finance', 'compliance-officer', 'admin'],
  clawback: ['finance', 'admin'],
  capOverride: ['finance', 'compliance-officer', 'admin'],
  // Issue 26: POST /v1/players/:playerId/bonuses (routes/cashier-players.ts).
  grantBonus: ['finance', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export const holds = (roles: readonly Role[] | undefined, allowed: readonly Role[]) =>
  Boolean(roles?.some((r) => allowed.includes(r)));
