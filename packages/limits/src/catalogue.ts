/**
 * The self-limitation measures a jurisdiction offers, and the rules for changing them, as data
 * (ARCHITECTURE idea 9). The Czech profile requires at least deposit, stake and net-loss limits per
 * day and per month, a daily playing-time limit and self-exclusion (ZHH §15; 004:SLM-01, 002:RG-01,
 * 002:AMB-RG-TYPES), and a decision on each of them at registration (004:REG-07, 002:REG-02). The
 * Swedish profile (003 §3.3) is the same mechanism configured differently: raising a limit takes
 * effect from the next period, and a day limit may not exceed the week limit, nor that the month's.
 */
export type MeasureKind = 'amount' | 'duration' | 'count' | 'exclusion';

/**
 * What a limit counts: money in CZK (deposits, stakes, stakes minus wins), playing time, or the
 * tournament entries a player makes (003:R-LIM-02; a `count` measure, checked at registration).
 */
export type Metric = 'deposit' | 'stake' | 'net-loss' | 'playing-time' | 'tournament-count';

/** Calendar periods are Europe/Prague days, ISO weeks (from Monday) and months (periods.ts). */
export type CalendarPeriod = 'day' | 'week' | 'month';
export type LimitPeriod = 'session' | CalendarPeriod;

export const calendarPeriods: readonly CalendarPeriod[] = ['day', 'week', 'month'];

export interface MeasureDefinition {
  /** Stable code, e.g. `deposit:day`; the metric and the period for limits. */
  code: string;
  kind: MeasureKind;
  description: string;
  /** Limits only (`amount`, `duration`). */
  metric?: Metric;
  period?: LimitPeriod;
  /** Bounds for a set value (amounts in CZK minor units, durations in minutes, counts in entries, exclusions in hours). */
  minimum: bigint;
  maximum: bigint | null;
}

/**
 * When a loosening (a higher limit, a removed limit) takes effect: a fixed delay after the request
 * (Czech: 7 × 24 hours, 002:RG-06 and AMB-7D), or from the start of the limit's next period
 * (Swedish: next day, calendar week or calendar month, 003:R-LIM-04). Tightening is always at once.
 */
export type LooseningRule = { kind: 'after-delay'; delayHours: number } | { kind: 'next-period' };

export interface JurisdictionProfile {
  id: string;
  /** Every measure the player may set, change or remove. */
  measures: readonly MeasureDefinition[];
  /** Measures that need an explicit decision (set or refused) at registration. */
  registrationMeasures: readonly MeasureDefinition[];
  /** Whether a registration measure may be refused (Czech) or must be set (Swedish, 003:R-LIM-01). */
  registrationMayRefuse: boolean;
  loosening: LooseningRule;
  /** 003:R-LIM-03: a day limit may not exceed the week limit, nor the week limit the month limit. */
  nestedPeriods: boolean;
  /** How long the panic button excludes the player (hours). */
  panicButtonHours: number;
  playingTime: {
    /** A gap between two game activities counts as playing time up to this much (the rest is idle). */
    activityGapMsMax: number;
    /** A play session without activity for this long has ended (at its last activity). */
    idleSessionEndMs: number;
  };
  /** Reality-check reminders (time played and net result) every this many minutes, if the player wants them. */
  realityCheck: { intervalMinutesMin: number; intervalMinutesMax: number };
}

const czkMinor = (crowns: number) => BigInt(crowns) * 100n;

function amount(metric: 'deposit' | 'stake' | 'net-loss', period: LimitPeriod): MeasureDefinition {
  const what = { deposit: 'Deposits', stake: 'Stakes', 'net-loss': 'Net loss (stakes minus wins)' }[metric];
  const per = period === 'session' ? 'play session' : `calendar ${period}`;
  return {
    code: `${metric}:${period}`,
    kind: 'amount',
    metric,
    period,
    description: `${what} per ${per} (CZK)`,
    minimum: czkMinor(1),
    maximum: null,
  };
}

function playingTime(period: LimitPeriod, maximumMinutes: number): MeasureDefinition {
  const per = period === 'session' ? 'play session' : `calendar ${period}`;
  return {
    code: `playing-time:${period}`,
    kind: 'duration',
    metric: 'playing-time',
    period,
    description: `Playing time per ${per} (minutes)`,
    minimum: 1n,
    maximum: BigInt(maximumMinutes),
  };
}

