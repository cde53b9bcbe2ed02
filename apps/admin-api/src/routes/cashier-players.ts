import {
  chargeMisuseFee,
  clawBackWin,
  depositCashAtBranch,
  grantBonusByStaff,
  listDebts,
  listUnpaidDebts,
  misuseReport,
  outstandingDebt,
  requestWithdrawal,
  setCapOverride,
  withdrawCashAtBranch,
  type CashierContext,
  type DebtView,
} from '@casino/cashier';
import {
  BonusSchema,
  bonusOut,
  DebtSchema,
  debtOut,
  DepositSchema,
  depositOut,
  WithdrawalSchema,
  withdrawalOut,
} from '@casino/wire/cashier';
import { Money } from '@casino/core';
import { moneyOut, type App } from '@casino/http';
import { z } from 'zod';
import { staffActor } from './common.ts';
import {
  BonusGrantBodySchema,
  CapOverrideBodySchema,
  CapOverrideParamsSchema,
  CashDepositBodySchema,
  CashWithdrawalBodySchema,
  cashierStaffProblems,
  ClawbackBodySchema,
  IdempotencyHeadersSchema,
  MisuseFeeBodySchema,
  MisuseReportSchema,
  PlayerParamsSchema,
  SupportWithdrawalBodySchema,
  TakenResponseSchema,
  UnpaidDebtsQuerySchema,
  UnpaidDebtsSchema,
} from './cashier.schema.ts';

const takenOut = (taken: Money, fromWallet: Money, debt: DebtView | null) => ({
  taken: moneyOut(taken),
  fromBalance: moneyOut(fromWallet),
  debt: debt && { id: debt.id, outstanding: moneyOut(debt.outstanding), dueAt: debt.dueAt.toISOString() },
});
const minorOf = (money: Money | null) => (money ? money.toMinor() : null);

