import { describe, expect, it } from 'vitest';
import type { PokerTableDefinition } from './profile.ts';
import { RandomTableRun } from './testing/random-run.ts';
import { fixtureDefinition, fixtureProfiles } from './testing/profiles.ts';

/**
 * Issue 16: random bots at every profile's tables, with players sitting down, sitting out, coming
 * back, topping up, leaving and being removed between and during hands, a driver that commits its
 * effects late (and refuses some top-ups), the clock running out and the odd voided hand. After
 * every call the chips at the table must equal what came in less what went out and the rake; every
 * refused command must leave the table exactly as it was. Seeded, so a failure reproduces.
 */

const handsPerTable = 120;

/** Table shapes the bots play at, so every structure, antes, a stake cap and heads-up come up. */
const shapes: readonly Partial<PokerTableDefinition>[] = [
  { variant: 'holdem/no-limit', seatsMax: 6 },
  { variant: 'omaha/pot-limit', seatsMax: 6, anteMinor: 10n, anteMode: 'every-player' },
  {
    variant: 'holdem/fixed-limit',
    seatsMax: 9,
    buyInMaxMinor: null,
    rake: { rateBps: 300, capPerHandMinor: null, noFlopNoDrop: false },
  },
  { variant: 'omaha-hi-lo/pot-limit', seatsMax: 4, anteMinor: 100n, anteMode: 'big-blind' },
  { variant: 'holdem/no-limit', seatsMax: 2, rake: { rateBps: 0, capPerHandMinor: null, noFlopNoDrop: false } },
];

describe('issue 16: the table under random play', () => {
  it('issue 16: chip conservation over thousands of random hands at every profile, with random sit-outs, top-ups, leaves and joins; a refused command changes nothing', () => {
    let hands = 0;
    let refusals = 0;
    for (const profile of fixtureProfiles) {
      shapes.forEach((shape, index) => {
        const run = new RandomTableRun(profile, fixtureDefinition(profile, shape), `${profile.id}-${index}`);
        run.run(handsPerTable);
        hands += run.handsCompleted;
        refusals += run.refusals;
      });
    }
    expect(hands).toBeGreaterThanOrEqual(fixtureProfiles.length * shapes.length * handsPerTable);
    expect(refusals).toBeGreaterThan(0);
  }, 600_000);
});
