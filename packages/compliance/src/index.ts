// Public API of @casino/compliance. Import from '@casino/compliance' only.
//
// The compliance back office (issue 9, docs/compliance.md): staff users and login, the audit log,
// sanctions/PEP screening, AML monitoring, alerts and cases, payout holds, suspicious transaction
// reports and staff account actions; and the MF registers client (issue 4).
//
// What other modules call:
// - registration and personal-data changes: `screenPlayer(tx, …)` (packages/players);
// - the cashier's withdrawal path and the games' win payout: `assertNoPayoutHold(tx, playerId, now)`;
// - the cashier's deposit path, as its last check: `checkDepositAml(tx, rules, …)`;
// - everyone who changes money or logs a player in: `recordMonitoringEvent(tx, event)` (outbox);
// - the poker tables when a hand settles: `recordPokerHandForMonitoring(tx, hand)` (chip dumping).
export {
  createMinistryRegistersClient,
  registersClientLimits,
  type MinistryRegistersClient,
  type MinistryRegistersClientOptions,
} from './registers/ministry-registers-client.ts';
export type {
  ExcludedPersonsCheck,
  ExclusionEntry,
  IdentityVerification,
  RegisterUnavailable,
  UnavailableReason,
} from './registers/types.ts';

export { actorId, systemActor, type Actor } from './actor.ts';
export type { ComplianceContext, SecretBox } from './context.ts';
export { defaultComplianceRules, type ComplianceRules } from './rules.ts';

export {
  appendAuditEntry,
  auditGenesisHash,
  listAuditEntries,
  verifyAuditChain,
  type AuditChainVerification,
  type AuditEntry,
  type AuditQuery,
  type AuditRecord,
} from './audit/audit-log.ts';
export { canonicalJson, toJsonValue, type JsonValue } from './audit/canonical-json.ts';

export {
  createStaffUser,
  listStaffUsers,
  staffPasswordLengthMin,
  updateStaffUser,
  type CreatedStaffUser,
  type CreateStaffUserOptions,
  type UpdateStaffUserOptions,
} from './staff/create-staff-user.ts';
export { loginStaff, type StaffLogin, type StaffLoginOptions } from './staff/login-staff.ts';
export { findStaffAccess } from './staff/staff-access.ts';
export {
  endStaffSession,
  refreshStaffSession,
  staffSessionHours,
  staffSessionIdleMinutes,
  startStaffSession,
  type StaffSession,
} from './staff/staff-sessions.ts';
export { postStaffAdjustment, reverseAsStaff, type StaffAdjustment, type StaffReversal } from './staff/ledger-corrections.ts';
export { isStaffRoleName, staffRoleNames, type StaffRoleName } from './staff/staff-roles.ts';

export {
  entryContentHash,
  nameSimilarity,
  scoreAdjustmentsBps,
  ScreeningIndex,
  type IndexedEntry,
  type ListEntryData,
  type ScreenedPerson,
  type ScreeningMatch,
  type ScreenOptions,
} from './screening/matcher.ts';
export { nameTokens, normaliseIdentifier, normaliseName, phoneticKey } from './screening/normalise.ts';
export { jaroWinkler } from './screening/similarity.ts';
export { parseOpenSanctionsEntities } from './screening/import-opensanctions.ts';
export { parseEuFinancialSanctionsXml } from './screening/import-eu-xml.ts';
export { fictionalSampleEntries, generateFictionalEntries, sampleListCode } from './screening/sample-list.ts';
export {
  currentScreeningIndex,
  listScreeningLists,
  loadScreeningList,
  ScreeningListUpdatedSchema,
  screeningListUpdatedTopic,
  type ListSourceFormat,
  type LoadListOptions,
  type ScreeningListKind,
} from './screening/screening-lists.ts';
export { rescreenOnListUpdate } from './screening/rescreen-on-update.ts';
export {
  rescreenAllPlayers,
  resolveScreeningAlert,
  screenedPersonOf,
  screeningRuleCode,
  screenPlayer,
  type ScreeningResult,
  type ScreenPlayerOptions,
} from './screening/screen-player.ts';

export {
  eurEquivalentMinor,
  MonitoringEventSchema,
  monitoringEventTopic,
  monitoringEventMessage,
  recordMonitoringEvent,
  pokerHandMonitoringMessages,
  pokerPlayMonitoringMessages,
  recordPokerHandForMonitoring,
  recordPokerPlayForMonitoring,
  type MonitoringEvent,
  type MonitoringEventInput,
  type PokerHandPlay,
  type PokerHandResult,
} from './monitoring/events.ts';
export {
  evaluateRules,
  lookBackMinutes,
  ruleEvaluators,
  type MonitoringRuleData,
  type RuleFiring,
  type WindowEvent,
} from './monitoring/rules-engine.ts';
export {
  checkDepositAml,
  decideDepositAml,
  depositAmlWindowStart,
  type DepositAmlFacts,
  evaluateMonitoringBatch,
  loadMonitoringRules,
  monitorEvent,
  monitoringConsumer,
  updateMonitoringRule,
  type MonitoringRuleUpdate,
} from './monitoring/monitor-event.ts';

export {
  assignAlert,
  findAlert,
  listAlerts,
  raiseAlert,
  refreshPlayerRisk,
  type AlertQuery,
  type AlertSource,
  type AlertStatus,
  type RiskLevel,
} from './cases/alerts.ts';
export { findCase, listCases, openCase, type CaseStatus } from './cases/open-case.ts';
export { assignCase, attachCaseDocument, commentOnCase, escalateCase, readCaseDocument } from './cases/case-work.ts';
export { decideCase, readReport, recordReportFiling, type CaseDecision } from './cases/decide-case.ts';
export {
  assertNoPayoutHold,
  findActivePayoutHold,
  payoutHoldGrounds,
  placePayoutHold,
  releasePayoutHold,
  type PayoutHoldGround,
} from './cases/payout-holds.ts';

export {
  addPlayerNote,
  takeAccountAction,
  dismissTerminationCandidate,
  terminationGrounds,
  type AccountAction,
  type TerminationGround,
} from './accounts/account-actions.ts';
export { playerView, revealPersonalData, searchPlayers, type PlayerView } from './accounts/player-view.ts';
// Issue 23: complaints (004 §3.9, 002 CMP).
export {
  actOnComplaint,
  complaintDecisions,
  complaintQueue,
  complaintWindowEnd,
  escalateOverdueComplaints,
  findComplaint,
  playerComplaints,
  receiveComplaint,
  type ComplaintAction,
  type ComplaintDecision,
  type ComplaintIntake,
  type ComplaintStatus,
  type ComplaintView,
} from './complaints/complaints.ts';
export {
  complaintChannels,
  complaintContentFields,
  fortunaComplaintRules,
  type ComplaintChannel,
  type ComplaintContentField,
  type ComplaintRules,
} from './rules.ts';
