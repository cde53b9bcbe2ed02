import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fortunaBlackjack } from '../blackjack/presets.ts';
import { blackjackStateFromJson, blackjackStateToJson } from '../blackjack/record.ts';
import { deal, play } from '../blackjack/testing/fixtures.ts';
import { parseCard } from '../cards/card.ts';
import { rouletteStateFromJson, rouletteStateToJson } from '../roulette/record.ts';
import { applyRouletteAction } from '../roulette/round.ts';
import { openTestRound, riggedWheel } from '../roulette/testing/fixtures.ts';
import type { RouletteBetRequest, RouletteState } from '../roulette/types.ts';
import {
  decodeGameJson,
  encodeGameJson,
  fromGameJsonText,
  immutableGameJsonText,
  toGameJsonText,
  type JsonValue,
} from './game-json.ts';

describe('game JSON (a round state as the database stores it)', () => {
  it('issue 22: encodes and decodes a state losslessly: minor units as text, cards by name, undefined fields left out, key order kept', () => {
    const state = {
      phase: 'betting',
      bets: [
        { seat: 1, stakeMinor: 1_000n, numbers: [17], note: undefined },
        { seat: 2, stakeMinor: 9_007_199_254_740_993n, numbers: [] },
      ],
      totalsMinor: [1n, 2n],
      card: parseCard('As'),
      cards: [parseCard('Td'), parseCard('2c')],
      winMinor: null,
    };
    const encoded = encodeGameJson(state);
    expect(JSON.stringify(encoded)).toBe(
      '{"phase":"betting","bets":[{"seat":1,"stakeMinor":"1000","numbers":[17]},{"seat":2,"stakeMinor":"9007199254740993","numbers":[]}],' +
        '"totalsMinor":["1","2"],"card":"As","cards":["Td","2c"],"winMinor":null}',
    );
    const { note: _dropped, ...firstBet } = state.bets[0]!;
    expect(fromGameJsonText(toGameJsonText(state))).toEqual({ ...state, bets: [firstBet, state.bets[1]] });
  });

  it('issue 22: a "__proto__" key in stored JSON stays an own field and never becomes the prototype', () => {
    const stored = JSON.parse('{"__proto__": {"stakeMinor": "5"}, "seat": 1}') as JsonValue;
    const decoded = decodeGameJson(stored) as Record<string, unknown>;
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.keys(decoded)).toEqual(['__proto__', 'seat']);
    expect(Object.getOwnPropertyDescriptor(decoded, '__proto__')?.value).toEqual({ stakeMinor: 5n });
    expect(JSON.stringify(encodeGameJson(decoded))).toBe('{"__proto__":{"stakeMinor":"5"},"seat":1}');
  });
});

describe('the text of an immutable state, its shared parts encoded once (issue 22, D-1856)', () => {
  const plainText = (value: unknown) => JSON.stringify(encodeGameJson(value));

  it('D-1856: gives the same text as the plain encoding, for minor units, cards, undefined fields and "__proto__"', () => {
    const shared = { seat: 1, stakeMinor: 1_000n, numbers: [17] };
    const first = {
      phase: 'betting',
      bets: [shared],
      totalsMinor: [1n, 2n],
      card: parseCard('As'),
      cards: [parseCard('Td')],
      note: undefined,
    };
    const second = { ...first, bets: [shared, { seat: 2, stakeMinor: 5n, numbers: [] }], winMinor: null };
    const proto = decodeGameJson(JSON.parse('{"__proto__": {"stakeMinor": "5"}, "seat": 1}') as JsonValue);
    for (const value of [first, second, proto, [shared, shared], 'text', 7, null])
      expect(immutableGameJsonText(value)).toBe(plainText(value));
  });

  it('D-1856: refuses what the plain encoding refuses (a bigint outside a *Minor field)', () => {
    expect(() => immutableGameJsonText({ seat: 1n })).toThrow(/bigint outside a \*Minor field/);
    expect(() => immutableGameJsonText({ bets: [{ amount: 2n }] })).toThrow(/bigint outside a \*Minor field/);
  });

  it("D-1856: any JSON-like value gives the plain encoding's text, also when its parts were encoded before", () => {
    const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('tree')), fc.dictionary(fc.string(), tie('tree'))),
    }));
    fc.assert(
      fc.property(tree, tree, (a, b) => {
        expect(immutableGameJsonText(a)).toBe(plainText(a));
        const both = { a, b, again: [a, b] }; // parts seen before, in new places
        expect(immutableGameJsonText(both)).toBe(plainText(both));
      }),
    );
  });

  it('D-1856: a roulette round stored after every bet has the plain text and decodes to the same state', () => {
    const red: RouletteBetRequest = { kind: 'outside', position: 'red', stakeMinor: 100n };
    const rng = riggedWheel(17);
    let state: RouletteState = openTestRound();
    for (let bet = 0; bet < 12; bet++) {
      const seat = (bet % 4) + 1;
      for (const action of [
        { kind: 'place-bets' as const, seat, bets: [red, { kind: 'inside' as const, numbers: [bet], stakeMinor: 10n }] },
        { kind: 'confirm-bets' as const, seat },
      ]) {
        state = applyRouletteAction(state, action, rng).state;
        const text = rouletteStateToJson(state);
        expect(text).toBe(JSON.stringify({ format: 'casino-roulette-state', version: 1, body: encodeGameJson(state) }));
        expect(rouletteStateFromJson(text)).toEqual(state);
      }
    }
    for (const action of [{ kind: 'close-betting' as const }, { kind: 'spin' as const }]) {
      state = applyRouletteAction(state, action, rng).state;
      expect(rouletteStateFromJson(rouletteStateToJson(state))).toEqual(state);
    }
  });

  it('D-1856: a blackjack round stored after every decision has the plain text and decodes to the same state', () => {
    let state = deal(
      fortunaBlackjack,
      { seats: { 1: '8s 8d', 2: 'Ts 6d' }, dealer: '9h 7c', playerDraws: '3c 2h 9s', dealerDraws: '5s' },
      { 1: 100, 2: 50 },
    );
    for (const step of ['1:split', '1:stand', '1:stand', '2:hit']) {
      state = play(state, step);
      const text = blackjackStateToJson(state);
      expect(text).toBe(JSON.stringify({ format: 'casino-blackjack-state', version: 1, body: encodeGameJson(state) }));
      expect(blackjackStateFromJson(text)).toEqual(state);
    }
  });
});
