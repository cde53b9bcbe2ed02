import { randomUUID } from 'node:crypto';
import { DomainError, isDomainError } from '@casino/core';
import type { Redis } from '@casino/db';
import type { App } from '@casino/http';
import {
  actInRound,
  ChatThrottle,
  localDeliveryOf,
  type LocalDelivery,
  noteDisconnected,
  pendingTemporaryTables,
  playerChannel,
  sendChatMessage,
  tableChannel,
  tableDetail,
  tableRules,
  type PlayerCommand,
  type PokerRoom,
  type RedisPresence,
  type TablesContext,
} from '@casino/tables';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { TableParamsSchema } from './routes/common.schema.ts';
import { commandIdOf, type PokerCommandReplay } from './poker-replay.ts';
import { ActionBodySchema as PokerActionBodySchema, DrawBodySchema as PokerDrawBodySchema } from './routes/poker.schema.ts';
import { chatLanguageChecked, minorIn, pokerTableOf, refusalsMapped } from './routes/poker.view.ts';
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
  /**
   * A poker cash table's socket (issue 16): pushes as they come, chat, and the betting actions
   * (D-1786; every other command goes by REST, D-1714).
   */
  poker: boolean;
  /** The token the socket was opened with: checked again for each poker command, as REST checks each request. */
  token: string;
  /** Poker commands of this socket not answered yet (bounded: a flood is refused, not queued). */
  commandsInFlight: number;
  /** Messages of its channels that came before its welcome was sent (null once it was). */
  beforeWelcome: Buffer[] | null;
  tableId: string;
  playerId: string;
  connectionId: string;
  /** This connection's recent chat messages (a table's chat is not a megaphone). */
  chat: ChatThrottle;
}

export interface StreamDependencies {
  redis: Redis;
  prefix: string;
  presence: RedisPresence;
  /** A disconnected player's decision became due at once: the scheduler should run a pass now. */
  onDisconnectedDecision: () => void;
  /** The poker cash tables: their snapshot on connect, presence changes, chat and the betting actions. */
  pokerRoom: PokerRoom;
  /** The poker commands' idempotency records (shared with the REST routes, under their own key space). */
  pokerReplay: PokerCommandReplay;
  chatLanguagesOf: (profileId: string) => readonly string[] | null;
  /** The game routes' rate limit: opening a table's stream is a game request like the others (not the global default). */
  rateLimit: { max: number; timeWindow: number };
}

/** Registers the stream route; returns the hub, which refreshes presence and closes the sockets on shutdown. */
export function streamRoutes(app: App, ctx: TablesContext, deps: StreamDependencies): TableStreams {
  const hub = new TableStreams(app, ctx, deps);
  app.get(
    '/v1/tables/:tableId/stream',
    { websocket: true, schema: { hide: true, params: TableParamsSchema }, config: { rateLimit: deps.rateLimit } },
    (socket, request) => hub.accept(socket, request),
  );
  return hub;
}

type UpgradeRequest = { headers: { authorization?: string | undefined }; query: unknown; params: unknown };

/**
 * This instance's sockets: one Redis subscription per table or player channel that has a local
 * socket, messages forwarded as they come. Work started by a socket is tracked, so a shutdown waits
 * for it and no database work outlives the app.
 */
export class TableStreams {
  private readonly subscriber: Redis;
  private readonly local: LocalDelivery;
  private readonly byChannel = new Map<string, Set<Client>>();
  private readonly pending = new Set<Promise<void>>();
  private closing = false;

