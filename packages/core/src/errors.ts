import { assert } from './assert.ts';

/**
 * The one error catalog of the platform. Codes are stable, kebab-case and part
 * of the public contract: clients switch on them (via the problem `type` URI),
 * so never rename or re-purpose a code; add a new one instead.
 */
export const errorCatalog = {
  'validation-failed': { status: 400, title: 'Request validation failed' },
  unauthorized: { status: 401, title: 'Authentication required' },
  forbidden: { status: 403, title: 'Forbidden' },
  'not-found': { status: 404, title: 'Resource not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict with the current state of the resource' },
  'idempotency-key-reused': { status: 409, title: 'Idempotency key reused with a different request' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'uri-too-long': { status: 414, title: 'URI too long' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'insufficient-funds': { status: 422, title: 'Insufficient funds' },
  'currency-mismatch': { status: 422, title: "The amount's currency is not the account's" },
  'limit-exceeded': { status: 422, title: 'Limit exceeded' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  // Wallets and FX (issues 26 and 18).
  'fx-rates-stale': { status: 503, title: 'Exchange rates are not current; no conversion is possible now' },
  'fx-quote-expired': { status: 409, title: 'The exchange quote has expired or was used' },
  'wallet-currency-not-offered': { status: 422, title: 'The operator offers no wallet or table in this currency' },
  // Players: application, contract, login (004 §3.1–3.4, 002 §3.2–3.3).
  'under-age': { status: 422, title: 'The applicant is under 18' },
  'not-resident': { status: 422, title: 'Only residents of the Czech Republic may take part' },
  'birth-number-invalid': { status: 422, title: 'The birth number is invalid or does not match the date of birth' },
  'duplicate-person': { status: 409, title: 'This person already has an account' },
  'self-limit-decision-missing': { status: 422, title: 'Each self-limitation measure must be set or refused' },
  'self-limits-milder-than-previous': {
    status: 422,
    title: 'Self-limits may not be milder than those of the recently closed account',
  },
  'invalid-token': { status: 400, title: 'The token is invalid, used or expired' },
  'invalid-credentials': { status: 401, title: 'E-mail or password is wrong' },
  'email-not-confirmed': { status: 403, title: 'The e-mail address is not confirmed yet' },
  'listed-in-register': { status: 403, title: 'Listed in the register of excluded persons' },
  'screening-hold': { status: 403, title: 'A sanctions or PEP screening match awaits a compliance decision' },
  'register-unavailable': { status: 503, title: 'The register of excluded persons cannot be reached' },
  'identity-check-unavailable': { status: 503, title: 'The basic registers cannot be reached to verify identity' },
  'invalid-sms-code': { status: 422, title: 'The SMS code is wrong or expired' },
  'login-throttled': { status: 429, title: 'Too many failed logins; wait before trying again' },
  'registration-expired': { status: 409, title: 'The registration can no longer be completed' },
  'registration-incomplete': { status: 409, title: 'Registration cannot be completed yet' },
  'account-not-active': { status: 403, title: 'The account cannot be used in its current state' },
  'refresh-token-reused': { status: 401, title: 'The refresh token was already used; the session is revoked' },
  'temporary-account-deposit-cap': { status: 422, title: 'Deposits to a temporary account are capped' },
  'temporary-account-cashless-only': { status: 422, title: 'A temporary account accepts cashless deposits only' },
  'temporary-account-no-withdrawals': { status: 422, title: 'Nothing can be withdrawn from a temporary account' },
  // Compliance back office (issue 9): payout holds (004:AML-04, WIN-07), customer due diligence.
  'payouts-suspended': { status: 403, title: 'Withdrawals and win payouts are suspended' },
  'due-diligence-required': { status: 422, title: 'Customer due diligence must be completed first' },
  // Self-limitation measures and their enforcement (issue 5, packages/limits).
  'self-excluded': { status: 403, title: 'The player is self-excluded' },
  'self-exclusion-not-shortenable': { status: 409, title: 'A self-exclusion cannot be shortened or lifted' },
  'self-limits-inconsistent': { status: 422, title: 'A shorter period may not have a higher limit than a longer one' },
  'play-session-ended': { status: 409, title: 'The play session has ended' },
  'tournament-limits-not-set': { status: 422, title: 'Tournament-count limits must be set before the first tournament' },
  // Cashier: payment methods, deposits, withdrawals, caps, webhooks, debt (issue 6; 004 §3.6, ACC-07, WIN-04/05; 002 §3.5, §3.7).
  'payment-method-not-eligible': { status: 422, title: 'This payment method cannot be registered' },
  'holder-name-mismatch': { status: 422, title: "The holder's name does not match the player's" },
  'card-data-refused': { status: 422, title: 'Card numbers and card images are never accepted' },
  'payment-method-not-verified': { status: 422, title: 'The payment method is not verified' },
  'payment-method-not-active': { status: 422, title: 'Money moves only through the active payment method' },
  'below-payment-minimum': { status: 422, title: "The amount is below the payment method's minimum" },
  'payment-cap-exceeded': { status: 422, title: "The amount exceeds the payment method's cap" },
  'payment-attempts-exceeded': { status: 422, title: 'Too many payment attempts within 24 hours' },
  'no-active-payment-method': { status: 422, title: 'There is no active payment method' },
  'withdrawal-method-not-bank-account': { status: 422, title: 'Withdrawals go only to a bank account' },
  'payment-methods-not-verified': { status: 422, title: 'Every registered payment method must be verified first' },
  'debt-outstanding': { status: 403, title: 'An unpaid debt must be repaid first' },
  'identity-document-required': { status: 422, title: 'A cash transaction needs the identity document checked' },
  'withdrawal-not-cancellable': { status: 409, title: 'The withdrawal can no longer be cancelled' },
  'payment-declined': { status: 422, title: 'The payment provider declined the payment' },
  'payment-provider-unavailable': { status: 503, title: 'The payment provider cannot be reached' },
  'webhook-signature-invalid': { status: 401, title: 'The webhook signature is missing, invalid or stale' },
  // Exports, retention and erasure (issue 10, docs/exports.md).
  'export-too-large': { status: 422, title: 'Too many rows to stream directly; request a background export' },
  'export-not-ready': { status: 409, title: 'The export is not ready' },
  'export-expired': { status: 410, title: 'The export has expired' },
  'retention-period-active': { status: 409, title: 'The records are inside their retention period' },
  'erasure-account-open': { status: 409, title: 'Personal data can be erased only after the account is closed' },
  // Game service (issue 7, packages/tables): seats and the actions a round refuses.
  'table-closed': { status: 409, title: 'The table is closed' },
  'table-full': { status: 409, title: 'Every seat at the table is taken' },
  'seat-taken': { status: 409, title: 'The seat is taken' },
  'already-seated': { status: 409, title: 'The player already has a seat at this table' },
  'not-seated': { status: 403, title: 'Only a seated player can act; spectators watch' },
  'game-action-refused': { status: 422, title: 'The game refused the action' },
  // Poker cash tables (issue 16): a table definition that breaks its rule profile (by-capability.md §1d).
  'poker-table-invalid': { status: 422, title: 'The poker table breaks its rule profile' },
  // Poker tables (issue 16): the table's server is being replaced or is overloaded; retry after Retry-After.
  'table-unavailable': { status: 503, title: 'The table is not available right now' },
  // What a poker table refuses, each with its `reason` (docs/poker-tables.md).
  'poker-not-your-turn': { status: 409, title: 'It is not your turn, or that turn is over' },
  'poker-action-refused': { status: 422, title: 'The poker table refused the action' },
  'poker-buy-in-refused': { status: 422, title: "The amount is outside what the table's rules allow" },
  'poker-command-refused': { status: 409, title: 'The poker table cannot do that now' },
  'hand-history-not-offered': { status: 403, title: "This table's rules do not give players their hand histories" },
  'chat-language-refused': { status: 422, title: "Chat is in the table's languages only" },
  // Poker integrity, aliases, private tables (issue 18): each with its `reason` (docs/poker-tables.md).
  'poker-seat-refused': { status: 403, title: 'The poker room refuses you a seat at this table' },
  'poker-alias-refused': { status: 422, title: 'The alias cannot be taken' },
  'private-table-order-refused': { status: 422, title: 'The private table order cannot be accepted' },
  // Poker waiting lists (issue 18, 003:R-TBL-04, docs/poker-tables.md): a refused join (`reason`); a seat offered to another.
  'waiting-list-refused': { status: 409, title: 'The waiting list refused the request' },
  'seat-reserved': { status: 409, title: 'The free seat is offered to the first in the waiting list' },
  // Poker tournaments (issue 19, docs/tournaments.md): a definition that breaks its profile; a refused registration (`reason`).
  'tournament-invalid': { status: 422, title: 'The tournament breaks its rule profile' },
  'tournament-registration-refused': { status: 409, title: 'The tournament refused the registration' },
  // A rebuy, add-on, re-entry or late registration of a running tournament refused by its rules (`reason`, D-1936).
  'tournament-purchase-refused': { status: 409, title: 'The tournament refused the rebuy, add-on or entry' },
  // Issue 23: the account's whole life.
  'termination-notice-running': { status: 409, title: 'A notice of termination is already running' },
  'registration-barred': { status: 403, title: 'The operator refuses a new registration after termination for cause' },
  'complaint-not-open': { status: 409, title: 'The complaint is not open for this step' },
  'internal-error': { status: 500, title: 'Internal server error' },
  'service-unavailable': { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof errorCatalog;

/**
 * Base of every problem `type` URI. Documented and stable: a problem type is
 * `${problemTypeBaseUri}${code}`, e.g. https://problems.casino.example/not-found.
 */
export const problemTypeBaseUri = 'https://problems.casino.example/';

export function isErrorCode(s: string): s is ErrorCode {
  return Object.hasOwn(errorCatalog, s);
}

export function problemTypeUri(code: ErrorCode): string {
  assert(isErrorCode(code), `Unknown error code: ${String(code)}`);
  return `${problemTypeBaseUri}${code}`;
}

/** RFC 9457 problem details object, plus our optional `field` member. */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance?: string;
  readonly field?: string;
  readonly [extension: string]: unknown;
}

// Extensions may not shadow the standard members: a client must be able to
// trust `status` and `type` whatever a throw site put into extensions.
const reservedProblemMembers: ReadonlySet<string> = new Set(['type', 'title', 'status', 'detail', 'instance', 'field']);

export interface DomainErrorOptions {
  field?: string;
  extensions?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * An expected, client-facing failure (the 4xx family, plus the few 5xx codes
 * that describe a state, e.g. service-unavailable). Programmer errors are
 * InvariantViolation instead and are never DomainErrors.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly field?: string;
  readonly extensions?: Readonly<Record<string, unknown>>;

  constructor(code: ErrorCode, detail: string, options: DomainErrorOptions = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    assert(isErrorCode(code), `Unknown error code: ${String(code)}`);
    const entry = errorCatalog[code];
    this.code = code;
    this.status = entry.status;
    this.type = problemTypeUri(code);
    this.title = entry.title;
    this.detail = detail;
    if (options.field !== undefined) this.field = options.field;
    if (options.extensions !== undefined) {
      for (const key of Object.keys(options.extensions)) {
        assert(!reservedProblemMembers.has(key), `Problem extension "${key}" shadows a standard member`);
      }
      this.extensions = Object.freeze({ ...options.extensions });
    }
  }

  /** The RFC 9457 body; `instance` is usually the request path or request id. */
  toProblem(instance?: string): ProblemDetails {
    return {
      ...this.extensions,
      type: this.type,
      title: this.title,
      status: this.status,
      detail: this.detail,
      ...(instance === undefined ? {} : { instance }),
      ...(this.field === undefined ? {} : { field: this.field }),
    };
  }
}

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}
