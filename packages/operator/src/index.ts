// The operator profile and the composition root (issue 15): docs/operations.md (OPERATOR_PROFILE), docs/decisions.md D-1511…
export {
  composeContexts,
  resolveProfile,
  type ComposeOptions,
  type Platform,
  type PlatformConfig,
  type PokerWiring,
  type Registers,
  type TablesWiring,
} from './compose.ts';
export { operatorConfigSchema, type OperatorConfig } from './config.ts';
export { operatorProfileIds, type LobbyNotices, type OperatorProfile, type OperatorProfileId, type RuleBook } from './profile.ts';
export { czFoProfile, czPsProfile, operatorProfiles } from './profiles/index.ts';
export {
  assertProfileSound,
  pokerRuleProfileProblems,
  profileProblems,
  validatePokerRuleProfile,
  validateTournamentRules,
  walletCurrencies,
  type ProfileProblem,
} from './validate.ts';
export {
  atPokerRules,
  czFoPokerRules,
  czPsPokerRules,
  demoAnonymousPokerTableNames,
  demoPokerTables,
  demoFlightEvent,
  demoTournaments,
  demoTwister,
  hrPokerRules,
  pokerRuleProfiles,
  sePokerRules,
  tournamentCapsPublishedIn,
  tournamentRuleProfiles,
} from './poker-rooms/index.ts';
