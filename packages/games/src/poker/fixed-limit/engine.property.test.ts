import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededRng, shuffle } from '../../rng/index.ts';
import { fixedLimitGames, type FixedLimitGame } from './games.ts';
import {
  applyMove,
  defaultFixedLimitRules,
  finalStacks,
  IllegalFixedLimitMove,
  legalMoves,
  startFixedLimitHand,
  type FixedLimitLegal,
  type FixedLimitMove,
  type FixedLimitRules,
  type FixedLimitState,
} from './hand.ts';
import { studDeck } from './games.ts';

/**
 * Whole hands of every stud and draw game with random stacks (short ones make all-ins and side
 * pots common), random rules from both columns of §3d and random legal decisions. After every move:
 * each player's stack plus what he put in is his starting stack; at the end every chip is paid out
 * and nobody is paid from a pot he could not win more than his share of. Every move offered is
 * accepted, and the neighbouring amounts the engine did not offer are refused.
 */

const pokerKitLike: FixedLimitRules = {
  betsMax: 4,
  blindCountsAsBet: false,
  shortAllInReopens: 'full-raise',
  boardTie: 'position',
  drawFirstActor: 'small-blind-seat',
};

function offered(legal: FixedLimitLegal, state: FixedLimitState, choose: (n: number) => number): FixedLimitMove[] {
  if (legal.kind === 'draw') {
    const cards = state.players[legal.player]!.cards;
    const count = choose(legal.discardMax! + 1);
    return [{ kind: 'draw', discard: cards.slice(0, count) }];
  }
  const moves: FixedLimitMove[] = [];
  if (legal.kind === 'bring-in') moves.push({ kind: 'bring-in' });
  if (legal.fold) moves.push({ kind: 'fold' });
  if (legal.check) moves.push({ kind: 'check' });
  if (legal.call !== null) moves.push({ kind: 'call' });
  if (legal.raiseTo) {
    moves.push({ kind: 'raise', to: legal.raiseTo.min });
    if (legal.raiseTo.max !== legal.raiseTo.min) moves.push({ kind: 'raise', to: legal.raiseTo.max });
  }
  return moves;
}

function checkConservation(state: FixedLimitState): void {
  for (const player of state.players) {
    expect(player.stack + player.contributed).toBe(player.startingStack);
    expect(player.stack >= 0n).toBe(true);
  }
}

function playHand(
  game: FixedLimitGame,
  stacks: bigint[],
  seed: number,
  rules: FixedLimitRules,
  choices: number[],
): FixedLimitState {
  const baseDeck = game.family === 'draw' ? game.deckFor(stacks.length) : studDeck();
  let state = startFixedLimitHand({
    game,
    rules,
    stakes: {
      ante: game.family === 'stud' ? 5n : seed % 3 === 0 ? 5n : 0n,
      bringIn: 10n,
      smallBlind: 10n,
      bigBlind: 20n,
      smallBet: 20n,
      bigBet: 40n,
    },
    stacks,
    deck: shuffle(baseDeck, new SeededRng(seed)),
    reshuffleSeed: `seed-${seed}`,
  });
  let pick = 0;
  const choose = (n: number): number => (n <= 1 ? 0 : choices[pick++ % choices.length]! % n);
  for (let guard = 0; guard < 400; guard++) {
    checkConservation(state);
    const legal = legalMoves(state);
    if (legal === null) break;
    if (legal.raiseTo) {
      // Fixed limit: one step above or below what was offered is refused.
      expect(() => applyMove(state, { kind: 'raise', to: legal.raiseTo!.max + 1n })).toThrow(IllegalFixedLimitMove);
    }
    if (legal.kind === 'bet' && !legal.check) expect(() => applyMove(state, { kind: 'check' })).toThrow(IllegalFixedLimitMove);
    const moves = offered(legal, state, choose);
    state = applyMove(state, moves[choose(moves.length)]!);
  }
  expect(state.phase).toBe('complete');
  return state;
}

describe('issue 20: random hands of every stud and draw game', () => {
  it.each(fixedLimitGames.map((game) => [game.name, game] as const))(
    'issue 20: %s conserves chips at every move, offers only moves it accepts and ends every hand',
    (_, game) => {
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: game.playersMax }),
          fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 10, maxLength: 10 }),
          fc.integer({ min: 0, max: 2 ** 31 - 1 }),
          fc.boolean(),
          fc.array(fc.nat(), { minLength: 1, maxLength: 64 }),
          (players, stackList, seed, pokerKit, choices) => {
            const stacks = stackList.slice(0, players).map(BigInt);
            const rules = pokerKit ? pokerKitLike : defaultFixedLimitRules;
            const end = playHand(game, stacks, seed, rules, choices);
            const paid = finalStacks(end);
            expect(paid.reduce((a, b) => a + b, 0n)).toBe(stacks.reduce((a, b) => a + b, 0n));
            // Nobody wins more than the others could lose to him: at most his stake from each opponent.
            end.players.forEach((player, k) => {
              const cap = end.players.reduce(
                (sum, other) => sum + (other.contributed < player.contributed ? other.contributed : player.contributed),
                0n,
              );
              expect(player.won <= cap).toBe(true);
              expect(paid[k]! >= 0n).toBe(true);
            });
          },
        ),
        { numRuns: 150 },
      );
    },
  );
});
