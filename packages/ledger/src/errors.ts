import { DomainError } from '@casino/core';
import { sqlStateOf } from '@casino/db';

/** SQLSTATEs raised by the ledger's SQL functions (prisma/migrations/*_ledger). */
export const ledgerSqlStates = {
  insufficientFunds: 'LDG01',
  idempotencyKeyReused: 'LDG02',
  unknownAccount: 'LDG03',
  currencyMismatch: 'LDG04',
  unbalanced: 'LDG05',
  appendOnly: 'LDG09',
} as const;

export class InsufficientFunds extends DomainError {
  constructor(
    readonly accountCode: string,
    readonly balanceMinor: bigint,
  ) {
    super('insufficient-funds', `Account ${accountCode} has insufficient funds for this posting.`, {
      extensions: { accountCode, balanceMinor: balanceMinor.toString() },
    });
  }
}

export class IdempotencyKeyReused extends DomainError {
  constructor(readonly idempotencyKey: string) {
    super('idempotency-key-reused', `Idempotency key "${idempotencyKey}" was already used for a different request.`, {
      field: 'header.idempotency-key',
    });
  }
}

/**
 * Turns the ledger function's SQLSTATEs into domain errors. Unknown account, currency mismatch and
 * unbalanced postings are refused by post() before the database sees them, so reaching the SQL
 * checks is a bug and stays an error (500).
 */
export function mapLedgerError(error: unknown, idempotencyKey: string): unknown {
  const state = sqlStateOf(error);
  if (state === ledgerSqlStates.insufficientFunds) {
    const detail = parseDetail(error);
    return new InsufficientFunds(detail.accountCode ?? 'unknown', BigInt(detail.balanceMinor ?? '0'));
  }
  if (state === ledgerSqlStates.idempotencyKeyReused) return new IdempotencyKeyReused(idempotencyKey);
  return error;
}

function parseDetail(error: unknown): { accountCode?: string; balanceMinor?: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const candidate = current as { detail?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
    if (typeof candidate.detail === 'string' && candidate.detail.startsWith('{')) {
      try {
        return JSON.parse(candidate.detail) as { accountCode?: string; balanceMinor?: string };
      } catch {
        return {};
      }
    }
    current = candidate.cause ?? candidate.meta?.driverAdapterError;
  }
  return {};
}
