import websocket from '@fastify/websocket';
import type { Clock } from '@casino/core';
import { createServiceApp, type App, type ServiceConnections } from '@casino/http';
import { composeContexts, type OperatorProfile, type Platform } from '@casino/operator';
import { findPlayerAccess } from '@casino/players';
import { releaseHeldWins, runDueRounds, type TablesContext } from '@casino/tables';
import type { GameServiceConfig } from './config.ts';
import { recallRoutes } from './routes/recall.ts';
import { roundRoutes } from './routes/rounds.ts';
import { tableRoutes } from './routes/tables.ts';
import { streamRoutes } from './stream.ts';

export interface GameServiceOptions {
  config: GameServiceConfig;
  connections: ServiceConnections;
  /** Redis keys of this app live under this prefix; tests use one per file. */
  redisKeyPrefix?: string;
  /** Tests pass a controllable clock. */
  clock?: Clock;
  /** Tests and benchmarks may pass deterministic seeds; production draws from the CSPRNG. */
  newSeed?: TablesContext['newSeed'];
  /** Instead of the module OPERATOR_PROFILE names (tests); validated the same way. */
  profile?: OperatorProfile;
}

/** Drives the rounds whose timers ran out; server.ts starts it, tests call runOnce. */
export interface GameScheduler {
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    gameScheduler: GameScheduler;
    tablesContext: TablesContext;
    /** The contexts this app runs with, from the composition root (tests read the profile from it). */
    platform: Platform;
  }
}

/** A connection's presence lives this long unless refreshed (a crashed instance's sockets vanish with it). */
const presenceTtlMs = 15_000;

/** Game service: the lobby, seats, roulette and blackjack rounds on timers, the WebSocket stream and game recall. */
export async function buildGameService(options: GameServiceOptions): Promise<App> {
  const { config, connections } = options;
  const prefix = options.redisKeyPrefix ?? 'casino';
  const platform = composeContexts({
    config,
    connections,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
    ...(options.newSeed ? { newSeed: options.newSeed } : {}),
  });
  const app = await createServiceApp({
    service: 'game-service',
    description: 'Lobby, roulette and blackjack tables and rounds; every stake and win posts to the ledger.',
    config,
    connections,
    ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
    // A blocked, closed or cancelled account's tokens are refused on the next request (and stream).
    principals: { player: (playerId) => findPlayerAccess(connections.db, playerId) },
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const ctx = platform.tables({ redis: connections.redis, prefix, presenceTtlMs });
  const { presence } = ctx;
  const rateLimit = { max: config.GAME_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };
  const scheduler = createScheduler(app, ctx, config.GAME_SCHEDULER_TICK_MS);
  tableRoutes(app, ctx, rateLimit, platform.profile.lobby);
  roundRoutes(app, ctx, rateLimit);
  recallRoutes(app, ctx, rateLimit);
  const hub = streamRoutes(app, ctx, {
    redis: connections.redis,
    prefix,
    presence,
    onDisconnectedDecision: () => void scheduler.runOnce(),
  });
  const presenceTimer = setInterval(
    () => void hub.refreshPresence().catch((error: unknown) => app.log.warn({ err: error }, 'presence refresh failed')),
    presenceTtlMs / 3,
  );
  presenceTimer.unref();
  app.decorate('gameScheduler', scheduler);
  app.decorate('tablesContext', ctx);
  app.decorate('platform', platform);
  app.addHook('onClose', async () => {
    clearInterval(presenceTimer);
    await hub.close();
    await scheduler.stop();
  });
  return app;
}

function createScheduler(app: App, ctx: TablesContext, tickMs: number): GameScheduler {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  // One pass at a time per instance; other instances run theirs, SKIP LOCKED keeps them apart.
  const pass = async () => {
    const driven = await runDueRounds(ctx, {
      onFailure: (roundId, error) => app.log.error({ err: error, roundId }, 'round could not be driven; retried later'),
    });
    await releaseHeldWins(ctx);
    return driven;
  };
  const runOnce = () =>
    (running ??= pass()
      .catch((error: unknown) => (app.log.error({ err: error }, 'scheduler pass failed'), 0))
      .finally(() => (running = null)));
  return {
    runOnce,
    start() {
      timer ??= setInterval(() => void runOnce(), tickMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
