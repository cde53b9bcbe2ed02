import { countBusinessEvent, isDomainError, type ErrorCode } from '@casino/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { problemContentType, problemFromDomainError, problemOf, type Problem } from '../problem.ts';
import { isPoolExhaustedError, isServiceUnavailableError } from '../unavailable.ts';

/**
 * One place turns every error into `application/problem+json`: validation errors name the
 * offending field, domain errors carry their catalog code, and anything unexpected becomes a
 * 500 whose response has the request id but never the stack (the log line has it).
 */
async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = problemFor(error, request);
    // Refusals by a self-limitation measure, by measure, for the operators (issue 22): every stake and
    // deposit refusal surfaces here, however the path that checked it was written.
    if (isDomainError(error) && error.code === 'limit-exceeded') {
      const measure = error.extensions?.measure;
      countBusinessEvent('limit-refused', typeof measure === 'string' ? measure : 'unknown');
    }
    if (problem.status >= 500) {
      request.log.error({ err: error, problemType: problem.type }, 'request failed');
    } else {
      request.log.info({ problemType: problem.type, field: problem.field }, 'request rejected');
    }
    return sendProblem(reply, problem);
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, problemOf('not-found', `No route ${request.method} ${request.url.split('?')[0]}`, request.id)),
  );
}

/**
 * Seconds a client should wait before trying again after a 503 (issue 14 (10), D-1433). Short:
 * a full pool or a restarting database is usually a matter of a second or two, and a client that
 * waits at least this long spreads the retries of a burst instead of repeating it.
 */
export const retryAfterSecondsOn503 = 2;

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  // 503 always says when to come back; 429 carries its own Retry-After from the rate limiter.
  if (problem.status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(retryAfterSecondsOn503));
  // A string body skips the route's response serializer: a problem is never reshaped or refused.
  return reply.code(problem.status).header('content-type', problemContentType).send(JSON.stringify(problem));
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a path
 * parameter longer than `maxParamLength`, a broken percent-escape). Without it Fastify answers
 * these with its own `application/json` body; with it they are problems like every other error.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const requestId = request.id;
  reply.header('x-request-id', requestId);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendProblem(
      reply,
      problemOf('uri-too-long', 'A path segment of the URL is longer than any identifier this API uses.', requestId, {
        field: 'path',
      }),
    );
  } else if (error.code === 'FST_ERR_BAD_URL') {
    sendProblem(reply, problemOf('validation-failed', 'The URL has an invalid percent-escape.', requestId, { field: 'path' }));
  } else {
    request.log.error({ err: error }, 'request failed in the router');
    sendProblem(
      reply,
      problemOf('internal-error', 'An unexpected error occurred. Quote the request id when contacting support.', requestId),
    );
  }
}

function problemFor(error: FastifyError, request: FastifyRequest): Problem {
  const requestId = request.id;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? 'body';
    const errors = error.validation.map((issue) => ({
      field: [context, ...fieldPath(issue.instancePath, issue.params)].join('.'),
      message: issue.message ?? 'invalid',
    }));
    return problemOf(
      'validation-failed',
      `Invalid ${context}: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
      requestId,
      {
        field: errors[0]?.field ?? context,
        errors,
      },
    );
  }
  if (isDomainError(error)) return problemFromDomainError(error, requestId, request.url);
  if (isResponseSerializationError(error))
    return problemOf('internal-error', 'The server produced an invalid response.', requestId);
  if (isPoolExhaustedError(error)) {
    return problemOf(
      'service-unavailable',
      'The service is busy (no database connection was free in time); try again shortly.',
      requestId,
    );
  }
  if (isServiceUnavailableError(error)) {
    return problemOf('service-unavailable', 'A backing service is unavailable; try again shortly.', requestId);
  }
  const fromFastify = fastifyClientError(error);
  if (fromFastify) return problemOf(fromFastify, clientErrorDetail(error), requestId);
  return problemOf('internal-error', 'An unexpected error occurred. Quote the request id when contacting support.', requestId);
}

function fieldPath(instancePath: string, params: Record<string, unknown> | undefined): string[] {
  const parts = instancePath.split('/').filter(Boolean);
  // A missing required key is reported on its parent; name the key itself.
  const missing = params && typeof params.missingProperty === 'string' ? [params.missingProperty] : [];
  return [...parts, ...missing];
}

/** Maps Fastify's own 4xx errors (bad JSON, wrong media type, body too large, JWT, rate limit). */
function fastifyClientError(error: FastifyError): ErrorCode | null {
  const status = error.statusCode ?? 500;
  if (status >= 500) return null;
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 413:
      return 'payload-too-large';
    case 415:
      return 'unsupported-media-type';
    case 429:
      return 'rate-limited';
    default:
      return 'validation-failed';
  }
}

function clientErrorDetail(error: FastifyError): string {
  // Fastify's and its plugins' client-error messages are written for clients and carry no internals.
  return error.message || 'The request was rejected.';
}

export default fp(errorsPlugin, { name: 'casino-errors', fastify: '5.x' });