  constructor(
    private readonly app: App,
    private readonly ctx: TablesContext,
    private readonly deps: StreamDependencies,
  ) {
    this.subscriber = deps.redis.duplicate();
    // The messages this process published reach its sockets at once (D-1794); from Redis come the
    // other instances' (this process's own copies are dropped there by their tag).
    this.local = localDeliveryOf(deps.redis);
    this.local.attach(this.forwardLocal);
    this.subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      const json = this.local.untagged(message);
      if (json !== null) this.forward(channel.toString(), json);
    });
  }

  private readonly forwardLocal = (channel: string, message: Buffer) => this.forward(channel, message);

  /**
   * A message as its publisher serialised it, encoded once for all the channel's sockets: a poker
   * table's view goes to every player watching it (docs/performance.md).
   */
  private forward(channel: string, message: Buffer): void {
    const clients = this.byChannel.get(channel);
    if (!clients) return;
    for (const client of clients) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      if (client.beforeWelcome !== null) {
        client.beforeWelcome.push(message);
        continue;
      }
      this.cork(client.socket);
      client.socket.send(message, { binary: false });
    }
  }

  /**
   * The welcome is a socket's first message (docs/poker-tables.md): what its channels carried while
   * it was being prepared follows it, in order (a push newer than the snapshot says so by its version).
   */
  private welcomed(client: Client): void {
    const held = client.beforeWelcome ?? [];
    client.beforeWelcome = null;
    for (const message of held)
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(message, { binary: false });
  }

  /** Sockets corked while this turn's Redis messages are forwarded (D-1791). */
  private readonly corked = new Set<WebSocket>();

  /**
   * The messages Redis delivers in one read (a change's public view and the private views it changed,
   * often several tables' changes) are forwarded in the same turn of the event loop: each socket is
   * corked at its first frame and uncorked after the turn, so a socket's frames leave in one write
   * (one system call) instead of one each. The order of a socket's frames is unchanged. "After the
   * turn" is when the turn's microtasks have run (`process.nextTick`, D-1848), which still holds a
   * change's public view, the player's private view and the socket's answer (D-1849), not the end of
   * the poll phase (`setImmediate`), which kept every push waiting for the rest of the phase's work.
   */
  private cork(socket: WebSocket): void {
    const stream = (socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (!stream || this.corked.has(socket)) return;
    if (this.corked.size === 0) process.nextTick(() => this.uncorkAll());
    stream.cork();
    this.corked.add(socket);
  }

  private uncorkAll(): void {
    for (const socket of this.corked) (socket as unknown as { _socket?: { uncork(): void } })._socket?.uncork();
    this.corked.clear();
  }

  accept(socket: WebSocket, request: UpgradeRequest): void {
    // Handlers are attached at once: a message sent while the welcome is being prepared waits for it.
    let ready: (client: Client | null) => void = () => undefined;
    const connected = new Promise<Client | null>((resolve) => (ready = resolve));
    socket.on(
      'message',
      (data) =>
        void connected.then(
          (client) =>
            client && (client.poker ? this.onPokerMessage(client, String(data)) : onMessage(this.ctx, client, String(data))),
        ),
    );
    socket.on('close', () => this.track(connected.then(async (client) => void (client && (await this.disconnect(client))))));
    this.track(
      (async () => {
        try {
          ready(await this.welcome(socket, request));
        } catch (error) {
          ready(null);
          socket.close(1011, 'internal error');
          throw error;
        }
      })(),
    );
  }

  /** Refreshes the presence of every open socket (called more often than its time to live). */
  refreshPresence(): Promise<void> {
    return this.deps.presence.refresh(this.clients().map((c) => c.connectionId));
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const client of this.clients()) client.socket.terminate();
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    this.local.detach(this.forwardLocal);
    this.subscriber.disconnect();
  }

  private async welcome(socket: WebSocket, request: UpgradeRequest): Promise<Client | null> {
    const token = tokenOf(request.headers.authorization, (request.query as { access_token?: string }).access_token);
    const playerId = await authenticatedPlayer(this.app, token);
    const tableId = (request.params as { tableId: string }).tableId;
    if (!playerId || !token) return (socket.close(4401, 'a player access token is required'), null);
    const detail = await tableDetail(this.ctx.db, tableId, playerId);
    if (!detail) return this.welcomePoker(socket, tableId, playerId, token);
    const client: Client = {
      socket,
      poker: false,
      tableId,
      playerId,
      connectionId: randomUUID(),
      chat: new ChatThrottle(),
      token,
      commandsInFlight: 0,
      beforeWelcome: [],
    };
    await this.join(tableChannel(this.deps.prefix, tableId), client);
    await this.join(playerChannel(this.deps.prefix, playerId), client);
    await this.deps.presence.connected(tableId, playerId, client.connectionId);
    const mine = detail.seats.find((s) => s.mine);
    const temporaryTables = (await pendingTemporaryTables(this.ctx, playerId)).map(temporaryTableOut);
    send(socket, {
      type: 'welcome',
      tableId,
      role: mine ? 'player' : 'spectator',
      seat: mine?.seat ?? null,
      table: tableDetailOut(detail),
      temporaryTables,
    });
    this.welcomed(client);
    return client;
  }

  /**
   * A poker table's socket: the same channels (the driver pushes `poker-table` to the table's and
   * `poker-seat` to the player's), the snapshot as the player sees it now, and the room told that
   * the player is here (a seated player's turns run on the profile's clock either way).
   */
  private async welcomePoker(socket: WebSocket, tableId: string, playerId: string, token: string): Promise<Client | null> {
    const known = await pokerTableOf(this.deps.pokerRoom, tableId).catch(() => null);
    if (!known) return (socket.close(4404, 'no such table'), null);
    const client: Client = {
      socket,
      poker: true,
      tableId,
      playerId,
      connectionId: randomUUID(),
      chat: new ChatThrottle(),
      token,
      commandsInFlight: 0,
      beforeWelcome: [],
    };
    await this.join(tableChannel(this.deps.prefix, tableId), client);
    await this.join(playerChannel(this.deps.prefix, playerId), client);
    await this.deps.presence.connected(tableId, playerId, client.connectionId);
    // After joining the channels: a push racing the snapshot is newer (its version says so), never lost.
    const snapshot = await this.deps.pokerRoom.snapshot(tableId, playerId);
    send(socket, {
      type: 'welcome',
      tableId,
      game: 'poker',
      role: snapshot.mine ? 'player' : 'spectator',
      seat: snapshot.mine?.seat ?? null,
      snapshot,
    });
    this.welcomed(client);
    // Presence matters to a seated player only (a spectator has no turn to time out).
    if (snapshot.mine) await this.deps.pokerRoom.connectionChanged(tableId, playerId, true);
    return client;
  }

  private async onPokerMessage(client: Client, text: string): Promise<void> {
    const parsed = PokerClientMessageSchema.safeParse(safeJson(text));
    if (!parsed.success)
      return send(client.socket, {
        type: 'error',
        problem: new DomainError('validation-failed', 'Not a message of this protocol (docs/poker-tables.md).').toProblem(),
      });
    if (parsed.data.type === 'ping') return send(client.socket, { type: 'pong' });
    if (parsed.data.type === 'act') return this.onPokerAct(client, parsed.data.commandId, parsed.data.action);
    if (parsed.data.type === 'run-it') return this.onPokerRunIt(client, parsed.data.commandId, parsed.data.runs);
    if (parsed.data.type === 'draw') return this.onPokerDraw(client, parsed.data.commandId, parsed.data.draw);
    try {
      const table = await pokerTableOf(this.deps.pokerRoom, client.tableId);
      chatLanguageChecked(parsed.data.text, this.deps.chatLanguagesOf(table.profileId));
      client.chat.admit();
      await this.deps.pokerRoom.chat(client.tableId, client.playerId, parsed.data.text);
    } catch (error) {
      send(client.socket, { type: 'error', problem: problemOf(error) });
    }
  }

  /**
   * A betting action over the socket (D-1786): the same command as `POST …/actions`, with the same
   * guarantees (the token checked again, so a blocked account or an expired token is refused; the
   * amount in the table's currency; exactly once per `commandId`, kept in Redis like an
   * Idempotency-Key, so a retry after a takeover gets the first answer, never a second application),
   * without HTTP's per-request cost. The answer is `poker-act` with the command id; the new state
   * comes as the pushes every player gets. A refusal is `error` with the command id and the problem
   * the REST route would answer.
   */
  private async onPokerAct(client: Client, commandId: string, body: z.infer<typeof PokerActionBodySchema>): Promise<void> {
    return this.onPokerCommand(client, commandId, 'action.amount', (table) => ({
      kind: 'act',
      action: body.action,
      turn: body.turn,
      ...(body.amount ? { amountMinor: minorIn(body.amount, table.currency, 'action.amount.currency') } : {}),
    }));
  }

  /** A draw over the socket (issue 20): the command of `POST …/draw`, with the same guarantees as `act`; answered `poker-act`. */
  private async onPokerDraw(client: Client, commandId: string, body: z.infer<typeof PokerDrawBodySchema>): Promise<void> {
    return this.onPokerCommand(client, commandId, 'draw', () => ({ kind: 'draw', discard: body.discard, turn: body.turn }));
  }

  private async onPokerCommand(
    client: Client,
    commandId: string,
    fieldPrefix: string,
    commandOf: (table: Awaited<ReturnType<typeof pokerTableOf>>) => PlayerCommand,
  ): Promise<void> {
    if (client.commandsInFlight >= pokerCommandsInFlightMax)
      return send(client.socket, {
        type: 'error',
        commandId,
        problem: new DomainError(
          'rate-limited',
          `At most ${pokerCommandsInFlightMax} commands in flight per connection.`,
        ).toProblem(),
      });
    client.commandsInFlight++;
    const playerId = client.playerId;
    // The token is checked again for each command, as REST checks each request, while the command's
    // idempotency record is claimed: two Redis round trips at once instead of one after the other on
    // the way to the table (D-1796). Nothing reaches the table before the check has passed, a replayed
    // answer goes only to a token still valid, and a refused token is the answer whatever else is wrong.
    const stillValid = authenticatedPlayer(this.app, client.token).then((id) => {
      if (id !== playerId)
        throw new DomainError('unauthorized', 'The access token is no longer valid; reconnect with a fresh one.');
    });
    stillValid.catch(() => undefined);
    try {
      const { pokerRoom: room, pokerReplay: replay } = this.deps;
      const table = await pokerTableOf(room, client.tableId);
      const command = commandOf(table);
      // Its own key space: a socket's command id never answers a REST Idempotency-Key, nor the reverse.
      const key = `ws:${commandId}`;
      const answer = await replay.run(
        playerId,
        key,
        { tableId: client.tableId, command },
        async () => {
          await stillValid;
          await refusalsMapped(
            () => room.submit(client.tableId, playerId, command, { commandId: commandIdOf(playerId, key) }),
            `${fieldPrefix}.amount`,
            'draw.discard',
          );
          return {};
        },
        // The answer goes in the turn the table applied the command, so it leaves in the same write as
        // the change's pushes to this socket; the record is written meanwhile (D-1849), tracked so that
        // a shutdown waits for it.
        { recordLater: (recorded) => this.track(recorded) },
      );
      await stillValid;
      send(client.socket, { type: 'poker-act', commandId, replayed: answer.replayed });
    } catch (error) {
      const refusedToken = await stillValid.then(
        () => null,
        (refusal: unknown) => refusal,
      );
      send(client.socket, { type: 'error', commandId, problem: problemOf(refusedToken ?? error) });
    } finally {
      client.commandsInFlight--;
    }
  }

  /**
   * Run it twice over the socket (issue 18): the answer of `POST …/run-it`. A second answer of the
   * same seat is refused (`run-count-already-chosen`), so a resent message changes nothing.
   */
  private async onPokerRunIt(client: Client, commandId: string, runs: number): Promise<void> {
    try {
      const playerId = await authenticatedPlayer(this.app, client.token);
      if (playerId !== client.playerId)
        throw new DomainError('unauthorized', 'The access token is no longer valid; reconnect with a fresh one.');
      await refusalsMapped(
        () =>
          this.deps.pokerRoom.submit(
            client.tableId,
            playerId,
            { kind: 'run-count', count: runs },
            { commandId: `ws-run-it:${commandId}` },
          ),
        'runs',
      );
      send(client.socket, { type: 'poker-run-it', commandId });
    } catch (error) {
      send(client.socket, { type: 'error', commandId, problem: problemOf(error) });
    }
  }

  /** The socket is gone: presence first; a decision due from this player is then not waited for (D-735). */
  private async disconnect(client: Client): Promise<void> {
    await this.leave(tableChannel(this.deps.prefix, client.tableId), client);
    await this.leave(playerChannel(this.deps.prefix, client.playerId), client);
    await this.deps.presence.disconnected(client.tableId, client.playerId, client.connectionId);
    if (client.poker) {
      // Another socket of the player's (any instance) still counts as here; a shutting-down instance's sockets do not leave.
      if (this.closing || (await this.deps.presence.isConnected(client.tableId, client.playerId))) return;
      return this.deps.pokerRoom.connectionChanged(client.tableId, client.playerId, false).catch((error: unknown) => {
        // A spectator, or a player whose seat went meanwhile: nobody's turn depends on this socket.
        if (!(isDomainError(error) && error.code === 'not-seated')) throw error;
      });
    }
    // An instance shutting down leaves its players' decisions to their timers (another instance's scheduler).
    if (this.closing || (await this.deps.presence.isConnected(client.tableId, client.playerId))) return;
    if (await noteDisconnected(this.ctx, { tableId: client.tableId, playerId: client.playerId }))
      this.deps.onDisconnectedDecision();
  }

  private track(work: Promise<void>): void {
    const tracked: Promise<void> = work
      .catch((error: unknown) => this.app.log.error({ err: error }, 'stream handling failed'))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  private async join(channel: string, client: Client): Promise<void> {
    const clients = this.byChannel.get(channel) ?? new Set<Client>();
    if (clients.size === 0) await this.subscriber.subscribe(channel);
    this.byChannel.set(channel, clients.add(client));
  }

  private async leave(channel: string, client: Client): Promise<void> {
    const clients = this.byChannel.get(channel);
    clients?.delete(client);
    if (clients && clients.size === 0) {
      this.byChannel.delete(channel);
      // Shutting down, the subscription ends with the connection (a socket's close may come after it).
      if (!this.closing) await this.subscriber.unsubscribe(channel);
    }
  }

  private clients(): Client[] {
    return [...new Set([...this.byChannel.values()].flatMap((set) => [...set]))];
  }
}

