// Players under the Czech gambling act: application, e-mail and SMS confirmation, contract and
// temporary account, MF register checks, login and sessions, registration completion.
export { submitApplication, confirmEmail, type ApplicationInput, type ApplicationResult } from './apply.ts';
export {
  enterBranchKeypadCode,
  setBranchPin,
  startBranchContract,
  type BranchContractConfirmation,
  type BranchContractInput,
  type BranchIdentityDocument,
} from './branch-contract.ts';
export { parseBirthNumber, type BirthNumber, type BirthNumberResult } from './birth-number.ts';
export { completeRegistration, type CompleteRegistrationRequest } from './complete-registration.ts';
export { completeRegistrationAfterVerification } from './complete-after-verification.ts';
export type { PlayersContext } from './context.ts';
export { login, verifySmsCode, type LoginResult } from './login.ts';
export {
  accessEndedTopic,
  AccessEndedPayloadSchema,
  recheckExcludedPersons,
  registerSupportHint,
  type AccessEndedPayload,
  type RecheckOptions,
  type RecheckOutcome,
} from './register-listing.ts';
export {
  emailTopic,
  smsTopic,
  notificationVersion,
  EmailPayloadSchema,
  SmsPayloadSchema,
  EmailMessageSchema,
  SmsMessageSchema,
  openNotificationText,
  sendEmail,
  sendSms,
  type EmailPayload,
  type SmsPayload,
  type EmailMessage,
  type SmsMessage,
  type NotificationSealer,
} from './notifications.ts';
export { assertEligible, type Address, type PersonalData } from './person.ts';
export { playerAccountsFor } from './limits-accounts.ts';
export { generatePiiKeys, PiiProtector, type PiiKeys } from './pii.ts';
export type { ExcludedPersonsAnswer, IdentityAnswer, MinistryRegisters, PlayerScreening } from './ports.ts';
export { changePassword, playerOverview, setSecondFactor, updatePersonalData, type PersonalDataUpdate } from './profile.ts';
export { czechPlayerRules, type PlayerRules } from './rules.ts';
export { normaliseName } from './screening.ts';
export { endSession, refreshSession, type Session } from './sessions.ts';
export { canTransition, statesWithoutAccess, transition, type PlayerState, type TransitionOptions } from './states.ts';
export { assertPlayerExists, findPlayerAccess } from './player-access.ts';
export {
  assertWithdrawalAllowed,
  cancelExpiredTemporaryAccounts,
  creditTemporaryDeposit,
  roundDownToWholeCrowns,
  sendPostalOrdersForUnclaimedRefunds,
  temporaryAccountDeadline,
  type LifecycleContext,
  type TemporaryDepositRequest,
  type VerifiedBankAccountLookup,
} from './temporary-account.ts';
// Issue 23: the account's whole life (docs/account-lifecycle.md).
export type { AccountLifecycleContext } from './lifecycle/context.ts';
export type { DormancyRules, TerminationRules } from './rules.ts';
export { runDormancy, type DormancyRunResult } from './lifecycle/dormancy.ts';
export {
  giveTerminationNotice,
  listTerminationNotices,
  noticePeriod,
  endContractsGivenNotice,
  withdrawTerminationNotice,
  type NoticeDocument,
  type NoticeStatus,
  type TerminationNoticeView,
} from './lifecycle/termination-notice.ts';
export { settleClosedAccounts } from './lifecycle/closure-settlement.ts';
export {
  findTerminationCandidates,
  listTerminationCandidates,
  type ConditionGround,
  type TerminationCandidateView,
} from './lifecycle/termination-candidates.ts';
