import { isCurrencyCode, type CurrencyCode } from '@casino/core';
import { amountFor } from '../poker/definition.ts';
import type { PokerRuleProfile, PokerRuleProfileId } from '../poker/profile.ts';
import { playersMaxOf, profileOffers, tableGameOf } from '../poker/table-games.ts';
import type { TournamentFormat, TournamentRuleProfile } from './rules.ts';

/**
 * A tournament is a definition (issue 19): structure, payouts, fees and limits, stored as data and
 * validated against its profile before it is offered (`tournamentDefinitionProblems`). Amounts are minor
 * units of `currency`; chips are tournament chips, which have no cash value (000-001:ACC-09, 002:TRN-07).
 */
export interface TournamentLevel {
  readonly smallBlind: bigint;
  readonly bigBlind: bigint;
  readonly ante: bigint;
  readonly durationMs: number;
  /** A break after this level (000-001:A-31; 002:TURBO-02 breaks; synchronised across tables). */
  readonly breakAfterMs: number;
}

/** A payout table row: for this many entrants or more, the share of the prize pool per place, bps (002:MTT-04). */
export interface PayoutRow {
  readonly entrantsMin: number;
  readonly placesBps: readonly number[];
}

export interface Purchase {
  /** The part that goes to the prize pool (start fee, 000-001:TRN-04). */
  readonly startFeeMinor: bigint;
  /** The part that goes to the operator (registration fee, commission). */
  readonly feeMinor: bigint;
  readonly chips: bigint;
}

export interface TournamentDefinition {
  readonly name: string;
  readonly profileId: PokerRuleProfileId;
  /**
   * The game, as a table's variant id (D-2020): a flop game ("holdem/no-limit"), a stud or draw game
   * ("stud/fixed-limit") or a mix ("mixed/horse", switching game with each blind level, D-2070).
   */
  readonly variant: string;
  readonly currency: CurrencyCode;
  /** Scheduled (fixed start) or sit & go (starts when full, 000-001:A-51, 002:SNG-01). */
  readonly kind: 'scheduled' | 'sit-and-go';
  readonly seatsPerTable: number;
  /** Entrants needed to start and the most allowed; a sit & go has both equal (its size). */
  readonly entrantsMin: number;
  readonly entrantsMax: number;
  /** The entry: start fee + fee, starting chips (equal for all, 003:R-TOUR-09). */
  readonly entry: Purchase;
  readonly levels: readonly TournamentLevel[];
  readonly payouts: readonly PayoutRow[];
  /** Levels during which late registration (and re-entry) stays open; 0 = none. */
  readonly lateRegistrationLevels: number;
  /** Re-entry after elimination during the late-registration period, at most `entriesMax` entries (004:GAM-P-T-14). */
  readonly reEntry: { readonly entriesMax: number } | null;
  /** Rebuys during the first `periodLevels` levels (002:TRN-RB-02), at most `countMax` (null: unlimited, 002:TRN-RB-03). */
  readonly rebuy:
    (Purchase & { readonly periodLevels: number; readonly countMax: number | null; readonly chipsAtMost: bigint }) | null;
  /** One add-on at the break after `afterLevel` (002:TRN-RB-08, 003:R-TOUR-10). */
  readonly addOn: (Purchase & { readonly afterLevel: number }) | null;
  /** Table winners advance; no balancing, no late registration (002:SHOOT-01, 06). */
  readonly shootout: boolean;
  /** Half the field wins double (002:DON-01, 004:GAM-P-T-22). */
  readonly doubleOrNothing: boolean;
  /**
   * Ends when `seats` players are left, each paid `targetBuyInMinor` (002:SAT-03, 004:GAM-P-T-13): in cash, or,
   * with `targetTournamentId`, as a seat ticket into that tournament (003:R-WAL-08, R-PAY-02, 000-001:TRN-22, D-1956).
   */
  readonly satellite: {
    readonly seats: number;
    readonly targetBuyInMinor: bigint;
    readonly targetTournamentId?: string;
  } | null;
  /** The guaranteed prize pool (002:GTD-01, 004:GAM-P-T-18); null = none. */
  readonly guaranteeMinor: bigint | null;
  /** KO / PKO bounties (004:GAM-P-T-19, 20): the bounty's share of the start fee and, for PKO, the part paid at once. */
  readonly bounty: {
    readonly kind: 'knockout' | 'progressive-knockout' | 'mystery';
    readonly shareBps: number;
    readonly paidBps: number;
    /** Mystery bounties (004:GAM-P-T-21): the published set, one drawn at each elimination (D-1960). */
    readonly mystery?: readonly MysteryBountyValue[];
  } | null;
  /** Players above the paid places when hand-for-hand starts (profiles with a `bubble-window` trigger). */
  readonly handForHandAbovePaidMax: number;
  /**
   * A flight event's day (004:GAM-P-T-17, D-1965): a Day 1 flight ends when `qualifiers` players or fewer are left,
   * who carry their stacks to the event's Day 2 (`eventId`, the Day 2 tournament), which seats them with the stack
   * the `carry` rule gives. Absent or null: not a flight.
   */
  readonly flight?: FlightDay | null;
  /** A Twister (000-001:TRN-18, D-1970): the prize pool drawn at the start from this published table. Absent or null: none. */
  readonly twister?: { readonly multipliers: readonly TwisterMultiplier[] } | null;
}

