import { describe, expect, it } from 'vitest';
import { roundRng, testRoundSeed } from '../rng/index.ts';
import { fraction, fractionToNumber } from '../roulette/rtp.ts';
import { columnCards, platynkoCanvas, rowCards } from './canvas.ts';
import {
  acceptedPayoutReading,
  drawPositionCounts,
  drawSequenceCount,
  exactCardReturn,
  exactLayoutReturn,
  exactPlatynkoRtp,
  RejectedPayoutReading,
  simulatePlatynko,
  statedPlatynkoRtp,
} from './rtp.ts';

describe('Plátýnko RTP (issue 24)', () => {
  it('004:GAM-PL-01 GAM-PL-08 the exact RTP, by enumerating every draw the rng can make, is 30/32 = 93.75 % for every card of the canvas', () => {
    const counts = drawPositionCounts();
    const total = drawSequenceCount();
    expect(total).toBe(32n * 31n * 30n * 29n * 28n * 27n * 26n * 25n);
    // Each position 1..8 holds a given card in 1/32 of the draws; 24/32 never draw it.
    for (const count of counts.slice(0, 8)) expect(fraction(count, total)).toEqual(fraction(1n, 32n));
    expect(fraction(counts[8]!, total)).toEqual(fraction(24n, 32n));
    expect(exactPlatynkoRtp()).toEqual(fraction(30n, 32n));
    expect(exactPlatynkoRtp()).toEqual(statedPlatynkoRtp);
    for (const cardId of platynkoCanvas) expect(exactCardReturn(cardId)).toEqual(fraction(15n, 16n));
    expect((fractionToNumber(exactPlatynkoRtp()) * 100).toFixed(2)).toBe('93.75');
  });

  it('004:GAM-PL-09 row and column bets return exactly 93.75 % as well', () => {
    const layout = (cards: string[]) => cards.map((cardId) => ({ cardId: cardId as never, stakeMinor: 1_000n }));
    expect(exactLayoutReturn(layout(rowCards('leaves')))).toEqual(fraction(15n, 16n));
    expect(exactLayoutReturn(layout(columnCards('over')))).toEqual(fraction(15n, 16n));
  });

  it('004:AMB-31 GAM-PL-08 the odds read as net "X to 1" would return 38/32 = 118.75 % and that reading is rejected; the total-return reading is the one paid', () => {
    expect(exactPlatynkoRtp('net-odds')).toEqual(fraction(38n, 32n));
    expect((fractionToNumber(exactPlatynkoRtp('net-odds')) * 100).toFixed(2)).toBe('118.75');
    expect(() => acceptedPayoutReading('net-odds')).toThrow(RejectedPayoutReading);
    expect(() => acceptedPayoutReading('net-odds')).toThrow(/118\.75 %/);
    expect(acceptedPayoutReading('total-return')).toBe('total-return');
  });

  it('004:T-121 simulated single-card bets converge to 93.75 %: 1,000,000 bets land within their 95 % interval around it', () => {
    const result = simulatePlatynko({ rounds: 250_000, rng: roundRng(testRoundSeed('T-121')) });
    expect(result.bets).toBe(1_000_000);
    const [low, high] = result.confidence95;
    expect(low).toBeLessThanOrEqual(0.9375);
    expect(high).toBeGreaterThanOrEqual(0.9375);
    expect(Math.abs(result.rtp - 0.9375)).toBeLessThan(0.01);
    expect(high - low).toBeLessThan(0.01);
  });

  it('004:T-121 the fast simulation plays exactly what the round state machine plays: the same seed gives the same stakes and returns', () => {
    const through = (mode: 'draw' | 'round') =>
      simulatePlatynko({ rounds: 300, rng: roundRng(testRoundSeed('same')), through: mode });
    const fast = through('draw');
    const rounds = through('round');
    expect(rounds.stakedMinor).toBe(fast.stakedMinor);
    expect(rounds.returnedMinor).toBe(fast.returnedMinor);
  });
});
