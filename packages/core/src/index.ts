// Public API of @casino/core. Import from '@casino/core' only, never from
// deep paths, so the modules behind it can be reorganised freely.
export { InvariantViolation, assert, assertNever } from './assert.ts';
export { type Clock, ManualClock, systemClock } from './clock.ts';
export { type Backoff, assertBackoff, fullJitterBackoffMs } from './backoff.ts';
export { CircuitBreaker, type CircuitBreakerOptions, type CircuitPermit, type CircuitState } from './circuit-breaker.ts';
export {
  type OutboundAnswer,
  type OutboundFailureReason,
  type OutboundHttpClient,
  type OutboundHttpClientOptions,
  type OutboundOutcome,
  type OutboundRequest,
  createOutboundHttpClient,
  outboundHttpLimits,
} from './outbound-http.ts';
export {
  type BaseConfig,
  type ConfigProblem,
  ConfigError,
  type EnvVar,
  baseConfigSchema,
  boolVar,
  enumVar,
  hostVar,
  intVar,
  isSensitiveVariableName,
  logLevels,
  nodeEnvironments,
  parseConfig,
  portVar,
  redactUrl,
  secretVar,
  serviceConfigSchema,
  dependencyWaitSchema,
  trustedProxiesVar,
  type ServiceConfig,
  urlVar,
} from './config.ts';
export {
  type CurrencyCode,
  type CurrencyInfo,
  CurrencyCodeSchema,
  currencies,
  currencyCodes,
  isCurrencyCode,
  minorUnitDigits,
} from './currency.ts';
export {
  type DomainErrorOptions,
  type ErrorCode,
  type ProblemDetails,
  DomainError,
  errorCatalog,
  isDomainError,
  isErrorCode,
  problemTypeBaseUri,
  problemTypeUri,
} from './errors.ts';
export {
  type AccountId,
  type Brand,
  type OutboxMessageId,
  type PlayerId,
  type RequestId,
  type StaffUserId,
  type TransactionId,
  asAccountId,
  asOutboxMessageId,
  asPlayerId,
  asRequestId,
  asStaffUserId,
  asTransactionId,
  isUuid,
  newId,
  uuidV7TimestampMs,
} from './ids.ts';
export { formatMinorUnits, Money, type MoneyJson, MoneyStringSchema } from './money.ts';
export type { RegisterPerson } from './register-person.ts';
export {
  MovementAmountJsonSchema,
  movementAmountJsonProblem,
  movementAmountMinorMax,
  movementAmountProblem,
} from './movement-amount.ts';
export { Rounding, type RoundingMode, isRoundingMode } from './rounding.ts';
export { addDays, ageOn, operatorTimeZone, pragueDate, startOfPragueDay } from './calendar.ts';
export { type BusinessEvent, type BusinessMetrics, countBusinessEvent, useBusinessMetrics } from './metrics.ts';
