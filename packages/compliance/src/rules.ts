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
  /** Complaints (004 §3.9 CMP, 002 CMP; issue 23): channels, window, content, SLA clock, escalation. */
  complaints: ComplaintRules;
}

export const complaintChannels = ['email', 'written', 'contact-form', 'phone', 'chat'] as const;
export type ComplaintChannel = (typeof complaintChannels)[number];
export const complaintContentFields = [
  'complainantName',
  'correspondenceAddress',
  'game',
  'betClosedAt',
  'remedyWanted',
] as const;
export type ComplaintContentField = (typeof complaintContentFields)[number];

export interface ComplaintRules {
  /** Channels a complaint is accepted through; any other is disregarded and the complainant told so (004:CMP-06). */
  acceptedChannels: readonly ComplaintChannel[];
  /** Channels whose complaints get an immediate acknowledgement (004:CMP-06 auto-reply, 002:CMP-02). */
  acknowledgedChannels: readonly ComplaintChannel[];
  /** How to complain, as the complainant is told it. */
  howToComplain: string;
  /** A complaint must be delivered by the last day of this many calendar months after the decisive fact (004:CMP-01, 002:CMP-06). */
  windowMonths: number;
  /** What a complaint must contain besides its description (004:CMP-02; 002:CMP-01 the remedy wanted). */
  requiredContent: readonly ComplaintContentField[];
  /** First assessment within this many minutes of filing, or null where the rule book sets none (002:CMP-03). */
  assessWithinMinutes: number | null;
  /** Resolution within this many days of filing (004:CMP-03: 30; 002:CMP-04: 7, then escalation). */
  resolveWithinDays: number;
  /** Unresolved by then: escalated, resolved within this many days of filing (002:CMP-04, CMP-07, AMB-CMP-30); null: none. */
  escalation: { routes: readonly string[]; resolveWithinDaysOfFiling: number } | null;
  /** The clock stops while the operator waits for documents it asked for (002:CMP-05). */
  pausedWhileWaitingForDocuments: boolean;
  /** Grounds on which a complaint is not upheld (004:CMP-05). */
  notUpheldGrounds: readonly string[];
  /** Out-of-court dispute resolution named in every decision (004:CMP-08, 002:CMP-08). */
  alternativeDisputeResolution: string;
}

/** CZ-FO (004 §3.9). */
export const fortunaComplaintRules: ComplaintRules = {
  acceptedChannels: ['email', 'written'],
  acknowledgedChannels: ['email'],
  howToComplain: 'by e-mail to helpdesk-casino@ifortuna.cz or in writing to the address published on the website',
  windowMonths: 6,
  requiredContent: ['complainantName', 'correspondenceAddress', 'game', 'betClosedAt'],
  assessWithinMinutes: null,
  resolveWithinDays: 30,
  escalation: null,
  pausedWhileWaitingForDocuments: false,
  notUpheldGrounds: ['rule-misunderstanding', 'late', 'not-substantiated'],
  alternativeDisputeResolution:
    'Česká obchodní inspekce (ČOI), Štěpánská 15, 120 00 Praha 2, www.coi.cz, under Act 634/1992 on consumer protection',
};

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
  complaints: fortunaComplaintRules,
};
