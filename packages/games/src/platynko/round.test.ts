import { describe, expect, it } from 'vitest';
import { commitToSeed, roundRng, testRoundSeed } from '../rng/index.ts';
import { InvalidRoundRecord } from '../shared/round-record.ts';
import { columnCards, platynkoCanvas, platynkoRanks, platynkoSuits, rowCards, type PlatynkoCardId } from './canvas.ts';
import {
  fortunaPlatynkoLimits,
  InvalidPlatynkoTable,
  validatePlatynkoTableOptions,
  type PlatynkoTableOptions,
} from './limits.ts';
import { drawPlatynkoCards } from './payouts.ts';
import {
  platynkoRecordFromJson,
  platynkoRecordToJson,
  platynkoRoundRecord,
  platynkoStateFromJson,
  platynkoStateToJson,
  replayPlatynkoRound,
} from './record.ts';
import { InvalidPlatynkoRound, PlatynkoRejection } from './rejection.ts';
import { applyPlatynkoAction, confirmedLayout, openPlatynkoRound } from './round.ts';
import { settleLayout } from './settlement.ts';
import { czk, drawWith, openTestRound, playRound, riggedDraw, run, testLimits } from './testing/fixtures.ts';
import type { PlatynkoAction, PlatynkoState } from './types.ts';

const rejectionOf = (state: PlatynkoState, action: PlatynkoAction): PlatynkoRejection => {
  try {
    applyPlatynkoAction(state, action, roundRng(testRoundSeed('platynko')));
  } catch (error) {
    if (error instanceof PlatynkoRejection) return error;
    throw error;
  }
  throw new Error(`"${action.kind}" was accepted`);
};

const seatOne = (state: PlatynkoState) => state.seats.find((seat) => seat.seat === 1)!;
const card = (cardId: PlatynkoCardId, chipCzk: number) => ({ kind: 'card' as const, cardId, chipMinor: czk(chipCzk) });

describe('Plátýnko canvas and draw (issue 24)', () => {
  it('004:GAM-PL-03 the canvas is 32 mariáš cards: 4 rows by suit (hearts, bells, leaves, acorns), 8 columns by rank VII … ace', () => {
    expect(platynkoCanvas).toHaveLength(32);
    expect(new Set(platynkoCanvas).size).toBe(32);
    expect(platynkoSuits).toEqual(['hearts', 'bells', 'leaves', 'acorns']);
    expect(platynkoRanks).toEqual(['VII', 'VIII', 'IX', 'X', 'under', 'over', 'king', 'ace']);
    expect(platynkoCanvas.slice(0, 8)).toEqual(rowCards('hearts'));
    expect(columnCards('VII')).toEqual(['hearts-VII', 'bells-VII', 'leaves-VII', 'acorns-VII']);
  });

  it('004:GAM-PL-07 the dealer draws 8 distinct cards one after another, the same 8 in the same order for the same seed', () => {
    const drawn = drawPlatynkoCards(roundRng(testRoundSeed('draw')));
    expect(drawn).toHaveLength(8);
    expect(new Set(drawn).size).toBe(8);
    for (const cardId of drawn) expect(platynkoCanvas).toContain(cardId);
    expect(drawPlatynkoCards(roundRng(testRoundSeed('draw')))).toEqual(drawn);
    expect(drawPlatynkoCards(riggedDraw(...drawWith({ 1: 'acorns-ace', 8: 'hearts-VII' })))).toEqual(
      drawWith({ 1: 'acorns-ace', 8: 'hearts-VII' }),
    );
  });
});

