import type { Tx } from './client.ts';

/**
 * THE per-player lock (issue 15): one transaction-scoped advisory lock per player, taken by every
 * use case of every package that decides something about one player (limits, cashier, compliance
 * account actions, the register of excluded persons, erasure, the tables' stakes and settlements).
 * Two such decisions about one player run one after another, so each reads what the other committed;
 * decisions about two different players do not wait for each other. It is an advisory lock, not a
 * row lock on `player`, so logins and profile changes (which update that row) never queue behind a
 * stake, and it is re-entrant: a use case may take it again through a package it calls.
 *
 * ## The lock order (one order for the whole platform; docs/concurrency.md)
 *
 * A transaction takes its locks in this order and never goes back to an earlier level; two flows
 * that follow it cannot wait for each other in a circle (SQLSTATE 40P01).
 *
 *  1. The subject the request arrived for, when it is not a player's own row: a provider transfer
 *     (advisory), a deposit or withdrawal row an event or a staff decision is about, a compliance
 *     case, an SMS challenge; at the tables the round, then its table.
 *  2. Players, with `lockPlayer` / `lockPlayers`: several in player-id order, all before any of
 *     their rows (a settling round locks all its players first).
 *  3. The player's own rows: `player`, `player_self_limits`, payment methods, seats, round places,
 *     payout holds. A flow that starts from one of these (a verification event about a payment
 *     method) reads it unlocked, takes the player lock, then locks and re-reads the row.
 *  4. Ledger holds, then ledger account shards (in account-id order, `ledger_post`: INVARIANTS I10).
 *  5. Platform-wide serialisers, last and held until commit: the audit chain, the ledger seal.
 */
export async function lockPlayer(tx: Tx, playerId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${playerLockKey(playerId)}, 0))`;
}

/** Several players' locks in one go, in player-id order (lock order, level 2), each once. */
export async function lockPlayers(tx: Tx, playerIds: Iterable<string>): Promise<void> {
  const sorted = [...new Set(playerIds)].sort();
  if (sorted.length <= 1) {
    if (sorted[0] !== undefined) await lockPlayer(tx, sorted[0]);
    return;
  }
  // Several in one statement (issue 22, D-2269): taken one after another in the array's order, as the
  // ordered subquery yields them, so the lock order is the same as one statement per player.
  await tx.$queryRaw`
    SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0)))::int AS locked
    FROM (SELECT k FROM unnest(${sorted.map(playerLockKey)}::text[]) WITH ORDINALITY AS t(k, n) ORDER BY n) AS ordered`;
}

/** The lock's name: one namespace, so no other advisory lock of the platform can collide with it by design. */
export function playerLockKey(playerId: string): string {
  return `player:${playerId.toLowerCase()}`;
}