/**
 * A plain freeze-out: no late registration, re-entry, rebuy or add-on, no shootout, double or nothing,
 * satellite, guarantee or bounty. A definition spreads it and names what it adds.
 */
export const freezeOut = {
  lateRegistrationLevels: 0,
  reEntry: null,
  rebuy: null,
  addOn: null,
  shootout: false,
  doubleOrNothing: false,
  satellite: null,
  guaranteeMinor: null,
  bounty: null,
} as const satisfies Partial<TournamentDefinition>;

/** How a Day 2 stack follows from a player's Day 1 stacks (004:GAM-P-T-17): the format each names. */
export type FlightCarry = 'flight' | 'best-stack-forward' | 'stack-builder';

export type FlightDay =
  | { readonly day: 1; readonly eventId: string; readonly carry: FlightCarry; readonly qualifiers: number }
  | { readonly day: 2; readonly carry: FlightCarry };

/**
 * One row of a Twister's published table (000-001:TRN-18, UI-07): the prize pool is `multiplier` × the start fee,
 * drawn with probability `probabilityPpm` / 1,000,000.
 */
export interface TwisterMultiplier {
  readonly multiplier: number;
  readonly probabilityPpm: number;
}

/** The denominator of a Twister's probabilities: parts per million. */
export const twisterPpmTotal = 1_000_000;

/** `count` mystery bounties of `amountMinor` each (004:GAM-P-T-21: the number and the values published). */
export interface MysteryBountyValue {
  readonly amountMinor: bigint;
  readonly count: number;
}

export interface TournamentProblem {
  readonly field: string;
  readonly message: string;
}

/** The sit & go / multi-table format of the definition and its options, as the profile's `formats` names them. */
export function formatsUsed(d: TournamentDefinition): TournamentFormat[] {
  const used: TournamentFormat[] = [d.kind === 'sit-and-go' ? 'sit-and-go' : 'multi-table'];
  if (d.reEntry) used.push('re-entry');
  if (d.rebuy) used.push('rebuy');
  if (d.addOn) used.push('add-on');
  if (!d.reEntry && !d.rebuy && !d.addOn) used.push('freeze-out');
  if (d.shootout) used.push('shootout');
  if (d.satellite) used.push('satellite');
  if (d.satellite?.targetTournamentId !== undefined) used.push('satellite-seat');
  if (d.guaranteeMinor !== null) used.push('guaranteed');
  if (d.doubleOrNothing) used.push('double-or-nothing');
  if (d.bounty) used.push(d.bounty.kind === 'mystery' ? 'mystery-bounty' : d.bounty.kind);
  if (d.flight) used.push(d.flight.carry);
  if (d.twister) used.push('twister');
  return used;
}