describe('Plátýnko payouts (issue 24)', () => {
  it('004:T-120 GAM-PL-08 100 on a card drawn 2nd returns 200 in total, drawn 8th 1,000, not drawn nothing (the 100 is lost)', () => {
    const second = playRound([card('bells-X', 100)], drawWith({ 2: 'bells-X' }));
    expect(second.settlements).toEqual([
      expect.objectContaining({ seat: 1, stakedMinor: czk(100), returnedMinor: czk(200), netMinor: czk(100) }),
    ]);
    const eighth = playRound([card('bells-X', 100)], drawWith({ 8: 'bells-X' }));
    expect(eighth.settlements![0]).toMatchObject({ returnedMinor: czk(1_000), netMinor: czk(900) });
    const missed = playRound([card('bells-X', 100)], drawWith({}, ['bells-X']));
    expect(missed.settlements![0]).toMatchObject({ returnedMinor: 0n, netMinor: -czk(100) });
    expect(missed.settlements![0]!.cardResults).toEqual([
      { cardId: 'bells-X', stakeMinor: czk(100), position: null, returnedMinor: 0n },
    ]);
  });

  it('004:GAM-PL-08 a hit returns the stake times 2 at positions 1–3, 3 at 4–5 (a position-4 hit returns 3 × stake), 4 at 6–7 (position 6: 4 × stake), 10 at 8', () => {
    const expected = [2, 2, 2, 3, 3, 4, 4, 10];
    expected.forEach((multiplier, index) => {
      const state = playRound([card('leaves-king', 10)], drawWith({ [index + 1]: 'leaves-king' }));
      expect(state.settlements![0]!.returnedMinor).toBe(czk(10 * multiplier));
      expect(state.settlements![0]!.cardResults[0]!.position).toBe(index + 1);
    });
  });

  it('004:GAM-PL-05 suit and rank only identify a bet: every card drawn at a given position pays the same', () => {
    for (const position of [1, 4, 6, 8]) {
      const returns = new Set(
        platynkoCanvas.map(
          (cardId) =>
            settleLayout(1, [{ cardId, stakeMinor: 1_000n }], drawWith({ [position]: cardId }), testLimits()).returnedMinor,
        ),
      );
      expect(returns.size).toBe(1);
    }
  });

  it('004:GAM-PL-09 a row bet pays exactly as the same chips placed card by card: each card by its own draw position', () => {
    const drawn = drawWith({ 1: 'hearts-VII', 5: 'hearts-ace', 8: 'acorns-IX' }, [...rowCards('hearts'), ...columnCards('IX')]);
    const row = playRound([{ kind: 'row', suit: 'hearts', chipMinor: czk(10) }], drawn);
    const cards = playRound(
      rowCards('hearts').map((cardId) => card(cardId, 10)),
      drawn,
    );
    expect(row.settlements![0]!.returnedMinor).toBe(czk(20 + 30));
    expect(row.settlements![0]!.returnedMinor).toBe(cards.settlements![0]!.returnedMinor);
    const column = playRound([{ kind: 'column', rank: 'IX', chipMinor: czk(10) }], drawn);
    expect(column.settlements![0]).toMatchObject({ stakedMinor: czk(40), returnedMinor: czk(100) });
  });

  it('004:T-127 GAM-PL-01 the whole maximum bet of 100,000 on the card drawn 8th returns exactly the maximum win of 1,000,000; a return above the maximum win is capped', () => {
    const top = playRound([card('acorns-ace', 100_000)], drawWith({ 8: 'acorns-ace' }));
    expect(top.settlements![0]).toMatchObject({ returnedMinor: czk(1_000_000), cappedMinor: 0n });
    // The cap itself: a layout returning 1,200,000 (reachable only at a table with other limits) is paid 1,000,000.
    const capped = settleLayout(
      1,
      [
        { cardId: 'acorns-ace', stakeMinor: czk(100_000) },
        { cardId: 'hearts-VII', stakeMinor: czk(100_000) },
      ],
      drawWith({ 1: 'hearts-VII', 8: 'acorns-ace' }),
      fortunaPlatynkoLimits(czk(5)),
    );
    expect(capped).toMatchObject({ returnedMinor: czk(1_000_000), cappedMinor: czk(200_000), netMinor: czk(800_000) });
  });
});

