import type { CurrencyCode } from '@casino/core';
import { tournament, type PokerRuleProfileId, type TournamentDefinition, type TournamentRuleProfile } from '@casino/tables';
import { czPsPokerRules } from './cz-ps.ts';
import { tournamentRuleProfiles } from './tournaments.ts';

/**
 * The demo tournaments `npm start` seeds (issue 19, D-1917): a sit & go under every profile that offers
 * one and can price it in `currency`, a CZ-PS HORSE sit & go (issue 20, D-2074) and one scheduled
 * multi-table freeze-out (CZ-FO). Plain
 * freeze-outs (no rebuy, bounty or guarantee) so each stays inside every profile's §2d settings; the
 * seed creates them through the store, which validates each against its profile.
 */

/** A currency's demo buy-in, start fee + fee (a tenth of the start fee, inside CZ-PS's 2–17 % and AT's 15 %). */
const sitAndGoStartFee: Readonly<Record<CurrencyCode, bigint>> = Object.freeze({
  CZK: 10_000n, // 100.00 + 10.00
  SEK: 10_000n,
  EUR: 500n,
  USD: 500n,
  GBP: 500n,
  CAD: 500n,
  JPY: 500n,
});

/** Blinds rising every level, in tournament chips (no cash value, 000-001:ACC-09); a break after level 4. */
function levels(durationMs: number): TournamentDefinition['levels'] {
  const blinds = [10n, 15n, 25n, 50n, 75n, 100n, 150n, 200n, 300n, 400n, 600n, 800n];
  return blinds.map((smallBlind, i) => ({
    smallBlind,
    bigBlind: smallBlind * 2n,
    ante: i >= 3 ? smallBlind / 5n : 0n,
    durationMs,
    breakAfterMs: i === 3 ? 5 * 60_000 : 0,
  }));
}

const minutes = (n: number) => n * 60_000;

/**
 * A profile's fee caps name amounts per currency (AT's are in EUR only); where one is set but names no
 * amount in `currency`, a tournament there would fail validation rather than guess a rate (D-1622), so
 * the demo offers none (D-1917).
 */
export function tournamentCapsPublishedIn(rules: TournamentRuleProfile, currency: CurrencyCode): boolean {
  return [rules.fee.feeMax, rules.fee.startFeeMax].every((cap) => cap === null || Object.hasOwn(cap, currency));
}

function sitAndGo(profileId: PokerRuleProfileId, currency: CurrencyCode): TournamentDefinition {
  const startFeeMinor = sitAndGoStartFee[currency];
  return {
    name: `Demo sit & go ${profileId} (6 players)`,
    profileId,
    variant: 'holdem/no-limit',
    currency,
    kind: 'sit-and-go',
    seatsPerTable: 6,
    entrantsMin: 6,
    entrantsMax: 6,
    entry: { startFeeMinor, feeMinor: startFeeMinor / 10n, chips: 1_500n },
    levels: levels(minutes(5)),
    payouts: [
      { entrantsMin: 2, placesBps: [10_000] },
      { entrantsMin: 6, placesBps: [6_500, 3_500] },
    ],
    ...tournament.freezeOut,
    handForHandAbovePaidMax: 2,
  };
}

/**
 * HORSE at CZ-PS (002 HORSE-01..04, D-2074): a six-player sit & go, the game changing with each blind
 * level (D-2070). Limit stakes from the level: the big blind is the small bet, the small blind the stud
 * bring-in, and every level has the stud ante (a fifth of the small blind), D-2071.
 */
function horseSitAndGo(currency: CurrencyCode): TournamentDefinition {
  return {
    ...sitAndGo('CZ-PS', currency),
    name: 'Demo HORSE sit & go CZ-PS (6 players)',
    variant: 'mixed/horse',
    levels: levels(minutes(5)).map((level) => ({ ...level, ante: level.smallBlind / 5n })),
  };
}

/** The scheduled multi-table tournament: CZ-FO, 9-handed, 2 to 180 entrants, five times the sit & go's buy-in. */
function scheduledMtt(currency: CurrencyCode): TournamentDefinition {
  const startFeeMinor = sitAndGoStartFee[currency] * 5n;
  return {
    name: 'Demo MTT CZ-FO (scheduled, 9-handed)',
    profileId: 'CZ-FO',
    variant: 'holdem/no-limit',
    currency,
    kind: 'scheduled',
    seatsPerTable: 9,
    entrantsMin: 2,
    entrantsMax: 180,
    entry: { startFeeMinor, feeMinor: startFeeMinor / 10n, chips: 5_000n },
    levels: levels(minutes(10)),
    payouts: [
      { entrantsMin: 2, placesBps: [10_000] },
      { entrantsMin: 6, placesBps: [6_500, 3_500] },
      { entrantsMin: 10, placesBps: [5_000, 3_000, 2_000] },
      { entrantsMin: 30, placesBps: [3_000, 2_000, 1_500, 1_200, 1_000, 800, 500] },
    ],
    ...tournament.freezeOut,
    handForHandAbovePaidMax: 3,
  };
}

