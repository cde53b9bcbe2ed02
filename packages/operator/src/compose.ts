import {
  createCashierContext,
  createPaymentProviderClient,
  createPlatformGuards,
  type CashierContext,
  type CashierGuards,
  type CommissionToUsd,
  type PaymentProvider,
} from '@casino/cashier';
import { createMinistryRegistersClient, screenPlayer, type ComplianceContext } from '@casino/compliance';
import { assert, DomainError, systemClock, type Clock } from '@casino/core';
import type { Db, Redis } from '@casino/db';
import { convertAt, currentRate, httpRateSource, type FxContext, type RateSource } from '@casino/fx';
import { createRoundSeed, type Rng } from '@casino/games';
import type { EnforcementContext, ExcludedPersonsRegister, LimitsContext } from '@casino/limits';
import { PiiProtector, playerAccountsFor, sendEmail, type MinistryRegisters, type PlayersContext } from '@casino/players';
import type { ReportingContext } from '@casino/reporting';
import {
  createPokerRoom,
  integrityRulesOf,
  RedisPresence,
  RedisTableBroadcaster,
  type PokerIntegrityContext,
  type PokerRoomDriver,
  tournament,
  type RoomLog,
  type TablesContext,
} from '@casino/tables';
import type { OperatorProfile, OperatorProfileId } from './profile.ts';
import { pokerRuleProfiles, tournamentRuleProfiles } from './poker-rooms/index.ts';
import { operatorProfiles } from './profiles/index.ts';
import { assertProfileSound, validatePokerRuleProfile, validateTournamentRules } from './validate.ts';

/**
 * The variables the composition root reads. Each app passes its whole configuration; an app that
 * lacks a variable (the game service has no PII keys) simply never asks for the context needing it.
 */
export interface PlatformConfig {
  OPERATOR_PROFILE: OperatorProfileId;
  PII_ENCRYPTION_KEY?: string;
  PII_HASH_KEY?: string;
  MF_REGISTERS_URL?: string;
  PUBLIC_BASE_URL?: string;
  PSP_URL?: string;
  PSP_PROVIDER_NAME?: string;
  /** The exchange-rate source (issue 26): the sandbox's `/fx` in development, the profile's provider's adapter in production. */
  FX_RATES_URL?: string;
}

export type Registers = MinistryRegisters & ExcludedPersonsRegister;

export interface ComposeOptions {
  config: PlatformConfig;
  /** The app's connections; the worker passes none and gives each context its job's database handle. */
  connections?: { db?: Db };
  /** Tests pass a controllable clock; the system clock otherwise. */
  clock?: Clock;
  /** Instead of the configured profile's module (tests of the validation and of tuned rules); validated the same. */
  profile?: OperatorProfile;
  /** Defaults to the HTTP client of the MF registers at MF_REGISTERS_URL. */
  registers?: Registers;
  /** Defaults to the HTTP client of the payment provider at PSP_URL. */
  paymentProvider?: PaymentProvider;
  /** The cashier's limits and compliance port; the platform's own, on the profile's rules, by default. */
  guards?: CashierGuards;
  /** The tables' seeds: `createRoundSeed` (the CSPRNG) unless a test or benchmark passes its own. */
  newSeed?: TablesContext['newSeed'];
  /** The poker shuffles: Node's CSPRNG unless a test or benchmark passes a seeded generator. */
  pokerRng?: Rng;
  /** Defaults to the HTTP rate source at FX_RATES_URL. */
  rateSource?: RateSource;
}

/** The tables' real-time side: Redis channels under `prefix`, presence kept for `presenceTtlMs`. */
export interface TablesWiring {
  redis: Redis;
  prefix: string;
  presenceTtlMs: number;
}

/**
 * The poker room's wiring (issue 16): the tables' Redis channels, this process's instance id
 * (`newPokerInstanceId`), and the lease and routing settings from the app's configuration.
 */
export interface PokerWiring {
  redis: Redis;
  prefix: string;
  instanceId: string;
  leaseTtlMs: number;
  forwardTimeoutMs: number;
  claimScanIntervalMs: number;
  tablesPerInstanceMax?: number;
  /** False: a process that only forwards requests to the instances driving the tables (the worker). */
  drives?: boolean;
  /** Pause between a hand's end and the next deal (tests shorten it); `pokerHandPauseMsDefault` otherwise. */
  handPauseMs?: number;
  log: RoomLog;
}

/**
 * Every package's context, built the same way for every app, worker job and test harness. Contexts
 * that depend on a database handle take one (a worker job runs on its own); the default is the app's.
 */