/** Every way `d` breaks its profile's rules (empty when it conforms). Pure: the unit tests call it. */
export function tournamentDefinitionProblems(
  d: TournamentDefinition,
  rules: TournamentRuleProfile,
  profile: PokerRuleProfile,
): TournamentProblem[] {
  const problems: TournamentProblem[] = [];
  const fail = (field: string, message: string) => problems.push({ field, message });
  if (d.name.trim() === '') fail('name', 'must not be empty');
  if (d.profileId !== rules.profileId || d.profileId !== profile.id) fail('profileId', `must be ${rules.profileId}`);
  if (!isCurrencyCode(d.currency)) fail('currency', 'is not a known currency');
  variantProblems(d, profile, fail);
  if (!Number.isInteger(d.seatsPerTable) || d.seatsPerTable < profile.seats.min || d.seatsPerTable > profile.seats.max)
    fail('seatsPerTable', `must be ${profile.seats.min}..${profile.seats.max}`);
  for (const format of formatsUsed(d))
    if (!rules.formats.includes(format)) fail('format', `${format} is not offered under ${rules.profileId}`);
  entrantProblems(d, rules, fail);
  purchaseProblems('entry', d.entry, d, rules, fail);
  if (d.rebuy) purchaseProblems('rebuy', d.rebuy, d, rules, fail);
  if (d.addOn) purchaseProblems('addOn', d.addOn, d, rules, fail);
  if (d.addOn && rules.addOn.priceEqualsStartFee && d.addOn.startFeeMinor + d.addOn.feeMinor !== d.entry.startFeeMinor)
    fail('addOn.startFeeMinor', 'the add-on costs the start fee (003:R-TOUR-10)');
  structureProblems(d, fail);
  payoutProblems(d, fail);
  guaranteeProblems(d, rules, fail);
  bountyProblems(d, rules, fail);
  if (d.lateRegistrationLevels > 0 && (!rules.lateRegistration || d.shootout))
    fail('lateRegistrationLevels', 'no late registration here (002:SHOOT-06)');
  if (d.reEntry && (d.reEntry.entriesMax < 2 || d.lateRegistrationLevels === 0))
    fail('reEntry', 'needs 2 or more entries and a late-registration period (004:GAM-P-T-14)');
  flightProblems(d, fail);
  twisterProblems(d, fail);
  return problems;
}

type Fail = (field: string, message: string) => void;

/**
 * The game (issue 20, D-2070, D-2071): one the profile's lobby offers (`games`, `otherGames`), at most
 * as many seats as it deals to (stud 8, 8-Game 6, 002 MAX-02); a stud game, or a mix with one, needs
 * every level's ante (every player's) and a bring-in (the small blind) below the small bet (the big
 * blind), as a stud table's stakes (D-2021).
 */
function variantProblems(d: TournamentDefinition, profile: PokerRuleProfile, fail: Fail): void {
  // The cash table's game of that id: the profile offers a mix by its id; a tournament deals it by level (D-2070).
  const game = tableGameOf(d.variant);
  if (game === null) return fail('variant', `unknown variant ${JSON.stringify(d.variant)}`);
  if (!profileOffers(profile, game)) return fail('variant', `${game.name} is not offered under ${profile.id}`);
  if (Number.isInteger(d.seatsPerTable) && d.seatsPerTable > playersMaxOf(game))
    fail('seatsPerTable', `${game.name} is dealt to ${playersMaxOf(game)} players at most`);
  const stud =
    game.kind === 'fixed-limit'
      ? game.game.family === 'stud'
      : game.kind === 'mixed' && game.rotation.games.some((entry) => entry.family === 'stud');
  if (!stud) return;
  d.levels.forEach((level, i) => {
    if (level.ante <= 0n) fail(`levels.${i}.ante`, `${game.name} deals stud: every level needs an ante (D-2071)`);
    if (level.smallBlind >= level.bigBlind)
      fail(`levels.${i}.smallBlind`, 'the bring-in (the small blind) must be below the small bet (the big blind, D-2021)');
  });
}

function entrantProblems(d: TournamentDefinition, rules: TournamentRuleProfile, fail: Fail): void {
  if (!Number.isInteger(d.entrantsMin) || !Number.isInteger(d.entrantsMax) || d.entrantsMin < 2 || d.entrantsMax < d.entrantsMin)
    fail('entrantsMin', 'must be whole numbers with 2 ≤ entrantsMin ≤ entrantsMax');
  if (d.kind === 'sit-and-go') {
    const { min, max } = rules.sitAndGoSeats;
    if (d.entrantsMin !== d.entrantsMax) fail('entrantsMax', 'a sit & go has a fixed size (000-001:TRN-01)');
    if (d.entrantsMax < min || d.entrantsMax > max) fail('entrantsMax', `a sit & go seats ${min} to ${max} (002:SNG-02)`);
  }
  if (d.doubleOrNothing && (d.kind !== 'sit-and-go' || d.entrantsMax % 2 !== 0))
    fail('doubleOrNothing', 'a double or nothing is a sit & go of an even size (002:AMB-DON)');
  if (d.satellite && (d.satellite.seats < 1 || d.satellite.seats >= d.entrantsMin || d.satellite.targetBuyInMinor <= 0n))
    fail('satellite', 'needs 1 ≤ seats < entrantsMin and a positive target buy-in');
  // D-1956: a seat is a whole ticket, so the smallest field's start fees must buy every seat.
  if (
    d.satellite?.targetTournamentId !== undefined &&
    BigInt(d.entrantsMin) * d.entry.startFeeMinor < d.satellite.targetBuyInMinor * BigInt(d.satellite.seats)
  )
    fail('satellite.seats', 'the start fees of entrantsMin entries must pay every seat (D-1956)');
}

