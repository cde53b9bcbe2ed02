import { instruments } from '@casino/cashier';
import { ConfigError, currencyCodes, isCurrencyCode, Money, operatorTimeZone } from '@casino/core';
import { poker } from '@casino/games';
import type { OperatorProfile, OperatorProfileId, RuleBook } from './profile.ts';
import { operatorProfileIds } from './profile.ts';

/** One broken invariant: the setting (a path into the profile) and what is wrong with it. */
export interface ProfileProblem {
  setting: string;
  message: string;
}

/**
 * The wallets, ledger accounts and limits of the platform are CZK today; a profile in another
 * currency would book into accounts nobody opened. Issue 26 brings multi-currency wallets.
 */
export const walletCurrencies: readonly string[] = ['CZK'];

/**
 * What each rule book and the Czech law fix, so that a profile cannot loosen them. Amounts are CZK
 * minor units because the law states them in CZK (004:TMP-03, DEP-01, SLM-03).
 */
const ruleBookBounds: Readonly<
  Record<RuleBook, { profileId: OperatorProfileId; payoutDeadline: { kind: 'calendar-days' | 'business-days'; daysMax: number } }>
> = {
  // 004:WDR-03: a cashless payout within 14 calendar days.
  '004': { profileId: 'CZ-FO', payoutDeadline: { kind: 'calendar-days', daysMax: 14 } },
  // 002:PAY-05: within 5 business days.
  '002': { profileId: 'CZ-PS', payoutDeadline: { kind: 'business-days', daysMax: 5 } },
};
/** 004:TMP-03 (3,000 CZK); 002:TMP-03's figure was lost (002:AMB-LOST), the 004 figure bounds it (D-1512). */
const temporaryDepositCapMinorMax = 300_000n;
/** 004:DEP-01: cash at a branch, at most 5,000 CZK per 24 hours. */
const cashDepositRolling24hMinorMax = 500_000n;
/** 004 §3.6.3 (DEP-03): the strictest per-transaction deposit maximum, 300,000 CZK, except where looser is allowed. */
const depositPerTransactionMinorMax = 30_000_000n;
/** 004:SLM-01, 002:RG-01: the measures every Czech registration must decide. */
const czechRegistrationMeasures = [
  'deposit:day',
  'deposit:month',
  'stake:day',
  'stake:month',
  'net-loss:day',
  'net-loss:month',
  'playing-time:day',
  'self-exclusion',
];
/** 002:RG-06 (AMB-7D): a loosening takes effect no sooner than 7 × 24 hours after the request. */
const looseningDelayHoursMin = 7 * 24;
/** 002:REC-02, AML act 253/2008 §16: records are kept at least 10 years. */
const retentionYearsMin = 10;

// The law's own unit: these bounds are stated in CZK (the CZK scan's allow-list names this file).
const czk = (minor: bigint) => Money.fromMinor(minor, 'CZK').toString();

