import { moneyOut, type App } from '@casino/http';
import {
  ggrReport,
  paymentsReport,
  playerLiabilityReport,
  pokerSharedLiquidityReport,
  trialBalanceReport,
  type ReportingContext,
} from '@casino/reporting';
import { adminProblems, security } from './common.schema.ts';
import {
  AtDateQuerySchema,
  GgrQuerySchema,
  GgrReportSchema,
  PaymentsQuerySchema,
  PaymentsReportSchema,
  PlayerLiabilityReportSchema,
  SharedLiquidityQuerySchema,
  SharedLiquidityReportSchema,
  TrialBalanceReportSchema,
} from './reports.schema.ts';

const readers = ['auditor', 'finance', 'mlro', 'admin'] as const;
/** The tax split of shared poker liquidity is finance's and the auditor's business (issue 16). */
const taxReaders = ['auditor', 'finance', 'admin'] as const;
const tags = ['reports'];

/** Regulatory reports from the ledger (issue 10, docs/exports.md): read-only, each naming the last sealed block. */
export function reportRoutes(app: App, reporting: ReportingContext): void {
  const db = reporting.db;

  app.get(
    '/v1/reports/trial-balance',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: 'Trial balance of one currency at the end of a day, per account type and purpose',
        querystring: AtDateQuerySchema,
        response: { 200: TrialBalanceReportSchema, ...adminProblems },
      },
    },
    async (request) => {
      const report = await trialBalanceReport(db, request.query);
      return {
        ...report,
        asOf: report.asOf.toISOString(),
        totalDebits: moneyOut(report.totalDebits),
        totalCredits: moneyOut(report.totalCredits),
        lines: report.lines.map((l) => ({
          ...l,
          debits: moneyOut(l.debits),
          credits: moneyOut(l.credits),
          balance: moneyOut(l.balance),
        })),
      };
    },
  );

  app.get(
    '/v1/reports/player-liability',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: "Players' balances against payment-provider clearing and the bank, at the end of a day",
        querystring: AtDateQuerySchema,
        response: { 200: PlayerLiabilityReportSchema, ...adminProblems },
      },
    },
    async (request) => {
      const r = await playerLiabilityReport(db, request.query);
      const w = r.playerWallets;
      return {
        ...r,
        asOf: r.asOf.toISOString(),
        pendingWithdrawals: moneyOut(r.pendingWithdrawals),
        inPlay: moneyOut(r.inPlay),
        bank: moneyOut(r.bank),
        surplus: moneyOut(r.surplus),
        playerWallets: {
          cash: moneyOut(w.cash),
          temporary: moneyOut(w.temporary),
          bonus: moneyOut(w.bonus),
          total: moneyOut(w.total),
          walletCount: w.walletCount,
        },
        paymentProviderClearing: r.paymentProviderClearing.map((c) => ({ provider: c.provider, balance: moneyOut(c.balance) })),
      };
    },
  );

  app.get(
    '/v1/reports/ggr',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: 'Gross gaming revenue per game, currency and day or month (Europe/Prague)',
        querystring: GgrQuerySchema,
        response: { 200: GgrReportSchema, ...adminProblems },
      },
    },
    async (request) => {
      const report = await ggrReport(db, {
        fromDate: request.query.from,
        toDate: request.query.to,
        granularity: request.query.granularity,
      });
      return {
        ...report,
        lines: report.lines.map((l) => ({
          ...l,
          stakes: moneyOut(l.stakes),
          wins: moneyOut(l.wins),
          rake: moneyOut(l.rake),
          tournamentFees: moneyOut(l.tournamentFees),
          ggr: moneyOut(l.ggr),
        })),
      };
    },
  );
  app.get(
    '/v1/reports/payments',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: 'Deposits credited and withdrawals paid per Europe/Prague day and currency, from the ledger',
        querystring: PaymentsQuerySchema,
        response: { 200: PaymentsReportSchema, ...adminProblems },
      },
    },
    async (request) => {
      const report = await paymentsReport(db, { fromDate: request.query.from, toDate: request.query.to });
      return {
        ...report,
        days: report.days.map((d) => ({ ...d, deposits: moneyOut(d.deposits), withdrawals: moneyOut(d.withdrawals) })),
      };
    },
  );

  app.get(
    '/v1/reports/shared-liquidity',
    {
      onRequest: app.authorizeStaff(taxReaders),
      schema: {
        tags,
        security,
        summary: "Poker cash hands' net revenue split by the Czech residents' share of the stakes (002:ALLOC-01..04)",
        querystring: SharedLiquidityQuerySchema,
        response: { 200: SharedLiquidityReportSchema, ...adminProblems },
      },
    },
    async (request) => {
      const r = await pokerSharedLiquidityReport(db, {
        fromDate: request.query.from,
        toDate: request.query.to,
        currency: request.query.currency,
      });
      return {
        ...r,
        stakes: moneyOut(r.stakes),
        czechStakes: moneyOut(r.czechStakes),
        wins: moneyOut(r.wins),
        net: moneyOut(r.net),
        czechRevenue: moneyOut(r.czechRevenue),
        otherRevenue: moneyOut(r.otherRevenue),
      };
    },
  );
}
