import { assert } from '@casino/core';
import type { Rng } from '@casino/games';
import { payoutRowFor, twisterPpmTotal, type TournamentDefinition, type TwisterMultiplier } from './definition.ts';

/**
 * Prize pools, payouts, ties, guarantees and bounties (issue 19). Pure bigint arithmetic in minor
 * units; every division names where its odd units go (D-1906: to the better place, then the earlier
 * entry). The invariants: the prizes of all places add up to the pool exactly; a split gives out
 * exactly what it splits.
 */

/** Splits `total` into `count` parts differing by at most one unit; the first parts get the odd units. */
export function splitEqually(total: bigint, count: number): bigint[] {
  assert(count > 0 && total >= 0n, 'a split has parts and nothing negative');
  const base = total / BigInt(count);
  const odd = Number(total - base * BigInt(count));
  return Array.from({ length: count }, (_, i) => base + (i < odd ? 1n : 0n));
}

/**
 * Splits `total` in proportion to `weights` (largest remainder): the floors first, then one unit each
 * to the largest remainders, ties to the earlier weight. All weights 0: equally.
 */
export function splitByWeight(total: bigint, weights: readonly bigint[]): bigint[] {
  assert(total >= 0n && weights.every((w) => w >= 0n), 'nothing negative');
  const sum = weights.reduce((s, w) => s + w, 0n);
  if (sum === 0n) return splitEqually(total, weights.length);
  const floors = weights.map((w) => (total * w) / sum);
  const remainders = weights.map((w, i) => ({ i, r: (total * w) % sum }));
  let odd = total - floors.reduce((s, f) => s + f, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (odd === 0n) break;
    floors[i]! += 1n;
    odd -= 1n;
  }
  return floors;
}

/** The bounty part of one start fee (004:GAM-P-T-19: bounty = total bounty ÷ players = share × net buy-in). */
export function bountyPerEntryMinor(d: TournamentDefinition): bigint {
  return d.bounty ? (d.entry.startFeeMinor * BigInt(d.bounty.shareBps)) / 10_000n : 0n;
}

/** What a guarantee adds (002:GTD-01, 004:GAM-P-T-18, T-150): guarantee − collected pool, never negative. */
export function overlayMinor(d: TournamentDefinition, collectedPoolMinor: bigint): bigint {
  if (d.guaranteeMinor === null || collectedPoolMinor >= d.guaranteeMinor) return 0n;
  return d.guaranteeMinor - collectedPoolMinor;
}

/**
 * §59 ZHH (002:GTD-02, GTD-03, T-GTD-01): a guaranteed tournament may start only when the stakes paid
 * reach the profile's share of the guarantee. Null: it may start.
 */
export function guaranteeStartRefusal(
  d: TournamentDefinition,
  stakesPaidMinor: bigint,
  collectedBpsMin: number | null,
): string | null {
  if (d.guaranteeMinor === null || collectedBpsMin === null) return null;
  if (stakesPaidMinor * 10_000n >= d.guaranteeMinor * BigInt(collectedBpsMin)) return null;
  return `the stakes paid are below ${collectedBpsMin / 100} % of the guarantee`;
}

/**
 * The prize of each paid place (index 0 = first) for a pool and the entrants: the payout table's shares
 * (floors, the odd units to the first place); a double or nothing pays half the field the same
 * (002:AMB-DON: pool ÷ N/2); a satellite pays its seats the target buy-in each, what is left to the next place.
 */
export function placePrizes(d: TournamentDefinition, entrants: number, poolMinor: bigint): bigint[] {
  if (d.doubleOrNothing) return splitEqually(poolMinor, Math.floor(entrants / 2));
  if (d.satellite) return satellitePrizes(d.satellite.seats, d.satellite.targetBuyInMinor, poolMinor);
  if (d.flight?.day === 1) return []; // D-1967: the event pays at its Day 2
  const shares = payoutRowFor(d, entrants).slice(0, entrants);
  const sumBps = BigInt(shares.reduce((s, bps) => s + bps, 0));
  const prizes = shares.map((bps) => (poolMinor * BigInt(bps)) / sumBps);
  prizes[0]! += poolMinor - prizes.reduce((s, p) => s + p, 0n);
  return prizes;
}