function purchaseProblems(field: string, p: Purchase, d: TournamentDefinition, rules: TournamentRuleProfile, fail: Fail): void {
  if (p.startFeeMinor < 0n || p.feeMinor < 0n || p.chips <= 0n) fail(field, 'amounts ≥ 0 and chips > 0');
  if (p.startFeeMinor === 0n && p.feeMinor > 0n) fail(`${field}.feeMinor`, 'no fee on a freeroll (000-001:TRN-05)');
  if (field !== 'entry' && !rules.fee.capsPerPurchase) return;
  const { feeMax, startFeeMax, feeOfStartFeeBpsMax, feeOfBuyInBpsMin, feeOfBuyInBpsMax } = rules.fee;
  const cap = (amount: typeof feeMax) => (amount === null ? undefined : (amountFor(amount, d.currency) ?? -1n));
  const feeCap = cap(feeMax);
  if (feeCap !== undefined && p.feeMinor > feeCap) fail(`${field}.feeMinor`, 'above the fee cap (000-001:TRN-03)');
  const startCap = cap(startFeeMax);
  if (startCap !== undefined && p.startFeeMinor > startCap)
    fail(`${field}.startFeeMinor`, 'above the start fee cap (000-001:TRN-03)');
  if (feeOfStartFeeBpsMax !== null && p.feeMinor * 10_000n > p.startFeeMinor * BigInt(feeOfStartFeeBpsMax))
    fail(`${field}.feeMinor`, `above ${feeOfStartFeeBpsMax / 100} % of the start fee (000-001:TRN-04)`);
  const buyIn = p.startFeeMinor + p.feeMinor;
  if (buyIn === 0n) return; // a freeroll has no fee to bound
  if (feeOfBuyInBpsMin !== null && p.feeMinor * 10_000n < buyIn * BigInt(feeOfBuyInBpsMin))
    fail(`${field}.feeMinor`, `below ${feeOfBuyInBpsMin / 100} % of the buy-in (002:RAKE-03)`);
  if (feeOfBuyInBpsMax !== null && p.feeMinor * 10_000n > buyIn * BigInt(feeOfBuyInBpsMax))
    fail(`${field}.feeMinor`, `above ${feeOfBuyInBpsMax / 100} % of the buy-in (002:RAKE-03)`);
}

function structureProblems(d: TournamentDefinition, fail: Fail): void {
  if (d.levels.length === 0) fail('levels', 'at least one level');
  d.levels.forEach((level, i) => {
    if (level.smallBlind <= 0n || level.bigBlind < level.smallBlind || level.ante < 0n)
      fail(`levels.${i}`, 'blinds 0 < SB ≤ BB and ante ≥ 0');
    if (!Number.isInteger(level.durationMs) || level.durationMs <= 0 || level.breakAfterMs < 0)
      fail(`levels.${i}.durationMs`, 'a positive duration and a break ≥ 0');
  });
  if (d.rebuy && (d.rebuy.periodLevels < 1 || d.rebuy.periodLevels > d.levels.length))
    fail('rebuy.periodLevels', 'within the structure');
  if (
    d.addOn &&
    (d.addOn.afterLevel < 1 || d.addOn.afterLevel > d.levels.length || d.levels[d.addOn.afterLevel - 1]!.breakAfterMs === 0)
  )
    fail('addOn.afterLevel', 'at a break of the structure (002:TRN-RB-08, 003:R-TOUR-10)');
}

