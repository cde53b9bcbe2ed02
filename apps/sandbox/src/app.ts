import { systemClock, type Clock } from '@casino/core';
import { createHttpApp, type App } from '@casino/http';
import type { SandboxConfig } from './config.ts';
import { controlRoutes } from './routes/control.ts';
import { fxRoutes } from './routes/fx.ts';
import { mailboxRoutes } from './routes/mailbox.ts';
import { ministryRoutes } from './routes/mf.ts';
import { pspControlRoutes } from './routes/psp-control.ts';
import { pspRoutes } from './routes/psp.ts';
import { createSandboxState } from './state/sandbox-state.ts';
import { defaultWebhookSettings, newWebhookSecret } from './state/webhook-dispatcher.ts';

export interface SandboxOptions {
  config: SandboxConfig;
  /** Stamps captured messages, default listing dates and webhook timestamps; tests may pass a ManualClock. */
  clock?: Clock;
}

/**
 * The outside world, simulated over real HTTP for development and tests: the Ministry of
 * Finance's registers (identity, excluded persons) with switches to break them, a mailbox that
 * captures e-mail and SMS, and a payment provider that takes payments and payouts and calls the
 * payments gateway with signed webhooks. State lives in memory, one copy per app.
 */
export async function buildSandbox({ config, clock = systemClock }: SandboxOptions): Promise<App> {
  const app = await createHttpApp({
    service: 'sandbox',
    version: '0.1.0',
    description:
      'Simulators of external systems (ministry registers, a payment provider, an exchange-rate source, mail and SMS capture) for development and tests. No authentication: never expose it.',
    logLevel: config.LOG_LEVEL,
    readinessChecks: [],
    ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
  });
  // Ends the simulated timeouts and webhook retries so closing the app does not wait for them.
  const shutdown = new AbortController();
  app.addHook('preClose', async () => shutdown.abort());
  const secrets = config.PSP_WEBHOOK_SECRETS?.split(',') ?? [newWebhookSecret()];
  const state = createSandboxState(clock, {
    webhooks: defaultWebhookSettings(config.PSP_WEBHOOK_URL, secrets),
    shutdown: shutdown.signal,
  });
  ministryRoutes(app, state, shutdown.signal);
  controlRoutes(app, state);
  mailboxRoutes(app, state);
  pspRoutes(app, state);
  pspControlRoutes(app, state);
  fxRoutes(app, state);
  return app;
}
