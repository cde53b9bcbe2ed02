/**
 * The harness for game-service tests: its own database and Redis prefix, the operator's chart of
 * accounts, the service listening on a free port (WebSocket clients connect to it) with a manual
 * clock, demo tables, and players made the way registration leaves them: a temporary account (or a
 * registered one) with its wallet funded through a payment provider and every self-limitation
 * measure decided. The scheduler does not run by itself: tests move the clock and run a pass.
 */
import { createHash } from 'node:crypto';
import { ManualClock, Money, newId, type AccountId } from '@casino/core';
import { waitFor, waitForTimeoutMsDefault } from '@casino/core/testing';
import { transaction, type Db } from '@casino/db';
import { commitToSeed, testRoundSeed, type RoundSeed } from '@casino/games';
import type { App } from '@casino/http';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import * as ledger from '@casino/ledger';
import { recordRegistrationDecisions, resolveRegistrationDecisions } from '@casino/limits';
import { czFoProfile, type OperatorProfile } from '@casino/operator';
import { creditTemporaryDeposit } from '@casino/players';
import { createTable, type TableConfig, type TableDefinition } from '@casino/tables';
import WebSocket from 'ws';
import { buildGameService } from './app.ts';
import { loadGameServiceConfig } from './config.ts';

export const czk = (amount: string) => ({ amount, currency: 'CZK' });

export const rouletteTable = (code: string, overrides: Partial<TableDefinition> = {}): TableDefinition => ({
  code,
  name: `Roulette ${code}`,
  game: 'roulette',
  variant: 'european',
  currency: 'CZK',
  seatsMax: 4,
  bettingTimeMs: 20_000,
  actionTimeMs: 20_000,
  idleRoundsMax: 5,
  limits: {
    unitMinor: 10n,
    insideMinimumMinor: 10n,
    outsideMinimumMinor: 10n,
    straightMaximumMinor: 100_000n,
    outsideMaximumMinor: 500_000n,
    positionMaximumMinor: 100_000_000n,
  },
  ...overrides,
});

export const blackjackTable = (code: string, overrides: Partial<TableDefinition> = {}): TableDefinition => ({
  code,
  name: `Blackjack ${code}`,
  game: 'blackjack',
  variant: 'fortuna-blackjack',
  currency: 'CZK',
  seatsMax: 5,
  bettingTimeMs: 15_000,
  actionTimeMs: 10_000,
  idleRoundsMax: 5,
  limits: { unitMinor: 10n, stakeMinimumMinor: 10n, stakeMaximumMinor: 1_000_000n },
  ...overrides,
});

export interface TestPlayer {
  playerId: string;
  wallet: AccountId;
  headers: { authorization: string };
  token: string;
}