function satellitePrizes(seats: number, targetMinor: bigint, poolMinor: bigint): bigint[] {
  if (poolMinor < targetMinor * BigInt(seats)) return splitEqually(poolMinor, seats); // D-1910
  const rest = poolMinor - targetMinor * BigInt(seats);
  const prizes = Array.from({ length: seats }, () => targetMinor);
  return rest > 0n ? [...prizes, rest] : prizes;
}

/** A finisher or a group of tied finishers: the places they share (best = smaller number). */
export interface Finish {
  readonly entryIds: readonly string[];
  readonly placeBest: number;
  readonly placeWorst: number;
}

/**
 * Ranks the entries busted in one hand, or in one hand-for-hand round (000-001:A-31, 002:AMB-TRN-TIE,
 * 003:R-END-04): `playersLeftBefore` were in; the busted take the places playersLeftBefore down; the
 * bigger starting stack places higher; equal starting stacks tie and share their places. `busted` in
 * any order; the result best first.
 */
export function rankBusts(playersLeftBefore: number, busted: readonly { entryId: string; startingStack: bigint }[]): Finish[] {
  assert(busted.length <= playersLeftBefore, 'no more busts than players');
  const byStack = [...busted].sort((a, b) =>
    a.startingStack === b.startingStack ? 0 : a.startingStack > b.startingStack ? -1 : 1,
  );
  const finishes: Finish[] = [];
  let place = playersLeftBefore - busted.length + 1;
  for (let i = 0; i < byStack.length;) {
    const group = byStack.filter((b) => b.startingStack === byStack[i]!.startingStack);
    finishes.push({ entryIds: group.map((g) => g.entryId), placeBest: place, placeWorst: place + group.length - 1 });
    place += group.length;
    i += group.length;
  }
  return finishes;
}

/** The prize of each entry of a finish: the prizes of its places added, split equally (D-1906: odd units to the first listed). */
export function finishPrizes(finish: Finish, prizes: readonly bigint[]): Map<string, bigint> {
  let total = 0n;
  for (let place = finish.placeBest; place <= finish.placeWorst; place++) total += prizes[place - 1] ?? 0n;
  const parts = splitEqually(total, finish.entryIds.length);
  return new Map(finish.entryIds.map((id, i) => [id, parts[i]!]));
}

/**
 * A knock-out (004:GAM-P-T-19, 20; T-147, T-148): the busted entry's bounty goes to the eliminators,
 * split equally (D-1908); KO pays it whole, PKO pays `paidBps` and adds the rest to each eliminator's
 * own bounty. Returns what is paid now and what each eliminator's bounty grows by.
 */
export function knockOut(
  bountyMinor: bigint,
  eliminators: readonly string[],
  paidBps: number,
): { paid: Map<string, bigint>; added: Map<string, bigint> } {
  assert(eliminators.length > 0, 'a knock-out has an eliminator');
  const paidTotal = (bountyMinor * BigInt(paidBps)) / 10_000n;
  const paidParts = splitEqually(paidTotal, eliminators.length);
  const addedParts = splitEqually(bountyMinor - paidTotal, eliminators.length);
  return {
    paid: new Map(eliminators.map((id, i) => [id, paidParts[i]!])),
    added: new Map(eliminators.map((id, i) => [id, addedParts[i]!])),
  };
}

/**
 * A Twister's draw (000-001:TRN-18, T-74; D-1970): one row of the published table, each with its probability
 * (ppm of 1,000,000), from one `intBelow(1,000,000)` of the platform's generator (cryptoRng live, a SeededRng in tests).
 */
export function twisterDraw(multipliers: readonly TwisterMultiplier[], rng: Rng): number {
  assert(multipliers.length > 0, 'a Twister has a published table');
  const roll = rng.intBelow(twisterPpmTotal);
  let cumulative = 0;
  for (const row of multipliers) {
    cumulative += row.probabilityPpm;
    if (roll < cumulative) return row.multiplier;
  }
  throw new Error(`the probabilities of a Twister's table add up to ${twisterPpmTotal} ppm, not ${cumulative}`);
}
