import type { PokerRuleProfile, PokerRuleProfileId } from '@casino/tables';
import { atPokerRules } from './at.ts';
import { czFoPokerRules } from './cz-fo.ts';
import { czPsPokerRules } from './cz-ps.ts';
import { hrPokerRules } from './hr.ts';
import { sePokerRules } from './se.ts';

/** Every poker rule profile (issue 16, by-capability.md §1d): a table names one, validated at start-up. */
export const pokerRuleProfiles: Readonly<Record<PokerRuleProfileId, PokerRuleProfile>> = Object.freeze({
  HR: hrPokerRules,
  AT: atPokerRules,
  'CZ-PS': czPsPokerRules,
  SE: sePokerRules,
  'CZ-FO': czFoPokerRules,
});

export { atPokerRules, czFoPokerRules, czPsPokerRules, hrPokerRules, sePokerRules };
export { demoAnonymousPokerTableNames, demoPokerTables } from './demo-tables.ts';
export {
  demoFlightEvent,
  demoTournaments,
  demoTwister,
  demoTwisterMultipliers,
  tournamentCapsPublishedIn,
} from './demo-tournaments.ts';
export {
  atTournamentRules,
  czFoTournamentRules,
  czPsTournamentRules,
  hrTournamentRules,
  seTournamentRules,
  tournamentRuleProfiles,
} from './tournaments.ts';
