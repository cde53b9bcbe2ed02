import { exchangePointsForStarsCoins, playerBonuses, refundCommission, vipStatus, type CashierContext } from '@casino/cashier';
import type { CurrencyCode, Money } from '@casino/core';
import { moneyOut, type App } from '@casino/http';
import { leavePokerHall, transferFromPokerAccount, transferToPokerAccount, type PokerStoreContext } from '@casino/tables';
import { bonusOut, vipOut } from '@casino/wire/loyalty';
import type { FastifyRequest } from 'fastify';
import {
  BonusesResponseSchema,
  ExchangeBodySchema,
  LeaveHallBodySchema,
  loyaltyProblems,
  PokerAccountResponseSchema,
  PokerAccountTransferBodySchema,
  RefundBodySchema,
  RefundResponseSchema,
  VipPointsSchema,
} from './loyalty.schema.ts';

/**
 * Issue 26: the player's bonuses (shown apart from cash, 002:BON-02), VIP points with their StarsCoin
 * exchange and commission refund (002:VIP-01..03), the limit level the points reach (002:LIM-05), and
 * the SE poker account's transfers (003:R-WAL-02, R-WAL-07).
 */
export function loyaltyRoutes(app: App, cashier: CashierContext, poker: PokerStoreContext): void {
  const common = { tags: ['loyalty'], security: [{ playerToken: [] }] };
  const player = app.authenticate('player');
  const me = (request: FastifyRequest) => request.principal!.subject;

  app.get(
    '/v1/me/bonuses',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'My bonuses: locked, released and forfeited parts',
        response: { 200: BonusesResponseSchema, ...loyaltyProblems },
      },
    },
    async (request) => ({ bonuses: (await playerBonuses(cashier, me(request))).map(bonusOut) }),
  );

  app.get(
    '/v1/me/vip-points',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'My VIP points, StarsCoins and limit level',
        response: { 200: VipPointsSchema, ...loyaltyProblems },
      },
    },
    async (request) => vipOut(await vipStatus(cashier, me(request))),
  );

  app.post(
    '/v1/me/vip-points/exchange',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Exchange VIP points for StarsCoins at the published rate',
        body: ExchangeBodySchema,
        response: { 200: VipPointsSchema, ...loyaltyProblems },
      },
    },
    async (request) => {
      await exchangePointsForStarsCoins(cashier, {
        playerId: me(request),
        starsCoins: BigInt(request.body.starsCoins),
        idempotencyKey: request.body.requestId,
      });
      return vipOut(await vipStatus(cashier, me(request)));
    },
  );

  app.post(
    '/v1/me/vip-points/refund',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Spend StarsCoins on a refund of commission paid, into my cash wallet',
        body: RefundBodySchema,
        response: { 200: RefundResponseSchema, ...loyaltyProblems },
      },
    },
    async (request) => {
      const refunded = await refundCommission(cashier, {
        playerId: me(request),
        starsCoins: BigInt(request.body.starsCoins),
        currency: request.body.currency as CurrencyCode,
        idempotencyKey: request.body.requestId,
      });
      return {
        refund: moneyOut(refunded.refund),
        ledgerTransactionId: refunded.ledgerTransactionId,
        balance: vipOut(await vipStatus(cashier, me(request))),
      };
    },
  );

  app.post(
    '/v1/me/poker-account/transfers',
    {
      onRequest: player,
      schema: {
        ...common,
        tags: ['poker'],
        summary: 'Move money between my main account and a poker room’s poker account (003:R-WAL-02)',
        body: PokerAccountTransferBodySchema,
        response: { 200: PokerAccountResponseSchema, ...loyaltyProblems },
      },
    },
    async (request) => {
      const move = request.body.direction === 'to-poker-account' ? transferToPokerAccount : transferFromPokerAccount;
      const balances = await move(poker, {
        playerId: me(request),
        profileId: request.body.room,
        amount: request.body.amount,
        idempotencyKey: request.body.requestId,
      });
      return balancesOut(balances);
    },
  );

  app.post(
    '/v1/me/poker-account/leave-hall',
    {
      onRequest: player,
      schema: {
        ...common,
        tags: ['poker'],
        summary: 'Leave the poker hall: the whole poker account back to my main account (003:R-WAL-07)',
        body: LeaveHallBodySchema,
        response: { 200: PokerAccountResponseSchema, ...loyaltyProblems },
      },
    },
    async (request) =>
      balancesOut(
        await leavePokerHall(poker, {
          playerId: me(request),
          profileId: request.body.room,
          currency: request.body.currency as CurrencyCode,
          idempotencyKey: request.body.requestId,
        }),
      ),
  );
}

const balancesOut = (b: { main: Money; poker: Money; ledgerTransactionId: string | null }) => ({
  main: moneyOut(b.main),
  poker: moneyOut(b.poker),
  ledgerTransactionId: b.ledgerTransactionId,
});
