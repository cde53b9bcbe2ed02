import { describe, expect, it } from 'vitest';
import { parseCards } from '../../cards/index.ts';
import { SeededRng } from '../../rng/index.ts';
import { dealerHits } from '../flow.ts';
import { blackjackPresets, fortunaBlackjack, statedRtp } from '../presets.ts';
import type { BlackjackRules } from '../rules.ts';
import { basicStrategy } from './basic-strategy.ts';
import { exactRtp } from './exact-rtp.ts';
import { simulateBlackjack } from './simulate.ts';

/**
 * The RTP check (issue 7). The exact RTP of each preset's basic strategy is computed from the real
 * shoe on the engine's own settlement and dealer rule, and must equal the RTP its seed states within
 * `statedRtpTolerance`. That is tight enough that each wrong rule the issue names (H17 for S17, 6:5
 * for 3:2, no double after split) lands outside it, which the second test proves for every preset.
 * The simulations then check that the engine, played hand by hand, lands where the computation says.
 */

/**
 * The seeds round to 0.01 pp and computed their figures with their own strategies; ours is the
 * total-dependent basic strategy. Fortuna's two presets agree within 0.005 pp, Reel's within 0.07 pp
 * (docs/games.md); the smallest effect of a wrong rule is 0.11 pp.
 */
const statedRtpTolerance = 0.0007;

const presets = Object.values(blackjackPresets);

const twins = (rules: BlackjackRules): readonly [string, BlackjackRules][] => [
  [
    rules.dealerHitsSoft17 ? 'S17 instead of H17' : 'H17 instead of S17',
    { ...rules, id: `${rules.id}-soft17-flipped`, dealerHitsSoft17: !rules.dealerHitsSoft17 },
  ],
  ['6:5 instead of 3:2', { ...rules, id: `${rules.id}-six-to-five`, blackjackPays: { win: 6, stake: 5 } }],
  ['no double after split', { ...rules, id: `${rules.id}-no-das`, doubleAfterSplit: false }],
];

describe('blackjack RTP', () => {
  describe.each(presets)('$id', (rules) => {
    it('004:GAM-BJ-09 004:GAM-BS-05 002:BJ-CL-14 002:BJ-PR-11 the exact RTP of basic strategy is the RTP the seed states', () => {
      const { rtp } = exactRtp(rules);
      const stated = statedRtp[rules.id]!;
      expect(Math.abs(rtp - stated.rtp)).toBeLessThan(statedRtpTolerance);
    });
  });

  describe.each(presets)('$id', (rules) => {
    it('004:GAM-BJ-09 004:GAM-BS-05 002:BJ-CL-14 002:BJ-PR-11 each wrong rule of the issue (H17 for S17, 6:5, no double after split) moves the exact RTP outside the tolerance, so the check fails', () => {
      const stated = statedRtp[rules.id]!.rtp;
      for (const [wrong, twin] of twins(rules)) {
        const { rtp } = exactRtp(twin);
        expect(Math.abs(rtp - stated), wrong).toBeGreaterThan(statedRtpTolerance);
      }
    });
  });

  it('the analysis plays the dealer by the engine: 004:T-107 soft 17 stands at Fortuna and 002:T-BJ-10 hits at Reel Classic', () => {
    const soft17 = parseCards('Ah 6c');
    expect(dealerHits(soft17, fortunaBlackjack)).toBe(false);
    expect(dealerHits(soft17, blackjackPresets['reel-classic-blackjack']!)).toBe(true);
  });
});

describe('the engine agrees with the computation', () => {
  it('fortuna-blackjack: hands played through the engine land within 4 standard errors of the exact RTP', () => {
    const result = simulateBlackjack({ rules: fortunaBlackjack, hands: 20_000, rng: new SeededRng(20_240_130) });
    const standardError = (result.confidence95[1] - result.confidence95[0]) / (2 * 1.96);
    expect(Math.abs(result.rtp - exactRtp(fortunaBlackjack).rtp)).toBeLessThan(4 * standardError);
  });

  it('004:GAM-B-07 the same hands dealt to a 6:5 table: the engine loses exactly what the computation says 6:5 costs', () => {
    const strategy = basicStrategy(fortunaBlackjack);
    const sixToFive: BlackjackRules = { ...fortunaBlackjack, id: 'six-to-five', blackjackPays: { win: 6, stake: 5 } };
    const right: number[] = [];
    const wrong: number[] = [];
    const hands = 10_000;
    // Common random numbers: both tables shuffle from the same stream, so they deal the same cards.
    simulateBlackjack({ rules: fortunaBlackjack, hands, rng: new SeededRng(7), strategy, onHand: (net) => right.push(net) });
    simulateBlackjack({ rules: sixToFive, hands, rng: new SeededRng(7), strategy, onHand: (net) => wrong.push(net) });
    const differences = right.map((net, k) => net - wrong[k]!);
    const mean = differences.reduce((sum, d) => sum + d, 0) / hands;
    const standardError = Math.sqrt(differences.reduce((sum, d) => sum + (d - mean) ** 2, 0) / (hands - 1) / hands);
    const expected = exactRtp(fortunaBlackjack, strategy).rtp - exactRtp(sixToFive, strategy).rtp;
    expect(Math.abs(mean - expected)).toBeLessThan(4 * standardError);
    expect(mean).toBeGreaterThan(0.01);
  });
});
