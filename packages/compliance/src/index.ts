// Public API of @casino/compliance. Import from '@casino/compliance' only.
export { CircuitBreaker, type CircuitBreakerOptions, type CircuitPermit, type CircuitState } from './registers/circuit-breaker.ts';
export {
  createMinistryRegistersClient,
  registersClientLimits,
  type MinistryRegistersClient,
  type MinistryRegistersClientOptions,
} from './registers/ministry-registers-client.ts';
export type { ExcludedPersonsCheck, ExclusionEntry, IdentityVerification, RegisterPerson, RegisterUnavailable, UnavailableReason } from './registers/types.ts';
