import rateLimit from '@fastify/rate-limit';
import { DomainError } from '@casino/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

export interface RateLimitOptions {
  redis: Redis;
  /** Keys are namespaced per app (and per test file), so apps and tests never share counters. */
  keyPrefix: string;
  requestsPerWindowMax: number;
  windowMs: number;
}

/**
 * Per-client request limit, counted in Redis so every instance of an app shares one budget.
 * Routes can tighten it through `config.rateLimit` (login, registration). When Redis is down the
 * limiter lets requests through (`skipOnError`): readiness already reports the outage, and
 * routes that truly need Redis fail on their own with 503.
 */
async function rateLimitPlugin(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: options.requestsPerWindowMax,
    timeWindow: options.windowMs,
    redis: options.redis,
    nameSpace: `${options.keyPrefix}:rate-limit:`,
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new DomainError('rate-limited', `Too many requests: at most ${context.max} per ${context.after}. Try again later.`, {
        extensions: { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
      }),
  });
}

export default fp(rateLimitPlugin, { name: 'casino-rate-limit', fastify: '5.x' });
