// The durable record of poker cash tables (issue 16): tables and their leases, seats and the money
// between wallets and a table's escrow, hands committed at their boundaries, and the reads of the
// lobby and of hand histories. The running hand itself lives in the driving instance's memory
// (runtime-types.ts); everything here is written at hand boundaries, fenced by the table's lease.
export type { LeasedTable, PokerStoreContext } from './store-context.ts';
export { acquireTableLease, findTablesNeedingDriver, LeaseLost, releaseTableLease, renewTableLeases } from './store-lease.ts';
export { EscrowInvariantViolation, escrowAndStacks } from './store-escrow.ts';
export {
  createPokerTable,
  definitionFromJson,
  definitionToJson,
  listPokerTables,
  loadTableForDriving,
  pokerTableEscrowSpec,
  setPokerTableStatus,
  type CreatedPokerTable,
  type PokerLobbyTable,
  type StoredSeat,
  type StoredTableSetup,
} from './store-tables.ts';
export {
  aliasLengthMax,
  buyIn,
  pokerBuyInKey,
  pokerCashOutKey,
  pokerTopUpKey,
  releaseSeat,
  topUp,
  type BuyInRequest,
  type BuyInResult,
  type ReleaseReason,
  type ReleaseSeatRequest,
  type ReleaseSeatResult,
  type TopUpRequest,
  type TopUpResult,
} from './store-money.ts';
export {
  commitHand,
  findHand,
  markHandRunning,
  playerHands,
  playerHandsPageSizeMax,
  pokerRakeKey,
  renderHandText,
  twoStatementCommitCount,
  voidInterruptedHand,
  type CommitHandRequest,
  type CommitHandResult,
  type PlayerHandSummary,
  type StoredHand,
  type VoidedHand,
} from './store-hands.ts';
export {
  jackpotAccountCode,
  jackpotBalances,
  jackpotDropKey,
  jackpotPayoutKey,
  postHandJackpot,
  type PostedJackpot,
} from './store-jackpot.ts';
