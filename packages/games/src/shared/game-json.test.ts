import { describe, expect, it } from 'vitest';
import { parseCard } from '../cards/card.ts';
import { decodeGameJson, encodeGameJson, fromGameJsonText, toGameJsonText, type JsonValue } from './game-json.ts';

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
