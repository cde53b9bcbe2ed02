import websocket from '@fastify/websocket';
import { assert, type Clock } from '@casino/core';
import { createServiceApp, processMetrics, type App, type ServiceConnections } from '@casino/http';
import { composeContexts, pokerRuleProfiles, type OperatorProfile, type Platform } from '@casino/operator';
import type { Rng } from '@casino/games';
import { findPlayerAccess } from '@casino/players';
import {
  chatLanguagesCheckable,
  newPokerInstanceId,
  releaseHeldWins,
  roundSchedulerLagMs,
  runDueRounds,
  type PokerRoomDriver,
  type PokerRuleProfile,
  type PokerRuleProfileId,
  type TablesContext,
  tournament,
} from '@casino/tables';
import type { GameServiceConfig } from './config.ts';
import { platynkoRoutes } from './routes/platynko.ts';
import { PokerCommandReplay } from './poker-replay.ts';
import { pokerJackpotRoutes } from './routes/poker-jackpots.ts';
import { pokerHandRoutes } from './routes/poker-hands.ts';
import { pokerRoomRoutes } from './routes/poker-room.ts';
import { pokerRoutes } from './routes/poker.ts';
import { recallRoutes } from './routes/recall.ts';
import { roundRoutes } from './routes/rounds.ts';
import { tableRoutes } from './routes/tables.ts';
import { tournamentRoutes } from './routes/tournaments.ts';
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
  /** The poker tables' shuffles (tests pass a seeded generator); Node's CSPRNG otherwise. */
  pokerRng?: Rng;
  /** Pause between a poker hand's end and the next deal (tests shorten it). */
  pokerHandPauseMs?: number;
  /** This instance's id in poker table leases (tests name their instances); made per process otherwise. */
  pokerInstanceId?: string;
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
    pokerRoom: PokerRoomDriver;
    /** Live tournament tables (issue 19). */
    tournamentRoom: PokerRoomDriver;
    /** The contexts this app runs with, from the composition root (tests read the profile from it). */
    platform: Platform;
  }
}

/** A connection's presence lives this long unless refreshed (a crashed instance's sockets vanish with it). */
const presenceTtlMs = 15_000;

/** Game service: the lobby, seats, roulette and blackjack rounds on timers, poker cash tables, the WebSocket stream and game recall. */
export async function buildGameService(options: GameServiceOptions): Promise<App> {
  const { config, connections } = options;
  const prefix = options.redisKeyPrefix ?? 'casino';
  const platform = composeContexts({
    config,
    connections,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
    ...(options.newSeed ? { newSeed: options.newSeed } : {}),
    ...(options.pokerRng ? { pokerRng: options.pokerRng } : {}),
  });
  const app = await createServiceApp({
    service: 'game-service',
    description:
      'Lobby, roulette, blackjack and Plátýnko tables and rounds, poker cash tables; every stake, win, buy-in and cash-out posts to the ledger.',
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
  for (const rules of Object.values(pokerRuleProfiles))
    assert(chatLanguagesCheckable(rules.chat.languages), `poker profile ${rules.id}: its chat languages cannot be checked`);
  // The poker room (issue 16) from the composition root: it answers requests forwarded by other
  // instances and takes over tables whose holder stopped; it stops when the app closes (running hands
  // voided, leases released).
  const pokerInstanceId = options.pokerInstanceId ?? newPokerInstanceId();
  const pokerRoom = platform.poker({
    redis: connections.redis,
    prefix,
    instanceId: pokerInstanceId,
    leaseTtlMs: config.POKER_LEASE_TTL_MS,
    forwardTimeoutMs: config.POKER_FORWARD_TIMEOUT_MS,
    claimScanIntervalMs: config.POKER_CLAIM_SCAN_INTERVAL_MS,
    tablesPerInstanceMax: config.POKER_TABLES_PER_INSTANCE_MAX,
    log: app.log,
    ...(options.pokerHandPauseMs === undefined ? {} : { handPauseMs: options.pokerHandPauseMs }),
  });
  // Live tournament tables (issue 19): the same driver on the tournaments' store; the routes and the
  // socket address a tournament as a table by its id (docs/tournaments.md "Live play").
  const tournamentRoom = platform.tournamentRoom({
    redis: connections.redis,
    prefix,
    instanceId: pokerInstanceId,
    leaseTtlMs: config.POKER_LEASE_TTL_MS,
    forwardTimeoutMs: config.POKER_FORWARD_TIMEOUT_MS,
    claimScanIntervalMs: config.POKER_CLAIM_SCAN_INTERVAL_MS,
    log: app.log,
    ...(options.pokerHandPauseMs === undefined ? {} : { handPauseMs: options.pokerHandPauseMs }),
  });
  const pokerRooms = new tournament.PokerRoomsByTable(pokerRoom, tournamentRoom);
  tableRoutes(app, ctx, pokerRoom, rateLimit, platform.profile.lobby);
  const pokerReplay = new PokerCommandReplay(connections.redis, prefix);
  pokerRoutes(app, { room: pokerRooms, replay: pokerReplay, chatLanguagesOf, rateLimit });
  pokerHandRoutes(app, { db: connections.db, profileOf: pokerProfileOf, rateLimit });
  pokerJackpotRoutes(app, { db: connections.db, profiles: Object.values(pokerRuleProfiles), rateLimit });
  pokerRoomRoutes(app, platform.pokerIntegrity(), rateLimit);
  roundRoutes(app, ctx, rateLimit);
  recallRoutes(app, ctx, rateLimit);
  platynkoRoutes(app, ctx, rateLimit);
  tournamentRoutes(app, platform.tournaments(), rateLimit, tournamentRoom);
  const hub = streamRoutes(app, ctx, {
    redis: connections.redis,
    prefix,
    presence,
    onDisconnectedDecision: () => void scheduler.runOnce(),
    pokerRoom: pokerRooms,
    pokerReplay,
    chatLanguagesOf,
    rateLimit,
  });
  const presenceTimer = setInterval(
    () => void hub.refreshPresence().catch((error: unknown) => app.log.warn({ err: error }, 'presence refresh failed')),
    presenceTtlMs / 3,
  );
  presenceTimer.unref();
  // How far behind the timed rounds are, read at each scrape (issue 22): 0 while the scheduler keeps up.
  processMetrics().gaugeOnScrape(
    'casino_round_scheduler_lag_seconds',
    'How long ago the timer of the oldest open round ran out (0: no round is overdue)',
    [],
    async (set) => set({}, (await roundSchedulerLagMs(connections.db, ctx.clock.now())) / 1000),
  );
  app.decorate('gameScheduler', scheduler);
  app.decorate('tablesContext', ctx);
  app.decorate('pokerRoom', pokerRoom);
  app.decorate('tournamentRoom', tournamentRoom);
  app.decorate('platform', platform);
  // The poker room takes commands at once (a table nobody drives is claimed on its first command).
  await pokerRoom.start();
  await tournamentRoom.start();
  app.addHook('onClose', async () => {
    clearInterval(presenceTimer);
    await hub.close();
    await pokerRoom.stop();
    await tournamentRoom.stop();
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

function pokerProfileOf(profileId: string): PokerRuleProfile {
  const profile = pokerRuleProfiles[profileId as PokerRuleProfileId];
  assert(profile !== undefined, `no poker rule profile ${profileId}`);
  return profile;
}

/** A profile's chat languages (003:R-COND-H); every one must be checkable, or the service does not start. */
const chatLanguagesOf = (profileId: string) => pokerProfileOf(profileId).chat.languages;
