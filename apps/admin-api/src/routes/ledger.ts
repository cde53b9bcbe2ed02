import { postStaffAdjustment, reverseAsStaff, type ComplianceContext } from '@casino/compliance';
import { DomainError, type AccountId } from '@casino/core';
import { moneyOut, type App } from '@casino/http';
import * as ledger from '@casino/ledger';
import {
  AccountParamsSchema,
  AccountResponseSchema,
  AdjustmentBodySchema,
  ChainResponseSchema,
  IdempotencyHeadersSchema,
  ledgerProblems,
  PostedResponseSchema,
  ReversalBodySchema,
  StatementQuerySchema,
  StatementResponseSchema,
  TrialBalanceQuerySchema,
  TrialBalanceResponseSchema,
} from './ledger.schema.ts';
import { staffActor } from './common.ts';

const readers = ['finance', 'auditor', 'compliance-officer', 'mlro', 'admin'] as const;
const writers = ['finance', 'admin'] as const;

/**
 * Ledger views for finance and auditors, and the two corrections staff may post: adjustments and
 * reversals, each audited in the transaction that posts it (compliance's postStaffAdjustment and
 * reverseAsStaff).
 */
export function ledgerRoutes(app: App, ctx: ComplianceContext): void {
  const db = ctx.db;
  const tags = ['ledger'];
  const security = [{ staffToken: [] }];

  app.get(
    '/v1/ledger/accounts/:accountId',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: 'An account and its balance',
        params: AccountParamsSchema,
        response: { 200: AccountResponseSchema, ...ledgerProblems },
      },
    },
    async (request) => {
      const account = await ledger.findAccountById(db, request.params.accountId);
      if (!account)
        throw new DomainError('not-found', `No ledger account ${request.params.accountId}.`, { field: 'params.accountId' });
      return { ...account, balance: moneyOut(await ledger.balance(db, account.id)) };
    },
  );

  app.get(
    '/v1/ledger/accounts/:accountId/statement',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: 'Postings with running balance, a page at a time',
        params: AccountParamsSchema,
        querystring: StatementQuerySchema,
        response: { 200: StatementResponseSchema, ...ledgerProblems },
      },
    },
    async (request) => {
      const page = await ledger.statement(db, request.params.accountId as AccountId, {
        limit: request.query.limit,
        ...(request.query.after ? { after: request.query.after } : {}),
      });
      return {
        ...page,
        lines: page.lines.map((l) => ({
          ...l,
          postingId: l.postingId.toString(),
          amount: moneyOut(l.amount),
          balanceAfter: moneyOut(l.balanceAfter),
          effectiveAt: l.effectiveAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/v1/ledger/trial-balance',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: 'Debits and credits per account type in one currency',
        querystring: TrialBalanceQuerySchema,
        response: { 200: TrialBalanceResponseSchema, ...ledgerProblems },
      },
    },
    async (request) => {
      const tb = await ledger.trialBalance(
        db,
        request.query.currency,
        request.query.asOf ? { asOf: new Date(request.query.asOf) } : {},
      );
      return {
        ...tb,
        asOf: tb.asOf?.toISOString() ?? null,
        lines: tb.lines.map((l) => ({
          type: l.type,
          debits: moneyOut(l.debits),
          credits: moneyOut(l.credits),
          balance: moneyOut(l.balance),
        })),
        totalDebits: moneyOut(tb.totalDebits),
        totalCredits: moneyOut(tb.totalCredits),
      };
    },
  );

  app.get(
    '/v1/ledger/chain',
    {
      onRequest: app.authorizeStaff(['auditor', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Verify the sealed hash chain of the ledger',
        response: { 200: ChainResponseSchema, ...ledgerProblems },
      },
    },
    async () => {
      const result = await ledger.verifyChain(db);
      return result.ok ? result : { ...result, brokenBlockNo: result.brokenBlockNo.toString() };
    },
  );

  app.post(
    '/v1/ledger/adjustments',
    {
      onRequest: app.authorizeStaff(writers),
      schema: {
        tags,
        security,
        summary: 'Post a manual adjustment between two accounts',
        headers: IdempotencyHeadersSchema,
        body: AdjustmentBodySchema,
        response: { 200: PostedResponseSchema, 201: PostedResponseSchema, ...ledgerProblems },
      },
    },
    async (request, reply) => {
      const posted = await postStaffAdjustment(ctx, staffActor(request), {
        ...request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(posted.replayed ? 200 : 201).send(posted);
    },
  );

  app.post(
    '/v1/ledger/reversals',
    {
      onRequest: app.authorizeStaff(writers),
      schema: {
        tags,
        security,
        summary: 'Reverse a ledger transaction (its mirror image is posted)',
        headers: IdempotencyHeadersSchema,
        body: ReversalBodySchema,
        response: { 200: PostedResponseSchema, 201: PostedResponseSchema, ...ledgerProblems },
      },
    },
    async (request, reply) => {
      const posted = await reverseAsStaff(ctx, staffActor(request), {
        ...request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(posted.replayed ? 200 : 201).send(posted);
    },
  );
}