/** Every broken invariant of a profile (empty when it is sound). Pure: the unit tests call it directly. */
export function profileProblems(profile: OperatorProfile): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  const fail = (setting: string, message: string) => problems.push({ setting, message });

  if (!(operatorProfileIds as readonly string[]).includes(profile.id))
    fail('id', `unknown profile id ${JSON.stringify(profile.id)}; expected one of ${operatorProfileIds.join(', ')}`);
  const book = ruleBookBounds[profile.ruleBook];
  if (!book) fail('ruleBook', `unknown rule book ${JSON.stringify(profile.ruleBook)}; expected 004 or 002`);
  else if (book.profileId !== profile.id)
    fail('ruleBook', `rule book ${profile.ruleBook} belongs to ${book.profileId}, not ${profile.id}`);

  if (!isCurrencyCode(profile.currency))
    fail('currency', `unknown currency ${JSON.stringify(profile.currency)}; expected one of ${currencyCodes.join(', ')}`);
  else if (!walletCurrencies.includes(profile.currency))
    fail('currency', `${profile.currency} wallets are not supported yet (issue 26); expected ${walletCurrencies.join(', ')}`);
  if (!isTimeZone(profile.timeZone)) fail('timeZone', `unknown IANA time zone ${JSON.stringify(profile.timeZone)}`);
  // The calendar code (core/calendar.ts, limits/periods.ts, reporting's SQL) computes in one zone.
  else if (profile.timeZone !== operatorTimeZone)
    fail('timeZone', `${profile.timeZone} is not supported yet: calendar days are computed in ${operatorTimeZone}`);

  const { players } = profile;
  if (!Number.isInteger(players.minimumAge) || players.minimumAge < 18)
    fail('players.minimumAge', `must be at least 18 (004:ELG-01), got ${players.minimumAge}`);
  if (players.residenceCountries.length === 0) fail('players.residenceCountries', 'must name at least one country');
  const cap = players.temporaryAccount.depositCapMinor;
  if (cap <= 0n || cap > temporaryDepositCapMinorMax)
    fail(
      'players.temporaryAccount.depositCapMinor',
      `must be positive and at most ${czk(temporaryDepositCapMinorMax)} (004:TMP-03), got ${czk(cap)}`,
    );
  if (players.temporaryAccount.lifetimeDays < 1 || players.temporaryAccount.lifetimeDays > 30)
    fail(
      'players.temporaryAccount.lifetimeDays',
      `must be 1 to 30 days (004:TMP-08), got ${players.temporaryAccount.lifetimeDays}`,
    );

  // Issue 23: the account's life. The rule books' periods are floors an operator may lengthen, never shorten.
  if (players.dormancy) {
    if (players.dormancy.inactiveAfterMonths < 12)
      fail(
        'players.dormancy.inactiveAfterMonths',
        `must be at least 12 (004:DRM-01), got ${players.dormancy.inactiveAfterMonths}`,
      );
    if (players.dormancy.monthlyFeeMinor < 0n) fail('players.dormancy.monthlyFeeMinor', 'must not be negative (004:DRM-04)');
    if (players.dormancy.movementKinds.length === 0)
      fail('players.dormancy.movementKinds', 'must name the movements that reactivate (DRM-05)');
  }
  if (
    players.termination.playerNoticeDays < 0 ||
    players.termination.refundDays < 1 ||
    players.termination.bankDetailsWaitDays < 1
  )
    fail('players.termination', 'notice, refund and bank-details periods must be days (004:TRM-02, TRM-13, TRM-14)');
  const complaints = profile.compliance.complaints;
  if (complaints.acceptedChannels.length === 0)
    fail('compliance.complaints.acceptedChannels', 'must accept at least one channel (004:CMP-06)');
  if (complaints.windowMonths < 6)
    fail('compliance.complaints.windowMonths', `must be at least 6 (004:CMP-01, 002:CMP-06), got ${complaints.windowMonths}`);
  if (complaints.resolveWithinDays < 1 || complaints.resolveWithinDays > 30)
    fail('compliance.complaints.resolveWithinDays', `must be 1 to 30 days (004:CMP-03), got ${complaints.resolveWithinDays}`);

  const { limits } = profile;
  const codes = new Set(limits.measures.map((m) => m.code));
  for (const measure of limits.measures) {
    if (measure.minimum < 0n || (measure.maximum !== null && measure.maximum < measure.minimum))
      fail(`limits.measures[${measure.code}]`, `minimum ${measure.minimum} and maximum ${measure.maximum} do not form a range`);
    if (measure.metric === 'playing-time' && measure.period === 'day' && (measure.maximum === null || measure.maximum > 1440n))
      fail(`limits.measures[${measure.code}].maximum`, `a day has at most 1440 minutes, got ${measure.maximum}`);
  }
  for (const measure of limits.registrationMeasures)
    if (!codes.has(measure.code)) fail(`limits.registrationMeasures[${measure.code}]`, 'is not one of limits.measures');
  const decided = new Set(limits.registrationMeasures.map((m) => m.code));
  for (const code of czechRegistrationMeasures)
    if (!decided.has(code)) fail('limits.registrationMeasures', `must include ${code} (004:SLM-01, 002:RG-01)`);
  if (limits.loosening.kind !== 'after-delay' || limits.loosening.delayHours < looseningDelayHoursMin)
    fail('limits.loosening', `must be a delay of at least ${looseningDelayHoursMin} hours (002:RG-06)`);
  if (limits.panicButtonHours < 1) fail('limits.panicButtonHours', `must be at least 1, got ${limits.panicButtonHours}`);

  const { cashier } = profile;
  for (const instrument of instruments) {
    const caps = cashier.caps[instrument];
    if (!caps) {
      fail(`cashier.caps.${instrument}`, 'is missing');
      continue;
    }
    for (const direction of ['deposit', 'withdrawal'] as const) {
      const c = caps[direction];
      const at = `cashier.caps.${instrument}.${direction}`;
      if (
        c.perTransactionMinorMin < 0n ||
        (c.perTransactionMinorMax !== null && c.perTransactionMinorMax < c.perTransactionMinorMin)
      )
        fail(`${at}.perTransactionMinorMax`, 'is below the minimum');
      if (
        direction === 'deposit' &&
        c.offered &&
        !cashier.capsLooserAllowed.includes(instrument) &&
        (c.perTransactionMinorMax === null || c.perTransactionMinorMax > depositPerTransactionMinorMax)
      ) {
        fail(
          `${at}.perTransactionMinorMax`,
          `must be at most ${czk(depositPerTransactionMinorMax)} (004 §3.6.3, DEP-03), got ${c.perTransactionMinorMax === null ? 'no limit' : czk(c.perTransactionMinorMax)}`,
        );
      }
    }
  }
  const cash = cashier.caps.cash?.deposit;
  if (cash?.offered && (cash.rolling24hMinorMax === null || cash.rolling24hMinorMax > cashDepositRolling24hMinorMax)) {
    fail(
      'cashier.caps.cash.deposit.rolling24hMinorMax',
      `must be at most ${czk(cashDepositRolling24hMinorMax)} per 24 hours (004:DEP-01), got ${cash.rolling24hMinorMax === null ? 'no limit' : czk(cash.rolling24hMinorMax)}`,
    );
  }
  for (const instrument of cashier.withdrawalInstruments)
    if (!cashier.caps[instrument]?.withdrawal.offered)
      fail('cashier.withdrawalInstruments', `${instrument} is not offered for withdrawals in cashier.caps`);
  if (
    book &&
    (cashier.payoutDeadline.kind !== book.payoutDeadline.kind ||
      cashier.payoutDeadline.days < 1 ||
      cashier.payoutDeadline.days > book.payoutDeadline.daysMax)
  ) {
    fail(
      'cashier.payoutDeadline',
      `rule book ${profile.ruleBook} requires at most ${book.payoutDeadline.daysMax} ${book.payoutDeadline.kind}, got ${cashier.payoutDeadline.days} ${cashier.payoutDeadline.kind}`,
    );
  }
  if (cashier.misuseFeeBps < 0n || cashier.misuseFeeBps > 10_000n)
    fail('cashier.misuseFeeBps', `must be 0 to 10000 basis points, got ${cashier.misuseFeeBps}`);
  if (cashier.verificationDeadlineDays < 1) fail('cashier.verificationDeadlineDays', 'must be at least 1');

  const { compliance } = profile;
  const { screening, monitoring } = compliance;
  if (!(
    screening.reviewScoreBpsMin > 0 &&
    screening.reviewScoreBpsMin <= screening.strongScoreBpsMin &&
    screening.strongScoreBpsMin <= 10_000
  ))
    fail('compliance.screening', 'needs 0 < reviewScoreBpsMin ≤ strongScoreBpsMin ≤ 10000');
  if (monitoring.riskMediumScoreMin > monitoring.riskHighScoreMin)
    fail('compliance.monitoring.riskMediumScoreMin', 'must not exceed riskHighScoreMin');
  // The EUR thresholds of due diligence convert every amount in the profile's currency.
  if (!Object.hasOwn(monitoring.eurPerUnit, profile.currency))
    fail('compliance.monitoring.eurPerUnit', `has no rate for the profile's currency ${profile.currency}`);
  if (compliance.payoutHold.durationHours < 24)
    fail('compliance.payoutHold.durationHours', `must be at least 24 (AML act §20), got ${compliance.payoutHold.durationHours}`);

  if (profile.reporting.retention.years < retentionYearsMin)
    fail(
      'reporting.retention.years',
      `must be at least ${retentionYearsMin} (002:REC-02, AML act §16), got ${profile.reporting.retention.years}`,
    );

  try {
    poker.validateTableRules(profile.poker.tableRules);
  } catch (error) {
    fail('poker.tableRules', (error as Error).message);
  }
  if (profile.poker.buttonRule !== 'moving-button' && profile.poker.buttonRule !== 'dead-button')
    fail('poker.buttonRule', `unknown rule ${JSON.stringify(profile.poker.buttonRule)}`);
  return problems;
}

/**
 * Refuses a profile that breaks an invariant, as a configuration error naming OPERATOR_PROFILE and
 * each broken setting: the service does not start (packages/http's bootService prints it, exit 1).
 */
export function assertProfileSound(profile: OperatorProfile): OperatorProfile {
  const problems = profileProblems(profile);
  if (problems.length > 0) {
    throw new ConfigError(
      problems.map((p) => ({
        variable: 'OPERATOR_PROFILE',
        message: `profile ${profile.id} (rule book ${profile.ruleBook}): ${p.setting} ${p.message}`,
      })),
    );
  }
  return profile;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
