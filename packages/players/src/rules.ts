import { defaultLoginThrottleRules, type LoginThrottleRules } from '@casino/db';

/**
 * The Czech numbers of the player lifecycle, in one versioned place (ARCHITECTURE idea 9): an
 * operator may tighten them, and another jurisdiction is another object, not other code.
 */
export interface PlayerRules {
  version: string;
  minimumAge: number;
  /** ISO 3166-1 alpha-2 countries whose residents may play (004:ELG-02). */
  residenceCountries: readonly string[];
  temporaryAccount: {
    /** Gross deposits over the account's life (004:TMP-03). */
    depositCapMinor: bigint;
    /** Registration must complete by the end of this calendar day after opening (004:TMP-08). */
    lifetimeDays: number;
    /** The unused balance is refunded within this many days of cancellation (004:TMP-09, TMP-12). */
    refundDays: number;
    /** How long to wait for bank details before sending a postal order (004:TMP-11, TMP-12). */
    bankDetailsWaitDays: number;
    /** The carrier's fee for a postal order, deducted from the refund (004:TMP-12). */
    postalOrderFeeMinor: bigint;
  };
  emailConfirmationTtlHours: number;
  smsCode: { ttlMinutes: number; attemptsMax: number };
  /** Failed logins and wrong SMS codes slow the next attempt down (issue 14 (4), D-1414). */
  loginThrottle: LoginThrottleRules;
  refreshTokenTtlDays: number;
  /**
   * The worker's re-check of the register for players who are in (issue 14 (2), D-1411): players
   * issued an access token within its lifetime (apps/player-api's `expiresIn`) whose last answer is
   * older than `answerMaxAgeMinutes` are asked again.
   */
  registerRecheck: { accessTokenTtlMinutes: number; answerMaxAgeMinutes: number };
  /** Personal-data changes must be reported within this many days (004:REG-03). */
  personalDataReportDays: number;
  /** §14a: limits of an account closed less than this many days ago pass to a new registration. */
  limitsCarryOverDays: number;
}

export const czechPlayerRules: PlayerRules = {
  version: 'cz-2026.1',
  minimumAge: 18,
  residenceCountries: ['CZ'],
  temporaryAccount: {
    depositCapMinor: 300_000n, // 3,000.00 CZK
    lifetimeDays: 30,
    refundDays: 7,
    bankDetailsWaitDays: 5,
    postalOrderFeeMinor: 6_500n, // 65.00 CZK, Česká pošta's domestic postal-order fee band, configurable
  },
  emailConfirmationTtlHours: 48,
  smsCode: { ttlMinutes: 10, attemptsMax: 5 },
  loginThrottle: defaultLoginThrottleRules,
  refreshTokenTtlDays: 30,
  registerRecheck: { accessTokenTtlMinutes: 15, answerMaxAgeMinutes: 5 },
  personalDataReportDays: 5,
  limitsCarryOverDays: 7,
};
