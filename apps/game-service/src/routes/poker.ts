import type { App } from '@casino/http';
import { z } from 'zod';
import { ChatThrottle, type PlayerCommand, type PokerRoom } from '@casino/tables';
import { commandIdOf, type PokerCommandReplay } from '../poker-replay.ts';
import { gameProblems } from './common.schema.ts';
import {
  ActionBodySchema,
  ChatBodySchema,
  ChatResponseSchema,
  DrawBodySchema,
  PokerCommandHeadersSchema,
  PokerCommandResponseSchema,
  PokerSnapshotSchema,
  PokerTableParamsSchema,
  RunItBodySchema,
  SitBodySchema,
  TopUpBodySchema,
  WaitingListJoinResponseSchema,
} from './poker.schema.ts';
import { chatLanguageChecked, minorIn, pokerTableOf, refusalsMapped } from './poker.view.ts';

export interface PokerRouteDependencies {
  room: PokerRoom;
  replay: PokerCommandReplay;
  /** The languages a profile's chat is allowed in (null: any), from the operator's poker rule profiles. */
  chatLanguagesOf: (profileId: string) => readonly string[] | null;
  rateLimit: { max: number; timeWindow: number };
}

/** Players whose chat throttle an instance keeps. */
const chatThrottlesMax = 10_000;

/**
 * Poker cash tables for the player (issue 16, docs/poker-tables.md): the table's snapshot, sitting
 * down with a buy-in, the betting actions, top-ups, sitting out and in, the time bank, show or muck,
 * leaving and chat. Each route parses, authorises, asks the room (`PokerRoom`, which routes the
 * command to the instance holding the table) and answers the table as the player now sees it.
 */