function payoutProblems(d: TournamentDefinition, fail: Fail): void {
  if (d.doubleOrNothing || d.satellite) return; // their prizes follow from the format
  if (d.flight?.day === 1) {
    if (d.payouts.length > 0) fail('payouts', 'a Day 1 flight pays nothing: the event pays at its Day 2 (D-1967)');
    return;
  }
  if (d.payouts.length === 0) fail('payouts', 'at least one row');
  d.payouts.forEach((row, i) => {
    const sum = row.placesBps.reduce((s, bps) => s + bps, 0);
    if (sum !== 10_000) fail(`payouts.${i}`, `the shares add up to 10,000 bps, not ${sum}`);
    if (row.placesBps.some((bps, k) => !Number.isInteger(bps) || bps <= 0 || (k > 0 && bps > row.placesBps[k - 1]!)))
      fail(`payouts.${i}`, 'positive whole shares, none above a better place');
    if (row.placesBps.length > row.entrantsMin) fail(`payouts.${i}`, 'more paid places than entrants');
  });
}

function guaranteeProblems(d: TournamentDefinition, rules: TournamentRuleProfile, fail: Fail): void {
  if (d.guaranteeMinor === null) return;
  if (d.guaranteeMinor <= 0n) fail('guaranteeMinor', 'must be positive');
  const bpsMax = rules.guarantee.prizesOfStakesBpsMax;
  // 002:GTD-03, AMB-GTD-95: with no overlay the pool is the stakes net of fees, so fees under 5 % break the 95 % cap.
  const buyIn = d.entry.startFeeMinor + d.entry.feeMinor;
  if (bpsMax !== null && d.entry.startFeeMinor * 10_000n > buyIn * BigInt(bpsMax))
    fail('entry.feeMinor', `prizes may be at most ${bpsMax / 100} % of the stakes (002:GTD-02)`);
}

function bountyProblems(d: TournamentDefinition, rules: TournamentRuleProfile, fail: Fail): void {
  if (!d.bounty) return;
  if (d.bounty.kind === 'mystery') return mysteryProblems(d, fail);
  if (d.bounty.mystery !== undefined) fail('bounty.mystery', 'only a mystery bounty has a published set');
  const share = d.bounty.kind === 'knockout' ? rules.bounty.knockoutShareBps : rules.bounty.progressiveShareBps;
  if (share === null) return; // the format check refused it already
  if (d.bounty.shareBps < share.min || d.bounty.shareBps > share.max)
    fail('bounty.shareBps', `between ${share.min} and ${share.max} bps (004:GAM-P-T-19, 20)`);
  const paid = rules.bounty.progressivePaidBps;
  if (d.bounty.kind === 'progressive-knockout' && paid && (d.bounty.paidBps < paid.min || d.bounty.paidBps > paid.max))
    fail('bounty.paidBps', `between ${paid.min} and ${paid.max} bps (004:GAM-P-T-20)`);
  if (d.bounty.kind === 'knockout' && d.bounty.paidBps !== 10_000) fail('bounty.paidBps', 'a KO bounty is paid whole');
}

/**
 * Mystery bounties (004:GAM-P-T-21, D-1960): a fixed field (entrantsMin = entrantsMax) with no re-entry, so
 * there are exactly entrants − 1 eliminations and as many bounties published; the published values add up
 * to the bounty parts of the field's start fees exactly (what the players paid in is what is drawn out).
 */
function mysteryProblems(d: TournamentDefinition, fail: Fail): void {
  const values = d.bounty?.mystery ?? [];
  if (d.bounty!.shareBps < 1 || d.bounty!.shareBps > 10_000) fail('bounty.shareBps', 'between 1 and 10,000 bps');
  if (d.bounty!.paidBps !== 10_000) fail('bounty.paidBps', 'a mystery bounty is paid whole');
  if (d.entrantsMin !== d.entrantsMax || d.reEntry || d.satellite || d.doubleOrNothing)
    fail('bounty.kind', 'a mystery bounty needs a fixed field with no re-entry, satellite or double or nothing (D-1960)');
  if (values.length === 0 || values.some((v) => v.amountMinor <= 0n || !Number.isInteger(v.count) || v.count < 1))
    fail('bounty.mystery', 'positive values, each at least once');
  const count = values.reduce((n, v) => n + v.count, 0);
  if (count !== d.entrantsMax - 1) fail('bounty.mystery', `one bounty per elimination: ${d.entrantsMax - 1}, not ${count}`);
  const total = values.reduce((sum, v) => sum + v.amountMinor * BigInt(v.count), 0n);
  const funded = ((d.entry.startFeeMinor * BigInt(d.bounty!.shareBps)) / 10_000n) * BigInt(d.entrantsMax);
  if (total !== funded)
    fail('bounty.mystery', `the values add up to the bounty parts of the start fees, ${funded}, not ${total}`);
}

