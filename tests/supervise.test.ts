import path from 'node:path';
import { waitFor } from '@casino/core/testing';
import { describe, expect, it } from 'vitest';
import { superviseServices, type ServiceSpec } from '../scripts/supervise.ts';
import { freePort } from './support/holding-proxy.ts';

// `npm start` runs every service under scripts/supervise.ts. One service's exit used to stop all
// the others (issue 14, item 11); now it is restarted after a pause while the others keep running,
// within a restart budget (D-1441). Small fixture scripts stand in for the services.
const root = path.resolve(import.meta.dirname, '..');
const fixture = (name: string) => path.join(root, 'tests', 'support', 'fixtures', name);
const seeded = { lines: [] };
const fastRestarts = { delayMsMin: 100, delayMsMax: 400 };

async function readyPid(port: number): Promise<number | undefined> {
  const response = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined);
  return response?.ok ? ((await response.json()) as { pid: number }).pid : undefined;
}

async function spec(name: string, script: string): Promise<ServiceSpec> {
  return { name, portVariable: 'FIXTURE_PORT', port: await freePort(), what: `fixture ${name}`, entry: fixture(script) };
}

describe('supervisor (scripts/supervise.ts)', () => {
  it('issue 14 (11): a service that exits on its own is restarted, logged, while the others keep running; stopping still stops all', async () => {
    const steady = await spec('steady', 'supervised-service.mjs');
    const crashing = await spec('crashing', 'supervised-service.mjs');
    const lines: string[] = [];
    const stop = new AbortController();
    const done = superviseServices({
      root,
      env: {},
      services: [steady, crashing],
      seeded,
      restart: fastRestarts,
      signal: stop.signal,
      log: (line) => lines.push(line),
    });
    try {
      await waitFor(() => lines.some((line) => line.includes('The platform is running')), {
        what: 'every fixture ready',
        timeoutMs: 25_000,
      });
      const steadyPid = await readyPid(steady.port);
      const crashingPid = await readyPid(crashing.port);
      expect(steadyPid).toBeTypeOf('number');

      await fetch(`http://127.0.0.1:${crashing.port}/crash`, { method: 'POST' });
      const restartedPid = await waitFor(
        async () => {
          const pid = await readyPid(crashing.port);
          return pid !== undefined && pid !== crashingPid ? pid : undefined;
        },
        { what: 'the crashed fixture answering again as a new process', timeoutMs: 25_000 },
      );

      expect(restartedPid).not.toBe(crashingPid);
      expect(await readyPid(steady.port), 'the other service was never stopped').toBe(steadyPid);
      expect(
        lines.some((line) =>
          /crashing.*exited \(code 3\); restarting it in 0\.1 s \(restart 1 of at most 5 within 10 min\)/.test(line),
        ),
      ).toBe(true);
      await waitFor(() => lines.some((line) => /crashing.*is ready again/.test(line)), { what: 'the "ready again" line' });
      expect(lines.some((line) => line.includes('Stopping every service'))).toBe(false);
    } finally {
      stop.abort();
    }
    expect(await done).toBe(0);
    expect(await readyPid(steady.port)).toBeUndefined();
    expect(await readyPid(crashing.port)).toBeUndefined();
  });

  it('issue 14 (11): a service that keeps exiting uses up its restart budget, and then the platform stops with exit 1 saying why', async () => {
    const steady = await spec('steady', 'supervised-service.mjs');
    const failing = await spec('failing', 'failing-service.mjs');
    const lines: string[] = [];
    const done = superviseServices({
      root,
      env: {},
      services: [steady, failing],
      seeded,
      restart: { ...fastRestarts, restartsMax: 2 },
      log: (line) => lines.push(line),
    });
    expect(await done).toBe(1);
    expect(lines.filter((line) => /failing.*exited \(code 1\); restarting it/.test(line))).toHaveLength(2);
    expect(
      lines.some((line) =>
        /failing.*exited \(code 1\) after 2 restarts within 10 min; giving up and stopping the others/.test(line),
      ),
    ).toBe(true);
    expect(lines.some((line) => line.includes('The platform is running'))).toBe(false);
    expect(await readyPid(steady.port)).toBeUndefined();
  });
});
