import { describe, expect, it } from 'vitest';
import { deal, play, wonBy, stackOf } from './testing/fixtures.ts';
import { legalActions } from './legal-actions.ts';

describe('smoke', () => {
  it('plays a hand', () => {
    let s = deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 100 }, holes: { 1: 'AsAd', 2: 'KsKd', 3: '2c7d' }, boards: ['3h4h9c Jd Qs'] });
    console.log(s.phase, legalActions(s));
    s = play(s, '1:r6 2:c 3:f 2:x 1:b10 2:c 2:x 1:x 2:x 1:x');
    console.log(s.phase, s.result, wonBy(s));
    for (const op of s.operations) console.log(JSON.stringify(op, (_, v) => (typeof v === 'bigint' ? v.toString() : v)));
    expect(stackOf(s, 1)).toBe(118n);
  });
});