describe('Plátýnko bets (issue 24)', () => {
  it('004:T-122 T-123 GAM-PL-09 a row bet "hearts" at 10 a card stakes 80 on the 8 hearts; a column bet "VII" at 10 stakes 40 on the 4 sevens', () => {
    const state = run(openTestRound(), [
      { kind: 'place-bets', seat: 1, bets: [{ kind: 'row', suit: 'hearts', chipMinor: czk(10) }] },
      { kind: 'place-bets', seat: 2, bets: [{ kind: 'column', rank: 'VII', chipMinor: czk(10) }] },
    ]);
    const [row, column] = state.seats;
    expect(row!.pending[0]).toMatchObject({ stakeMinor: czk(80) });
    expect(row!.pending[0]!.placements.map((p) => p.cardId)).toEqual(rowCards('hearts'));
    expect(column!.pending[0]).toMatchObject({ stakeMinor: czk(40) });
    expect(column!.pending[0]!.placements.map((p) => p.cardId)).toEqual(columnCards('VII'));
  });

  it('004:GAM-PL-04 chips go on any combination of cards; a card, row or column that is not on the canvas is refused and changes nothing', () => {
    const state = run(openTestRound(), [
      {
        kind: 'place-bets',
        seat: 1,
        bets: [card('hearts-VII', 5), card('acorns-ace', 50), { kind: 'column', rank: 'X', chipMinor: czk(5) }],
      },
    ]);
    expect(seatOne(state).pending.map((bet) => bet.stakeMinor)).toEqual([czk(5), czk(50), czk(20)]);
    for (const [bets, reason] of [
      [[{ kind: 'card', cardId: 'hearts-VI', chipMinor: czk(5) }], 'unknown-card'],
      [[{ kind: 'card', cardId: 'spades-ace', chipMinor: czk(5) }], 'unknown-card'],
      [[{ kind: 'row', suit: 'spades', chipMinor: czk(5) }], 'unknown-row'],
      [[{ kind: 'column', rank: 'VI', chipMinor: czk(5) }], 'unknown-column'],
      [[], 'no-bets'],
    ] as const) {
      const refused = rejectionOf(state, { kind: 'place-bets', seat: 1, bets: bets as never });
      expect(refused.reason).toBe(reason);
    }
    expect(seatOne(state).pending).toHaveLength(3);
  });

  it('004:GAM-PL-07 every chip is whole crowns and at least the table minimum on each card (5, 100 or 1,000 CZK)', () => {
    const hundred = openTestRound(testLimits(100));
    expect(rejectionOf(hundred, { kind: 'place-bets', seat: 1, bets: [card('hearts-X', 50)] }).reason).toBe(
      'stake-below-minimum',
    );
    expect(
      rejectionOf(hundred, { kind: 'place-bets', seat: 1, bets: [{ kind: 'row', suit: 'bells', chipMinor: czk(99) }] }).reason,
    ).toBe('stake-below-minimum');
    expect(rejectionOf(openTestRound(), { kind: 'place-bets', seat: 1, bets: [card('hearts-X', 5.5)] }).reason).toBe(
      'stake-not-multiple-of-unit',
    );
    expect(() => run(hundred, [{ kind: 'place-bets', seat: 1, bets: [card('hearts-X', 100)] }])).not.toThrow();
  });

  it('004:T-127 GAM-PL-01 a seat stakes at most 100,000 CZK in a round over all cards: one chip more is refused, however it is split', () => {
    const full = run(openTestRound(), [
      { kind: 'place-bets', seat: 1, bets: [{ kind: 'row', suit: 'acorns', chipMinor: czk(10_000) }] },
      { kind: 'place-bets', seat: 1, bets: [card('hearts-VII', 20_000)] },
    ]);
    expect(seatOne(full).pending.reduce((sum, bet) => sum + bet.stakeMinor, 0n)).toBe(czk(100_000));
    const over = rejectionOf(full, { kind: 'place-bets', seat: 1, bets: [card('bells-VII', 5)] });
    expect(over.reason).toBe('stake-above-maximum');
    expect(rejectionOf(openTestRound(), { kind: 'place-bets', seat: 1, bets: [card('bells-VII', 100_001)] }).reason).toBe(
      'stake-above-maximum',
    );
    // Another seat has its own maximum.
    expect(() => run(full, [{ kind: 'place-bets', seat: 2, bets: [card('bells-VII', 100_000)] }])).not.toThrow();
  });
});

