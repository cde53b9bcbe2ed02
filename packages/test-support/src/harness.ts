/**
 * The whole-platform harness (it lived in apps/player-api, so the apps' tests depended on each other;
 * issue 15, D-1551): a real sandbox (MF registers, mailbox, payment provider) on its own port, the
 * payments gateway on another receiving the provider's signed webhooks, the admin API, the worker
 * delivering the outbox (mail, SMS, payouts, refunds, registration completion), the player API, all
 * on one controllable clock, and the operator's chart of accounts. Each test file gets its own
 * database, Redis prefix, sandbox and gateway.
 */
import { buildAdminApi, loadAdminApiConfig } from '@casino/admin-api';
import { createPaymentProviderClient, type CashierContext } from '@casino/cashier';
import { createTestGuards, type TestGuards } from '@casino/cashier/testing';
import { ManualClock } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { createMinistryRegistersClient } from '@casino/compliance';
import type { App } from '@casino/http';
import { buildPaymentsGateway, loadPaymentsGatewayConfig } from '@casino/payments-gateway';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import { openAccount, openOperatorAccounts, paymentProviderClearingSpec } from '@casino/ledger';
import type { LimitsContext } from '@casino/limits';
import { composeContexts, czFoProfile, type OperatorProfile, type Platform } from '@casino/operator';
import type { PlayersContext } from '@casino/players';
import { buildPlayerApi, loadPlayerApiConfig } from '@casino/player-api';
import { buildSandbox, loadSandboxConfig, type SandboxPerson } from '@casino/sandbox';
import {
  cashierJobs,
  notificationJobs,
  playerAccessJobs,
  reportingJobs,
  workerPokerRoom,
  startWorkerRuntime,
  workerTablesContext,
  type WorkerRuntime,
} from '@casino/worker';

export interface Harness {
  api: App;
  admin: App;
  gateway: App;
  gatewayUrl: string;
  sandbox: App;
  sandboxUrl: string;
  clock: ManualClock;
  connections: TestConnections;
  worker: WorkerRuntime;
  ctx: PlayersContext;
  /** The limits context the API runs with: tests play the game service through it. */
  limits: LimitsContext;
  /** The cashier as the apps run it, with the guards chosen in HarnessOptions. */
  cashier: CashierContext;
  /** The steerable guards (in use unless the harness runs the platform's). */
  guards: TestGuards;
  /** The composition root the harness's own contexts come from, on the same profile as the apps. */
  platform: Platform;
  /** The payment provider's webhook secret (tests sign their own deliveries with it). */
  webhookSecret: string;
  pspAccountId: string;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /**
   * `steerable` (the default): the cashier runs with `@casino/cashier/testing`'s guards, so tests of
   * its own order of checks can make each check refuse; `platform`: with the real self-limits and
   * compliance guards, as the apps run by default.
   */
  guards?: 'steerable' | 'platform';
  /** The apps run as this profile (CZ-FO by default, as OPERATOR_PROFILE's default). */
  profile?: OperatorProfile;
  /** More environment for the apps (the web tests point PUBLIC_BASE_URL, the e-mail links' address, at the web app). */
  env?: Record<string, string>;
  /** The worker also runs the auditor exports' job (the console's browser tests download one, issue 21). */
  reportingJobs?: boolean;
}

/** The Redis prefix a game service built on this harness must use, so the worker's seat pushes reach its sockets. */
export const gameServiceRedisPrefix = (connections: TestConnections) => `${connections.redisKeyPrefix}:games`;