export interface Platform {
  profile: OperatorProfile;
  clock: Clock;
  pii(): PiiProtector;
  registers(): Registers;
  paymentProvider(): PaymentProvider;
  players(db?: Db): PlayersContext;
  limits(db?: Db): LimitsContext;
  /** What stake and deposit enforcement need inside a caller's transaction. */
  enforcement(): EnforcementContext;
  cashier(db?: Db): CashierContext;
  /** Wallets per currency and FX (issues 26, 18) on the profile's `fx` rules. */
  fx(db?: Db): FxContext;
  /** The exchange-rate source the worker refreshes from (FX_RATES_URL). */
  rateSource(): RateSource;
  compliance(db?: Db): ComplianceContext;
  reporting(db?: Db): ReportingContext;
  tables(wiring: TablesWiring, db?: Db): TablesContext & { presence: RedisPresence };
  /** The poker cash tables' room: the driver on the poker rule profiles, its store on this database. */
  poker(wiring: PokerWiring, db?: Db): PokerRoomDriver;
  /** Poker tournaments (issue 19): their store on the profiles' tournament settings and poker rules. */
  tournaments(db?: Db): tournament.TournamentStoreContext;
  /** Live tournament tables (issue 19): the cash tables' room driver on the tournaments' store, one lease per tournament. */
  tournamentRoom(wiring: PokerWiring, db?: Db): PokerRoomDriver;
  /** The poker room's integrity (issue 18): aliases, private tables, suspensions, separations, clawback. */
  pokerIntegrity(db?: Db): PokerIntegrityContext;
}

/**
 * The profile OPERATOR_PROFILE names, validated: a broken one stops start-up (a ConfigError naming the
 * setting). Every poker rule profile is validated too: any of them may govern a table (issue 16).
 */
export function resolveProfile(config: Pick<PlatformConfig, 'OPERATOR_PROFILE'>, override?: OperatorProfile): OperatorProfile {
  const profile = override ?? operatorProfiles[config.OPERATOR_PROFILE];
  assert(profile !== undefined, `no operator profile ${String(config.OPERATOR_PROFILE)}`);
  for (const rules of Object.values(pokerRuleProfiles)) validatePokerRuleProfile(rules);
  for (const rules of Object.values(tournamentRuleProfiles)) validateTournamentRules(rules);
  return assertProfileSound(profile);
}

/**
 * The composition root (issue 15): the operator profile chosen by the configuration, validated, and
 * every package's context built from it. Apps and test harnesses call this instead of wiring rules by
 * hand, so a second operator is a second profile module, not an edit in every app.
 */