/** Staff operations on one player's money: cash at a branch, a support-taken withdrawal, misuse fees, clawbacks, debts, caps. */
export function cashierPlayerRoutes(app: App, ctx: CashierContext): void {
  // Amounts of the player's wallet, in the operator profile's currency.
  const money = (minor: bigint) => moneyOut(Money.fromMinor(minor, ctx.currency));
  const tags = ['cashier'];
  const security = [{ staffToken: [] }];
  const staffId = (request: { principal: { subject: string } | null }) => request.principal!.subject;

  app.post(
    '/v1/cashier/cash-deposits',
    {
      onRequest: app.authorizeStaff(['support', 'finance', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Cash at a branch, after checking the identity document (004:DEP-01, IDV-06): at most 5,000 CZK per 24 hours',
        headers: IdempotencyHeadersSchema,
        body: CashDepositBodySchema,
        response: { 200: DepositSchema, 201: DepositSchema, ...cashierStaffProblems },
      },
    },
    async (request, reply) => {
      const deposit = await depositCashAtBranch(ctx, {
        ...request.body,
        idempotencyKey: `staff:${staffId(request)}:${request.headers['idempotency-key']}`,
        staff: staffActor(request),
      });
      return reply.code(deposit.replayed ? 200 : 201).send(depositOut(deposit));
    },
  );

  app.post(
    '/v1/cashier/cash-withdrawals',
    {
      onRequest: app.authorizeStaff(['support', 'finance', 'admin']),
      schema: {
        tags,
        security,
        summary:
          'Cash paid out at a branch, after checking the identity document (004:WDR-01 (5.9.1), WDR-06): within the cash withdrawal caps, paid at once',
        headers: IdempotencyHeadersSchema,
        body: CashWithdrawalBodySchema,
        response: { 200: WithdrawalSchema, 201: WithdrawalSchema, ...cashierStaffProblems },
      },
    },
    async (request, reply) => {
      const withdrawal = await withdrawCashAtBranch(ctx, {
        ...request.body,
        idempotencyKey: `staff:${staffId(request)}:${request.headers['idempotency-key']}`,
        staff: staffActor(request),
      });
      return reply.code(withdrawal.replayed ? 200 : 201).send(withdrawalOut(withdrawal));
    },
  );

  app.post(
    '/v1/players/:playerId/withdrawals',
    {
      onRequest: app.authorizeStaff(['support', 'admin']),
      schema: {
        tags,
        security,
        summary:
          'A withdrawal taken by the hotline, the contact form or the written form, also for a player listed in the register (004:ACC-11)',
        params: PlayerParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: SupportWithdrawalBodySchema,
        response: { 200: WithdrawalSchema, 201: WithdrawalSchema, ...cashierStaffProblems },
      },
    },
    async (request, reply) => {
      const withdrawal = await requestWithdrawal(ctx, {
        playerId: request.params.playerId,
        amount: request.body.amount,
        idempotencyKey: `staff:${staffId(request)}:${request.headers['idempotency-key']}`,
        channel: 'SUPPORT',
        requestedBy: `staff:${staffId(request)}`,
        staff: staffActor(request),
      });
      return reply.code(withdrawal.replayed ? 200 : 201).send(withdrawalOut(withdrawal));
    },
  );

  app.get(
    '/v1/players/:playerId/misuse',
    {
      onRequest: app.authorizeStaff(['finance', 'compliance-officer', 'mlro', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Deposit-withdrawal cycles without play that the misuse rule found (004:ACC-07)',
        params: PlayerParamsSchema,
        response: { 200: MisuseReportSchema, ...cashierStaffProblems },
      },
    },
    async (request) => {
      const report = await misuseReport(ctx.db, ctx.rules, request.params.playerId, ctx.clock.now());
      return {
        ...report,
        cycles: report.cycles.map((c) => ({
          withdrawalId: c.withdrawalId,
          withdrawal: money(c.withdrawalMinor),
          depositIds: c.depositIds,
          deposited: money(c.depositedMinor),
          staked: money(c.stakedMinor),
        })),
      };
    },
  );

  app.post(
    '/v1/players/:playerId/misuse-fees',
    {
      onRequest: app.authorizeStaff(['finance', 'compliance-officer', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Charge the 5 % misuse fee on the deposits and withdrawals concerned (004:ACC-07); a shortfall becomes a debt',
        params: PlayerParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: MisuseFeeBodySchema,
        response: { 201: TakenResponseSchema, ...cashierStaffProblems },
      },
    },
    async (request, reply) => {
      const charged = await chargeMisuseFee(ctx, {
        playerId: request.params.playerId,
        ...request.body,
        staff: staffActor(request),
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send(takenOut(charged.fee, charged.fromWallet, charged.debt));
    },
  );

  app.post(
    '/v1/players/:playerId/bonuses',
    {
      onRequest: app.authorizeStaff(['finance', 'admin']),
      schema: {
        tags,
        security,
        summary:
          "Grant a deposit bonus (002:BON-01): locked in the player's bonus wallet until VIP points release it; audited; a retry with the same Idempotency-Key grants once",
        params: PlayerParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: BonusGrantBodySchema,
        response: { 201: BonusSchema, ...cashierStaffProblems },
      },
    },
    async (request, reply) => {
      const bonus = await grantBonusByStaff(ctx, {
        playerId: request.params.playerId,
        ...request.body,
        idempotencyKey: request.headers['idempotency-key'],
        staff: staffActor(request),
      });
      return reply.code(201).send(bonusOut(bonus));
    },
  );

  app.post(
    '/v1/players/:playerId/clawbacks',
    {
      onRequest: app.authorizeStaff(['finance', 'admin']),
      schema: {
        tags,
        security,
        summary:
          'Take back a wrongly credited win, with notice (004:WIN-04); a shortfall becomes a debt due in 10 days (WIN-05). Once per win',
        params: PlayerParamsSchema,
        body: ClawbackBodySchema,
        response: { 201: TakenResponseSchema, ...cashierStaffProblems },
      },
    },
    async (request, reply) => {
      const taken = await clawBackWin(ctx, { playerId: request.params.playerId, ...request.body, staff: staffActor(request) });
      return reply.code(201).send(takenOut(taken.clawedBack, taken.fromWallet, taken.debt));
    },
  );

  app.get(
    '/v1/players/:playerId/debts',
    {
      onRequest: app.authorizeStaff(['support', 'finance', 'compliance-officer', 'mlro', 'admin']),
      schema: {
        tags,
        security,
        summary: "A player's debts and what is outstanding",
        params: PlayerParamsSchema,
        response: {
          200: z.object({ outstanding: z.object({ amount: z.string(), currency: z.string() }), debts: z.array(DebtSchema) }),
          ...cashierStaffProblems,
        },
      },
    },
    async (request) => ({
      outstanding: moneyOut(await outstandingDebt(ctx.db, request.params.playerId)),
      debts: (await listDebts(ctx.db, request.params.playerId)).map(debtOut),
    }),
  );

  app.get(
    '/v1/cashier/debts',
    {
      onRequest: app.authorizeStaff(['finance', 'compliance-officer', 'mlro', 'admin']),
      schema: {
        tags,
        security,
        summary:
          "Every player's unpaid debts (004:WIN-05, ACC-07), the oldest deadline first, a page at a time (the console's debts page)",
        querystring: UnpaidDebtsQuerySchema,
        response: { 200: UnpaidDebtsSchema, ...cashierStaffProblems },
      },
    },
    async (request) => {
      const page = await listUnpaidDebts(ctx.db, request.query);
      return { total: page.total, debts: page.debts.map((d) => ({ ...debtOut(d), playerId: d.playerId })) };
    },
  );

  app.put(
    '/v1/players/:playerId/cashier-caps/:instrument/:direction',
    {
      onRequest: app.authorizeStaff(['finance', 'compliance-officer', 'admin']),
      schema: {
        tags,
        security,
        summary: "Set a player's caps for one instrument and direction, stricter than the table (004:DEP-03)",
        params: CapOverrideParamsSchema,
        body: CapOverrideBodySchema,
        response: { 204: z.null(), ...cashierStaffProblems },
      },
    },
    async (request, reply) => {
      const { caps, reason } = request.body;
      await setCapOverride(ctx, {
        ...request.params,
        reason,
        staff: staffActor(request),
        caps: {
          perTransactionMinorMin: minorOf(caps.perTransactionMin),
          perTransactionMinorMax: minorOf(caps.perTransactionMax),
          rolling24hMinorMax: minorOf(caps.rolling24hMax),
          rolling7dMinorMax: minorOf(caps.rolling7dMax),
          rolling30dMinorMax: minorOf(caps.rolling30dMax),
          attempts24hMax: caps.attempts24hMax,
          count24hMax: caps.count24hMax,
        },
      });
      return reply.code(204).send(null);
    },
  );
}