/** Options a flight's day does not combine with (D-1966): one buy-in per Day 1 entry, nothing else to carry or pay. */
function plainFreezeOut(d: TournamentDefinition): boolean {
  return (
    !d.reEntry &&
    !d.rebuy &&
    !d.addOn &&
    !d.shootout &&
    !d.doubleOrNothing &&
    !d.satellite &&
    d.guaranteeMinor === null &&
    !d.bounty &&
    d.lateRegistrationLevels === 0
  );
}

/**
 * A flight event's days (004:GAM-P-T-17, D-1965, D-1966): both scheduled freeze-outs with no bounty, guarantee or
 * late registration; a Day 1 keeps at least 2 qualifiers, fewer than its smallest field; a Day 2 is entered only
 * by qualifiers (at least 2).
 */
function flightProblems(d: TournamentDefinition, fail: Fail): void {
  if (!d.flight) return;
  if (d.kind !== 'scheduled') fail('kind', 'a flight event is scheduled');
  if (!plainFreezeOut(d) || d.twister)
    fail(
      'flight',
      'a flight event is a freeze-out: no re-entry, rebuy, add-on, bounty, guarantee, satellite or late registration',
    );
  if (d.flight.day === 1) {
    const { qualifiers, eventId } = d.flight;
    if (!Number.isInteger(qualifiers) || qualifiers < 2 || qualifiers >= d.entrantsMin)
      fail('flight.qualifiers', 'whole, 2 ≤ qualifiers < entrantsMin');
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(eventId))
      fail('flight.eventId', 'a tournament id');
  } else if (d.entrantsMin !== 2) fail('entrantsMin', 'a Day 2 starts with whoever qualified: entrantsMin is 2');
}

/**
 * A Twister (000-001:TRN-18, UI-07; D-1970, D-1971): a freeze-out sit & go with a published table of 1..20
 * multipliers, whole and ascending, probabilities in ppm adding up to 1,000,000, and an expected prize pool
 * below what the field pays in start fees (Σ p × m < entrants): above it the operator would fund it on average.
 */
function twisterProblems(d: TournamentDefinition, fail: Fail): void {
  if (!d.twister) return;
  if (d.kind !== 'sit-and-go' || !plainFreezeOut(d)) fail('twister', 'a Twister is a freeze-out sit & go (D-1970)');
  const rows = d.twister.multipliers;
  if (rows.length < 1 || rows.length > twisterRowsMax) fail('twister.multipliers', `1 to ${twisterRowsMax} rows`);
  rows.forEach((row, i) => {
    if (!Number.isInteger(row.multiplier) || row.multiplier < 1 || (i > 0 && row.multiplier <= rows[i - 1]!.multiplier))
      fail(`twister.multipliers.${i}.multiplier`, 'whole, at least 1, ascending');
    if (!Number.isInteger(row.probabilityPpm) || row.probabilityPpm < 1)
      fail(`twister.multipliers.${i}.probabilityPpm`, 'a whole number of ppm, at least 1');
  });
  // D-1973: winner takes the drawn pool, so an abort's refund of everything paid never takes a reached prize away.
  if (d.payouts.some((row) => row.placesBps.length !== 1)) fail('payouts', 'a Twister pays the winner only (D-1973)');
  const ppm = rows.reduce((s, row) => s + row.probabilityPpm, 0);
  if (ppm !== twisterPpmTotal) fail('twister.multipliers', `the probabilities add up to ${twisterPpmTotal} ppm, not ${ppm}`);
  const expectedPpm = rows.reduce((s, row) => s + BigInt(row.probabilityPpm) * BigInt(row.multiplier), 0n);
  if (expectedPpm >= BigInt(d.entrantsMax) * BigInt(twisterPpmTotal))
    fail('twister.multipliers', `the expected prize pool must be below the ${d.entrantsMax} start fees paid in (D-1971)`);
}

/** The most rows a Twister's table may have. */
export const twisterRowsMax = 20;

/** The payout row in force for `entrants`: the one with the largest `entrantsMin` not above it. */
export function payoutRowFor(d: TournamentDefinition, entrants: number): readonly number[] {
  const rows = d.payouts.filter((row) => row.entrantsMin <= entrants).sort((a, b) => b.entrantsMin - a.entrantsMin);
  return rows[0]?.placesBps ?? d.payouts[0]?.placesBps ?? [10_000];
}
