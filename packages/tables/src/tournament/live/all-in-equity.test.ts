import { parseCards, poker, SeededRng } from '@casino/games';
import { describe, expect, it } from 'vitest';
import { fixtureProfileOf, noLimitDefinition } from '../../poker/testing.ts';
import { TournamentDirector } from '../director.ts';
import type { TournamentRuleProfile } from '../rules.ts';
import { testDefinition, testRules } from '../testing.ts';
import { TournamentFloor, type TournamentSeatView } from './floor.ts';

/**
 * 003:R-ALLIN-09, R-TOUR-13 (D-2038): at a Texas Hold'em tournament of a profile with
 * `allInEquityDisplay`, an all-in that leaves no betting turns the hands up, deals each street only
 * after the profile's delay and shows each hand's exact equity, street by street; a profile without
 * the setting deals the board at once and shows nothing of the kind.
 */
const streetDelayMs = 2_000;
const seLike: TournamentRuleProfile = {
  ...testRules,
  profileId: 'SE',
  allInEquityDisplay: { variants: ['holdem/no-limit'], streetDelayMs },
};
const startedAt = Date.parse('2026-11-26T10:00:00Z');

function headsUp(rules: TournamentRuleProfile) {
  const definition = testDefinition({ entrantsMin: 2, entrantsMax: 2, seatsPerTable: 2 });
  const entries = [
    { entryId: 'e1', playerId: 'p1' },
    { entryId: 'e2', playerId: 'p2' },
  ];
  const rng = new SeededRng(3);
  const director = new TournamentDirector({
    definition,
    rules,
    entries,
    rng,
    newHandId: () => 'x',
    balanceBetweenAllHands: true,
  });
  let handIds = 0;
  return new TournamentFloor(
    {
      tournamentId: 't1',
      definition,
      rules,
      pokerProfile: { ...fixtureProfileOf(noLimitDefinition), id: 'CZ-FO' as const, seats: { min: 2, max: 10 } },
      state: {
        startedAtMs: startedAt,
        pausedAtMs: null,
        pausedTotalMs: 0,
        aliases: { e1: 'p1', e2: 'p2' },
        director: director.snapshot(),
        tables: [],
      },
    },
    { rng, newHandId: () => `h${++handIds}`, handPauseMs: 1_000 },
  );
}

/** Both players put everything in before the flop (the first to act goes all-in, the other calls). */
function allInPreflop(floor: TournamentFloor, now: Date) {
  floor.tick(now);
  for (let acts = 0; acts < 2; acts++) {
    const actor = ['p1', 'p2'].map((p) => floor.privateView(p, now) as TournamentSeatView).find((v) => v.legal !== null)!;
    const playerId = actor.seat === (floor.privateView('p1', now) as TournamentSeatView).seat ? 'p1' : 'p2';
    const action = actor.legal!.allIn && acts === 0 ? 'all-in' : 'call';
    floor.command(playerId, { kind: 'act', action, turn: actor.table.toAct!.turn }, now);
  }
}

function expectExactEquity(view: NonNullable<TournamentSeatView['table']['allInEquity']>, board: readonly string[]) {
  const exact = poker.holdemEquity(
    view.seats.map((s) => parseCards(s.cards.join(''))),
    parseCards(board.join('')),
  );
  expect(view.boards).toBe(exact.boards);
  view.seats.forEach((seat, i) => {
    const hand = exact.hands[i]!;
    expect([seat.wins, seat.ties]).toEqual([hand.wins, hand.ties]);
    // Basis points rounded half up from the exact fraction.
    const whole = exact.boards * exact.unitsPerBoard;
    expect(seat.equityBps).toBe(Math.floor((hand.shareUnits * 10_000 * 2 + whole) / (2 * whole)));
  });
}

describe('the all-in run-out with live equity at Texas Hold`em tournaments (003:R-ALLIN-09, R-TOUR-13)', () => {
  it('003:R-ALLIN-09 003:R-TOUR-13 all-in before the flop: hands face up, each street dealt after the delay, exact win % per street', () => {
    const floor = headsUp(seLike);
    let now = new Date(startedAt);
    allInPreflop(floor, now);
    const streets: string[] = [];
    for (let street = 0; street < 3; street++) {
      const view = floor.publicView(now);
      const equity = view.allInEquity!;
      expect(equity, `street ${street}`).not.toBeNull();
      streets.push(equity.street);
      expect(view.board).toHaveLength([0, 3, 4][street]!);
      // Both hands are turned up (public: spectators see them too), with the equity of each.
      for (const seat of equity.seats) expect(view.seats.find((s) => s.seat === seat.seat)!.shownCards).toEqual(seat.cards);
      expect(equity.seats).toHaveLength(2);
      expectExactEquity(equity, view.board);
      // The players' views carry the same (the table they sit at).
      expect((floor.privateView('p1', now) as TournamentSeatView).table.allInEquity).toEqual(equity);
      // Not before the delay: nothing is dealt a millisecond early.
      const due = floor.nextDeadline()!;
      expect(due.getTime()).toBe(now.getTime() + streetDelayMs);
      floor.tick(new Date(due.getTime() - 1));
      expect(floor.publicView(now).board).toEqual(view.board);
      now = due;
      floor.tick(now);
    }
    expect(streets).toEqual(['preflop', 'flop', 'turn']);
    // The river came: the hand is over, the showdown shown, no equity any more.
    const after = floor.publicView(now);
    expect(after.board).toHaveLength(5);
    expect(after.handId).not.toBeNull();
    expect(after.allInEquity).toBeNull();
    expect(after.lastResult).not.toBeNull();
  });

  it('003:R-ALLIN-09 the display is the profile`s: without `allInEquityDisplay` the board is dealt at once and no equity is shown', () => {
    const floor = headsUp(testRules);
    const now = new Date(startedAt);
    allInPreflop(floor, now);
    const view = floor.publicView(now);
    expect(view.board).toHaveLength(5);
    expect(view.lastResult).not.toBeNull();
    expect('allInEquity' in view).toBe(false);
  });

  it('003:R-ALLIN-09 only the listed variants: a pot-limit tournament of the same profile deals at once', () => {
    const rules: TournamentRuleProfile = { ...seLike, allInEquityDisplay: { variants: ['holdem/pot-limit'], streetDelayMs } };
    const floor = headsUp(rules);
    const now = new Date(startedAt);
    allInPreflop(floor, now);
    expect(floor.publicView(now).board).toHaveLength(5);
    expect(floor.publicView(now).allInEquity ?? null).toBeNull();
  });
});
