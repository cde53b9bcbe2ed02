import { randomUUID } from 'node:crypto';
import { DomainError, isDomainError } from '@casino/core';
import type { Redis } from '@casino/db';
import { audiences, type App } from '@casino/http';
import {
  actInRound, noteDisconnected, pendingTemporaryTables, playerChannel, tableChannel, tableDetail, tableRules, type RedisPresence, type TablesContext,
} from '@casino/tables';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { TableParamsSchema } from './routes/common.schema.ts';
import { ActionBodySchema } from './routes/rounds.schema.ts';
import { actResultOut, playerActionOf, temporaryTableOut } from './routes/rounds.view.ts';
import { tableDetailOut } from './routes/tables.view.ts';

/**
 * The table's WebSocket stream (docs/game-service.md, "WebSocket protocol"). Anyone logged in may
 * watch: a participant without a seat is a spectator (sees the game and the chat, cannot bet or
 * chat, 004:GAM-R-01, GAM-B-01). Pushes come from Redis pub/sub, so a change made on any instance
 * reaches every socket; seated players may also act over the socket and chat.
 */
const ClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('action'), actionId: z.string().min(8).max(100), roundId: z.uuid(), action: ActionBodySchema }),
  z.object({ type: z.literal('chat'), text: z.string().min(1).max(tableRules.chatTextLengthMax) }),
  z.object({ type: z.literal('ping') }),
]);

interface Client {
  socket: WebSocket;
  tableId: string;
  playerId: string;
  connectionId: string;
  /** When this connection's recent chat messages were sent (a table's chat is not a megaphone). */
  chatSentAtMs: number[];
}

const chatMessagesPerWindowMax = 5;
const chatWindowMs = 10_000;

export interface StreamHub {
  /** Refreshes the presence of every open socket (called on an interval shorter than its time to live). */
  refreshPresence(): Promise<void>;
  close(): Promise<void>;
}

export async function streamRoutes(app: App, ctx: TablesContext, deps: { redis: Redis; prefix: string; presence: RedisPresence; onDisconnectedDecision: () => void }): Promise<StreamHub> {
  const subscriber = deps.redis.duplicate();
  const byChannel = new Map<string, Set<Client>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const client of byChannel.get(channel) ?? []) if (client.socket.readyState === client.socket.OPEN) client.socket.send(message);
  });
  const join = async (channel: string, client: Client) => {
    const clients = byChannel.get(channel) ?? new Set<Client>();
    if (clients.size === 0) await subscriber.subscribe(channel);
    byChannel.set(channel, clients.add(client));
  };
  const leave = async (channel: string, client: Client) => {
    const clients = byChannel.get(channel);
    clients?.delete(client);
    if (clients && clients.size === 0) {
      byChannel.delete(channel);
      await subscriber.unsubscribe(channel);
    }
  };
  const all = () => [...new Set([...byChannel.values()].flatMap((set) => [...set]))];

  let closing = false;
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked = work.catch((error: unknown) => app.log.error({ err: error }, 'stream handling failed')).finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  app.get('/v1/tables/:tableId/stream', { websocket: true, schema: { hide: true, params: TableParamsSchema } }, (socket, request) => {
    // Handlers are attached at once: a message sent while the welcome is being prepared waits for it.
    let ready: (client: Client | null) => void = () => undefined;
    const connected = new Promise<Client | null>((resolve) => (ready = resolve));
    socket.on('message', (data) => void connected.then((client) => client && onMessage(ctx, client, String(data))));
    socket.on('close', () => track(connected.then(async (client) => void (client && (await disconnect(client))))));
    track((async () => {
      try {
        ready(await welcome(socket, request));
      } catch (error) {
        ready(null);
        socket.close(1011, 'internal error');
        throw error;
      }
    })());
  });

  async function welcome(socket: WebSocket, request: { headers: { authorization?: string | undefined }; query: unknown; params: unknown }): Promise<Client | null> {
    const playerId = authenticatedPlayer(app, request.headers.authorization, (request.query as { access_token?: string }).access_token);
    const tableId = (request.params as { tableId: string }).tableId;
    if (!playerId) return socket.close(4401, 'a player access token is required'), null;
    const detail = await tableDetail(ctx.db, tableId, playerId);
    if (!detail) return socket.close(4404, 'no such table'), null;
    const client: Client = { socket, tableId, playerId, connectionId: randomUUID(), chatSentAtMs: [] };
    await join(tableChannel(deps.prefix, tableId), client);
    await join(playerChannel(deps.prefix, playerId), client);
    await deps.presence.connected(tableId, playerId, client.connectionId);
    const mine = detail.seats.find((s) => s.mine);
    send(socket, { type: 'welcome', tableId, role: mine ? 'player' : 'spectator', seat: mine?.seat ?? null, table: tableDetailOut(detail), temporaryTables: (await pendingTemporaryTables(ctx, playerId)).map(temporaryTableOut) });
    return client;
  }

  /** The socket is gone: presence first; a decision due from this player is then not waited for (D-735). */
  async function disconnect(client: Client): Promise<void> {
    await leave(tableChannel(deps.prefix, client.tableId), client);
    await leave(playerChannel(deps.prefix, client.playerId), client);
    await deps.presence.disconnected(client.tableId, client.playerId, client.connectionId);
    // An instance shutting down leaves its players' decisions to their timers (another instance's scheduler).
    if (closing || (await deps.presence.isConnected(client.tableId, client.playerId))) return;
    if (await noteDisconnected(ctx, { tableId: client.tableId, playerId: client.playerId })) deps.onDisconnectedDecision();
  }

  return {
    refreshPresence: () => deps.presence.refresh(all().map((c) => c.connectionId)),
    async close() {
      closing = true;
      for (const client of all()) client.socket.terminate();
      await new Promise((resolve) => setImmediate(resolve));
      while (pending.size > 0) await Promise.allSettled([...pending]);
      subscriber.disconnect();
    },
  };
}

