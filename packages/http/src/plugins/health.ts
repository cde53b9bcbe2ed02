import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

/** A dependency the service needs to do its work; `check` rejects or returns false when it is down. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<boolean>;
}

export interface HealthOptions {
  checks: ReadinessCheck[];
  /** A check that has not answered within this time counts as down. */
  checkTimeoutMs?: number;
}

const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.record(z.string(), z.enum(['up', 'down'])),
});

/**
 * `/health/live`: the process is up (restart it if not). `/health/ready`: every dependency
 * answers (take it out of the load balancer if not). Liveness never looks at dependencies, so a
 * database outage does not make Kubernetes restart every pod.
 */
async function healthPlugin(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const timeoutMs = options.checkTimeoutMs ?? 2_000;
  // Probes arrive every few seconds: log them only when something is wrong.
  app.get(
    '/health/live',
    {
      logLevel: 'warn',
      config: { rateLimit: false },
      schema: { tags: ['health'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('live') }) } },
    },
    async () => ({ status: 'live' as const }),
  );

  app.get(
    '/health/ready',
    {
      logLevel: 'warn',
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Readiness: PostgreSQL and Redis reachable',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      const results = await Promise.all(
        options.checks.map(async (c) => [c.name, (await withTimeout(c.check(), timeoutMs)) ? 'up' : 'down'] as const),
      );
      const ready = results.every(([, state]) => state === 'up');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks: Object.fromEntries(results) });
    },
  );
}

async function withTimeout(check: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([check.catch(() => false), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

export default fp(healthPlugin, { name: 'casino-health', fastify: '5.x' });