export async function startHarness(start = new Date('2026-11-02T09:00:00Z'), options: HarnessOptions = {}): Promise<Harness> {
  const connections = await createTestConnections();
  const clock = new ManualClock(start);
  const guards = createTestGuards();
  const env = testServiceEnv({
    REGISTRATION_RATE_LIMIT_PER_MINUTE: '10000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    ...options.env,
  });
  const profile = options.profile ?? czFoProfile;
  const shared = {
    connections,
    redisKeyPrefix: connections.redisKeyPrefix,
    clock,
    profile,
    ...(options.guards === 'platform' ? {} : { guards }),
  };
  const gateway = await buildPaymentsGateway({ config: loadPaymentsGatewayConfig(env), ...shared });
  const gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
  const webhookSecret = env.PSP_WEBHOOK_SECRETS!;
  const sandbox = await buildSandbox({
    config: loadSandboxConfig({
      LOG_LEVEL: 'silent',
      PSP_WEBHOOK_URL: `${gatewayUrl}/v1/webhooks/sandbox-psp`,
      PSP_WEBHOOK_SECRETS: webhookSecret,
    }),
    clock,
  });
  const sandboxUrl = await sandbox.listen({ host: '127.0.0.1', port: 0 });
  await fetch(`${sandboxUrl}/control/psp`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ webhooks: { retry: { attemptsMax: 8, baseMs: 25, maxMs: 400 } } }),
  });
  // Generous timeouts: no test here is about a slow register or provider, and a loaded machine must
  // not turn a late answer from the in-process sandbox into "unavailable" (issue 14 (11)).
  const registers = createMinistryRegistersClient({
    baseUrl: sandboxUrl,
    clock,
    timeoutMs: 10_000,
    retries: 1,
    backoff: { baseMs: 10, maxMs: 20 },
  });
  const paymentProvider = createPaymentProviderClient({
    name: 'sandbox-psp',
    baseUrl: sandboxUrl,
    timeoutMs: 10_000,
    retries: 1,
    backoff: { baseMs: 10, maxMs: 20 },
  });
  const config = loadPlayerApiConfig({ ...env, MF_REGISTERS_URL: sandboxUrl, PSP_URL: sandboxUrl });
  const api = await buildPlayerApi({ config, ...shared, registers, paymentProvider });
  const admin = await buildAdminApi({ config: loadAdminApiConfig(env), ...shared, registers });
  await Promise.all([api.ready(), admin.ready()]);
  await openOperatorAccounts(connections.db, [profile.currency], 2);
  const psp = await openAccount(connections.db, paymentProviderClearingSpec('sandbox-psp', profile.currency, 2));
  // The harness's contexts come from the same composition root as the apps', on the same profile.
  const platform = composeContexts({
    config,
    connections,
    clock,
    profile,
    registers,
    paymentProvider,
    ...(options.guards === 'platform' ? {} : { guards }),
  });
  const pii = platform.pii();
  const ctx = platform.players();
  const limits = platform.limits();
  const cashier = platform.cashier();
  const worker = await startWorkerRuntime({
    db: connections.db,
    redisUrl: connections.redisUrl,
    queuePrefix: connections.redisKeyPrefix,
    jobs: [
      ...notificationJobs(sandboxUrl, pii),
      ...cashierJobs({
        cashier: (db) => ({ ...cashier, db }),
        players: (db) => ({ ...ctx, db }),
        logger: { warn: () => undefined },
      }),
      // Seats of a player whose access ended: a game service built on this harness uses the prefix `${prefix}:games`.
      ...playerAccessJobs({
        tables: workerTablesContext(platform, connections.redis, gameServiceRedisPrefix(connections)),
        poker: workerPokerRoom(platform, connections.redis, gameServiceRedisPrefix(connections)),
      }),
      ...(options.reportingJobs ? reportingJobs(clock, platform.profile.reporting) : []),
    ],
    schedules: [],
    logger: { warn: () => undefined, error: () => undefined },
    relayIntervalMs: 50,
    relayBatchSizeMax: 50,
    heartbeatIntervalMs: 60_000,
    concurrency: 4,
  });
  return {
    api,
    admin,
    gateway,
    gatewayUrl,
    sandbox,
    sandboxUrl,
    clock,
    connections,
    worker,
    ctx,
    limits,
    cashier,
    guards,
    platform,
    webhookSecret,
    pspAccountId: psp.id,
    async close() {
      await worker.stop();
      await Promise.all([api.close(), admin.close()]);
      await sandbox.close();
      await gateway.close();
      await connections.close();
    },
  };
}

