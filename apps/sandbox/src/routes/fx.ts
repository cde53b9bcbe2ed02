import type { App } from '@casino/http';
import { problemResponses } from '@casino/http';
import { z } from 'zod';
import type { SandboxState } from '../state/sandbox-state.ts';

const rateText = z.string().regex(/^(?:0|[1-9]\d{0,11})(?:\.\d{1,12})?$/);

const FxSettingsSchema = z.object({
  available: z.boolean().describe('false: GET /fx/rates answers 503'),
  source: z.string().min(1).max(40),
  base: z.string().length(3),
  rates: z.record(z.string().length(3), rateText).describe('Units per one unit of the base, decimal strings'),
});
const FxSettingsBodySchema = FxSettingsSchema.partial();
const RatesQuerySchema = z.object({ base: z.string().length(3).default('EUR') });
const RatesSchema = z.object({
  source: z.string(),
  base: z.string(),
  publishedAt: z.string(),
  rates: z.record(z.string(), rateText),
});

/** The simulated exchange-rate source (issue 26) and its switch, like the registers' and the provider's. */
export function fxRoutes(app: App, state: SandboxState): void {
  app.get(
    '/fx/rates',
    {
      schema: {
        tags: ['fx'],
        summary: 'The latest exchange rates against a base (units per one unit of it)',
        querystring: RatesQuerySchema,
        response: { 200: RatesSchema, ...problemResponses(400, 503) },
      },
    },
    async (request) => state.fx.latest(request.query.base),
  );
  app.get(
    '/control/fx',
    { schema: { tags: ['control'], summary: "The rate source's settings", response: { 200: FxSettingsSchema } } },
    async () => state.fx.settings,
  );
  app.put(
    '/control/fx',
    {
      schema: {
        tags: ['control'],
        summary: 'Change the rates or make the rate source unavailable',
        body: FxSettingsBodySchema,
        response: { 200: FxSettingsSchema, ...problemResponses(400) },
      },
    },
    async (request) => {
      state.fx.configure(request.body);
      return state.fx.settings;
    },
  );
}