/** The demo tournaments in `currency`: sit & goes first (profile order, then CZ-PS's HORSE), then the scheduled MTT. */
export function demoTournaments(currency: CurrencyCode): TournamentDefinition[] {
  const offered = Object.values(tournamentRuleProfiles).filter(
    (rules) => rules.formats.includes('sit-and-go') && tournamentCapsPublishedIn(rules, currency),
  );
  const sitAndGoes = offered.map((rules) => sitAndGo(rules.profileId, currency));
  if (offered.some((rules) => rules.profileId === 'CZ-PS') && czPsPokerRules.otherGames?.mixed.includes('horse'))
    sitAndGoes.push(horseSitAndGo(currency));
  const mttRules = tournamentRuleProfiles['CZ-FO'];
  const mtt =
    mttRules.formats.includes('multi-table') && tournamentCapsPublishedIn(mttRules, currency) ? [scheduledMtt(currency)] : [];
  return [...sitAndGoes, ...mtt];
}

/**
 * The demo flight event (004:GAM-P-T-17, D-1965): CZ-FO, Best Stack Forward, two Day 1 flights a day apart and the
 * Day 2 a day after the second; each Day 1 a 9-handed freeze-out of 3 to 180 at the MTT's buy-in, ending when 10
 * players are left. The seed sets the times (`startsAt` of each Day 1 and the Day 2).
 */
export function demoFlightEvent(currency: CurrencyCode): {
  day2: TournamentDefinition;
  day1s: { definition: TournamentDefinition; qualifiers: number }[];
} | null {
  const rules = tournamentRuleProfiles['CZ-FO'];
  if (!rules.formats.includes('best-stack-forward') || !tournamentCapsPublishedIn(rules, currency)) return null;
  const base = scheduledMtt(currency);
  const day2: TournamentDefinition = {
    ...base,
    name: 'Demo flight event CZ-FO (Best Stack Forward): Day 2',
    entrantsMin: 2,
    entrantsMax: 360,
    flight: { day: 2, carry: 'best-stack-forward' },
  };
  const day1 = (letter: string): TournamentDefinition => ({
    ...base,
    name: `Demo flight event CZ-FO (Best Stack Forward): Day 1${letter}`,
    entrantsMin: 11,
    payouts: [],
  });
  return {
    day2,
    day1s: [
      { definition: day1('A'), qualifiers: 10 },
      { definition: day1('B'), qualifiers: 10 },
    ],
  };
}

/**
 * The published table of the demo Twister (000-001:TRN-18, UI-07; D-1970): the prize pool in start fees and its
 * probability in ppm. Expected pool 2.73 start fees of the 3 paid in (91 %, D-1971).
 */
export const demoTwisterMultipliers = Object.freeze([
  { multiplier: 2, probabilityPpm: 750_000 },
  { multiplier: 3, probabilityPpm: 180_000 },
  { multiplier: 5, probabilityPpm: 50_000 },
  { multiplier: 10, probabilityPpm: 15_000 },
  { multiplier: 25, probabilityPpm: 4_000 },
  { multiplier: 100, probabilityPpm: 900 },
  { multiplier: 1_000, probabilityPpm: 100 },
]);

/**
 * The demo Twister (000-001:TRN-18): AT, a 3-player Hold'em sit & go, winner takes the drawn pool. In EUR: AT's fee
 * caps are published in EUR only (000-001:TRN-03, D-1917), 5.00 + 0.50 EUR is inside its 15 % and EUR 50.
 */
export function demoTwister(): TournamentDefinition | null {
  const rules = tournamentRuleProfiles.AT;
  if (!rules.formats.includes('twister') || !tournamentCapsPublishedIn(rules, 'EUR')) return null;
  return {
    ...sitAndGo('AT', 'EUR'),
    name: 'Demo Twister AT (3 players, EUR)',
    seatsPerTable: 3,
    entrantsMin: 3,
    entrantsMax: 3,
    payouts: [{ entrantsMin: 2, placesBps: [10_000] }],
    twister: { multipliers: demoTwisterMultipliers },
  };
}
