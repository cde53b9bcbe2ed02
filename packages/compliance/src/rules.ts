import { defaultLoginThrottleRules, type LoginThrottleRules } from '@casino/db';

/**
 * The numbers of the compliance back office in one versioned place (ARCHITECTURE idea 9). The AML
 * monitoring rules themselves are data (table monitoring_rule, tunable through the admin API); these
 * are the settings around them. docs/compliance.md explains each default and how to tune it.
 */
export interface ComplianceRules {
  version: string;
  screening: {
    /** A candidate scoring at least this goes to an officer's review (an alert). Basis points of 1.0. */
    reviewScoreBpsMin: number;
    /** At or above this, the alert is marked high priority. */
    strongScoreBpsMin: number;
    /** Candidates considered per screening after blocking, before scoring. */
    candidatesMax: number;
    /** Matches kept on an alert, best first. */
    matchesPerAlertMax: number;
  };
  monitoring: {
    /** EUR per one unit of each booked currency, for the EUR-equivalent thresholds (EU CDD rule). */
    eurPerUnit: Readonly<Record<string, string>>;
    /** Alert scores of the last this many days add up to the player's risk score. */
    riskWindowDays: number;
    /** Risk score at or above which the player is MEDIUM, and HIGH. */
    riskMediumScoreMin: number;
    riskHighScoreMin: number;
    /** Events read per rule evaluation (a bound on one player's window). */
    windowEventsMax: number;
  };
  payoutHold: {
    /**
     * How long a payout hold lasts unless released earlier (004:AML-04, WIN-07 "at most the period
     * set by AML"). Act 253/2008 §20 (EXTERNAL, confirm with counsel): 24 hours after the report
     * reaches the FIU, extendable by the FIU; the default covers the longest extension, 10 days.
     */
    durationHours: number;
    /**
     * 004:WIN-06 (čl. 7.4): a hold placed because of reasonable doubts about the regularity of a live game
     * lasts at most the crediting period of čl. 7.2, 60 days, unless released earlier.
     */
    irregularityDurationHours: number;
  };
  staff: {
    /** Failed logins and wrong TOTP codes slow the next attempt down (issue 14 (4), D-1414). */
    loginThrottle: LoginThrottleRules;
    /** TOTP codes accepted this many seconds either side of now (one 30-second step). */
    totpToleranceSeconds: number;
  };
  /** Case documents larger than this are refused. */
  caseDocumentBytesMax: number;
  /** Page sizes of every list the back office returns. */
  pageSizeMax: number;
}

export const defaultComplianceRules: ComplianceRules = {
  version: 'cz-2026.1',
  screening: { reviewScoreBpsMin: 7_000, strongScoreBpsMin: 9_000, candidatesMax: 2_000, matchesPerAlertMax: 10 },
  monitoring: {
    eurPerUnit: { EUR: '1', CZK: '0.04', USD: '0.92' },
    riskWindowDays: 90,
    riskMediumScoreMin: 30,
    riskHighScoreMin: 60,
    windowEventsMax: 5_000,
  },
  payoutHold: { durationHours: 240, irregularityDurationHours: 60 * 24 },
  staff: { loginThrottle: defaultLoginThrottleRules, totpToleranceSeconds: 30 },
  caseDocumentBytesMax: 5 * 1024 * 1024,
  pageSizeMax: 200,
};
