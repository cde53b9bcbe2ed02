import { pokerRuleProfiles, demoPokerTables } from '@casino/operator';
import { RandomTableRun } from '@casino/tables/poker-testing';
import { describe, expect, it } from 'vitest';

/**
 * Issue 16, the property test over the operator's real rule profiles (the package's own test runs on
 * fixture profiles, since `@casino/tables` cannot import `@casino/operator`): random bots at every demo
 * table of every profile, chips conserved after every call and every refusal changing nothing.
 */
const handsPerTable = 200;

describe('issue 16: the real rule profiles under random play', () => {
  it('issue 16: chip conservation over thousands of random hands at every demo table of the five real profiles (HR, AT, CZ-PS, SE, CZ-FO); a refused command changes nothing', () => {
    const tables = demoPokerTables('CZK');
    let hands = 0;
    for (const profile of Object.values(pokerRuleProfiles)) {
      // Speed pools deal at tables of their own, each hand a new table: speed-pool.test.ts runs them at random.
      const own = tables.filter((definition) => definition.profileId === profile.id && !definition.speedPool);
      expect(own.length).toBeGreaterThan(0);
      own.forEach((definition, index) => {
        const run = new RandomTableRun(profile, definition, `real-${profile.id}-${index}`);
        run.run(handsPerTable);
        hands += run.handsCompleted;
      });
    }
    expect(hands).toBeGreaterThanOrEqual(2_000);
  }, 600_000);
});
