import { assert, pragueDate, type PlayerId } from '@casino/core';
import type { Tx } from '@casino/db';

/** YYYY-MM-DD plus whole years; 29 February becomes 1 March in a common year (never a day early). */
export function addYears(date: string, years: number): string {
  assert(/^\d{4}-\d{2}-\d{2}$/.test(date) && Number.isInteger(years) && years >= 0, 'addYears needs YYYY-MM-DD and whole years');
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

/**
 * The last day records must be kept: `years` after the later of the end of the business
 * relationship and the last transaction (002:REC-02, T-REC-01: a transaction of 2024-01-15 is kept
 * until 2034-01-15; AML act 253/2008 §16 counts from the end of the relationship).
 */
export function retainedUntil(lastEvent: Date, years: number): string {
  return addYears(pragueDate(lastEvent), years);
}

export interface PlayerRetention {
  /** When the contract ended (the account was closed or cancelled); null while it runs. */
  relationshipEndedAt: Date | null;
  lastTransactionAt: Date | null;
  /** Null while the relationship runs: the period has not even started. */
  retainedUntil: string | null;
}

export async function playerRetention(tx: Tx, playerId: PlayerId, years: number): Promise<PlayerRetention> {
  const [row] = await tx.$queryRaw<Array<{ state: string; ended_at: Date | null; last_transaction_at: Date | null }>>`
    SELECT pl.state::text AS state,
      (SELECT max(s.at) FROM player_state_transition s WHERE s.player_id = pl.id AND s.to_state IN ('CLOSED', 'CANCELLED')) AS ended_at,
      (SELECT max(p.effective_at) FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id
        WHERE a.owner_kind = 'PLAYER' AND a.owner_id = pl.id::text) AS last_transaction_at
    FROM player pl WHERE pl.id = ${playerId}::uuid`;
  assert(row !== undefined, `player ${playerId} vanished`);
  const ended = row.state === 'CLOSED' || row.state === 'CANCELLED' ? row.ended_at : null;
  if (ended === null) return { relationshipEndedAt: null, lastTransactionAt: row.last_transaction_at, retainedUntil: null };
  const last = row.last_transaction_at !== null && row.last_transaction_at > ended ? row.last_transaction_at : ended;
  return { relationshipEndedAt: ended, lastTransactionAt: row.last_transaction_at, retainedUntil: retainedUntil(last, years) };
}
