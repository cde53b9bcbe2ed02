import type { LoyaltyRules } from './loyalty-rules.ts';

/**
 * The cashier's jurisdiction data in one versioned place (ARCHITECTURE idea 9): the caps table of
 * 004 §3.6.3 per payment instrument and direction, the deadlines, the fee and the thresholds. An
 * operator tightens a player's caps with overrides (caps.ts); another jurisdiction is another object.
 */
export const instruments = [
  'bank-transfer',
  'online-banking',
  'card',
  'cash',
  'apple-pay',
  'paypal',
  'paysafecard',
  'other',
] as const;
export type Instrument = (typeof instruments)[number];

export type Direction = 'deposit' | 'withdrawal';

/** One direction of one instrument. Amounts in CZK minor units; null means "no limit" (002:LIM-01). */
export interface DirectionCaps {
  /** false: the instrument is not offered in this direction at all (the table's "x"). */
  offered: boolean;
  perTransactionMinorMin: bigint;
  perTransactionMinorMax: bigint | null;
  rolling24hMinorMax: bigint | null;
  rolling7dMinorMax: bigint | null;
  rolling30dMinorMax: bigint | null;
  /** Attempts (every payment sent to the provider, failed ones included) per rolling 24 hours (002:LIM-02). */
  attempts24hMax: number | null;
  /** Completed transactions per rolling 24 hours (002:LIM-02: my paysafecard, 3 deposits). */
  count24hMax: number | null;
}

export interface InstrumentCaps {
  deposit: DirectionCaps;
  withdrawal: DirectionCaps;
}

export type CapsTable = Readonly<Record<Instrument, InstrumentCaps>>;

/** When a cashless payout must be remitted: 14 calendar days (004:WDR-03) or 5 business days (002:PAY-05). */
export type PayoutDeadline = { kind: 'calendar-days'; days: number } | { kind: 'business-days'; days: number };

export interface CashierRules {
  version: string;
  caps: CapsTable;
  /** Instruments whose caps the operator may set differently, looser included (004:DEP-03: other instruments). */
  capsLooserAllowed: readonly Instrument[];
  /** Where a cashless withdrawal may go (004:WDR-02 (a), AMB-05: a bank account only). */
  withdrawalInstruments: readonly Instrument[];
  /** Countries a bank account's provider may be authorised in (004:PAY-02: the Czech Republic; 002:PM-03: EU/EEA). */
  bankCountries: readonly string[];
  /** Countries a card's or another instrument's issuer may be in (004:PAY-02, 002:PM-04: EU/EEA). */
  issuerCountries: readonly string[];
  /** A method not verified within this many days is rejected (004:PAY-07, AMB-13). */
  verificationDeadlineDays: number;
  /** A deposit intent the provider never confirms expires after this long. */
  depositIntentTtlMinutes: number;
  payoutDeadline: PayoutDeadline;
  /** Withdrawals of at least this amount wait for a finance or compliance decision. */
  withdrawalReviewThresholdMinor: bigint;
  /** 004:ACC-07: 5 % of each deposit and withdrawal concerned. */
  misuseFeeBps: bigint;
  /** The configurable rule that suggests misuse (004:ACC-07): see detect-misuse.ts. */
  misuseDetection: { lookbackDays: number; stakeShareBpsMin: bigint; repeatsMin: number };
  /** 004:WIN-05, ACC-07: a debt is repaid within 10 days of the request. */
  debtRepaymentDays: number;
  /** Operator data: the account an offline verification transfer goes to (004:PAY-03 (4.3.4.2)). */
  verificationTransfer: { operatorIban: string; amountMinorMin: bigint };
  /** Bonuses and VIP points (002:BON, VIP; issue 26): the published terms, or null where the operator offers none. */
  loyalty: LoyaltyRules | null;
}

const crowns = (n: number): bigint => BigInt(n) * 100n;

function caps(min: number, max: number | null, extra: Partial<DirectionCaps> = {}): DirectionCaps {
  return {
    offered: true,
    perTransactionMinorMin: crowns(min),
    perTransactionMinorMax: max === null ? null : crowns(max),
    rolling24hMinorMax: null,
    rolling7dMinorMax: null,
    rolling30dMinorMax: null,
    attempts24hMax: null,
    count24hMax: null,
    ...extra,
  };
}

const notOffered: DirectionCaps = { ...caps(0, 0), offered: false };

/**
 * Online deposits allow this many attempts per rolling 24 hours. 002's table has such a count for
 * every card and e-wallet but its numbers were lost (002:AMB-LOST-LIMITS); 10 is our configured
 * default (docs/decisions.md D-605). Offline bank transfers and cash have none.
 */
const onlineAttempts = { attempts24hMax: 10 };

/** 004 §3.6.3 (čl. 5.5), the strictest caps (DEP-03), with 004:DEP-01 and 002's counts added. */
export const czechCapsTable: CapsTable = {
  card: { deposit: caps(100, 300_000, onlineAttempts), withdrawal: caps(500, 5_000) },
  'online-banking': { deposit: caps(100, 300_000, onlineAttempts), withdrawal: notOffered },
  'bank-transfer': { deposit: caps(100, 300_000), withdrawal: caps(10, null) },
  // DEP-01: cash at a branch, at most 5,000 CZK per 24 hours; AMB-03: rolling, across all branches.
  cash: { deposit: caps(1, 5_000, { rolling24hMinorMax: crowns(5_000) }), withdrawal: caps(1, 5_000) },
  'apple-pay': { deposit: caps(100, 300_000, onlineAttempts), withdrawal: caps(500, 5_000) },
  // The table's footnote: PayPal's withdrawal maximum is cumulative over the last 30 days (AMB-04: rolling).
  paypal: { deposit: caps(100, 300_000, onlineAttempts), withdrawal: caps(500, null, { rolling30dMinorMax: crowns(5_000) }) },
  paysafecard: { deposit: caps(100, 20_000, { ...onlineAttempts, count24hMax: 3 }), withdrawal: caps(100, 5_000) },
  other: { deposit: caps(100, 300_000, onlineAttempts), withdrawal: caps(500, 5_000) },
};

/** EU and EEA member states (ISO 3166-1 alpha-2). */
export const euEeaCountries = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
] as const;

export const czechCashierRules: CashierRules = {
  version: 'cz-cashier-2026.1',
  caps: czechCapsTable,
  capsLooserAllowed: ['other'],
  withdrawalInstruments: ['bank-transfer'],
  bankCountries: ['CZ'],
  issuerCountries: euEeaCountries,
  verificationDeadlineDays: 30,
  depositIntentTtlMinutes: 60,
  payoutDeadline: { kind: 'calendar-days', days: 14 },
  withdrawalReviewThresholdMinor: crowns(50_000),
  misuseFeeBps: 500n,
  misuseDetection: { lookbackDays: 30, stakeShareBpsMin: 1_000n, repeatsMin: 2 },
  debtRepaymentDays: 10,
  verificationTransfer: { operatorIban: 'CZ6508000000192000145399', amountMinorMin: crowns(100) },
  // 004 offers neither bonuses nor VIP points (§6d).
  loyalty: null,
};