let phoneSequence = 0;

/** An application body for a sandbox person: every measure decided (deposits per day set, the rest refused). */
export function applicationFor(person: SandboxPerson, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  phoneSequence++;
  return {
    firstName: person.firstName,
    surname: person.surname,
    birthNumber: person.birthNumber,
    dateOfBirth: person.dateOfBirth,
    placeOfBirth: person.placeOfBirth,
    citizenship: person.citizenship,
    residenceAddress: { street: 'Václavské náměstí 1', city: 'Praha', postalCode: '110 00', country: 'CZ' },
    phone: `+42060${String(process.pid % 1000).padStart(3, '0')}${String(phoneSequence).padStart(4, '0')}`,
    email: `${person.firstName}.${person.surname}.${phoneSequence}.${process.pid}@example.cz`
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase(),
    password: 'correct horse battery staple',
    acceptedDocuments: { termsVersion: 'terms-2026-01', gamePlanVersion: 'game-plan-2026-01' },
    selfLimits: czFoProfile.limits.registrationMeasures.map((m) =>
      m.code === 'deposit:day'
        ? { measure: m.code, decision: 'set', amount: { amount: '2000.00', currency: 'CZK' } }
        : { measure: m.code, decision: 'refused' },
    ),
    ...overrides,
  };
}

/**
 * Waits until `read` gives a value (jobs, webhooks, mail arrive asynchronously). A time budget, not
 * an attempt count: 100 × 50 ms passed on an idle machine and failed on a busy one (issue 14 (11)).
 */
export function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  return waitFor(read, { what }) as Promise<T>;
}