describe('Plátýnko buttons (issue 24)', () => {
  it('004:T-124 GAM-PL-06 BET-04 "Zpět" takes back the last chip placed, "Smazat sázky" all; after confirmation neither works and no bet is added', () => {
    const placed = run(openTestRound(), [
      { kind: 'place-bets', seat: 1, bets: [card('hearts-VII', 10)] },
      { kind: 'place-bets', seat: 1, bets: [card('bells-ace', 20)] },
      { kind: 'place-bets', seat: 1, bets: [{ kind: 'row', suit: 'leaves', chipMinor: czk(5) }] },
    ]);
    const undone = applyPlatynkoAction(placed, { kind: 'undo', seat: 1 }, roundRng(testRoundSeed('x')));
    expect(undone.events).toEqual([{ kind: 'bet-undone', seat: 1, betId: 3, stakeMinor: czk(40) }]);
    expect(seatOne(undone.state).pending.map((bet) => bet.betId)).toEqual([1, 2]);
    const cleared = applyPlatynkoAction(undone.state, { kind: 'clear-bets', seat: 1 }, roundRng(testRoundSeed('x')));
    expect(cleared.events).toEqual([{ kind: 'bets-cleared', seat: 1, stakeMinor: czk(30) }]);
    expect(seatOne(cleared.state).pending).toEqual([]);

    const confirmed = run(placed, [{ kind: 'confirm-bets', seat: 1 }]);
    expect(confirmed.events.at(-1)).toEqual({ kind: 'bets-confirmed', seat: 1, betIds: [1, 2, 3], stakeMinor: czk(70) });
    // Confirmation closes the seat's bets for the round (D-2412): nothing comes off, nothing is added.
    for (const action of [
      { kind: 'undo', seat: 1 },
      { kind: 'clear-bets', seat: 1 },
      { kind: 'place-bets', seat: 1, bets: [card('acorns-X', 5)] },
      { kind: 'rebet', seat: 1, layout: [{ cardId: 'acorns-X', stakeMinor: czk(5) }], factor: 1 },
      { kind: 'confirm-bets', seat: 1 },
    ] as const)
      expect(rejectionOf(confirmed, action).reason).toBe('already-confirmed');
    expect(rejectionOf(openTestRound(), { kind: 'undo', seat: 1 }).reason).toBe('nothing-to-undo');
    expect(rejectionOf(openTestRound(), { kind: 'clear-bets', seat: 1 }).reason).toBe('nothing-to-clear');
    const closed = run(placed, [{ kind: 'close-betting' }]);
    expect(rejectionOf(closed, { kind: 'undo', seat: 1 }).reason).toBe('wrong-phase');
    expect(rejectionOf(closed, { kind: 'place-bets', seat: 1, bets: [card('acorns-X', 5)] }).reason).toBe('wrong-phase');
  });

  it('004:T-125 GAM-PL-10 "Vsadit znovu" repeats the previous layout card by card; the double rebet puts twice the stake on each card', () => {
    const previous = playRound(
      [{ kind: 'column', rank: 'ace', chipMinor: czk(10) }, card('hearts-ace', 5), card('bells-VII', 25)],
      drawWith({}),
    );
    const layout = confirmedLayout(previous, 1);
    expect(layout).toEqual(
      expect.arrayContaining([
        { cardId: 'hearts-ace', stakeMinor: czk(15) },
        { cardId: 'bells-ace', stakeMinor: czk(10) },
        { cardId: 'bells-VII', stakeMinor: czk(25) },
      ]),
    );
    const rebet = run(openTestRound(), [{ kind: 'rebet', seat: 1, layout, factor: 1 }]);
    expect(seatOne(rebet).pending[0]).toMatchObject({ request: { kind: 'rebet', factor: 1 }, stakeMinor: czk(70) });
    expect(seatOne(rebet).pending[0]!.placements).toEqual(layout);
    const doubled = run(openTestRound(), [{ kind: 'rebet', seat: 1, layout, factor: 2 }]);
    expect(seatOne(doubled).pending[0]!.placements).toEqual(
      layout.map((item) => ({ ...item, stakeMinor: item.stakeMinor * 2n })),
    );
    // One Undo takes the whole rebet back.
    expect(seatOne(run(doubled, [{ kind: 'undo', seat: 1 }])).pending).toEqual([]);
    expect(rejectionOf(openTestRound(), { kind: 'rebet', seat: 1, layout: [], factor: 1 }).reason).toBe('nothing-to-rebet');
    expect(rejectionOf(openTestRound(), { kind: 'rebet', seat: 1, layout, factor: 3 as never }).reason).toBe(
      'invalid-rebet-factor',
    );
  });

  it('004:T-127 GAM-PL-10 a double rebet that would take the seat above the maximum bet is refused', () => {
    const layout = [{ cardId: 'hearts-X' as const, stakeMinor: czk(60_000) }];
    expect(() => run(openTestRound(), [{ kind: 'rebet', seat: 1, layout, factor: 1 }])).not.toThrow();
    expect(rejectionOf(openTestRound(), { kind: 'rebet', seat: 1, layout, factor: 2 }).reason).toBe('stake-above-maximum');
  });

  it('004:GAM-PL-06 / BET-04 unconfirmed chips are dropped when betting closes; only confirmed bets are settled', () => {
    const state = run(
      openTestRound(),
      [
        { kind: 'place-bets', seat: 1, bets: [card('hearts-VII', 10)] },
        { kind: 'confirm-bets', seat: 1 },
        { kind: 'place-bets', seat: 2, bets: [card('bells-VII', 10)] },
        { kind: 'place-bets', seat: 3, bets: [card('bells-VII', 10)] },
        { kind: 'close-betting' },
        { kind: 'draw' },
      ],
      riggedDraw(...drawWith({ 1: 'bells-VII', 2: 'hearts-VII' })),
    );
    expect(state.events.find((e) => e.kind === 'betting-closed')).toEqual({
      kind: 'betting-closed',
      dropped: [
        { seat: 2, stakeMinor: czk(10) },
        { seat: 3, stakeMinor: czk(10) },
      ],
    });
    expect(state.settlements).toEqual([expect.objectContaining({ seat: 1, stakedMinor: czk(10), returnedMinor: czk(20) })]);
  });
});

