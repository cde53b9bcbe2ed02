// The poker room's integrity (issue 18, docs/poker-tables.md#integrity): aliases and anonymous tables,
// private tables, suspensions, "not together" pairs, clawback, and what monitoring reads of each hand.
export type { PokerIntegrityContext } from './context.ts';
export {
  aliasLengthMax as pokerAliasLengthMax,
  aliasLengthMin as pokerAliasLengthMin,
  anonymousLabel,
  chooseAlias,
  findAlias,
  idPseudonym,
  replaceAlias,
  seatAlias,
  type AliasView,
} from './aliases.ts';
export {
  decidePrivateTableOrder,
  invitationsPerCallMax,
  invitePlayers,
  joinPrivateTable,
  orderPrivateTable,
  privateTableNameLengthMax,
  privateTableOrders,
  privateTablesHiddenFrom,
  stopPrivateTable,
  type OrderPrivateTableRequest,
  type PrivateOrderStatus,
  type PrivateTableOrderView,
} from './private-tables.ts';
export {
  liftSuspension,
  playerSuspensions,
  suspendPlayer,
  suspensionInForce,
  type SuspensionScope,
  type SuspensionView,
} from './suspensions.ts';
export { removeSeparation, separatePlayers, separationsOf, type SeparationView } from './separations.ts';
export { clawBackPokerWinnings, clawbackHandsMax, shareAmongLosers, type PokerClawbackView } from './clawback.ts';
export { setPokerTableAnonymous } from './anonymous-tables.ts';
