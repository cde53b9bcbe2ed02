import { describe, expect, it } from 'vitest';
import { formatHandHistoryText } from './history-text.ts';
import { legalActions } from './legal-actions.ts';
import { deal, operationsOf, play, testVariant } from './testing/fixtures.ts';

const courchevel = testVariant('courchevel', 'pot-limit');

describe('Courchevel (002 §4.4)', () => {
  it('002:CV-01 CV-02 CV-03 five hole cards; the first flop card is face up before the pre-flop betting, the other two make the flop; Omaha order of play', () => {
    let state = deal({
      variant: courchevel,
      button: 1,
      stacks: { 1: 1000, 2: 1000, 3: 1000 },
      holes: { 1: 'Ah Kh 2c 3d 4s', 2: 'Qs Qd 7c 8c 9d', 3: 'Js Td 5h 6h 2s' },
      boards: ['Kd', 'Kc 7h', '9s', '3c'],
    });
    expect(operationsOf(state, 'hole-dealt').every((op) => op.cards.length === 5)).toBe(true);
    const ops = state.operations.map((op) => op.kind);
    expect(ops.indexOf('board-dealt')).toBeLessThan(ops.indexOf('action') === -1 ? Infinity : ops.indexOf('action'));
    expect(state.boards[0]).toHaveLength(1);
    expect(legalActions(state)!.seat).toBe(1);
    state = play(state, '1:c 2:c 3:x');
    expect(state.boards[0]).toHaveLength(3);
    expect(legalActions(state)!.seat).toBe(2);
    state = play(state, '2:x 3:x 1:x 2:x 3:x 1:x 2:x 3:x 1:x');
    expect(state.phase).toBe('complete');
    // Board Kd Kc 7h 9s 3c: seat 1 plays A-K from hand for trips kings; seat 2's Q-Q makes two pair with K-K.
    expect(operationsOf(state, 'pot-awarded').map((op) => op.seat)).toEqual([1]);
    const text = formatHandHistoryText(state);
    expect(text).toContain('*** FIRST FLOP CARD *** [Kd]');
    expect(text).toContain('*** FLOP *** [Kd] [Kc 7h]');
    expect(courchevel.playersMax).toBe(9);
    expect(courchevel.runItMoreTimesAllowed).toBe(false);
  });
});
