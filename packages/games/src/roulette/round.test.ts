import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitToSeed, createRoundSeed, roundRng, testRoundSeed } from '../rng/index.ts';
import { InvalidRoundRecord } from '../shared/round-record.ts';
import { outsidePositionNames } from './layout.ts';
import {
  replayRouletteRound,
  rouletteRecordFromJson,
  rouletteRecordToJson,
  rouletteRoundRecord,
  rouletteStateFromJson,
  rouletteStateToJson,
} from './record.ts';
import { InvalidRouletteRound, RouletteRejection } from './rejection.ts';
import { applyRouletteAction, canApplyRouletteAction, openRouletteRound } from './round.ts';
import { czk, openTestRound, playRound, riggedWheel, run, testLimits } from './testing/fixtures.ts';
import type { RouletteAction, RouletteBetRequest, RouletteState } from './types.ts';

function rejection(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof RouletteRejection) return error.reason;
    throw error;
  }
  return 'accepted';
}

const black10: RouletteBetRequest = { kind: 'outside', position: 'black', stakeMinor: czk(10) };
const straight17: RouletteBetRequest = { kind: 'inside', numbers: [17], stakeMinor: czk(5) };

describe('the round', () => {
  it('004:GAM-R-07 004:T-83 bets not confirmed before betting closes are removed, not debited and not settled', () => {
    let state = openTestRound();
    state = run(state, [
      { kind: 'place-bets', seat: 1, bets: [black10] },
      { kind: 'confirm-bets', seat: 1 },
      { kind: 'place-bets', seat: 1, bets: [straight17] },
      { kind: 'place-bets', seat: 2, bets: [straight17] },
    ]);
    const closed = applyRouletteAction(state, { kind: 'close-betting' }, riggedWheel());
    expect(closed.events).toEqual([
      {
        kind: 'betting-closed',
        dropped: [
          { seat: 1, stakeMinor: czk(5) },
          { seat: 2, stakeMinor: czk(5) },
        ],
      },
    ]);
    const spun = applyRouletteAction(closed.state, { kind: 'spin' }, riggedWheel(17));
    // 17 is black: seat 1's confirmed black bet wins; the unconfirmed straight on 17 counts for nobody.
    expect(spun.state.settlements).toEqual([expect.objectContaining({ seat: 1, stakedMinor: czk(10), returnedMinor: czk(20) })]);
    expect(spun.events.map((event) => event.kind)).toEqual(['ball-landed', 'round-settled']);
  });

  it('004:GAM-R-08 004:BET-04 the stake to debit comes with the confirmation, the win to credit with the settlement', () => {
    let state = openTestRound();
    const placed = applyRouletteAction(state, { kind: 'place-bets', seat: 3, bets: [black10, straight17] }, riggedWheel());
    expect(placed.events[0]).toMatchObject({ kind: 'bets-placed', seat: 3, stakeMinor: czk(15) });
    const confirmed = applyRouletteAction(placed.state, { kind: 'confirm-bets', seat: 3 }, riggedWheel());
    expect(confirmed.events).toEqual([{ kind: 'bets-confirmed', seat: 3, betIds: [1, 2], stakeMinor: czk(15) }]);
    state = run(confirmed.state, [{ kind: 'close-betting' }, { kind: 'spin' }], riggedWheel(17));
    expect(state.settlements![0]).toMatchObject({ seat: 3, stakedMinor: czk(15), returnedMinor: czk(20 + 180) });
    // Once confirmed a bet cannot be withdrawn (004:BET-04): clearing only touches unconfirmed bets.
    expect(rejection(() => applyRouletteAction(confirmed.state, { kind: 'clear-bets', seat: 3 }, riggedWheel()))).toBe(
      'nothing-to-clear',
    );
  });

  it('004:GAM-R-01 seats are 1 to 4; actions out of phase are refused and leave the state as it was', () => {
    const state = openTestRound();
    expect(rejection(() => applyRouletteAction(state, { kind: 'place-bets', seat: 5, bets: [black10] }, riggedWheel()))).toBe(
      'unknown-seat',
    );
    expect(rejection(() => applyRouletteAction(state, { kind: 'spin' }, riggedWheel(1)))).toBe('wrong-phase');
    expect(rejection(() => applyRouletteAction(state, { kind: 'confirm-bets', seat: 1 }, riggedWheel()))).toBe(
      'nothing-to-confirm',
    );
    expect(rejection(() => applyRouletteAction(state, { kind: 'place-bets', seat: 1, bets: [] }, riggedWheel()))).toBe('no-bets');
    const closed = run(state, [{ kind: 'close-betting' }]);
    expect(canApplyRouletteAction(closed, { kind: 'place-bets', seat: 1, bets: [black10] })).toBe(false);
    expect(canApplyRouletteAction(closed, { kind: 'spin' })).toBe(true);
    expect(Object.isFrozen(state) && Object.isFrozen(state.events)).toBe(true);
    expect(state.actions).toHaveLength(0);
  });

  it('a refused bet in a batch refuses the whole batch and names the offending bet', () => {
    const state = openTestRound();
    try {
      applyRouletteAction(
        state,
        { kind: 'place-bets', seat: 1, bets: [black10, { kind: 'inside', numbers: [1, 5], stakeMinor: czk(1) }] },
        riggedWheel(),
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RouletteRejection);
      expect((error as RouletteRejection).betIndex).toBe(1);
    }
  });

  it('a round needs valid limits and a seed commitment', () => {
    const open =
      (limits = testLimits(), seedCommitment = commitToSeed(testRoundSeed('x'))) =>
      () =>
        openRouletteRound({ roundId: 'r', variant: 'french', limits, seedCommitment });
    expect(open()).not.toThrow();
    expect(open({ ...testLimits(), unitMinor: 5n })).toThrow(InvalidRouletteRound);
    expect(open({ ...testLimits(), straightMaximumMinor: czk(2_000_000) })).toThrow(InvalidRouletteRound);
    expect(open(testLimits(), 'not-a-commitment')).toThrow(InvalidRouletteRound);
  });
});

