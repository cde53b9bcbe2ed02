// Public API of @casino/reporting. Import from '@casino/reporting' only.
//
// Auditor exports and regulatory reports (issue 10, docs/exports.md): registers exported as CSV
// (RFC 4180) or JSON Lines, streamed from the API or written by a background job, each with a
// SHA-256 manifest naming the ledger blocks it covers and verifiable against the database; the
// trial balance, player liability, GGR and shared-liquidity reports; the player's statement;
// retention of records and erasure of personal data.
export type { ReportingContext } from './context.ts';
export { czechReportingRules, exportChunkBytesMax, type ReportingRules } from './rules.ts';

export {
  defineRegister,
  type AnyRegister,
  type Coverage,
  type CurrencyTotal,
  type RegisterColumn,
  type RegisterDefinition,
  type RegisterQuery,
} from './registers/register.ts';
export { registers, staffRegisterNames, type StaffRegisterName } from './registers/index.ts';
export {
  LedgerTransactionFiltersSchema,
  ledgerAccountTypes,
  ledgerGames,
  ledgerTransactionKinds,
  ledgerTransactionsRegister,
  type LedgerTransactionFilters,
} from './registers/ledger-transactions.ts';
export { AuditLogFiltersSchema, auditLogRegister, type AuditLogFilters } from './registers/audit-log.ts';
export { PlayerFiltersSchema, playersRegister, playerStates, type PlayerFilters } from './registers/players.ts';
export {
  PlayerStatementFiltersSchema,
  playerStatementRegister,
  type PlayerStatementFilters,
} from './registers/player-statement.ts';
export {
  PaymentTransactionFiltersSchema,
  paymentTransactionsRegister,
  type PaymentTransactionFilters,
} from './registers/payment-transactions.ts';
export { GameRoundFiltersSchema, gameRoundsRegister, type GameRoundFilters } from './registers/game-rounds.ts';
export {
  TournamentFiltersSchema,
  tournamentsRegister,
  tournamentStatuses,
  type TournamentFilters,
} from './registers/tournaments.ts';

export {
  exportControls,
  exportFormats,
  mediaTypes,
  prepareExport,
  streamExport,
  withExportSnapshot,
  type ExportControls,
  type ExportFormat,
  type PreparedExport,
  type StreamedFile,
} from './export/export-session.ts';
export type { ExportRequest, ExportMode, ExportStatus } from './export/export-records.ts';
export { manifestFileName, type ExportManifest } from './export/manifest.ts';
export { startDirectExport, type DirectExport } from './export/start-direct-export.ts';
export { ExportRequestedSchema, exportRequestedTopic, requestExport } from './export/request-export.ts';
export { runExportJob, type ExportJobOutcome } from './export/run-export-job.ts';
export {
  downloadExport,
  exportListPageSizeMax,
  findExport,
  listExports,
  readExportManifest,
  type ExportDownload,
  type ExportStatusView,
} from './export/read-export.ts';
export { expireExports } from './export/expire-exports.ts';
export { verifyExportFile, type ExportVerification, type VerificationCheck } from './export/verify-export.ts';

export {
  endOfPragueDay,
  praguePeriod,
  reportDaysMax,
  sealedThrough,
  type PraguePeriod,
  type SealedThrough,
} from './reports/report-period.ts';
export { trialBalanceReport, type TrialBalanceReport, type TrialBalanceReportLine } from './reports/trial-balance-report.ts';
export { playerLiabilityReport, type PlayerLiabilityReport } from './reports/player-liability-report.ts';
export { ggrReport, type GgrGranularity, type GgrLine, type GgrReport } from './reports/ggr-report.ts';
export { paymentsReport, type PaymentsDay, type PaymentsReport } from './reports/payments-report.ts';
export {
  allocateSharedGame,
  allocateSharedLiquidity,
  pokerSharedLiquidityReport,
  type PokerSharedLiquidityReport,
  type SharedGame,
  type SharedGameAllocation,
  type SharedLiquidityAllocation,
} from './reports/shared-liquidity.ts';
export {
  playerStatementPage,
  statementPageSizeMax,
  type PlayerStatementLine,
  type PlayerStatementPage,
} from './statement/player-statement-page.ts';
export { playerWalletBalances, type PlayerWalletBalance } from './statement/player-balances.ts';

export { addYears, playerRetention, retainedUntil, type PlayerRetention } from './retention/retention-period.ts';
export { erasedOnRequest, keptPseudonymous, retainedForPeriod, type PersonalDataItem } from './retention/personal-data.ts';
export {
  completeDueErasures,
  dueErasuresBatchMax,
  erasePersonalRecords,
  findRetention,
  requestErasure,
  type ErasureOutcome,
} from './retention/request-erasure.ts';