/** Browsers cannot set headers on a WebSocket: the token may come as ?access_token= (logs keep the path only). */
function tokenOf(header: string | undefined, queryToken: string | undefined): string | null {
  return /^Bearer (\S+)$/.exec(header ?? '')?.[1] ?? queryToken ?? null;
}

/** Poker commands one socket may have unanswered at once (a player acts once per turn; more is a flood). */
const pokerCommandsInFlightMax = 4;

/** The player behind the socket's token, checked as on every HTTP route (a closed account is refused); null if none. */
async function authenticatedPlayer(app: App, token: string | null): Promise<string | null> {
  if (!token) return null;
  try {
    return (await app.verifyAccessToken(token, 'player')).subject;
  } catch (error) {
    if (isDomainError(error)) return null;
    throw error;
  }
}

const PokerClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chat'), text: z.string().min(1).max(tableRules.chatTextLengthMax) }),
  z.object({
    type: z.literal('act'),
    commandId: z.string().min(8).max(100),
    action: PokerActionBodySchema,
  }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('run-it'), commandId: z.string().min(8).max(100), runs: z.number().int().min(1).max(4) }),
  z.object({ type: z.literal('draw'), commandId: z.string().min(8).max(100), draw: PokerDrawBodySchema }),
]);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function send(socket: WebSocket, message: object): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function problemOf(error: unknown) {
  if (isDomainError(error)) return error.toProblem();
  return {
    type: 'https://problems.casino.example/internal-error',
    title: 'Internal server error',
    status: 500,
    detail: 'An unexpected error occurred.',
  };
}

async function onMessage(ctx: TablesContext, client: Client, text: string): Promise<void> {
  let parsed: z.infer<typeof ClientMessageSchema>;
  try {
    parsed = ClientMessageSchema.parse(JSON.parse(text));
  } catch {
    return send(client.socket, {
      type: 'error',
      problem: new DomainError('validation-failed', 'Not a message of this protocol (docs/game-service.md).').toProblem(),
    });
  }
  try {
    if (parsed.type === 'ping') return send(client.socket, { type: 'pong' });
    if (parsed.type === 'chat')
      return await sendChatMessage(ctx, { tableId: client.tableId, playerId: client.playerId, text: parsed.text }, client.chat);
    const result = await actInRound(ctx, {
      playerId: client.playerId,
      roundId: parsed.roundId,
      actionId: parsed.actionId,
      action: playerActionOf(parsed.action),
    });
    send(client.socket, { type: 'action-result', actionId: parsed.actionId, result: actResultOut(result) });
  } catch (error) {
    send(client.socket, {
      type: 'error',
      ...('actionId' in parsed ? { actionId: parsed.actionId } : {}),
      problem: problemOf(error),
    });
  }
}
