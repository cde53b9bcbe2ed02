import { announcedBetNames, racetrackSpecialBets, type AnnouncedBetName } from './announced-bets.ts';

/**
 * The roulette games are one engine with three rule sets. What differs is data: how many balls
 * are spun, whether la partage returns half of an even-chance bet on zero, how many neighbours a
 * racetrack bet may take each side, and which announced bets the table offers.
 */
export type RouletteVariantId = 'european' | 'french' | 'double-ball';

export interface RouletteVariant {
  readonly id: RouletteVariantId;
  readonly name: string;
  /** Balls per spin, each landing independently and uniformly (002:RNG-01). */
  readonly balls: 1 | 2;
  /** 004:GAM-RF-02: on zero, even-chance bets return half the stake (D-703, 004:AMB-22). */
  readonly laPartage: boolean;
  /** Neighbour bets: 1 to this many numbers each side (004:GAM-RE-05 five, GAM-RF-06 four; 004:AMB-23). */
  readonly neighboursPerSideMax: number;
  readonly announcedBets: readonly AnnouncedBetName[];
}

/** 004 §3.13.2: European roulette with its racetrack (Voisins, Tiers, Orphelins, neighbours up to 5). */
export const europeanRoulette: RouletteVariant = Object.freeze({
  id: 'european',
  name: 'European roulette',
  balls: 1,
  laPartage: false,
  neighboursPerSideMax: 5,
  announcedBets: racetrackSpecialBets,
});

/** 004 §3.13.3: French roulette, la partage, every announced bet, neighbours 1 to 4. */
export const frenchRoulette: RouletteVariant = Object.freeze({
  id: 'french',
  name: 'French roulette',
  balls: 1,
  laPartage: true,
  neighboursPerSideMax: 4,
  announcedBets: announcedBetNames,
});

/**
 * 002:RLT-01 double-ball roulette, whose rules the source lost (002:AMB-DOUBLEBALL). Our rule set
 * (D-704): the European table, two balls spun together on one wheel, each landing independently
 * (both may share a pocket); every bet is settled once per ball on half its stake. Every bet keeps
 * the European return of 36/37, and the largest win equals a single-ball win (both balls on it).
 */
export const doubleBallRoulette: RouletteVariant = Object.freeze({
  id: 'double-ball',
  name: 'Double-ball roulette',
  balls: 2,
  laPartage: false,
  neighboursPerSideMax: 5,
  announcedBets: racetrackSpecialBets,
});

export const rouletteVariants: Readonly<Record<RouletteVariantId, RouletteVariant>> = Object.freeze({
  european: europeanRoulette,
  french: frenchRoulette,
  'double-ball': doubleBallRoulette,
});

export function isRouletteVariantId(value: unknown): value is RouletteVariantId {
  return typeof value === 'string' && Object.hasOwn(rouletteVariants, value);
}
