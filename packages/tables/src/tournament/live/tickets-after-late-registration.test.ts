import { SeededRng } from '@casino/games';
import { describe, expect, it } from 'vitest';
import { fixtureProfileOf, noLimitDefinition } from '../../poker/testing.ts';
import { TournamentDirector } from '../director.ts';
import { testDefinition, testRules } from '../testing.ts';
import { TournamentFloor } from './floor.ts';

/**
 * D-2039: the live floor tells the hand commit when to cash the seat tickets still unused: once the late
 * registration they could pay is over on the tournament clock, once; never at a tournament without one
 * (its tickets were cashed at the start, D-1959).
 */
const startedAt = Date.parse('2026-11-26T10:00:00Z');

function floorOf(lateRegistrationLevels: number) {
  const definition = testDefinition({ entrantsMin: 2, entrantsMax: 4, seatsPerTable: 4, lateRegistrationLevels });
  const entries = [
    { entryId: 'e1', playerId: 'p1' },
    { entryId: 'e2', playerId: 'p2' },
  ];
  const rng = new SeededRng(4);
  const director = new TournamentDirector({
    definition,
    rules: testRules,
    entries,
    rng,
    newHandId: () => 'x',
    balanceBetweenAllHands: true,
  });
  return new TournamentFloor(
    {
      tournamentId: 't1',
      definition,
      rules: testRules,
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
    { rng, newHandId: () => `h${startedAt}`, handPauseMs: 1_000 },
  );
}

describe('seat tickets after the late registration (D-2039)', () => {
  it('000-001:TRN-06 003:R-WAL-08 D-2039 the tickets are cashed once the late registration is over, and only once', () => {
    const floor = floorOf(1);
    const levelMs = testDefinition().levels[0]!.durationMs;
    floor.tick(new Date(startedAt + levelMs - 1));
    expect(floor.ticketsToCash()).toBe(false);
    floor.tick(new Date(startedAt + levelMs + 1));
    expect(floor.ticketsToCash()).toBe(true);
    floor.markTicketsCashed();
    expect(floor.ticketsToCash()).toBe(false);
  });

  it('D-1959 a tournament without late registration never asks (its tickets were cashed at the start)', () => {
    const floor = floorOf(0);
    floor.tick(new Date(startedAt + 10 * 60_000));
    expect(floor.ticketsToCash()).toBe(false);
  });
});