function authenticatedPlayer(app: App, header: string | undefined, queryToken: string | undefined): string | null {
  // Browsers cannot set headers on a WebSocket: the token may come as ?access_token= (logs keep the path only).
  const token = /^Bearer (\S+)$/.exec(header ?? '')?.[1] ?? queryToken;
  if (!token) return null;
  try {
    return app.jwt.verify<{ sub: string }>(token, { allowedAud: audiences.player }).sub;
  } catch {
    return null;
  }
}

function send(socket: WebSocket, message: object): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function problemOf(error: unknown) {
  if (isDomainError(error)) return error.toProblem();
  return { type: 'https://problems.casino.example/internal-error', title: 'Internal server error', status: 500, detail: 'An unexpected error occurred.' };
}

async function onMessage(ctx: TablesContext, client: Client, text: string): Promise<void> {
  let parsed: z.infer<typeof ClientMessageSchema>;
  try {
    parsed = ClientMessageSchema.parse(JSON.parse(text));
  } catch {
    return send(client.socket, { type: 'error', problem: new DomainError('validation-failed', 'Not a message of this protocol (docs/game-service.md).').toProblem() });
  }
  try {
    if (parsed.type === 'ping') return send(client.socket, { type: 'pong' });
    if (parsed.type === 'chat') return await chat(ctx, client, parsed.text);
    const result = await actInRound(ctx, { playerId: client.playerId, roundId: parsed.roundId, actionId: parsed.actionId, action: playerActionOf(parsed.action) });
    send(client.socket, { type: 'action-result', actionId: parsed.actionId, result: actResultOut(result) });
  } catch (error) {
    send(client.socket, { type: 'error', ...('actionId' in parsed ? { actionId: parsed.actionId } : {}), problem: problemOf(error) });
  }
}

/** Seated players chat; spectators read (004:GAM-R-01). Chat is pushed, not stored. */
async function chat(ctx: TablesContext, client: Client, text: string): Promise<void> {
  const seat = await ctx.db.tableSeat.findUnique({ where: { tableId_playerId: { tableId: client.tableId, playerId: client.playerId } } });
  if (!seat) throw new DomainError('not-seated', 'Spectators see the chat but cannot write in it (004:GAM-R-01).');
  const nowMs = performance.now();
  client.chatSentAtMs = client.chatSentAtMs.filter((at) => nowMs - at < chatWindowMs);
  if (client.chatSentAtMs.length >= chatMessagesPerWindowMax) throw new DomainError('rate-limited', `At most ${chatMessagesPerWindowMax} chat messages per ${chatWindowMs / 1000} seconds.`);
  client.chatSentAtMs.push(nowMs);
  await ctx.broadcaster.toTable(client.tableId, { type: 'chat', tableId: client.tableId, seat: seat.seatNo, text, at: ctx.clock.now().toISOString() });
}
