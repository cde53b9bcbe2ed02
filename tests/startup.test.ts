import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { waitFor } from '@casino/core/testing';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../scripts/services.ts';
import { freePort, startHoldingProxy } from './support/holding-proxy.ts';

const root = path.resolve(import.meta.dirname, '..');
/**
 * A service as its own Node process, TypeScript loaded in it (`node --import tsx`): the tsx CLI runs
 * the script in a child and relays signals, and on a loaded machine its relay can give up on a slow
 * child's answer and SIGKILL it (exit 143) although the service handles SIGTERM; tests that judge
 * the exit after SIGTERM must send it to the service itself.
 */
const serviceProcess = (server: string, env: NodeJS.ProcessEnv) => {
  const child = spawn(process.execPath, ['--import', 'tsx', server], { env, cwd: root });
  const output = { text: '' };
  child.stdout.on('data', (d) => (output.text += d));
  child.stderr.on('data', (d) => (output.text += d));
  outputs.set(child, output);
  return child;
};
/** What each service process wrote so far: `waitForReady` looks for its own "listening" line. */
const outputs = new WeakMap<object, { text: string }>();
const playerApiServer = path.join(root, 'apps', 'player-api', 'src', 'server.ts');

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

function baseEnv(port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PLAYER_API_PORT: String(port),
    DATABASE_URL: testDb.url,
    REDIS_URL: process.env.REDIS_URL,
    JWT_SECRET: 'startup-test-secret-startup-test-secret-01',
    PII_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PII_HASH_KEY: randomBytes(32).toString('base64'),
  };
}

interface Exit {
  code: number | null;
  stderr: string;
  stdout: string;
}

function runToExit(env: NodeJS.ProcessEnv): Promise<Exit> {
  return new Promise((resolve) => {
    const child = serviceProcess(playerApiServer, env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('start-up', () => {
  it('stops with exit 1 naming PLAYER_API_PORT and what it expects when it is malformed', async () => {
    const result = await runToExit({ ...baseEnv(1), PLAYER_API_PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/PLAYER_API_PORT/);
    expect(result.stderr).toMatch(/integer/i);
  });

  it('issue 15: stops with exit 1 naming OPERATOR_PROFILE and the profiles there are when it names none of them', async () => {
    const result = await runToExit({ ...baseEnv(1), OPERATOR_PROFILE: 'CZ-XX' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/OPERATOR_PROFILE: expected one of CZ-FO, CZ-PS, got "CZ-XX"/);
  });

  it('stops with exit 1 naming JWT_SECRET when it is missing, without printing other secrets', async () => {
    const env = baseEnv(1);
    delete env.JWT_SECRET;
    const result = await runToExit({ ...env, DATABASE_URL: 'postgresql://casino:pa55word@127.0.0.1:5432/casino' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/JWT_SECRET/);
    expect(result.stderr).not.toContain('pa55word');
  });

  it('stops with exit 1 and one paragraph naming the URL tried and the fix when PostgreSQL is unreachable', async () => {
    const result = await runToExit({
      ...baseEnv(await freePort()),
      DATABASE_URL: 'postgresql://postgres:pa55word@127.0.0.1:1/casino',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /PostgreSQL is not reachable at postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/casino \(DATABASE_URL\)/,
    );
    expect(result.stderr).toMatch(/docker compose up -d postgres/);
    expect(result.stderr).not.toContain('pa55word');
  });

  it('stops with exit 1 naming REDIS_URL and the fix when Redis is unreachable', async () => {
    const result = await runToExit({ ...baseEnv(await freePort()), REDIS_URL: 'redis://127.0.0.1:1' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Redis is not reachable at redis:\/\/127\.0\.0\.1:1 \(REDIS_URL\)/);
    expect(result.stderr).toMatch(/docker compose up -d redis/);
  });

  it('serves /health/ready = 200 once up, and exits 0 after SIGTERM', async () => {
    const port = await freePort();
    const child = serviceProcess(playerApiServer, baseEnv(port));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitForReady(port, child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  // Each service as `npm start` runs it: its own server module, the shared secrets, one port. A
  // wiring mistake that only shows at boot (the worker once built a context without a database and
  // never started) fails here, not on a newcomer's first `npm start`.
  for (const service of services) {
    it(`issue 15: ${service.name} starts from the environment npm start gives it and reports ready`, async () => {
      const port = await freePort();
      const server = path.join(root, 'apps', service.name, 'src', 'server.ts');
      const env = {
        ...baseEnv(1),
        PLAYER_API_PORT: undefined,
        [service.portVariable]: String(port),
        PSP_WEBHOOK_SECRETS: `whsec_${randomBytes(32).toString('base64')}`,
      };
      const child = serviceProcess(server, env);
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        await waitForReady(port, child);
      } catch (error) {
        throw new Error(`${service.name} did not become ready:\n${output.slice(-2_000)}`, { cause: error });
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
    }, 90_000);
  }

  // On a loaded machine a running PostgreSQL or Redis can take seconds to answer; the service
  // used to give up after 5 s ("no answer within 5000 ms … docker compose up"), or PING Redis
  // before its connection opened ("Stream isn't writeable"), and exit (issue 14, item 11).
  for (const dependency of ['PostgreSQL', 'Redis'] as const) {
    it(`issue 14 (11): a service waits for a ${dependency} that accepts connections but answers late, says so, and becomes ready`, async () => {
      const variable = dependency === 'PostgreSQL' ? 'DATABASE_URL' : 'REDIS_URL';
      const env = baseEnv(await freePort());
      const proxy = await startHoldingProxy(env[variable]!);
      const child = serviceProcess(playerApiServer, { ...env, [variable]: proxy.urlFor(env[variable]!) });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        // Generous: the service has to start (tsx, imports) before it asks.
        await waitFor(() => stderr.includes(`player-api: Waiting for ${dependency} at`) || child.exitCode !== null, {
          what: 'the waiting notice',
          timeoutMs: 60_000,
          intervalMs: 100,
        });
        expect(stderr).not.toContain('could not start');
        proxy.release();
        await waitForReady(Number(env.PLAYER_API_PORT), child);
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      } finally {
        child.kill('SIGKILL');
        await proxy.close();
      }
    }, 90_000);
  }
});

/**
 * Waits for the service on `port` to answer /health/ready = 200, asking only once the child itself said it listens
 * there: while a service boots, a port looked up for it can be taken by another test's server, whose own
 * /health/ready would answer for it (a worker still booting was then sent SIGTERM and died of it).
 */
async function waitForReady(port: number, child: { exitCode: number | null }): Promise<void> {
  const listening = `listening at http://127.0.0.1:${port}`;
  const status = await waitFor(
    async () =>
      child.exitCode !== null
        ? -1
        : !outputs.get(child)?.text.includes(listening)
          ? undefined
          : await fetch(`http://127.0.0.1:${port}/health/ready`).then(
              (r) => (r.status === 200 ? 200 : undefined),
              () => undefined,
            ),
    { what: '/health/ready = 200', timeoutMs: 60_000, intervalMs: 200 },
  );
  expect(status, 'the service exited before it was ready').toBe(200);
}
