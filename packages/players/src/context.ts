import type { Clock } from '@casino/core';
import type { Db } from '@casino/db';
import type { JurisdictionProfile } from '@casino/limits';
import type { PiiProtector } from './pii.ts';
import type { MinistryRegisters, PlayerScreening } from './ports.ts';
import type { PlayerRules } from './rules.ts';

/** Everything the player use cases need, passed in once by the app that runs them. */
export interface PlayersContext {
  db: Db;
  clock: Clock;
  rules: PlayerRules;
  limitsProfile: JurisdictionProfile;
  pii: PiiProtector;
  registers: MinistryRegisters;
  /** Sanctions and PEP screening (@casino/compliance's, wired by the app). */
  screening: PlayerScreening;
  /** Base of links in e-mails (the player web app), e.g. https://casino.example. */
  publicBaseUrl: string;
}