describe('Plátýnko tables (issue 24)', () => {
  const options = (overrides: Partial<PlatynkoTableOptions> = {}): PlatynkoTableOptions => ({
    bettingTimeSeconds: 15,
    limits: fortunaPlatynkoLimits(czk(5)),
    seatsMax: 4,
    ...overrides,
  });

  it('004:T-126 GAM-PL-02 GAM-PL-01 tables of 15 or 30 s with a minimum of 5, 100 or 1,000 CZK and up to 4 seats are accepted; 20 s, a minimum of 50, a 5th seat or other maxima are not', () => {
    for (const bettingTimeSeconds of [15, 30])
      for (const minimum of [5, 100, 1_000])
        for (const seatsMax of [1, 2, 3, 4])
          expect(() =>
            validatePlatynkoTableOptions(options({ bettingTimeSeconds, seatsMax, limits: fortunaPlatynkoLimits(czk(minimum)) })),
          ).not.toThrow();
    expect(() => validatePlatynkoTableOptions(options({ bettingTimeSeconds: 20 }))).toThrow(InvalidPlatynkoTable);
    expect(() => fortunaPlatynkoLimits(czk(50))).toThrow(InvalidPlatynkoTable);
    expect(() =>
      validatePlatynkoTableOptions(options({ limits: { ...fortunaPlatynkoLimits(czk(5)), chipMinimumMinor: czk(50) } })),
    ).toThrow(InvalidPlatynkoTable);
    expect(() => validatePlatynkoTableOptions(options({ seatsMax: 5 }))).toThrow(InvalidPlatynkoTable);
    expect(() =>
      validatePlatynkoTableOptions(options({ limits: { ...fortunaPlatynkoLimits(czk(5)), stakeMaximumMinor: czk(200_000) } })),
    ).toThrow(InvalidPlatynkoTable);
    expect(() =>
      openPlatynkoRound({ roundId: 'r', limits: testLimits(), seatsMax: 5, seedCommitment: commitToSeed(testRoundSeed('s')) }),
    ).toThrow(InvalidPlatynkoRound);
    // At a 4-seat table a 5th seat cannot bet.
    expect(rejectionOf(openTestRound(), { kind: 'place-bets', seat: 5, bets: [card('hearts-X', 5)] }).reason).toBe(
      'unknown-seat',
    );
  });
});