export function pokerRoutes(app: App, deps: PokerRouteDependencies): void {
  const { room, replay, rateLimit } = deps;
  const common = { tags: ['poker'], security: [{ playerToken: [] }] };
  const player = app.authenticate('player');
  const me = (request: { principal: { subject: string } | null }) => request.principal!.subject;
  const response = { 200: PokerCommandResponseSchema, ...gameProblems };
  // Chat by REST is throttled per player as the socket's is per connection (bounded: the oldest are forgotten).
  const throttles = new Map<string, ChatThrottle>();
  const chatThrottleOf = (playerId: string) => {
    const throttle = throttles.get(playerId) ?? new ChatThrottle();
    throttles.delete(playerId);
    if (throttles.size >= chatThrottlesMax) throttles.delete(throttles.keys().next().value!);
    return throttles.set(playerId, throttle).get(playerId)!;
  };

  app.get(
    '/v1/poker/tables/:tableId',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'A poker table as you see it: the public view, and your cards and legal actions when seated',
        params: PokerTableParamsSchema,
        response: { 200: PokerSnapshotSchema, ...gameProblems },
      },
    },
    async (request) => {
      await pokerTableOf(room, request.params.tableId);
      return refusalsMapped(() => room.snapshot(request.params.tableId, me(request)));
    },
  );

  app.post(
    '/v1/poker/tables/:tableId/seats',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Sit down with a buy-in inside the table range; the chips come from your wallet',
        params: PokerTableParamsSchema,
        headers: PokerCommandHeadersSchema,
        body: SitBodySchema,
        response: { 201: PokerCommandResponseSchema, ...gameProblems },
      },
    },
    async (request, reply) => {
      const { tableId } = request.params;
      const table = await pokerTableOf(room, tableId);
      const sit = {
        ...(request.body.seat === undefined ? {} : { seat: request.body.seat }),
        buyInMinor: minorIn(request.body.buyIn, table.currency, 'body.buyIn.currency'),
        ...(request.body.fromWallet === undefined ? {} : { fromWallet: request.body.fromWallet }),
        waitForBigBlind: request.body.waitForBigBlind ?? false,
      };
      const key = request.headers['idempotency-key'];
      const answer = await replay.run(me(request), key, { tableId, sit }, () =>
        refusalsMapped(
          () => room.sit(tableId, me(request), sit, { commandId: commandIdOf(me(request), key) }),
          'body.buyIn.amount',
        ),
      );
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/v1/poker/tables/:tableId/actions',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Fold, check, call, bet, raise or go all-in on your turn',
        params: PokerTableParamsSchema,
        headers: PokerCommandHeadersSchema,
        body: ActionBodySchema,
        response,
      },
    },
    async (request) => {
      const { tableId } = request.params;
      const table = await pokerTableOf(room, tableId);
      const { action, amount, turn } = request.body;
      const command: PlayerCommand = {
        kind: 'act',
        action,
        turn,
        ...(amount ? { amountMinor: minorIn(amount, table.currency, 'body.amount.currency') } : {}),
      };
      const key = request.headers['idempotency-key'];
      return replay.run(me(request), key, { tableId, command }, () =>
        refusalsMapped(
          () => room.command(tableId, me(request), command, { commandId: commandIdOf(me(request), key) }),
          'body.amount.amount',
        ),
      );
    },
  );

  app.post(
    '/v1/poker/tables/:tableId/draw',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Draw games: exchange the cards you name (their positions in your hand) on your turn to draw; none stands pat',
        params: PokerTableParamsSchema,
        headers: PokerCommandHeadersSchema,
        body: DrawBodySchema,
        response,
      },
    },
    async (request) => {
      const { tableId } = request.params;
      await pokerTableOf(room, tableId);
      const command: PlayerCommand = { kind: 'draw', discard: request.body.discard, turn: request.body.turn };
      const key = request.headers['idempotency-key'];
      return replay.run(me(request), key, { tableId, command }, () =>
        refusalsMapped(
          () => room.command(tableId, me(request), command, { commandId: commandIdOf(me(request), key) }),
          undefined,
          'body.discard',
        ),
      );
    },
  );

  app.post(
    '/v1/poker/tables/:tableId/top-ups',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Add chips from your wallet, when the profile allows (between hands, or queued to the hand end)',
        params: PokerTableParamsSchema,
        headers: PokerCommandHeadersSchema,
        body: TopUpBodySchema,
        response,
      },
    },
    async (request) => {
      const { tableId } = request.params;
      const table = await pokerTableOf(room, tableId);
      const command: PlayerCommand = {
        kind: 'top-up',
        amountMinor: minorIn(request.body.amount, table.currency, 'body.amount.currency'),
      };
      const key = request.headers['idempotency-key'];
      return replay.run(me(request), key, { tableId, command }, () =>
        refusalsMapped(
          () => room.command(tableId, me(request), command, { commandId: commandIdOf(me(request), key) }),
          'body.amount.amount',
        ),
      );
    },
  );

  const simple: Array<[string, PlayerCommand, string]> = [
    ['sit-out', { kind: 'sit-out' }, 'Sit out from the next hand: the seat is kept (up to the profile maximum)'],
    ['sit-in', { kind: 'sit-in' }, 'Come back from sitting out (posting as the profile says)'],
    ['time-bank', { kind: 'time-bank' }, 'Use your time bank on your turn, where the table offers one'],
    ['show', { kind: 'show' }, 'Show your cards at the showdown'],
    ['muck', { kind: 'muck' }, 'Muck your cards at the showdown, where the rules allow'],
  ];
  for (const [path, command, summary] of simple)
    app.post(
      `/v1/poker/tables/:tableId/${path}`,
      {
        onRequest: player,
        config: { rateLimit },
        schema: { ...common, summary, params: PokerTableParamsSchema, response },
      },
      async (request) => {
        await pokerTableOf(room, request.params.tableId);
        const snapshot = await refusalsMapped(() => room.command(request.params.tableId, me(request), command));
        return { ...snapshot, replayed: false };
      },
    );

  app.post(
    '/v1/poker/tables/:tableId/run-it',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary:
          'Run it twice: when every remaining player is all-in, answer how many times to run the board (1 declines; every player must agree)',
        params: PokerTableParamsSchema,
        body: RunItBodySchema,
        response,
      },
    },
    async (request) => {
      await pokerTableOf(room, request.params.tableId);
      const command: PlayerCommand = { kind: 'run-count', count: request.body.runs };
      const snapshot = await refusalsMapped(() => room.command(request.params.tableId, me(request), command), 'body.runs');
      return { ...snapshot, replayed: false };
    },
  );

  app.delete(
    '/v1/poker/tables/:tableId/seats/me',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Leave: mid-hand your cards are folded; your chips go back to your wallet when the hand ends',
        params: PokerTableParamsSchema,
        response,
      },
    },
    async (request) => {
      await pokerTableOf(room, request.params.tableId);
      const snapshot = await refusalsMapped(() => room.command(request.params.tableId, me(request), { kind: 'leave' }));
      return { ...snapshot, replayed: false };
    },
  );

  app.post(
    '/v1/poker/tables/:tableId/waiting-list',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary:
          'Join the waiting list of a full table (003:R-TBL-04): a freed seat is offered in list order over your WebSocket, with a deadline',
        params: PokerTableParamsSchema,
        response: { 201: WaitingListJoinResponseSchema, ...gameProblems },
      },
    },
    async (request, reply) => {
      await pokerTableOf(room, request.params.tableId);
      const place = await room.joinWaitingList(request.params.tableId, me(request));
      return reply.code(201).send(place);
    },
  );

  app.delete(
    '/v1/poker/tables/:tableId/waiting-list/me',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Leave the waiting list; a seat offered to you is declined and goes to the next in line',
        params: PokerTableParamsSchema,
        response: { 204: z.null().describe('Left the list'), ...gameProblems },
      },
    },
    async (request, reply) => {
      await pokerTableOf(room, request.params.tableId);
      await room.leaveWaitingList(request.params.tableId, me(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/poker/tables/:tableId/chat',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: "Chat at the table (seated players), in the table's chat languages",
        params: PokerTableParamsSchema,
        body: ChatBodySchema,
        response: { 200: ChatResponseSchema, ...gameProblems },
      },
    },
    async (request) => {
      const table = await pokerTableOf(room, request.params.tableId);
      chatLanguageChecked(request.body.text, deps.chatLanguagesOf(table.profileId));
      chatThrottleOf(me(request)).admit();
      await refusalsMapped(() => room.chat(request.params.tableId, me(request), request.body.text));
      return { sent: true as const };
    },
  );
}
