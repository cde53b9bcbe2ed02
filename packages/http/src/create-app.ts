import { DomainError, newId } from '@casino/core';
import { trace } from '@opentelemetry/api';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import { jsonBodyDepthMax, jsonNestingDepth } from './json-depth.ts';
import { findMalformedText } from './text.ts';
import { loggerOptions } from './logger.ts';
import { currentTraceId, tracingConfigured } from './tracing.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin, { sendFrameworkError } from './plugins/errors.ts';
import healthPlugin, { type ReadinessCheck } from './plugins/health.ts';
import metricsPlugin from './metrics.ts';
import openApiPlugin from './plugins/openapi.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import type { PrincipalResolver } from './principals.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface CreateHttpAppOptions {
  service: string;
  version: string;
  description: string;
  logLevel: string;
  /** Tests pass a stream to read the log lines. */
  logStream?: DestinationStream;
  /** Omit for a service without authenticated routes (the sandbox). */
  jwtSecret?: string;
  /** Lifetime of the access tokens the app issues; default 900 (`accessTokenTtlSecondsDefault`). */
  accessTokenTtlSeconds?: number;
  /** Who a token's subject is now; required for every audience the app authenticates. */
  principals?: PrincipalResolver;
  readinessChecks: ReadinessCheck[];
  /** Omit to run without a rate limiter (the sandbox). */
  rateLimit?: { redis: Redis; keyPrefix: string; requestsPerWindowMax?: number; windowMs?: number };
  bodyLimitBytes?: number;
  /** Strict-Transport-Security on every response: only where TLS terminates in front of the service (`BEHIND_TLS`). */
  hsts?: boolean;
  /** `/metrics` asks for this bearer token when set (METRICS_TOKEN, D-2202). */
  metricsToken?: string;
  /**
   * Proxies (addresses, CIDR ranges) whose X-Forwarded-For is believed (`TRUSTED_PROXIES`): `request.ip`
   * is then the first address, from the right, that is not one of them, so rate limits and audit see
   * the client behind the web app's server. Omitted or empty: the socket's address, whatever a header says.
   */
  trustedProxies?: readonly string[];
}

/**
 * The zod validator of every route part (body, query, params, headers), behind one check that
 * applies to every string whatever its schema: no NUL and no lone surrogate (src/text.ts). The
 * refusal is made by zod itself, so it reads like any other validation problem, field included.
 */
const refusingMalformedText: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const malformed = findMalformedText(data);
    if (!malformed) return validate(data);
    const refusal = z
      .unknown()
      .superRefine((_value, ctx) => ctx.addIssue({ code: 'custom', path: malformed.path, message: `Text ${malformed.reason}` }));
    return validatorCompiler({ ...route, schema: refusal })(data);
  };
};

let logStreamOfTests: DestinationStream | undefined;

/**
 * Tests only (through `@casino/http/testing`): the log lines of every app built afterwards in this
 * process go to `stream`, so a test can read what the apps of a whole harness log.
 */
export function routeAppLogsTo(stream: DestinationStream | undefined): void {
  logStreamOfTests = stream;
}

/** Incoming request ids are kept when they look like ids (so a trace spans services), else replaced. */
const requestIdPattern = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The Fastify instance every app starts from: zod validation and serialization, OpenAPI,
 * problem+json errors, request ids, security headers, redacting logs, health endpoints, JWT audiences and a
 * Redis-backed rate limiter. The app adds its routes and returns it; server.ts only listens.
 */
export async function createHttpApp(options: CreateHttpAppOptions): Promise<App> {
  const traced = tracingConfigured();
  const logger = {
    ...loggerOptions(options.logLevel, options.service),
    // With traces on, every line written inside a traced request says which trace (D-2206).
    ...(traced ? { mixin: () => (currentTraceId() ? { traceId: currentTraceId() } : {}) } : {}),
    ...((options.logStream ?? logStreamOfTests) ? { stream: options.logStream ?? logStreamOfTests } : {}),
  };
  const app = Fastify({
    logger,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      if (typeof incoming === 'string' && requestIdPattern.test(incoming)) return incoming;
      // A request that starts here is known by its trace id when tracing is on (D-2206).
      return (traced && currentTraceId()) || newId<string>();
    },
    bodyLimit: options.bodyLimitBytes ?? 256 * 1024,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    return503OnClosing: true,
    trustProxy: options.trustedProxies && options.trustedProxies.length > 0 ? [...options.trustedProxies] : false,
    // The router's own refusals (414, bad escapes) as problem+json too (issue 14 (9)).
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  refuseDeepJson(app);
  app.setValidatorCompiler(refusingMalformedText);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  if (traced) {
    // The server span is named by the route pattern, as the metrics are (never the raw URL).
    app.addHook('onRequest', async (request) => {
      const route = request.routeOptions.url;
      if (route) trace.getActiveSpan()?.setAttribute('http.route', route).updateName(`${request.method} ${route}`);
    });
  }

  await app.register(securityHeadersPlugin, { hsts: options.hsts ?? false });
  await app.register(errorsPlugin);
  await app.register(openApiPlugin, { title: options.service, version: options.version, description: options.description });
  if (options.rateLimit) {
    await app.register(rateLimitPlugin, {
      redis: options.rateLimit.redis,
      keyPrefix: options.rateLimit.keyPrefix,
      requestsPerWindowMax: options.rateLimit.requestsPerWindowMax ?? 300,
      windowMs: options.rateLimit.windowMs ?? 60_000,
    });
  }
  if (options.jwtSecret !== undefined) {
    await app.register(authPlugin, {
      jwtSecret: options.jwtSecret,
      ...(options.accessTokenTtlSeconds !== undefined ? { accessTokenTtlSeconds: options.accessTokenTtlSeconds } : {}),
      ...(options.principals ? { principals: options.principals } : {}),
    });
  }
  await app.register(healthPlugin, { checks: options.readinessChecks });
  await app.register(metricsPlugin, options.metricsToken ? { token: options.metricsToken } : {});
  return app as App;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused, empty bodies handled), behind a depth check
 * on the raw text: a body nested deeper than `jsonBodyDepthMax` is a 400 before anything walks it.
 */
function refuseDeepJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestingDepth(body as string, jsonBodyDepthMax) > jsonBodyDepthMax) {
      done(
        new DomainError('validation-failed', `The JSON body nests deeper than ${jsonBodyDepthMax} levels.`, { field: 'body' }),
        undefined,
      );
      return;
    }
    parse(request, body as string, done);
  });
}
