import { defaultLoginThrottleRules, type LoginThrottleRules } from '@casino/db';
import type { TransactionKind } from '@casino/ledger';

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
  /**
   * Dormancy (004 §3.3 DRM, issue 23): null where the rule book has none (002, 003, 000-001).
   * docs/account-lifecycle.md.
   */
  dormancy: DormancyRules | null;
  /** The end of the contract by either side and the settlement of its balance (004:TRM, issue 23). */
  termination: TerminationRules;
}

export interface DormancyRules {
  /** Inactive after more than this many calendar months without a movement the player initiated (004:DRM-01). */
  inactiveAfterMonths: number;
  /** The monthly fee while inactive, never more than the balance (004:DRM-04). */
  monthlyFeeMinor: bigint;
  /**
   * The ledger transaction kinds that are the player's own movements (DRM-02, DRM-05: a bet or a
   * deposit in particular); wins, re-settlements, fees and the operator's corrections are not.
   */
  movementKinds: readonly TransactionKind[];
}

export interface TerminationRules {
  /** The player's written notice runs this many days from the day after delivery (004:TRM-02). */
  playerNoticeDays: number;
  /** The balance goes to the active verified bank account within this many days (004:TRM-13). */
  refundDays: number;
  /** Without one, the player has this many days to name a verified own bank account (TRM-14), then a postal order (TRM-15). */
  bankDetailsWaitDays: number;
  /** Conditions that are grounds (TRM-10 (xi), (xiv), (xv)) hold after this many months. */
  conditionMonths: number;
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
  dormancy: {
    inactiveAfterMonths: 12,
    monthlyFeeMinor: 1_000n, // 10.00 CZK (004:DRM-04)
    movementKinds: ['DEPOSIT', 'STAKE', 'BUY_IN', 'WITHDRAWAL_HOLD', 'TRANSFER'],
  },
  termination: { playerNoticeDays: 14, refundDays: 10, bankDetailsWaitDays: 14, conditionMonths: 12 },
};