/**
 * 003:R-LIM-02: how many tournaments the player may enter per calendar day, week and month. A limit
 * of at least one entry (no tournaments at all is what not entering, or self-exclusion, is for).
 */
function tournamentCount(period: CalendarPeriod, maximumEntries: number): MeasureDefinition {
  return {
    code: `tournament-count:${period}`,
    kind: 'count',
    metric: 'tournament-count',
    period,
    description: `Tournament entries per calendar ${period}`,
    minimum: 1n,
    maximum: BigInt(maximumEntries),
  };
}

/** The longest finite self-exclusion (10 years); longer is what indefinitely (`hours: null`) is for. */
export const exclusionHoursMax = 24 * 366 * 10;

/** 12 hours to indefinite (003 §3.3, issue 5); `null` hours means indefinite. */
const selfExclusion = (maximumHours: bigint | null): MeasureDefinition => ({
  code: 'self-exclusion',
  kind: 'exclusion',
  description: 'Self-exclusion (hours; omit for indefinite)',
  minimum: 12n,
  maximum: maximumHours,
});

const czechMeasures = {
  depositDay: amount('deposit', 'day'),
  depositWeek: amount('deposit', 'week'),
  depositMonth: amount('deposit', 'month'),
  stakeDay: amount('stake', 'day'),
  stakeWeek: amount('stake', 'week'),
  stakeMonth: amount('stake', 'month'),
  netLossDay: amount('net-loss', 'day'),
  netLossWeek: amount('net-loss', 'week'),
  netLossMonth: amount('net-loss', 'month'),
  playingTimeSession: playingTime('session', 1440),
  playingTimeDay: playingTime('day', 1440),
  selfExclusion: selfExclusion(null),
};

export const czechProfile: JurisdictionProfile = {
  id: 'cz-zhh-2026',
  measures: Object.values(czechMeasures),
  registrationMeasures: [
    czechMeasures.depositDay,
    czechMeasures.depositMonth,
    czechMeasures.stakeDay,
    czechMeasures.stakeMonth,
    czechMeasures.netLossDay,
    czechMeasures.netLossMonth,
    czechMeasures.playingTimeDay,
    czechMeasures.selfExclusion,
  ],
  registrationMayRefuse: true,
  loosening: { kind: 'after-delay', delayHours: 7 * 24 },
  nestedPeriods: false,
  panicButtonHours: 48,
  playingTime: { activityGapMsMax: 5 * 60_000, idleSessionEndMs: 30 * 60_000 },
  realityCheck: { intervalMinutesMin: 10, intervalMinutesMax: 240 },
};

const swedishLimits = [
  amount('net-loss', 'session'),
  amount('net-loss', 'day'),
  amount('net-loss', 'week'),
  amount('net-loss', 'month'),
  playingTime('session', 1440),
  playingTime('day', 1440),
  playingTime('week', 7 * 1440),
  playingTime('month', 31 * 1440),
];

/**
 * 003:R-LIM-02: tournament entries per day, calendar week and month; not decided at registration but
 * before the first tournament (003:R-PART-04: the tournament registration refuses a player without them).
 */
const swedishTournamentCounts = [tournamentCount('day', 1_000), tournamentCount('week', 7_000), tournamentCount('month', 31_000)];

/**
 * 003 §3.3: loss and time limits per session, day, week and month, all mandatory; tournament-count limits
 * per day, week and month before the first tournament; self-exclusion 12 hours to 1 year.
 */
export const swedishProfile: JurisdictionProfile = {
  id: 'se-svenska-spel-poker',
  measures: [...swedishLimits, ...swedishTournamentCounts, selfExclusion(24n * 365n)],
  registrationMeasures: swedishLimits,
  registrationMayRefuse: false,
  loosening: { kind: 'next-period' },
  nestedPeriods: true,
  panicButtonHours: 48,
  playingTime: { activityGapMsMax: 5 * 60_000, idleSessionEndMs: 30 * 60_000 },
  realityCheck: { intervalMinutesMin: 10, intervalMinutesMax: 240 },
};

export function findMeasure(profile: JurisdictionProfile, code: string): MeasureDefinition | undefined {
  return profile.measures.find((m) => m.code === code);
}
