import { instruments } from '@casino/cashier';
import { fxRuleProblems } from '@casino/fx';
import { ConfigError, currencyCodes, isCurrencyCode, Money, operatorTimeZone } from '@casino/core';
import { poker } from '@casino/games';
import {
  pokerRuleProfileIds,
  tableGameOf,
  tournament,
  type AmountPerCurrency,
  type PokerRuleProfile,
  type PokerRuleProfileId,
  type TournamentRuleProfile,
} from '@casino/tables';
import type { OperatorProfile, OperatorProfileId, RuleBook } from './profile.ts';
import { operatorProfileIds } from './profile.ts';

/** One broken invariant: the setting (a path into the profile) and what is wrong with it. */
export interface ProfileProblem {
  setting: string;
  message: string;
}

/**
 * The account currency (`profile.currency`): the law's amounts, the self-limits, the temporary account
 * and the cashier's caps are CZK, so it stays CZK. Wallets in other currencies are the profile's `fx`
 * (issue 26: CZ-PS holds USD, EUR, CAD and GBP wallets and no CZK one).
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
  // 004:WIN-06: payouts held over a game's regularity wait at most the 60 days of čl. 7.2.
  const irregularity = compliance.payoutHold.irregularityDurationHours;
  if (!(irregularity > 0 && irregularity <= 60 * 24))
    fail('compliance.payoutHold.irregularityDurationHours', `must be 1 to 1440 hours (004:WIN-06, 60 days), got ${irregularity}`);

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
  for (const problem of fxRuleProblems(profile.fx)) fail(`fx.${problem.setting}`, problem.message);
  // Payments arrive in the account currency (002:WAL-03: CZK included), so the source must quote it.
  if (!profile.fx.source.currencies.includes(profile.currency))
    fail('fx.source.currencies', `must include the account currency ${profile.currency}`);
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

/** Which rule book each poker rule profile follows (000-001:A-42: one jurisdiction profile per document). */
const pokerRuleBooks: Readonly<Record<PokerRuleProfileId, PokerRuleProfile['ruleBook']>> = {
  HR: '000',
  AT: '001',
  'CZ-PS': '002',
  SE: '003',
  'CZ-FO': '004',
};
/** Buy-in multiples a table could sensibly use: at least one big blind, at most a thousand. */
const buyInBigBlindsMax = 1_000;

/**
 * Every broken invariant of a poker rule profile (issue 16), named by its setting like `profileProblems`:
 * the engine's rules (`poker.validateTableRules`), seat bounds 2..10, buy-in multiples, amounts published
 * in the home currencies and the wallets' (D-1622), rake bounds, a positive clock.
 */
