import { Money, type CurrencyCode } from '@casino/core';
import type { Db } from '@casino/db';
import { moneyOut, type App } from '@casino/http';
import { jackpotBalances, type PokerRuleProfile } from '@casino/tables';
import { z } from 'zod';
import { gameProblems } from './common.schema.ts';
import { MoneyOutputSchema } from './common.schema.ts';

export interface PokerJackpotRouteDependencies {
  db: Db;
  profiles: readonly PokerRuleProfile[];
  rateLimit: { max: number; timeWindow: number };
}

const bps = z.number().int().describe('Basis points of the jackpot at the payout (10 000 = all of it)');

export const PokerJackpotsSchema = z
  .object({
    jackpots: z.array(
      z.object({
        profile: z.string().describe('The rule profile whose tables may play for it (a table opts in; see the lobby)'),
        dropPerRakedHand: z.array(MoneyOutputSchema).describe('Taken from every raked pot, per currency (000-001:JP-02)'),
        minimumLosingHand: z.string().describe('The weakest losing hand that qualifies when beaten, five cards (JP-03)'),
        shares: z.object({ loserBps: bps, winnerBps: bps, tableBps: bps, rakeBps: bps, seedBps: bps }),
        sizes: z.array(MoneyOutputSchema).describe('The jackpot now, per currency'),
      }),
    ),
  })
  .meta({ id: 'PokerJackpots' });

/**
 * The bad-beat jackpot's published configuration and its size (000-001:A-36, JP-02..05; issue 18):
 * public, like a rule book's page on the website, read from the operator's profiles (data) and the ledger.
 */
export function pokerJackpotRoutes(app: App, deps: PokerJackpotRouteDependencies): void {
  app.get(
    '/v1/poker/jackpots',
    {
      config: { rateLimit: deps.rateLimit },
      schema: {
        tags: ['poker'],
        summary: 'The bad-beat jackpots: the published drop, qualifying hand and shares, and the size now',
        response: { 200: PokerJackpotsSchema, ...gameProblems },
      },
    },
    async () => {
      const withJackpot = deps.profiles.filter((profile) => profile.badBeatJackpot);
      const currencies = withJackpot.flatMap(
        (profile) => Object.keys(profile.badBeatJackpot!.dropPerRakedHand) as CurrencyCode[],
      );
      const sizes = await jackpotBalances(deps.db, currencies);
      return {
        jackpots: withJackpot.map((profile) => {
          const settings = profile.badBeatJackpot!;
          const drops = Object.entries(settings.dropPerRakedHand) as [CurrencyCode, bigint][];
          return {
            profile: profile.id,
            dropPerRakedHand: drops.map(([currency, minor]) => moneyOut(Money.fromMinor(minor, currency))),
            minimumLosingHand: settings.minimumLosingHand,
            shares: { ...settings.shares },
            sizes: drops.map(([currency]) => moneyOut(Money.fromMinor(sizes.get(currency) ?? 0n, currency))),
          };
        }),
      };
    },
  );
}