export interface GameHarness {
  app: App;
  url: string;
  clock: ManualClock;
  connections: TestConnections;
  seeds: { next: RoundSeed[]; used: RoundSeed[] };
  createTable(definition: TableDefinition): Promise<TableConfig>;
  newPlayer(options?: {
    stakeDay?: string;
    playingTimeDayMinutes?: number;
    deposit?: string;
    registered?: boolean;
  }): Promise<TestPlayer>;
  /** Moves the clock and runs one scheduler pass. */
  tick(ms: number): Promise<number>;
  currentRound(tableId: string): Promise<string>;
  act(player: TestPlayer, roundId: string, body: object, actionId?: string): Promise<InjectResponse>;
  balance(player: TestPlayer): Promise<string>;
  connect(player: TestPlayer, tableId: string): Promise<TestSocket>;
  /** Stops the service and builds a new one on the same database (a restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TestSocket {
  socket: WebSocket;
  messages: Array<Record<string, unknown>>;
  next(predicate: (message: Record<string, unknown>) => boolean, what: string): Promise<Record<string, unknown>>;
  send(message: object): void;
  close(): Promise<void>;
}

let sequence = 0;

export async function startGameHarness(
  start = new Date('2026-11-24T10:00:00Z'),
  options: { profile?: OperatorProfile } = {},
): Promise<GameHarness> {
  // The service runs as this profile (OPERATOR_PROFILE's default, CZ-FO, unless a test chooses); players are made by its rules.
  const profile = options.profile ?? czFoProfile;
  const connections = await createTestConnections();
  const { db } = connections;
  const clock = new ManualClock(start);
  await ledger.openOperatorAccounts(db, [profile.currency], 2);
  const psp = await ledger.openAccount(db, ledger.paymentProviderClearingSpec('sandbox-psp', profile.currency, 2));
  const seeds = { next: [] as RoundSeed[], used: [] as RoundSeed[] };
  const newSeed = () => {
    const seed = seeds.next.shift() ?? testRoundSeed(`harness-${process.pid}-${++sequence}-${newId()}`);
    seeds.used.push(seed);
    return { seed, commitment: commitToSeed(seed) };
  };
  const config = loadGameServiceConfig(testServiceEnv({ GAME_RATE_LIMIT_PER_MINUTE: '1000000' }));
  const build = async () => {
    const built = await buildGameService({
      config,
      connections,
      redisKeyPrefix: connections.redisKeyPrefix,
      clock,
      newSeed,
      profile,
    });
    const address = await built.listen({ host: '127.0.0.1', port: 0 });
    return { built, address };
  };
  let { built: app, address: url } = await build();
  const sockets: TestSocket[] = [];

  const harness: GameHarness = {
    get app() {
      return app;
    },
    get url() {
      return url;
    },
    clock,
    connections,
    seeds,
    createTable: (definition) => createTable(db, definition, clock.now()),
    async newPlayer(options = {}) {
      const playerId = newId();
      const now = clock.now();
      const registered = options.registered ?? false;
      await db.player.create({
        data: {
          id: playerId,
          state: registered ? 'REGISTERED' : 'TEMPORARY',
          email: `${playerId}@games.example`,
          phone: '+420600000000',
          passwordHash: 'test',
          firstName: 'Game',
          surname: 'Player',
          dateOfBirth: new Date('1980-01-01T00:00:00Z'),
          placeOfBirth: 'Praha',
          citizenship: 'CZ',
          residenceAddress: {},
          identityKeyHash: createHash('sha256').update(playerId).digest('hex'),
          registerStatus: 'NOT_LISTED',
          termsVersion: 'test',
          termsAcceptedAt: now,
          gamePlanVersion: 'test',
          gamePlanAcceptedAt: now,
          createdAt: now,
          updatedAt: now,
        },
      });
      const stakeDayMinor = options.stakeDay ? Money.of(options.stakeDay, profile.currency).toMinor() : null;
      const decisions = resolveRegistrationDecisions(
        profile.limits,
        profile.limits.registrationMeasures.map((m) => {
          if (m.code === 'stake:day' && stakeDayMinor !== null)
            return { measure: m.code, decision: 'set' as const, amountMinor: stakeDayMinor };
          if (m.code === 'playing-time:day' && options.playingTimeDayMinutes)
            return { measure: m.code, decision: 'set' as const, durationMinutes: options.playingTimeDayMinutes };
          return { measure: m.code, decision: 'refused' as const };
        }),
        clock,
      );
      const spec = ledger.playerWalletSpec(playerId, registered ? 'cash' : 'temporary', profile.currency);
      const wallet = (await ledger.openAccount(db, spec)).id;
      await transaction(db, async (tx) => {
        await recordRegistrationDecisions(tx, playerId, decisions, now);
        if (!registered)
          await tx.temporaryAccount.create({
            data: {
              playerId,
              walletAccountId: wallet,
              openedAt: now,
              deadlineAt: new Date(now.getTime() + 30 * 86_400_000),
              depositCapMinor: profile.players.temporaryAccount.depositCapMinor,
            },
          });
      });
      const amount = Money.of(options.deposit ?? '1000.00', profile.currency);
      await transaction(db, (tx) =>
        registered
          ? ledger.transfer(
              tx,
              { idempotencyKey: `fund:${playerId}`, kind: 'DEPOSIT', debitAccountId: psp.id, creditAccountId: wallet, amount },
              clock.now(),
            )
          : creditTemporaryDeposit(
              tx,
              { playerId, amount, channel: 'cashless', sourceAccountId: psp.id, idempotencyKey: `fund:${playerId}` },
              clock.now(),
            ),
      );
      const token = app.issueAccessToken({ audience: 'player', subject: playerId });
      return { playerId, wallet, token, headers: { authorization: `Bearer ${token}` } };
    },
    async tick(ms) {
      clock.advanceMs(ms);
      return app.gameScheduler.runOnce();
    },
    async currentRound(tableId) {
      const round = await db.gameRound.findFirstOrThrow({ where: { tableId, kind: 'LIVE', status: 'OPEN' } });
      return round.id;
    },
    act: (player, roundId, body, actionId = newId()) =>
      app.inject({
        method: 'POST',
        url: `/v1/rounds/${roundId}/actions`,
        headers: { ...player.headers, 'idempotency-key': actionId },
        payload: body,
      }),
    balance: async (player) => (await ledger.balance(db, player.wallet)).toDecimalString(),
    async connect(player, tableId) {
      const socket = new WebSocket(`${url.replace('http', 'ws')}/v1/tables/${tableId}/stream`, { headers: player.headers });
      const messages: Array<Record<string, unknown>> = [];
      const waiters: Array<() => void> = [];
      socket.on('message', (data) => {
        messages.push(JSON.parse(String(data)) as Record<string, unknown>);
        for (const wake of waiters.splice(0)) wake();
      });
      await new Promise<void>((resolve, reject) => (socket.once('open', () => resolve()), socket.once('error', reject)));
      const test: TestSocket = {
        socket,
        messages,
        async next(predicate, what) {
          // As long as the shared waitFor: 5 s was too short on a busy machine (issue 14 (11)).
          const deadlineMs = performance.now() + waitForTimeoutMsDefault;
          for (;;) {
            const found = messages.find(predicate);
            if (found) return found;
            if (performance.now() > deadlineMs)
              throw new Error(`no ${what} message; got ${messages.map((m) => m.type).join(', ')}`);
            await new Promise<void>((resolve) => (waiters.push(resolve), setTimeout(resolve, 100)));
          }
        },
        send: (message) => socket.send(JSON.stringify(message)),
        close: () =>
          new Promise<void>((resolve) =>
            socket.readyState === WebSocket.CLOSED ? resolve() : (socket.once('close', () => resolve()), socket.close()),
          ),
      };
      sockets.push(test);
      await test.next((m) => m.type === 'welcome', 'welcome');
      return test;
    },
    async restart() {
      await app.close();
      ({ built: app, address: url } = await build());
    },
    async close() {
      await Promise.all(sockets.map((s) => s.close()));
      await app.close();
      await connections.close();
    },
  };
  return harness;
}

/** Waits until the server has handled a socket's close (presence removed, a due decision noted). */
export async function settle(ms = 150): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Holds a row's lock from another connection, so that a writer in a test waits for it in PostgreSQL (a batch then
 * forms behind it). Returns `release`, which lets go and resolves once the holder has committed.
 */
export async function holdRowLock(db: Db, table: 'game_round' | 'poker_table', id: string): Promise<() => Promise<void>> {
  let lockTaken!: () => void;
  let release!: () => void;
  const taken = new Promise<void>((resolve) => (lockTaken = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const holder = db.$transaction(
    async (tx) => {
      await tx.$queryRawUnsafe(`SELECT id FROM ${table} WHERE id = $1::uuid FOR UPDATE`, id);
      lockTaken();
      await released;
    },
    { timeout: 120_000 },
  );
  await Promise.race([taken, holder]);
  return async () => {
    release();
    await holder;
  };
}

/** Waits until a statement containing `statement` waits for a lock in the test's database. */
export async function waitForLockWait(db: Db, statement: string, what: string): Promise<void> {
  await waitFor(
    async () => {
      const [row] = await db.$queryRaw<[{ waiting: bigint }]>`
        SELECT count(*)::bigint AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE ${`%${statement}%`}`;
      return row.waiting > 0n ? true : null;
    },
    { what },
  );
}