export function composeContexts(options: ComposeOptions): Platform {
  const { config } = options;
  const appDb = options.connections?.db;
  const dbOr = (db: Db | undefined): Db => {
    const chosen = db ?? appDb;
    assert(chosen !== undefined, "composeContexts: no database handle (the worker passes its job's)");
    return chosen;
  };
  const profile = resolveProfile(config, options.profile);
  const clock = options.clock ?? systemClock;
  const need = (name: keyof PlatformConfig): string => {
    const value = config[name];
    assert(typeof value === 'string' && value !== '', `composeContexts: this context needs ${name} in the app's configuration`);
    return value;
  };
  const once = <T>(make: () => T): (() => T) => {
    let made: { value: T } | undefined;
    return () => (made ??= { value: make() }).value;
  };
  const pii = once(() => new PiiProtector({ encryptionKey: need('PII_ENCRYPTION_KEY'), hashKey: need('PII_HASH_KEY') }));
  const registers = once(
    (): Registers => options.registers ?? createMinistryRegistersClient({ baseUrl: need('MF_REGISTERS_URL'), clock }),
  );
  const paymentProvider = once(
    () => options.paymentProvider ?? createPaymentProviderClient({ name: need('PSP_PROVIDER_NAME'), baseUrl: need('PSP_URL') }),
  );
  const guards = once(
    () => options.guards ?? createPlatformGuards({ clock, limitsProfile: profile.limits, complianceRules: profile.compliance }),
  );
  const enforcement = (): EnforcementContext => ({ clock, profile: profile.limits });
  const fx = (db?: Db): FxContext => ({ db: dbOr(db), clock, rules: profile.fx, accountCurrency: profile.currency });
  const rateSource = once(() => options.rateSource ?? httpRateSource({ baseUrl: need('FX_RATES_URL'), timeoutMs: 5_000, clock }));

  const players = (db?: Db): PlayersContext => ({
    db: dbOr(db),
    clock,
    rules: profile.players,
    limitsProfile: profile.limits,
    pii: pii(),
    registers: registers(),
    screening: { screen: screenPlayer },
    publicBaseUrl: need('PUBLIC_BASE_URL'),
  });
  return {
    profile,
    clock,
    pii,
    registers,
    paymentProvider,
    players,
    limits: (db) => ({
      db: dbOr(db),
      clock,
      profile: profile.limits,
      accounts: playerAccountsFor(players(db)),
      register: registers(),
    }),
    enforcement,
    fx,
    rateSource,
    cashier: (db) =>
      createCashierContext({
        db: dbOr(db),
        clock,
        rules: profile.cashier,
        currency: profile.currency,
        guards: guards(),
        providerName: need('PSP_PROVIDER_NAME'),
        // Only apps configured with the provider's URL call it (the player API and the worker); webhooks do not.
        ...(options.paymentProvider || config.PSP_URL ? { provider: paymentProvider() } : {}),
        ...(config.PII_ENCRYPTION_KEY ? { accountNumbers: pii() } : {}),
        // The player API's web app origin: the provider sends browsers back there after 3-D Secure.
        ...(config.PUBLIC_BASE_URL ? { returnBaseUrl: config.PUBLIC_BASE_URL } : {}),
        commissionToUsd: commissionToUsdAtCurrentRate(fx(db)),
        fx: fx(db),
      }),
    compliance: (db) => ({ db: dbOr(db), clock, rules: profile.compliance, secrets: pii() }),
    reporting: (db) => ({ db: dbOr(db), clock, rules: profile.reporting }),
    tables: (wiring, db) => ({
      db: dbOr(db),
      clock,
      limits: enforcement(),
      broadcaster: new RedisTableBroadcaster(wiring.redis, wiring.prefix),
      presence: new RedisPresence(wiring.redis, wiring.prefix, wiring.presenceTtlMs),
      newSeed: options.newSeed ?? createRoundSeed,
    }),
    poker: (wiring, db) =>
      createPokerRoom({
        store: {
          db: dbOr(db),
          clock,
          limits: enforcement(),
          instanceId: wiring.instanceId,
          fx: fx(db),
          profiles: pokerRuleProfiles,
        },
        profiles: pokerRuleProfiles,
        redis: wiring.redis,
        prefix: wiring.prefix,
        broadcaster: new RedisTableBroadcaster(wiring.redis, wiring.prefix),
        leaseTtlMs: wiring.leaseTtlMs,
        forwardTimeoutMs: wiring.forwardTimeoutMs,
        claimScanIntervalMs: wiring.claimScanIntervalMs,
        ...(wiring.tablesPerInstanceMax === undefined ? {} : { tablesPerInstanceMax: wiring.tablesPerInstanceMax }),
        ...(wiring.drives === undefined ? {} : { drives: wiring.drives }),
        ...(wiring.handPauseMs === undefined ? {} : { handPauseMs: wiring.handPauseMs }),
        log: wiring.log,
        ...(options.pokerRng ? { rng: options.pokerRng } : {}),
      }),
    tournaments: (db) => ({
      db: dbOr(db),
      clock,
      limits: enforcement(),
      rules: tournamentRuleProfiles,
      poker: pokerRuleProfiles,
      fx: fx(db),
    }),
    tournamentRoom: (wiring, db) =>
      tournament.createTournamentRoom({
        store: {
          db: dbOr(db),
          clock,
          limits: enforcement(),
          rules: tournamentRuleProfiles,
          poker: pokerRuleProfiles,
          fx: fx(db),
        },
        instanceId: wiring.instanceId,
        redis: wiring.redis,
        prefix: wiring.prefix,
        broadcaster: new RedisTableBroadcaster(wiring.redis, wiring.prefix),
        leaseTtlMs: wiring.leaseTtlMs,
        forwardTimeoutMs: wiring.forwardTimeoutMs,
        claimScanIntervalMs: wiring.claimScanIntervalMs,
        ...(wiring.handPauseMs === undefined ? {} : { handPauseMs: wiring.handPauseMs }),
        log: wiring.log,
        ...(options.pokerRng ? { rng: options.pokerRng } : {}),
      }),
    pokerIntegrity: (db) => ({
      db: dbOr(db),
      clock,
      rulesOf: (profileId) => integrityRulesOf(pokerRuleProfiles[profileId]),
      sendEmail: (tx, email) => sendEmail(tx, pii(), email),
    }),
  };
}

/**
 * VIP points count USD of commission (002:VIP-01, AMB-VIP-CCY: the rate at accrual, D-2633): the FX
 * module's current rate behind the cashier's port. Stale or missing rates leave the commission
 * unearned until a later run, never converted at an old rate.
 */
function commissionToUsdAtCurrentRate(ctx: FxContext): CommissionToUsd {
  return {
    async toUsd(commission) {
      if (commission.currency === 'USD') return { usd: commission, rate: '1' };
      try {
        const { rate } = await currentRate(ctx, commission.currency, 'USD');
        return { usd: convertAt(commission, rate, 'USD'), rate };
      } catch (error) {
        if (error instanceof DomainError && error.code === 'fx-rates-stale') return null;
        throw error;
      }
    },
  };
}
