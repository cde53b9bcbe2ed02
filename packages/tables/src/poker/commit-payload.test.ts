import { describe, expect, it } from 'vitest';
import { bigintsAsText, commitPayloadJson } from './store-hands.ts';

describe('the hand commit’s payload as JSON (D-1851)', () => {
  it('issue 16 D-1851: the payload is the JSON the replacer made of it, its bigints as text, the history serialised without the replacer; a history holding a bigint is still serialised', () => {
    const payload = {
      table_id: 't-1',
      pot_minor: 1_234n,
      players: [{ player_id: 'p-1', put_in: 200n, won: 0n, rake: 0n }],
      text: 'Hand #1 "quoted" \\ ü',
      positions: null,
      history: { format: 'poker-hand', deck: ['As', 'Kd'], operations: [{ kind: 'post', amount: '100' }], result: null },
    };
    const json = commitPayloadJson(payload);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(payload, bigintsAsText)));
    expect(JSON.parse(json).pot_minor).toBe('1234');

    const withBigint = { ...payload, history: { moves: [{ amount: 5n }] } };
    expect(JSON.parse(commitPayloadJson(withBigint))).toEqual(JSON.parse(JSON.stringify(withBigint, bigintsAsText)));
    expect(JSON.parse(commitPayloadJson({ history: [1, 2] }))).toEqual({ history: [1, 2] });
  });
});