describe('Plátýnko record and replay (issue 24)', () => {
  const seed = testRoundSeed('platynko-record');
  const played = () =>
    run(
      openPlatynkoRound({ roundId: 'round-record', limits: testLimits(), seedCommitment: commitToSeed(seed) }).state,
      [
        { kind: 'place-bets', seat: 1, bets: [{ kind: 'row', suit: 'hearts', chipMinor: czk(10) }] },
        { kind: 'confirm-bets', seat: 1 },
        { kind: 'place-bets', seat: 3, bets: [{ kind: 'column', rank: 'ace', chipMinor: czk(25) }] },
        { kind: 'undo', seat: 3 },
        { kind: 'place-bets', seat: 3, bets: [card('acorns-over', 40)] },
        { kind: 'confirm-bets', seat: 3 },
        { kind: 'close-betting' },
        { kind: 'draw' },
      ],
      roundRng(seed),
    );

  it('004:GAM-PL-07 / issue 24 the record (seed, commitment, actions, events) replays to the same 8 cards and payouts; a tampered record or a wrong seed is refused', () => {
    const state = played();
    expect(state.phase).toBe('settled');
    const json = platynkoRecordToJson(platynkoRoundRecord(state, seed));
    const replayed = replayPlatynkoRound(platynkoRecordFromJson(json));
    expect(replayed.drawn).toEqual(state.drawn);
    expect(replayed.settlements).toEqual(state.settlements);
    expect(platynkoStateFromJson(platynkoStateToJson(state))).toEqual(state);

    const record = platynkoRecordFromJson(json);
    const tampered = {
      ...record,
      events: record.events.map((e) => (e.kind === 'cards-drawn' ? { ...e, drawn: [...e.drawn].reverse() } : e)),
    };
    expect(() => replayPlatynkoRound(tampered)).toThrow(InvalidRoundRecord);
    expect(() => replayPlatynkoRound({ ...record, seed: testRoundSeed('other') })).toThrow(InvalidRoundRecord);
    expect(() => platynkoRoundRecord(state, testRoundSeed('other'))).toThrow(InvalidRoundRecord);
    expect(() => replayPlatynkoRound({ ...record, seed: null })).toThrow(InvalidRoundRecord);
  });

  it('issue 24: a refused action leaves the state as it was (states are frozen and never edited)', () => {
    const state = openTestRound();
    const before = platynkoStateToJson(state);
    expect(() => applyPlatynkoAction(state, { kind: 'draw' }, roundRng(seed))).toThrow(PlatynkoRejection);
    expect(platynkoStateToJson(state)).toBe(before);
    expect(Object.isFrozen(state.seats)).toBe(true);
  });
});
