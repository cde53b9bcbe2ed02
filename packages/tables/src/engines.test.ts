import {
  applyBlackjackAction,
  commitToSeed,
  fortunaBlackjack,
  openBlackjackRound,
  roundRng,
  testRoundSeed,
  type BlackjackState,
} from '@casino/games';
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  debitsOf,
  dueActions,
  openRound,
  seatsWithConfirmedStake,
  settlementOf,
  type EngineState,
} from './engines.ts';
import { toWire } from './wire.ts';

const roulette = {
  game: 'roulette' as const,
  variant: 'french',
  seatsMax: 4,
  limits: {
    unitMinor: 10n,
    insideMinimumMinor: 10n,
    outsideMinimumMinor: 10n,
    straightMaximumMinor: 100_000n,
    outsideMaximumMinor: 500_000n,
    positionMaximumMinor: 100_000_000n,
  },
};
const seed = testRoundSeed('tables-engines');

function play(state: EngineState, actions: object[]): { state: EngineState; events: unknown[]; first: number } {
  const first = state.events.length;
  for (const action of actions) state = applyAction('roulette', state, action as never, seed).state;
  return { state, events: state.events.slice(first), first };
}

describe('tables: the engines as the service drives them (issue 7)', () => {
  it('issue 7: a confirmation is the debit, with its place in the event log; placing alone debits nothing and only confirmed seats count as betting', () => {
    const opened = openRound(roulette, 'r-1', commitToSeed(seed));
    const placed = play(opened, [
      { kind: 'place-bets', seat: 2, bets: [{ kind: 'outside', position: 'red', stakeMinor: 500n }] },
    ]);
    expect(debitsOf(placed.events, placed.first)).toEqual([]);
    const confirmed = play(placed.state, [
      { kind: 'place-bets', seat: 1, bets: [{ kind: 'inside', numbers: [17], stakeMinor: 100n }] },
      { kind: 'confirm-bets', seat: 1 },
    ]);
    expect(debitsOf(confirmed.events, confirmed.first)).toEqual([
      { seat: 1, amountMinor: 100n, eventIndex: confirmed.first + 1 },
    ]);
    expect([...seatsWithConfirmedStake('roulette', confirmed.state)]).toEqual([1]);
  });

  it('004:GAM-R-07 / GAM-R-08 the betting deadline closes and spins at once; only the confirmed bet is settled', () => {
    const state = play(openRound(roulette, 'r-2', commitToSeed(seed)), [
      { kind: 'place-bets', seat: 1, bets: [{ kind: 'outside', position: 'black', stakeMinor: 100n }] },
      { kind: 'confirm-bets', seat: 1 },
      { kind: 'place-bets', seat: 2, bets: [{ kind: 'outside', position: 'black', stakeMinor: 100n }] },
    ]).state;
    const due = dueActions('roulette', state, new Set(), false);
    expect(due).toEqual([{ kind: 'close-betting' }, { kind: 'spin' }]);
    const settled = play(state, due).state;
    expect(settlementOf('roulette', settled)!.map((s) => [s.seat, s.stakedMinor])).toEqual([[1, 100n]]);
  });

  it("004:TEC-03 / AMB-27 at a decision deadline a disconnected player's box moves to a temporary table, a connected one stands; a temporary table never moves again", () => {
    // A deal where a player must decide (the engine is deterministic in the seed).
    const dealt = (label: string) => {
      const bjSeed = testRoundSeed(label);
      let state: BlackjackState = openBlackjackRound({
        roundId: 'b-1',
        rules: fortunaBlackjack,
        limits: { unitMinor: 10n, stakeMinimumMinor: 10n, stakeMaximumMinor: 100_000n },
        seedCommitment: commitToSeed(bjSeed),
      }).state;
      for (const seat of [1, 2])
        for (const kind of ['place-bet', 'confirm-bet'] as const)
          state = applyBlackjackAction(
            state,
            kind === 'place-bet' ? { kind, seat, stakeMinor: 100n } : { kind, seat },
            roundRng(bjSeed),
          ).state;
      return applyBlackjackAction(state, { kind: 'close-betting' }, roundRng(bjSeed)).state;
    };
    const state = Array.from({ length: 50 }, (_, i) => dealt(`tables-due-${i}`)).find((s) => s.phase === 'player-turns')!;
    const seat = state.turn!.seat;
    expect(dueActions('blackjack', state, new Set([seat]), false)).toEqual([{ kind: 'move-to-temporary-table', seat }]);
    expect(dueActions('blackjack', state, new Set(), false)).toEqual([{ kind: 'time-out', seat }]);
    expect(dueActions('blackjack', state, new Set([seat]), true)).toEqual([{ kind: 'time-out', seat }]);
  });

  it('issue 7: on the wire minor units are decimal strings and blackjack cards two-character text; roulette numbers stay numbers', () => {
    expect(toWire('blackjack', { stakeMinor: 1000n, cards: [51, 0], dealerCards: [12, null], card: 8 })).toEqual({
      stakeMinor: '1000',
      cards: ['As', '2c'],
      dealerCards: ['5c', null],
      card: '4c',
    });
    expect(toWire('roulette', { numbers: [0, 32], pockets: [17], stakeMinor: 25n })).toEqual({
      numbers: [0, 32],
      pockets: [17],
      stakeMinor: '25',
    });
  });
});
