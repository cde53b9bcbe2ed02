import { SeededRng } from '@casino/games';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playersMaxOf, tableGameOf } from '../poker/table-games.ts';
import { settleCancellation } from './cancellation.ts';
import { randomBot, TournamentDirector } from './director.ts';
import { placePrizes } from './prizes.ts';
import { cancellationFormulas } from './rules.ts';
import { balancingProblems } from './seating.ts';
import { fastLevels, testDefinition, testRules } from './testing.ts';

// Many small random tournaments (issue 19): random formats, sizes, rebuys, bounties, games (issue 20) and a
// cancellation at a random moment with a random formula; the money and the chips are checked every time.
const formats = fc.record({
  entrants: fc.integer({ min: 2, max: 40 }),
  seatsPerTable: fc.integer({ min: 2, max: 10 }),
  bounty: fc.constantFrom(null, 'knockout', 'progressive-knockout', 'mystery'),
  rebuy: fc.boolean(),
  guarantee: fc.boolean(),
  cancelAfterRounds: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  formula: fc.constantFrom(...cancellationFormulas),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  // Issue 20: the stud, draw and mixed games too (D-2070..D-2072), a mix changing game with each level.
  variant: fc.constantFrom('holdem/no-limit', 'mixed/horse', 'mixed/8-game', 'stud/fixed-limit', '27td/fixed-limit'),
});

describe('random tournaments (issue 19 property)', () => {
  it('000-001:T-73 000-001:ACC-09 002:TRN-07 002:8GAME-03 002:PK-STR-07 002:T-TRN-07 003:R-WAL-09 004:GAM-P-T-21 chips conserved, tables balanced, prizes + bounties = pool + overlay, cancellations end the pool at zero', () => {
    fc.assert(
      fc.property(formats, (f) => {
        // No more seats than the game deals to; stud is dealt with an ante at every level (D-2071).
        const seatsPerTable = Math.min(f.seatsPerTable, playersMaxOf(tableGameOf(f.variant)!));
        const definition = testDefinition({
          kind: 'scheduled',
          variant: f.variant,
          levels: f.variant === 'holdem/no-limit' ? fastLevels : fastLevels.map((l) => ({ ...l, ante: l.smallBlind / 5n })),
          entrantsMin: f.entrants,
          entrantsMax: f.entrants,
          seatsPerTable,
          bounty:
            f.bounty === null
              ? null
              : f.bounty === 'mystery'
                ? {
                    kind: 'mystery',
                    shareBps: 4_000,
                    paidBps: 10_000,
                    mystery: mysterySet(4_000n * BigInt(f.entrants), f.entrants - 1),
                  }
                : { kind: f.bounty, shareBps: 4_000, paidBps: f.bounty === 'knockout' ? 10_000 : 5_000 },
          rebuy: f.rebuy
            ? { startFeeMinor: 10_000n, feeMinor: 1_000n, chips: 1_500n, periodLevels: 2, countMax: 2, chipsAtMost: 0n }
            : null,
          guaranteeMinor: f.guarantee ? 300_000n : null,
        });
        const rng = new SeededRng(f.seed);
        const d = new TournamentDirector({
          definition,
          rules: testRules,
          entries: Array.from({ length: f.entrants }, (_, i) => ({ entryId: `e${i}`, playerId: `p${i}` })),
          rng,
          newHandId: (t, n) => `${t}-${n}`,
          acceptsRebuy: () => rng.intBelow(2) === 0,
        });
        const bot = randomBot(rng, 40);
        for (let round = 0; !d.isOver(); round++) {
          expect(round).toBeLessThan(5_000);
          if (round === f.cancelAfterRounds) return checkCancellation(d, f.formula);
          for (const t of [...d.tables.keys()]) if (d.tables.has(t) && d.canDeal(t)) d.playLevelHand(t, bot);
          d.elapsedMs += 15_000;
          expect(d.chipViolation()).toBe(0n);
          if (!d.isOver() && d.settled())
            expect(
              balancingProblems(
                d.tables,
                seatsPerTable,
                d.activeEntries().map((e) => e.entryId),
              ),
            ).toEqual([]);
        }
        const pool = d.poolFromStartFees();
        const prizes = [...d.prizes().values()].reduce((s, p) => s + p, 0n);
        expect(prizes).toBe(pool.collectedMinor + pool.overlayMinor);
        const bountiesPaid = d.events
          .flatMap((e) => (e.kind === 'knock-out' ? [...e.paid.values()] : []))
          .reduce((s, v) => s + v, 0n);
        const bountiesHeld = d.activeEntries().reduce((s, e) => s + e.bountyMinor, 0n);
        const bountiesOfOut = [...d.entries.values()].filter((e) => !e.active).reduce((s, e) => s + e.bountyMinor, 0n);
        // Mystery bounties (D-1960): drawn ones are paid, the rest (an elimination with no eliminator) go to the winner.
        const undrawn = d.mysteryBountiesRemaining().reduce((s, v) => s + v, 0n);
        expect(bountiesPaid + bountiesHeld + bountiesOfOut + undrawn).toBe(pool.bountyMinor);
      }),
      { numRuns: 60 },
    );
  });
});

function checkCancellation(d: TournamentDirector, formula: (typeof cancellationFormulas)[number]): void {
  const def = d.definition;
  const pool = d.poolFromStartFees();
  const entries = [...d.entries.values()].map((e) => ({
    entryId: e.entryId,
    active: e.active,
    chips: e.chips + e.pendingChips,
    paidStartMinor: def.entry.startFeeMinor + BigInt(e.rebuys) * (def.rebuy?.startFeeMinor ?? 0n),
    paidFeeMinor: def.entry.feeMinor + BigInt(e.rebuys) * (def.rebuy?.feeMinor ?? 0n),
    prizePaidMinor: 0n,
  }));
  const held = pool.collectedMinor + pool.bountyMinor;
  const result = settleCancellation({ formula, entries, poolMinor: held, placePrizes: placePrizes(def, entries.length, held) });
  const out = result.shares.reduce((s, x) => s + x.fromPoolMinor, 0n);
  expect(out).toBe(held + result.operatorAddsMinor - result.operatorTakesBackMinor);
  const feesPaid = entries.reduce((s, e) => s + e.paidFeeMinor, 0n);
  expect(result.shares.reduce((s, x) => s + x.feeRefundMinor, 0n)).toBeLessThanOrEqual(feesPaid);
  for (const share of result.shares) expect(share.fromPoolMinor >= 0n && share.feeRefundMinor >= 0n).toBe(true);
}

/** A published mystery set (004:GAM-P-T-21) of `count` bounties adding up to `total`: one top bounty, the rest equal. */
function mysterySet(total: bigint, count: number): { amountMinor: bigint; count: number }[] {
  if (count === 1) return [{ amountMinor: total, count: 1 }];
  const base = total / BigInt(2 * (count - 1));
  const top = total - base * BigInt(count - 1);
  return top === base
    ? [{ amountMinor: base, count }]
    : [
        { amountMinor: top, count: 1 },
        { amountMinor: base, count: count - 1 },
      ];
}