describe('double-ball roulette (D-704)', () => {
  it('002:RLT-01 RLT-02 002:T-RLT-02 a spin lands two balls; each settles half of every bet', () => {
    const state = playRound(
      'double-ball',
      [
        { kind: 'inside', numbers: [17], stakeMinor: czk(10) },
        { kind: 'outside', position: 'red', stakeMinor: czk(10) },
      ],
      [17, 3],
    );
    expect(state.pockets).toEqual([17, 3]);
    const [straight, red] = state.settlements![0]!.bets;
    expect(straight!.returnedMinor).toBe(czk(5 * 36)); // one ball on 17: half the stake wins 35:1
    expect(red!.returnedMinor).toBe(czk(5 * 2)); // 17 black, 3 red: half the red bet wins
    expect(red!.placements[0]!.outcome).toBe('partly-won');
  });

  it('issue 7: D-704 both balls on one number pay what a single ball pays on the whole stake', () => {
    const state = playRound('double-ball', [{ kind: 'inside', numbers: [0], stakeMinor: czk(10) }], [0, 0]);
    expect(state.settlements![0]!.returnedMinor).toBe(czk(360));
  });
});

describe('replay and storage', () => {
  function playedRound(seed: string): RouletteState {
    let state = openRouletteRound({
      roundId: 'r-1',
      variant: 'french',
      limits: testLimits(),
      seedCommitment: commitToSeed(seed),
    }).state;
    const actions: RouletteAction[] = [
      { kind: 'place-bets', seat: 1, bets: [black10, { kind: 'announced', name: 'voisins-du-zero', chipMinor: czk(1) }] },
      { kind: 'place-bets', seat: 2, bets: [{ kind: 'neighbours', centre: 8, perSide: 2, chipMinor: czk(2) }] },
      { kind: 'confirm-bets', seat: 1 },
      { kind: 'confirm-bets', seat: 2 },
      { kind: 'place-bets', seat: 4, bets: [straight17] },
      { kind: 'close-betting' },
      { kind: 'spin' },
    ];
    // A fresh rng per action, as a service that restarts between actions would build it.
    for (const action of actions) state = applyRouletteAction(state, action, roundRng(seed)).state;
    return state;
  }

  it('issue 7: a roulette round replays identically from its record, through JSON', () => {
    const { seed } = createRoundSeed();
    const state = playedRound(seed);
    const text = rouletteRecordToJson(rouletteRoundRecord(state, seed));
    const replayed = replayRouletteRound(rouletteRecordFromJson(text));
    expect(replayed).toEqual(state);
    expect(replayed.pockets).toEqual(state.pockets);
  });

  it('issue 7: a roulette record with another seed, an edited action or an edited result is refused', () => {
    const seed = testRoundSeed('replay');
    const record = rouletteRoundRecord(playedRound(seed), seed);
    expect(() => rouletteRoundRecord(playedRound(seed), testRoundSeed('other'))).toThrow(InvalidRoundRecord);
    expect(() => replayRouletteRound({ ...record, seed: testRoundSeed('other') })).toThrow(/commitment/);
    const editedAction = {
      ...record,
      actions: record.actions.map((action, k) =>
        k === 0 ? { ...action, bets: [{ ...black10, stakeMinor: czk(20) }] } : action,
      ) as RouletteAction[],
    };
    expect(() => replayRouletteRound(editedAction)).toThrow(/differs/);
    const edited = {
      ...record,
      events: record.events.map((event) =>
        event.kind === 'ball-landed' ? { ...event, pockets: [(event.pockets[0]! + 1) % 37] } : event,
      ),
    };
    expect(() => replayRouletteRound(edited)).toThrow(/differs from the record at event/);
    expect(() => rouletteRecordFromJson('{"format":"casino-poker-hand-history"}')).toThrow(InvalidRoundRecord);
  });

  it('the live state survives JSON exactly, bigint amounts and all', () => {
    const state = playedRound(testRoundSeed('storage'));
    const text = rouletteStateToJson(state);
    expect(text).toContain('"stakeMinor":"1000"');
    expect(rouletteStateFromJson(text)).toEqual(state);
  });

  it('issue 7: a roulette state stored mid-round and read back plays on exactly as the original (a service restart)', () => {
    const seed = testRoundSeed('restart');
    let state = openRouletteRound({
      roundId: 'r',
      variant: 'double-ball',
      limits: testLimits(),
      seedCommitment: commitToSeed(seed),
    }).state;
    state = applyRouletteAction(state, { kind: 'place-bets', seat: 2, bets: [black10, straight17] }, roundRng(seed)).state;
    const restored = rouletteStateFromJson(rouletteStateToJson(state));
    const finish = (start: RouletteState) =>
      run(start, [{ kind: 'confirm-bets', seat: 2 }, { kind: 'close-betting' }, { kind: 'spin' }], roundRng(seed));
    expect(finish(restored)).toEqual(finish(state));
  });

  it('002:RNG-01 the same seed lands the same pockets; the spin is the only random step', () => {
    const seed = testRoundSeed('determinism');
    expect(playedRound(seed).pockets).toEqual(playedRound(seed).pockets);
  });
});

