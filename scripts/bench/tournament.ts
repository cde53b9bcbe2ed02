/**
 * `npm run bench:tournament` (issue 19): a multi-table tournament of BENCH_ENTRIES (default 1,000) entries
 * played from the seating to the winner by the pure director with bots (zero think time, a fast
 * structure), table balancing included. Checks after every round of hands: chips conserved; at the end:
 * the prizes add up to the pool plus the overlay. The money in the database is not part of this run (the
 * director is pure; registration and payouts are proven by the store tests). A measurement, not a test:
 * it exits 0 whatever the numbers, and ends with one line.
 */
import { SeededRng } from '@casino/games';
import { tournament, type TournamentDefinition, type TournamentRuleProfile } from '@casino/tables';

const entries = Number(process.env.BENCH_ENTRIES ?? 1_000);
if (!Number.isInteger(entries) || entries < 2)
  throw new Error(`BENCH_ENTRIES must be a whole number ≥ 2, got "${process.env.BENCH_ENTRIES}"`);

const rules: TournamentRuleProfile = {
  profileId: 'CZ-FO',
  formats: ['freeze-out', 'multi-table', 'guaranteed'],
  fee: {
    feeMax: null,
    feeOfStartFeeBpsMax: null,
    startFeeMax: null,
    feeOfBuyInBpsMin: null,
    feeOfBuyInBpsMax: null,
    capsPerPurchase: false,
  },
  sitAndGoSeats: { min: 2, max: 360 },
  handForHand: 'bubble-window',
  rebuy: { onlyWithNoChips: false, autoOffer: false },
  addOn: { priceEqualsStartFee: false, zeroChipsAllowed: false },
  guarantee: {
    collectedOfGuaranteeBpsToStartMin: null,
    prizesOfStakesBpsMax: null,
    cancellationPaysGuaranteeAfterLateRegistration: true,
  },
  bounty: { knockoutShareBps: null, progressiveShareBps: null, progressivePaidBps: null },
  cancel: {
    sitAndGo: 'buy-in-back-eliminated-pool-equal',
    headsUp: 'buy-in-back',
    multiTable: 'buy-in-back-half-equal-half-chips',
  },
  prizeCredit: 'at-end',
  lateRegistration: true,
  tournamentCountLimits: false,
};

const definition: TournamentDefinition = {
  name: 'bench',
  profileId: 'CZ-FO',
  variant: 'holdem/no-limit',
  currency: 'CZK',
  kind: 'scheduled',
  seatsPerTable: 9,
  entrantsMin: 2,
  entrantsMax: entries,
  entry: { startFeeMinor: 10_000n, feeMinor: 1_000n, chips: 1_500n },
  levels: Array.from({ length: 20 }, (_, i) => ({
    smallBlind: 10n << BigInt(i),
    bigBlind: 20n << BigInt(i),
    ante: i >= 2 ? 5n << BigInt(i) : 0n,
    durationMs: 180_000,
    breakAfterMs: 0,
  })),
  payouts: [{ entrantsMin: 2, placesBps: [2_500, 1_600, 1_200, 1_000, 800, 700, 600, 500, 400, 300, 200, 200] }],
  lateRegistrationLevels: 0,
  reEntry: null,
  rebuy: null,
  addOn: null,
  shootout: false,
  doubleOrNothing: false,
  satellite: null,
  guaranteeMinor: BigInt(entries) * 12_000n,
  bounty: null,
  handForHandAbovePaidMax: 5,
};

const rng = new SeededRng(Number(process.env.BENCH_SEED ?? 19));
const director = new tournament.TournamentDirector({
  definition,
  rules,
  entries: Array.from({ length: entries }, (_, i) => ({ entryId: `e${i}`, playerId: `p${i}` })),
  rng,
  newHandId: (table, n) => `t${table}-${n}`,
});
const bot = tournament.randomBot(rng, 10);
let hands = 0;
let chipViolations = 0;
const started = process.hrtime.bigint();
for (let rounds = 0; !director.isOver(); rounds++) {
  if (rounds > tournament.playRoundsMax) throw new Error('the tournament did not end');
  for (const table of [...director.tables.keys()])
    if (director.tables.has(table) && director.canDeal(table)) {
      director.playHand(table, bot);
      hands += 1;
    }
  director.elapsedMs += 15_000; // a hand every 15 s of tournament clock
  if (director.chipViolation() !== 0n) chipViolations += 1;
}
const wallS = Number(process.hrtime.bigint() - started) / 1e9;
const pool = director.poolFromStartFees();
const prizes = [...director.prizes().values()].reduce((s, p) => s + p, 0n);
const poolViolations = prizes === pool.collectedMinor + pool.overlayMinor ? 0 : 1;
const moves = director.events.filter((e) => e.kind === 'move').length;
const handsPerS = Math.round(hands / wallS);

console.log(
  'method: pure director, bots (10 % shove, 10 % call), 9-max, levels 3 min of clock, blinds doubling, 15 s of clock per round',
);
console.log(`entries      ${entries}`);
console.log(`hands        ${hands}`);
console.log(`wall         ${wallS.toFixed(1)} s`);
console.log(`hands/s      ${handsPerS}`);
console.log(`moves        ${moves}`);
console.log(`pool         ${pool.collectedMinor} + overlay ${pool.overlayMinor} = prizes ${prizes} (minor units)`);
console.log(
  `bench:tournament entries=${entries} wall_s=${wallS.toFixed(1)} hands_per_s=${handsPerS} balancing_moves=${moves} chip_violations=${chipViolations} pool_violations=${poolViolations}`,
);
