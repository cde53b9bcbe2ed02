import { systemClock, type Clock } from '@casino/core';
import { createHttpApp, type App } from '@casino/http';
import type { SandboxConfig } from './config.ts';
import { controlRoutes } from './routes/control.ts';
import { mailboxRoutes } from './routes/mailbox.ts';
import { ministryRoutes } from './routes/mf.ts';
import { createSandboxState } from './state/sandbox-state.ts';

export interface SandboxOptions {
  config: SandboxConfig;
  /** Stamps captured messages and default listing dates; tests may pass a ManualClock. */
  clock?: Clock;
}

/**
 * The outside world, simulated over real HTTP for development and tests: the Ministry of
 * Finance's registers (identity, excluded persons) with switches to break them, and a mailbox
 * that captures e-mail and SMS. State lives in memory, one copy per app.
 */
export async function buildSandbox({ config, clock = systemClock }: SandboxOptions): Promise<App> {
  const app = await createHttpApp({
    service: 'sandbox',
    version: '0.1.0',
    description: 'Simulators of external systems (ministry registers, mail and SMS capture) for development and tests. No authentication: never expose it.',
    logLevel: config.LOG_LEVEL,
    readinessChecks: [],
  });
  const state = createSandboxState(clock);
  // Ends the simulated timeouts so closing the app does not wait for them.
  const shutdown = new AbortController();
  app.addHook('preClose', async () => shutdown.abort());
  ministryRoutes(app, state, shutdown.signal);
  controlRoutes(app, state);
  mailboxRoutes(app, state);
  return app;
}
