import type { OutboundFailureReason } from '@casino/core';

/**
 * What the platform asks the Ministry of Finance's registers, and the answers it gets back.
 * A register that cannot be reached answers `unavailable`: never `verified`, never `not-listed`.
 * The person asked about is `RegisterPerson` (@casino/core), shared with the players and limits packages.
 */

/**
 * Why a register gave no answer. Says nothing about the person: safe to store, show or log.
 * - circuit-open: recent calls failed, so this one was not even tried
 * - timeout: no answer within timeoutMs (after the retries)
 * - network-error: no connection (after the retries)
 * - server-error: 5xx or 429 (after the retries)
 * - malformed-response: an answer that is not one of the documented ones
 * - request-rejected: a 4xx: the register refused the request as sent
 */
export type UnavailableReason = OutboundFailureReason | 'request-rejected';

export interface RegisterUnavailable {
  status: 'unavailable';
  reason: UnavailableReason;
}

export type IdentityVerification =
  | { status: 'verified'; reference: string }
  | { status: 'not-found'; reference: string }
  | { status: 'mismatch'; mismatchedFields: string[]; reference: string }
  | RegisterUnavailable;

export type ExcludedPersonsCheck =
  | { status: 'not-listed'; reference: string; /** ISO timestamp the answer arrived */ checkedAt: string }
  | { status: 'listed'; /** YYYY-MM-DD */ listedSince?: string; reference: string; checkedAt: string }
  | RegisterUnavailable;

/** The answer to a request to be entered in the register of excluded persons (made on the person's own request, through the operator). */
export type ExclusionEntry =
  { status: 'entered'; /** YYYY-MM-DD */ listedSince: string; reference: string } | RegisterUnavailable;
