export { createHttpApp, type App, type CreateHttpAppOptions } from './create-app.ts';
export { listenWithGracefulShutdown, type ListenOptions } from './server.ts';
export { DependencyUnavailableError, requireReachable, unreachableMessage } from './dependencies.ts';
export { ProblemSchema, problemOf, problemResponses, problemContentType, type Problem } from './problem.ts';
export { sendProblem } from './plugins/errors.ts';
export {
  accessTokenTtlSecondsDefault,
  audiences,
  declaredStaffRoles,
  staffRoles,
  tokenIssuer,
  type Audience,
  type Principal,
  type StaffRole,
  type TokenSubject,
} from './plugins/auth.ts';
export {
  createCachedPrincipalResolver,
  principalCacheLimits,
  type CachedPrincipalResolverOptions,
  type PrincipalLookup,
  type PrincipalRecord,
  type PrincipalResolver,
} from './principals.ts';
export { jsonBodyDepthMax, jsonNestingDepth } from './json-depth.ts';
export type { ReadinessCheck } from './plugins/health.ts';
export { isServiceUnavailableError } from './unavailable.ts';
export { redactPaths } from './logger.ts';
export {
  bootService,
  connectionReadinessChecks,
  createServiceApp,
  type BootServiceOptions,
  type CreateServiceAppOptions,
  type ServiceConnections,
} from './boot.ts';
export {
  amountMinorMax,
  IdempotencyKeySchema,
  MoneyInputSchema,
  MoneyOutputSchema,
  moneyOut,
  SequenceCursorSchema,
  UuidCursorSchema,
  UuidSchema,
} from './schemas.ts';
export { findMalformedText, malformedTextReason } from './text.ts';
export { observeDatabasePool, processMetrics, type GaugeSetter, type ProcessMetrics } from './metrics.ts';
export { currentTraceId, startTracing, tracingConfigured } from './tracing.ts';
export { forwardedFor, proxyMatcher } from './forwarded.ts';
