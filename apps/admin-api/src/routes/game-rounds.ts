import { Money, type CurrencyCode } from '@casino/core';
import type { Db } from '@casino/db';
import { moneyOut, type App } from '@casino/http';
import { recallRound, roundHistory, type RoundRecall, type RoundSummary } from '@casino/tables';
import {
  gameRoundProblems,
  PageQuerySchema,
  PlayerParamsSchema,
  RoundParamsSchema,
  StaffHistorySchema,
  StaffRecallSchema,
} from './game-rounds.schema.ts';

const readers = ['support', 'compliance-officer', 'mlro', 'auditor', 'admin'] as const;

/**
 * Staff game recall (issue 7): any round, replayed from its stored record, with every player, their
 * stakes and returns and the ledger transactions (complaints, audits); and a player's rounds.
 */
export function gameRoundRoutes(app: App, db: Db): void {
  const common = { tags: ['game-rounds'], security: [{ staffToken: [] }] };

  app.get(
    '/v1/game-rounds/:roundId',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        ...common,
        summary: 'Recall any round: its record replayed, players and ledger transactions',
        params: RoundParamsSchema,
        response: { 200: StaffRecallSchema, ...gameRoundProblems },
      },
    },
    async (request) => recallOut(await recallRound(db, { roundId: request.params.roundId })),
  );

  app.get(
    '/v1/players/:playerId/game-rounds',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        ...common,
        summary: "A player's rounds, newest first",
        params: PlayerParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: StaffHistorySchema, ...gameRoundProblems },
      },
    },
    async (request) => {
      const page = await roundHistory(db, {
        playerId: request.params.playerId,
        limit: request.query.limit,
        ...(request.query.after ? { after: request.query.after } : {}),
      });
      return { nextCursor: page.nextCursor, rounds: page.rounds.map(summaryOut) };
    },
  );
}

const money = (minor: bigint, currency: string) => moneyOut(Money.fromMinor(minor, currency as CurrencyCode));

function summaryOut(round: RoundSummary) {
  return {
    ...round,
    staked: money(round.stakedMinor, round.currency),
    returned: money(round.returnedMinor, round.currency),
    openedAt: round.openedAt.toISOString(),
    settledAt: round.settledAt?.toISOString() ?? null,
  };
}

function recallOut(round: RoundRecall) {
  return {
    ...round,
    openedAt: round.openedAt.toISOString(),
    settledAt: round.settledAt?.toISOString() ?? null,
    players: round.players.map((p) => ({
      playerId: p.playerId,
      seat: p.seat,
      staked: money(p.stakedMinor, round.currency),
      returned: money(p.returnedMinor, round.currency),
      continuedInRoundId: p.continuedInRoundId,
    })),
    postings: round.postings.map((p) => ({
      playerId: p.playerId,
      seat: p.seat,
      kind: p.kind,
      amount: money(p.amountMinor, round.currency),
      ledgerTransactionId: p.ledgerTransactionId,
      at: p.at.toISOString(),
    })),
  };
}