/** The newest e-mail to `to` whose text matches `pattern`, read from the sandbox mailbox over HTTP; returns the first capture group. */
export function mailFor(h: Harness, to: string, pattern: RegExp): Promise<string> {
  return eventually(async () => {
    const response = await fetch(`${h.sandboxUrl}/mail/messages?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: Array<{ text: string }> };
    for (const m of messages) {
      const match = pattern.exec(m.text);
      if (match) return match[1] ?? match[0];
    }
    return undefined;
  }, `mail to ${to}`);
}

export function smsCodeFor(h: Harness, phone: string, after: number): Promise<string> {
  return eventually(async () => {
    const response = await fetch(`${h.sandboxUrl}/sms/messages?to=${encodeURIComponent(phone)}`);
    const { messages } = (await response.json()) as { messages: Array<{ text: string }> };
    if (messages.length <= after) return undefined;
    return /code: (\d{6})/.exec(messages[0]!.text)?.[1];
  }, `SMS to ${phone}`);
}

export async function smsCount(h: Harness, phone: string): Promise<number> {
  const response = await fetch(`${h.sandboxUrl}/sms/messages?to=${encodeURIComponent(phone)}`);
  return ((await response.json()) as { messages: unknown[] }).messages.length;
}

export interface Registered {
  playerId: string;
  email: string;
  phone: string;
  accessToken: string;
  refreshToken: string;
}

/** Application → e-mail confirmation → first login → SMS code: a player with a temporary account. */
export async function registerToTemporaryAccount(h: Harness, body: Record<string, unknown>): Promise<Registered> {
  const applied = await h.api.inject({ method: 'POST', url: '/v1/registrations', payload: body });
  if (applied.statusCode !== 201) throw new Error(`application failed: ${applied.body}`);
  const email = body.email as string;
  const phone = body.phone as string;
  const token = await mailFor(h, email, /Confirmation token: (\S+)/);
  const confirmed = await h.api.inject({ method: 'POST', url: '/v1/registrations/email-confirmations', payload: { token } });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
  const before = await smsCount(h, phone);
  const login = await h.api.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password: body.password } });
  if (login.statusCode !== 202) throw new Error(`login failed: ${login.body}`);
  const code = await smsCodeFor(h, phone, before);
  const verified = await h.api.inject({
    method: 'POST',
    url: '/v1/auth/sms-code',
    payload: { challengeId: login.json().challengeId, code },
  });
  if (verified.statusCode !== 200) throw new Error(`SMS code failed: ${verified.body}`);
  return {
    playerId: verified.json().playerId,
    email,
    phone,
    accessToken: verified.json().accessToken,
    refreshToken: verified.json().refreshToken,
  };
}

let personSequence = 0;

/** A new fictional person with a valid birth number, added to the sandbox's basic register. */
export async function newPerson(h: Harness, options: { dateOfBirth?: string; listed?: boolean } = {}): Promise<SandboxPerson> {
  personSequence++;
  const dateOfBirth =
    options.dateOfBirth ?? `19${70 + (personSequence % 25)}-0${1 + (personSequence % 9)}-1${personSequence % 10}`;
  const [year, month, day] = dateOfBirth.split('-');
  // The serial (the last three digits) steps past a prefix whose remainder by 11 is 10 (no valid check
  // digit) within 000-999: stepping the whole number from 999 would carry into the day and no longer
  // match the date of birth (a 422 for the few process ids that land there).
  const datePart = `${year!.slice(2)}${month}${day}`;
  let serial = (process.pid * 7 + personSequence * 13) % 1000;
  let prefix = `${datePart}${String(serial).padStart(3, '0')}`;
  while (BigInt(prefix) % 11n === 10n) {
    serial = (serial + 1) % 1000;
    prefix = `${datePart}${String(serial).padStart(3, '0')}`;
  }
  const birthNumber = `${prefix}${Number(BigInt(prefix) % 11n)}`;
  const person: SandboxPerson = {
    role: 'ordinary',
    firstName: 'Test',
    surname: `Person${personSequence}x${process.pid}`,
    dateOfBirth,
    birthNumber,
    placeOfBirth: 'Praha',
    citizenship: 'CZ',
    sex: 'male',
    identityResult: 'verified',
    note: 'made by a test',
  };
  const payload = {
    firstName: person.firstName,
    surname: person.surname,
    dateOfBirth,
    birthNumber,
    placeOfBirth: 'Praha',
    citizenship: 'CZ',
  };
  const added = await fetch(`${h.sandboxUrl}/control/mf/people`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  if (!added.ok) throw new Error(`sandbox refused the person: ${await added.text()}`);
  if (options.listed) await listInRegister(h, person);
  return person;
}

export async function listInRegister(h: Harness, person: SandboxPerson): Promise<void> {
  const body = JSON.stringify({
    firstName: person.firstName,
    surname: person.surname,
    dateOfBirth: person.dateOfBirth,
    birthNumber: person.birthNumber,
  });
  const response = await fetch(`${h.sandboxUrl}/control/mf/excluded-persons`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (!response.ok) throw new Error(`listing failed: ${await response.text()}`);
}

export async function delistFromRegister(h: Harness, person: SandboxPerson): Promise<void> {
  const body = JSON.stringify({
    firstName: person.firstName,
    surname: person.surname,
    dateOfBirth: person.dateOfBirth,
    birthNumber: person.birthNumber,
  });
  const response = await fetch(`${h.sandboxUrl}/control/mf/excluded-persons`, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (!response.ok) throw new Error(`delisting failed: ${await response.text()}`);
}

export async function setRegistersAvailable(h: Harness, available: boolean): Promise<void> {
  const response = await fetch(`${h.sandboxUrl}/control/mf`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ available, mode: 'error-503' }),
  });
  if (!response.ok) throw new Error(`control failed: ${await response.text()}`);
}
