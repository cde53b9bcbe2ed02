// The double-entry ledger: every money movement of the platform is one balanced transaction here.
// Guarantees: INVARIANTS.md beside this folder.
export {
  findAccountByCode,
  findAccountById,
  findAccountsOwnedBy,
  openAccount,
  openOperatorAccounts,
  operatorAccountCode,
  operatorAccountSpecs,
  paymentProviderClearingCode,
  paymentProviderClearingSpec,
  playerWalletCode,
  playerWalletSpec,
  type Account,
  type AccountSpec,
  type AccountType,
  type OwnerKind,
  type PlayerWallet,
} from './accounts.ts';
export { postAdjustment, type AdjustmentRequest } from './adjust.ts';
export { IdempotencyKeyReused, InsufficientFunds, mapLedgerError as ledgerErrorOf } from './errors.ts';
export {
  post,
  postStandalone,
  requestHash,
  transactionKinds,
  type Posted,
  type PostingLine,
  type PostRequest,
  type TransactionKind,
  type TransactionMetadata,
} from './post.ts';
export { transfer, transferPostArguments, transferStandalone, type TransferRequest } from './transfer.ts';
export {
  HoldAlreadyResolved,
  release,
  reserve,
  settle,
  type Deduction,
  type Hold,
  type HoldId,
  type HoldStatus,
  type ReleaseRequest,
  type ReserveRequest,
  type SettleRequest,
} from './holds.ts';
export { AlreadyReversed, HoldTransactionNotReversible, reverse, type ReverseRequest } from './reverse.ts';
export {
  balance,
  findTransaction,
  findTransactionIdByIdempotencyKey,
  statement,
  trialBalance,
  statementPageSizeMax,
  type Statement,
  type StatementLine,
  type TrialBalance,
  type TrialBalanceLine,
  type TransactionWithPostings,
} from './queries.ts';
export { lockBalance } from './lock-balance.ts';
export {
  lastPlayerMovementAt,
  nonZeroPlayerBalances,
  playersWithPositiveBalance,
  playerMovementTotals,
  playerPostingsSince,
  type PlayerMovementTotalsQuery,
  type PlayerPosting,
} from './player-movements.ts';
export { sealBlocks, verifyChain, type SealOptions, type SealResult, type VerifyResult } from './seal.ts';
export { findInvariantViolations } from './invariants.ts';
