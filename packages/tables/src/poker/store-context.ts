import type { Clock } from '@casino/core';
import type { Db } from '@casino/db';
import type { FxContext } from '@casino/fx';
import type { EnforcementContext } from '@casino/limits';
import type { PokerRuleProfile } from './profile.ts';

/**
 * What the poker table store needs (issue 16), passed in once by the game service. `instanceId`
 * names the running process that leases tables: unique per process (a restart is a new instance),
 * so a lease can never be mistaken for one held by an earlier life of the same host.
 */
export interface PokerStoreContext {
  db: Db;
  clock: Clock;
  /** The self-limits, checked inside each buy-in's and top-up's transaction before its posting (docs/limits.md). */
  limits: EnforcementContext;
  instanceId: string;
  /**
   * Foreign-currency tables (issue 18, 004:T-60): a table in a currency the player holds no wallet in is
   * bought into from the profile's first wallet at the current rate, fixed for the seat. Without it every
   * table is played from the wallet in its own currency.
   */
  fx?: FxContext;
  /**
   * The poker rule profiles by id: a table whose profile has a poker account (SE, 003:R-WAL) buys in
   * from and cashes out to it instead of the main wallet. Absent: every table uses the main wallet.
   */
  profiles?: Readonly<Record<string, PokerRuleProfile>>;
  /**
   * Issue 22 (D-2284): buy-ins and top-ups try the two-statement path first (store-money-one-call.ts).
   * `false` runs every one as the ORM transaction (the tests and benches compare the two).
   */
  oneCallMoney?: boolean;
}

/** The lease a write is made under: the table and the fencing epoch `acquireTableLease` gave. */
export interface LeasedTable {
  tableId: string;
  epoch: number;
}
