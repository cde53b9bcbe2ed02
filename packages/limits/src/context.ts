import type { Clock, RegisterPerson } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import type { JurisdictionProfile } from './catalogue.ts';

/**
 * What the limits package needs from the player's account, as an interface: `@casino/players`
 * implements it (`playerAccountsFor`), because the players package already depends on this one
 * (registration decides the measures) and owns sessions, account states and personal data.
 */
export interface PlayerAccounts {
  /** The identity the register of excluded persons matches on (decrypted birth number included). */
  registerPerson(playerId: string): Promise<RegisterPerson>;
  /**
   * The player excluded themself (self-exclusion or the panic button): every session ends and their
   * seats at the tables end too (a poker seat at the end of the running hand, chips credited), inside `tx`.
   */
  endAccessForExclusion(tx: Tx, playerId: string, at: Date): Promise<void>;
  /** The player closes the account (state CLOSED, sessions ended), inside `tx`. */
  closeAccount(tx: Tx, playerId: string, options: { reason: string; at: Date }): Promise<void>;
  /** The register confirmed the entry the player asked for: the player is listed from now on. */
  recordRegisterListing(tx: Tx, playerId: string, at: Date): Promise<void>;
}

export type RegisterEntryAnswer =
  { status: 'entered'; listedSince: string; reference: string } | { status: 'unavailable'; reason: string };

/** The MF register of excluded persons (§16 ZHH): `@casino/compliance`'s client implements it. */
export interface ExcludedPersonsRegister {
  requestExclusion(person: RegisterPerson): Promise<RegisterEntryAnswer>;
}

/** Everything the player-facing use cases need, passed in once by the app that runs them. */
export interface LimitsContext {
  db: Db;
  clock: Clock;
  profile: JurisdictionProfile;
  accounts: PlayerAccounts;
  register: ExcludedPersonsRegister;
}

/** What the enforcement calls need: they run inside the caller's transaction. */
export type EnforcementContext = Pick<LimitsContext, 'clock' | 'profile'>;