export function pokerRuleProfileProblems(profile: PokerRuleProfile): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  const fail = (setting: string, message: string) => problems.push({ setting, message });
  const isPositiveInteger = (n: number) => Number.isInteger(n) && n > 0;

  if (!(pokerRuleProfileIds as readonly string[]).includes(profile.id))
    fail('id', `unknown poker rule profile ${JSON.stringify(profile.id)}; expected one of ${pokerRuleProfileIds.join(', ')}`);
  else if (pokerRuleBooks[profile.id] !== profile.ruleBook)
    fail('ruleBook', `${profile.id} follows rule book ${pokerRuleBooks[profile.id]}, not ${profile.ruleBook}`);
  if (profile.homeCurrencies.length === 0) fail('homeCurrencies', 'must name at least one currency');
  for (const code of profile.homeCurrencies)
    if (!isCurrencyCode(code)) fail('homeCurrencies', `unknown currency ${JSON.stringify(code)}`);
  if (profile.games.length === 0) fail('games', 'must name at least one game');
  for (const game of profile.games)
    if (!poker.gameKinds.includes(game))
      fail('games', `unknown game ${JSON.stringify(game)}; expected one of ${poker.gameKinds.join(', ')}`);

  // Issue 20: the stud, draw and mixed games offered must exist, and a mix's flop games must be offered too.
  if (profile.otherGames !== undefined) {
    const { studAndDraw, mixed, rules } = profile.otherGames;
    for (const id of studAndDraw)
      if (tableGameOf(`${id}/fixed-limit`) === null)
        fail('otherGames.studAndDraw', `unknown stud or draw game ${JSON.stringify(id)}`);
    for (const id of mixed) {
      const game = tableGameOf(`mixed/${id}`);
      if (game?.kind !== 'mixed') {
        fail('otherGames.mixed', `unknown cash-table rotation ${JSON.stringify(id)}`);
        continue;
      }
      for (const entry of game.rotation.games) {
        const offered =
          entry.family === 'flop'
            ? profile.games.includes(entry.id.split('/')[0] as poker.GameKind)
            : studAndDraw.includes(entry.id);
        if (!offered) fail('otherGames.mixed', `${game.name} plays ${entry.name}, which the profile does not offer`);
      }
    }
    if (!Number.isInteger(rules.betsMax) || rules.betsMax < 2)
      fail('otherGames.rules.betsMax', `must be an integer ≥ 2, got ${rules.betsMax}`);
  }

  try {
    poker.validateTableRules(profile.engine.tableRules);
  } catch (error) {
    fail('engine.tableRules', (error as Error).message);
  }
  if (profile.engine.buttonRule !== 'moving-button' && profile.engine.buttonRule !== 'dead-button')
    fail('engine.buttonRule', `unknown rule ${JSON.stringify(profile.engine.buttonRule)}`);

  const { seats, buyIn } = profile;
  if (
    !Number.isInteger(seats.min) ||
    !Number.isInteger(seats.max) ||
    seats.min < 2 ||
    seats.min > seats.max ||
    seats.max > poker.tableSeatsMax
  )
    fail(
      'seats',
      `must be whole numbers with 2 ≤ min ≤ max ≤ ${poker.tableSeatsMax} (000-001:A-40, TBL-01), got ${seats.min}..${seats.max}`,
    );
  for (const key of ['minBigBlinds', 'maxBigBlinds'] as const) {
    const multiple = buyIn[key];
    if (multiple !== null && (!isPositiveInteger(multiple) || multiple > buyInBigBlindsMax))
      fail(`buyIn.${key}`, `must be a whole number of big blinds from 1 to ${buyInBigBlindsMax}, got ${multiple}`);
  }
  if (buyIn.minBigBlinds !== null && buyIn.maxBigBlinds !== null && buyIn.minBigBlinds > buyIn.maxBigBlinds)
    fail('buyIn.maxBigBlinds', `must not be below buyIn.minBigBlinds (${buyIn.minBigBlinds}), got ${buyIn.maxBigBlinds}`);

  // Fixed per-currency amounts, never a live rate (002:AMB-RAKE-CCY): each in the home currencies and the wallets'.
  const needed = [...new Set([...profile.homeCurrencies, ...walletCurrencies])];
  const amounts = (setting: string, amount: AmountPerCurrency | null) => {
    if (amount === null) return;
    for (const [code, minor] of Object.entries(amount)) {
      if (!isCurrencyCode(code)) fail(setting, `unknown currency ${JSON.stringify(code)}`);
      else if (typeof minor !== 'bigint' || minor <= 0n)
        fail(`${setting}.${code}`, `must be a positive amount in minor units, got ${String(minor)}`);
    }
    for (const code of needed) if (!Object.hasOwn(amount, code)) fail(setting, `publishes no amount in ${code}`);
  };
  const { blinds } = profile;
  amounts('blinds.smallBlindMax', blinds.smallBlindMax);
  amounts('blinds.bigBlindMax', blinds.bigBlindMax);
  amounts('blinds.smallBlindMin', blinds.smallBlindMin);
  amounts('blinds.bigBlindMin', blinds.bigBlindMin);
  for (const [low, high, setting] of [
    [blinds.smallBlindMin, blinds.smallBlindMax, 'blinds.smallBlindMax'],
    [blinds.bigBlindMin, blinds.bigBlindMax, 'blinds.bigBlindMax'],
    [blinds.smallBlindMax, blinds.bigBlindMax, 'blinds.bigBlindMax'],
    [blinds.smallBlindMin, blinds.bigBlindMin, 'blinds.bigBlindMin'],
  ] as const) {
    if (low === null || high === null) continue;
    for (const code of currencyCodes) {
      const a = low[code];
      const b = high[code];
      if (a !== undefined && b !== undefined && a > b) fail(`${setting}.${code}`, `must not be below ${a}, got ${b}`);
    }
  }

  const cap = profile.perHandStakeCap;
  if (cap !== null) {
    if (!isPositiveInteger(cap.multiple))
      fail('perHandStakeCap.multiple', `must be a positive whole number, got ${cap.multiple}`);
    if (!isTimeZone(cap.timeZone)) fail('perHandStakeCap.timeZone', `unknown IANA time zone ${JSON.stringify(cap.timeZone)}`);
    if (cap.baseAmounts.length === 0) fail('perHandStakeCap.baseAmounts', 'must list at least one base amount');
    cap.baseAmounts.forEach((base, i) => {
      const setting = `perHandStakeCap.baseAmounts[${i}]`;
      if (!isCalendarDate(base.from)) fail(`${setting}.from`, `must be a date YYYY-MM-DD, got ${JSON.stringify(base.from)}`);
      const previous = cap.baseAmounts[i - 1];
      if (previous && base.from <= previous.from)
        fail(`${setting}.from`, `must be after ${previous.from} (ascending effective dates)`);
      amounts(`${setting}.amount`, base.amount);
    });
  }

  if (!['between-hands', 'queued-to-hand-end', 'any-time'].includes(profile.topUp))
    fail('topUp', `unknown timing ${JSON.stringify(profile.topUp)}`);
  if (profile.leave !== 'any-time' && profile.leave !== 'after-hand')
    fail('leave', `unknown timing ${JSON.stringify(profile.leave)}`);
  if (profile.sitOutHandsMax !== null && !isPositiveInteger(profile.sitOutHandsMax))
    fail('sitOutHandsMax', `must be a positive whole number of hands or null, got ${profile.sitOutHandsMax}`);

  if (!['none', 'optional', 'marked-tables'].includes(profile.straddle))
    fail('straddle', `unknown setting ${JSON.stringify(profile.straddle)}`);
  else if (profile.straddle === 'none' && (profile.straddleGames.length > 0 || profile.engine.tableRules.straddleAllowed))
    fail('straddle', 'is "none", but straddleGames or the engine rules allow one');
  for (const game of profile.straddleGames)
    if (!profile.games.includes(game)) fail('straddleGames', `${game} is not one of the profile's games`);

  const { rake } = profile;
  if (
    !Number.isInteger(rake.rateBpsMin) ||
    !Number.isInteger(rake.rateBpsMax) ||
    rake.rateBpsMin < 0 ||
    rake.rateBpsMin > rake.rateBpsMax ||
    rake.rateBpsMax > 10_000
  )
    fail('rake.rateBpsMax', `needs 0 ≤ rateBpsMin ≤ rateBpsMax ≤ 10000 basis points, got ${rake.rateBpsMin}..${rake.rateBpsMax}`);
  amounts('rake.capMax', rake.capMax);
  if (!['required', 'allowed', 'forbidden'].includes(rake.noFlopNoDrop))
    fail('rake.noFlopNoDrop', `unknown setting ${JSON.stringify(rake.noFlopNoDrop)}`);
  if (rake.timing !== 'hand-end' && rake.timing !== 'per-betting-round')
    fail('rake.timing', `unknown timing ${JSON.stringify(rake.timing)}`);

  const { clock } = profile;
  if (!isPositiveInteger(clock.actionTimeMs))
    fail('clock.actionTimeMs', `must be a positive number of milliseconds, got ${clock.actionTimeMs}`);
  if (clock.timeBankMs !== null && !isPositiveInteger(clock.timeBankMs))
    fail('clock.timeBankMs', `must be a positive number of milliseconds or null, got ${clock.timeBankMs}`);
  if (profile.chat.languages !== null && profile.chat.languages.length === 0)
    fail('chat.languages', 'must name at least one language, or be null for any');
  return problems;
}

/**
 * Refuses a poker rule profile that breaks an invariant, as a configuration error naming the profile
 * and each broken setting: the service does not start (`resolveProfile` checks every one).
 */
export function validatePokerRuleProfile(profile: PokerRuleProfile): PokerRuleProfile {
  const problems = pokerRuleProfileProblems(profile);
  if (problems.length > 0) {
    throw new ConfigError(
      problems.map((p) => ({
        variable: 'OPERATOR_PROFILE',
        message: `poker rule profile ${profile.id} (rule book ${profile.ruleBook}): ${p.setting} ${p.message}`,
      })),
    );
  }
  return profile;
}

/** Refuses a profile's tournament settings that break an invariant (issue 19): the service does not start. */
export function validateTournamentRules(rules: TournamentRuleProfile): TournamentRuleProfile {
  const problems = tournament.tournamentRuleProblems(rules);
  if (problems.length > 0) {
    throw new ConfigError(
      problems.map((p) => ({
        variable: 'OPERATOR_PROFILE',
        message: `tournament rules of poker rule profile ${rules.profileId}: ${p.setting} ${p.message}`,
      })),
    );
  }
  return rules;
}

function isCalendarDate(s: string): boolean {
  const date = new Date(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(s);
}