describe('settlement properties', () => {
  const request = fc.oneof(
    fc.record({
      kind: fc.constant('inside' as const),
      numbers: fc.constantFrom([17], [0, 3], [1, 2, 3], [0, 1, 2, 3], [31, 32, 33, 34, 35, 36]),
      stakeMinor: fc.integer({ min: 1, max: 50 }).map((k) => BigInt(k) * 10n),
    }),
    fc.record({
      kind: fc.constant('outside' as const),
      position: fc.constantFrom(...outsidePositionNames),
      stakeMinor: fc.integer({ min: 1, max: 50 }).map((k) => BigInt(k) * 10n),
    }),
    fc.record({
      kind: fc.constant('neighbours' as const),
      centre: fc.integer({ min: 0, max: 36 }),
      perSide: fc.integer({ min: 1, max: 4 }),
      chipMinor: fc.constant(10n),
    }),
    fc.record({
      kind: fc.constant('announced' as const),
      name: fc.constantFrom('voisins-du-zero' as const, 'tiers-du-cylindre' as const, 'orphelins-en-plein' as const),
      chipMinor: fc.constant(20n),
    }),
  );

  it('004:GAM-R-05 a seat gets back the sum of its positions; nothing returns more than 36 times its stake', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('european' as const, 'french' as const, 'double-ball' as const),
        fc.array(request, { minLength: 1, maxLength: 8 }),
        fc.nat(36),
        fc.nat(36),
        (variant, bets, first, second) => {
          const pockets = variant === 'double-ball' ? [first, second] : [first];
          const state = playRound(variant, bets, pockets, testLimits(1_000, 1_000));
          const [seat] = state.settlements!;
          const confirmed = state.seats[0]!.confirmed;
          expect(seat!.stakedMinor).toBe(
            confirmed.reduce((sum, bet) => sum + bet.placements.reduce((inner, item) => inner + item.stakeMinor, 0n), 0n),
          );
          bets.forEach((bet, k) =>
            expect(confirmed[k]!.stakeMinor).toBe(
              'stakeMinor' in bet
                ? bet.stakeMinor
                : bet.chipMinor * BigInt(confirmed[k]!.placements.reduce((n, item) => n + item.chips, 0)),
            ),
          );
          expect(seat!.returnedMinor).toBe(
            seat!.bets.reduce((sum, bet) => sum + bet.placements.reduce((inner, item) => inner + item.returnedMinor, 0n), 0n),
          );
          for (const bet of seat!.bets)
            for (const item of bet.placements) expect(item.returnedMinor <= item.stakeMinor * 36n).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
