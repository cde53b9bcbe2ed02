import {
  createOutboundHttpClient,
  outboundHttpLimits,
  systemClock,
  type CircuitState,
  type Clock,
  type OutboundAnswer,
  type OutboundHttpClient,
  type OutboundHttpClientOptions,
  type RegisterPerson,
} from '@casino/core';
import { readExcludedPersonsCheck, readExclusionEntry, readIdentityVerification } from './responses.ts';
import type { ExcludedPersonsCheck, ExclusionEntry, IdentityVerification, RegisterUnavailable } from './types.ts';

export interface MinistryRegistersClientOptions {
  /** The MF interface in production; apps/sandbox in development and tests. */
  baseUrl: string;
  /** Per HTTP attempt, response body included. Default 2000. */
  timeoutMs?: number;
  /** Extra attempts after a network error, a timeout, a 5xx or a 429. Default 2. */
  retries?: number;
  /** Full-jitter exponential backoff between attempts. Default { baseMs: 100, maxMs: 1000 }. */
  backoff?: { baseMs: number; maxMs: number };
  /** One breaker per register. Defaults: 5 consecutive failed calls open it for 30000 ms. */
  breaker?: { failureThreshold?: number; openMs?: number };
  /** Drives the breakers and `checkedAt`; tests pass a ManualClock. */
  clock?: Clock;
  /** Source of the backoff jitter, in [0, 1). */
  random?: () => number;
}

export interface MinistryRegistersClient {
  /** Identity and age against the basic registers (004:REG-04 (i), IDV-03). */
  verifyIdentity(person: RegisterPerson): Promise<IdentityVerification>;
  /** The register of excluded persons, §16 ZHH (004:REG-04 (ii), ACC-03, IDV-04; 002:KYC-01). */
  checkExcludedPersons(person: RegisterPerson): Promise<ExcludedPersonsCheck>;
  /**
   * Asks the register of excluded persons to list the person, on their own request made through the
   * operator (issue 5). The register is idempotent (a listed person stays listed once), so the
   * retries are safe; the answer is the entry, or `unavailable` when none is confirmed.
   */
  requestExclusion(person: RegisterPerson): Promise<ExclusionEntry>;
  /** For health pages and tests: where each register's breaker stands. */
  circuitStates(): { identity: CircuitState; excludedPersons: CircuitState };
}

/** Bounds on the options, checked when the client is made rather than discovered in production. */
export const registersClientLimits = {
  timeoutMsMax: outboundHttpLimits.timeoutMsMax,
  retriesMax: outboundHttpLimits.retriesMax,
} as const;

/**
 * The platform's HTTP client for the Ministry of Finance's two registers.
 *
 * The rule that matters (004:AMB-12, fail closed): **while a register cannot be reached the answer
 * is "unavailable", never "verified" and never "not listed".** Timeouts, refused connections, 5xx,
 * 4xx, an open circuit and any response that is not exactly a documented answer all become
 * `{ status: 'unavailable', reason }`; callers refuse the registration step or the login until the
 * register answers.
 *
 * Each call: the register's circuit breaker admits it (else `circuit-open` at once, no HTTP), then up
 * to `retries` + 1 attempts of `timeoutMs` each (so at most about (retries + 1) × timeoutMs plus
 * backoff). A call that ends unavailable for want of a reachable, well-behaved register, malformed
 * answers included, counts as one breaker failure; a 4xx does not: the register is up and refused
 * this one request.
 *
 * It logs nothing, and a reason never carries personal data.
 */
export function createMinistryRegistersClient(options: MinistryRegistersClientOptions): MinistryRegistersClient {
  const clock = options.clock ?? systemClock;
  const settings = clientSettings(options, clock);
  // One outbound client, so one breaker, per register: an outage of one leaves the other's calls alone.
  const registers = { identity: createOutboundHttpClient(settings), excludedPersons: createOutboundHttpClient(settings) };

  /** One call: `read` turns a body into an answer, or null when malformed. */
  async function ask<T>(
    register: OutboundHttpClient,
    path: string,
    body: unknown,
    read: (body: unknown) => T | null,
  ): Promise<T | RegisterUnavailable> {
    // Every register call may be repeated: the checks only read, and an exclusion entry is idempotent.
    const outcome = await register.request({ method: 'POST', path, body, retrySafe: true }, (answer: OutboundAnswer) =>
      answer.status === 200 ? read(answer.body) : null,
    );
    if (outcome.kind === 'answer') return outcome.value;
    // A 4xx: the register refused this request as sent; the outbound client counts it as the register being up.
    return { status: 'unavailable', reason: outcome.kind === 'refused' ? 'request-rejected' : outcome.reason };
  }

  return {
    verifyIdentity: (person) =>
      ask(registers.identity, 'mf/identity/verifications', identityRequest(person), readIdentityVerification),
    checkExcludedPersons: (person) =>
      ask(registers.excludedPersons, 'mf/excluded-persons/checks', personRequest(person), (body) =>
        readExcludedPersonsCheck(body, clock.now().toISOString()),
      ),
    requestExclusion: (person) =>
      ask(registers.excludedPersons, 'mf/excluded-persons/entries', personRequest(person), readExclusionEntry),
    circuitStates: () => ({
      identity: registers.identity.circuitState(),
      excludedPersons: registers.excludedPersons.circuitState(),
    }),
  };
}

function clientSettings(options: MinistryRegistersClientOptions, clock: Clock): OutboundHttpClientOptions {
  return {
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? 2_000,
    retries: options.retries ?? 2,
    backoff: options.backoff ?? { baseMs: 100, maxMs: 1_000 },
    breaker: { failureThreshold: options.breaker?.failureThreshold ?? 5, openMs: options.breaker?.openMs ?? 30_000 },
    clock,
    ...(options.random ? { random: options.random } : {}),
  };
}

/** Only the fields each register needs leave the platform. */
function identityRequest(person: RegisterPerson) {
  return { ...personRequest(person), placeOfBirth: person.placeOfBirth, citizenship: person.citizenship };
}

function personRequest(person: RegisterPerson) {
  return {
    firstName: person.firstName,
    surname: person.surname,
    dateOfBirth: person.dateOfBirth,
    birthNumber: person.birthNumber,
  };
}
