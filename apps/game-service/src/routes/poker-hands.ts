import { DomainError } from '@casino/core';
import type { Db } from '@casino/db';
import type { App } from '@casino/http';
import { findHand, playerHands, renderHandText, type PokerRuleProfile } from '@casino/tables';
import { gameProblems } from './common.schema.ts';
import { HandDetailSchema, HandPageQuerySchema, HandPageSchema, HandParamsSchema, HandTextSchema } from './poker.schema.ts';
import { handDetailOut, handSummaryOut } from './poker-hands.view.ts';

export interface PokerHandRouteDependencies {
  db: Db;
  /** The rule profile of a table's hands (who may download them). */
  profileOf: (profileId: string) => PokerRuleProfile;
  rateLimit: { max: number; timeWindow: number };
}

/**
 * A player's poker hands (issue 16): the list of the hands they were dealt into, and one hand as they
 * may see it (002:PK-SHOW-04, REC-04, T-SHOW-02: their own cards and every hand that reached the
 * showdown, folded or not; D-814), as JSON or as the PokerStars-format text download. A hand they
 * were not dealt into does not exist for them (404); a profile that gives players no hand histories
 * (000-001:REC-03) answers 403 `hand-history-not-offered` (D-1716). Staff read any hand in full
 * through the admin API.
 */
export function pokerHandRoutes(app: App, deps: PokerHandRouteDependencies): void {
  const { db, rateLimit } = deps;
  const common = { tags: ['poker'], security: [{ playerToken: [] }] };
  const player = app.authenticate('player');
  const me = (request: { principal: { subject: string } | null }) => request.principal!.subject;

  app.get(
    '/v1/poker/hands',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'My poker hands, newest first, a page at a time',
        querystring: HandPageQuerySchema,
        response: { 200: HandPageSchema, ...gameProblems },
      },
    },
    async (request) => {
      const { cursor, limit } = request.query;
      const page = await playerHands(db, me(request), { limit, ...(cursor ? { cursor } : {}) });
      return { nextCursor: page.nextCursor, hands: page.hands.map(handSummaryOut) };
    },
  );

  /** The hand if the viewer was dealt into it and its profile gives players their hands; the text as they may see it. */
  const viewable = async (handId: string, playerId: string) => {
    const hand = await findHand(db, handId);
    const mine = hand?.players.find((p) => p.playerId === playerId);
    if (!hand || !mine || hand.status !== 'COMPLETED' || hand.history === null)
      throw new DomainError('not-found', `No hand ${handId} of yours.`, { field: 'params.handId' });
    if (!deps.profileOf(hand.profileId).handHistory.playerDownload)
      throw new DomainError('hand-history-not-offered', "This table's rules do not give players their hand histories.", {
        extensions: { profile: hand.profileId },
      });
    const text = renderHandText(hand.history, {
      currency: hand.currency,
      tableName: hand.tableName,
      playedAt: hand.startedAt.toISOString(),
      viewer: mine.seat,
      chips: hand.tournamentId !== null,
    });
    return { hand, mine, text };
  };

  app.get(
    '/v1/poker/hands/:handId',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'One of my hands as I may see it (my cards, and every hand that reached the showdown)',
        params: HandParamsSchema,
        response: { 200: HandDetailSchema, ...gameProblems },
      },
    },
    async (request) => {
      const { hand, mine, text } = await viewable(request.params.handId, me(request));
      return handDetailOut(hand, mine, text);
    },
  );

  app.get(
    '/v1/poker/hands/:handId.txt',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'One of my hands as a PokerStars-format text download',
        params: HandParamsSchema,
        response: { 200: HandTextSchema, ...gameProblems },
      },
    },
    async (request, reply) => {
      const { hand, text } = await viewable(request.params.handId, me(request));
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="hand-${hand.handId}.txt"`)
        .send(text);
    },
  );
}
