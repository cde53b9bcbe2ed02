import { playerBonuses, vipStatus, type CashierContext } from '@casino/cashier';
import { listWallets, type FxContext } from '@casino/fx';
import { assertPlayerExists } from '@casino/players';
import { moneyOut, type App, type StaffRole } from '@casino/http';
import { bonusOut, vipOut } from '@casino/wire/loyalty';
import { adminProblems, security } from './common.schema.ts';
import { PlayerParamsSchema } from './players.schema.ts';
import { PlayerBonusesSchema, PlayerVipPointsSchema, PlayerWalletsSchema } from './player-wallets.schema.ts';

const tags = ['players'];
/** Who looks at a player's money (the player view's readers). */
const readers = ['support', 'compliance-officer', 'mlro', 'finance', 'auditor', 'admin'] as const satisfies readonly StaffRole[];

/**
 * Issue 26, staff's side: a player's wallets per currency, bonuses (locked, released, forfeited) and VIP
 * points, as the player sees them (002:WAL-02, BON-02, VIP-01). Read-only; a bonus is granted by the
 * bonus route, audited.
 */
export function playerWalletRoutes(app: App, ctx: { cashier: CashierContext; fx: FxContext }): void {
  const knownPlayer = (playerId: string) => assertPlayerExists(ctx.cashier.db, playerId);

  app.get(
    '/v1/players/:playerId/wallets',
    {
      onRequest: app.authorizeStaff([...readers]),
      schema: {
        tags,
        security,
        summary: "A player's cash wallets, one per currency the operator offers (002:WAL-02)",
        params: PlayerParamsSchema,
        response: { 200: PlayerWalletsSchema, ...adminProblems },
      },
    },
    async (request) => {
      await knownPlayer(request.params.playerId);
      const wallets = await listWallets(ctx.fx, request.params.playerId);
      return { wallets: wallets.map((w) => ({ currency: w.currency, balance: moneyOut(w.balance), offered: w.offered })) };
    },
  );

  app.get(
    '/v1/players/:playerId/bonuses',
    {
      onRequest: app.authorizeStaff([...readers]),
      schema: {
        tags,
        security,
        summary: "A player's bonuses: locked, released and forfeited parts (002:BON-02..06)",
        params: PlayerParamsSchema,
        response: { 200: PlayerBonusesSchema, ...adminProblems },
      },
    },
    async (request) => {
      await knownPlayer(request.params.playerId);
      return { bonuses: (await playerBonuses(ctx.cashier, request.params.playerId)).map(bonusOut) };
    },
  );

  app.get(
    '/v1/players/:playerId/vip-points',
    {
      onRequest: app.authorizeStaff([...readers]),
      schema: {
        tags,
        security,
        summary: "A player's VIP points, StarsCoins and the limit level the points reach (002:VIP-01, LIM-05)",
        params: PlayerParamsSchema,
        response: { 200: PlayerVipPointsSchema, ...adminProblems },
      },
    },
    async (request) => {
      await knownPlayer(request.params.playerId);
      // A house without a loyalty programme answers with vipStatus's not-found.
      return vipOut(await vipStatus(ctx.cashier, request.params.playerId));
    },
  );
}
