import { describe, expect, it } from 'vitest';
import { SeededRng, shuffle } from '../../rng/index.ts';
import { deuceToSevenTripleDraw, fixedLimitGames, sevenCardStud, studDeck } from './games.ts';
import { applyMove, legalMoves, startFixedLimitHand, type FixedLimitStakes } from './hand.ts';
import { formatFixedLimitHistoryText } from './history-text.ts';
import { drawDeckOf, playUntil, studDeckOf } from './testing.ts';

const stakes: FixedLimitStakes = { ante: 5n, bringIn: 10n, smallBlind: 10n, bigBlind: 20n, smallBet: 20n, bigBet: 40n };

describe('issue 20: PokerStars-format text for the stud and draw games', () => {
  it('issue 20: a Seven Card Stud hand reads street by street; an observer sees up-cards and shown hands only', () => {
    let state = startFixedLimitHand({
      game: sevenCardStud,
      stakes,
      stacks: [1000n, 1000n, 1000n],
      deck: studDeckOf(['Kc Kd 9h 9s', 'Qc Qd 2h 8h', 'Jc Jd 5c 7s']),
    });
    state = applyMove(state, { kind: 'bring-in' });
    state = applyMove(state, { kind: 'raise', to: 20n });
    state = playUntil(state, (s) => s.phase === 'complete');
    const text = formatFixedLimitHistoryText(state, { handId: '42', names: ['Ann', 'Bob', 'Cy'] });
    expect(text).toContain('PokerStars Hand #42: Seven Card Stud Limit (20/40)');
    expect(text).toContain('Ann: posts the ante 5');
    expect(text).toContain('*** 3rd STREET ***\nDealt to Ann [Kc Kd 9h]');
    expect(text).toContain('Bob: brings in for 10');
    expect(text).toContain('Cy: completes it to 20');
    expect(text).toContain('*** 4th STREET ***');
    expect(text).toContain('*** RIVER ***');
    expect(text).toContain('*** SHOW DOWN ***');
    expect(text).toMatch(/collected \d+ from main pot/);
    const observer = formatFixedLimitHistoryText(state, { handId: '42', names: ['Ann', 'Bob', 'Cy'], viewer: 'observer' });
    expect(observer).toContain('Dealt to Ann [9h]');
    expect(observer).not.toContain('Dealt to Ann [Kc Kd 9h]');
  });

  it('issue 20: a 2-7 Triple Draw hand shows the three draws, stand-pats and the replacement cards to their owner', () => {
    let state = startFixedLimitHand({
      game: deuceToSevenTripleDraw,
      stakes: { ...stakes, ante: 0n },
      stacks: [1000n, 1000n, 1000n],
      deck: drawDeckOf([]),
    });
    state = playUntil(state, (s) => s.phase === 'drawing');
    const drawer = legalMoves(state)!.player;
    state = applyMove(state, { kind: 'draw', discard: state.players[drawer]!.cards.slice(0, 2) });
    state = playUntil(state, (s) => s.phase === 'complete');
    const text = formatFixedLimitHistoryText(state, { handId: '7' });
    for (const marker of [
      'posts small blind 10',
      'posts big blind 20',
      '*** DEALING HANDS ***',
      '*** FIRST DRAW ***',
      '*** SECOND DRAW ***',
      '*** THIRD DRAW ***',
      'stands pat',
      'discards 2 cards [',
      '*** SUMMARY ***',
    ])
      expect(text).toContain(marker);
    const other = formatFixedLimitHistoryText(state, { handId: '7', viewer: (drawer + 1) % 3 });
    expect(other).toContain(`Player ${drawer + 1}: discards 2 cards\n`);
  });

  it('issue 20: every stud and draw game writes its history, and the amounts collected add up to the pot', () => {
    for (const game of fixedLimitGames) {
      const deck = shuffle(game.family === 'draw' ? game.deckFor(3) : studDeck(), new SeededRng(game.id));
      const state = playUntil(
        startFixedLimitHand({ game, stakes, stacks: [500n, 700n, 900n], deck }),
        (s) => s.phase === 'complete',
      );
      const text = formatFixedLimitHistoryText(state, { handId: game.id });
      const collected = [...text.matchAll(/collected (\d+) from/g)].reduce((sum, match) => sum + BigInt(match[1]!), 0n);
      const total = BigInt(/Total pot (\d+)/.exec(text)![1]!);
      expect(collected).toBe(total);
      expect(text).toContain(`${game.name} Limit`);
    }
  });
});
