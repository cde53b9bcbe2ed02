import { SeededRng } from '@casino/games';
import { describe, expect, it } from 'vitest';
import { fixtureProfileOf, noLimitDefinition } from '../../poker/testing.ts';
import { TournamentDirector } from '../director.ts';
import { testDefinition, testRules } from '../testing.ts';
import { TournamentFloor, type TournamentSeatView } from './floor.ts';

/**
 * D-1954: the floor tells the room whose private view changed (`changedPlayerIds`), so the room
 * rebuilds and pushes only those. Proved against the full recomputation: a tournament of 30 played
 * to the end on the floor alone (the room's part emulated: views cached as pushed), and after every
 * command and tick every player's cached view equals the view rebuilt from scratch: moved, busted,
 * at a broken table, at a new level or on a break.
 */
describe('the tournament floor reports whose views changed (issue 19, D-1954)', () => {
  it('000-001:TRN-16 002:MTT-02 only changed views are pushed, and every player`s pushed view stays right through moves, table breaks, levels and busts', () => {
    const definition = testDefinition({ kind: 'scheduled', seatsPerTable: 6, entrantsMin: 2, entrantsMax: 30 });
    const entries = Array.from({ length: 30 }, (_, i) => ({ entryId: `e${i}`, playerId: `p${i}` }));
    const rng = new SeededRng(11);
    const director = new TournamentDirector({
      definition,
      rules: testRules,
      entries,
      rng,
      newHandId: () => 'unused',
      balanceBetweenAllHands: true,
    });
    let handIds = 0;
    const startedAt = Date.parse('2026-11-26T10:00:00Z');
    const floor = new TournamentFloor(
      {
        tournamentId: 't1',
        definition,
        rules: testRules,
        pokerProfile: { ...fixtureProfileOf(noLimitDefinition), id: 'CZ-FO' as const, seats: { min: 2, max: 10 } },
        state: {
          startedAtMs: startedAt,
          pausedAtMs: null,
          pausedTotalMs: 0,
          aliases: Object.fromEntries(entries.map((e) => [e.entryId, e.playerId])),
          director: director.snapshot(),
          tables: [],
        },
      },
      { rng, newHandId: () => `h${++handIds}`, handPauseMs: 2_000 },
    );
    let now = new Date(startedAt);
    const pushed = new Map<string, string>();
    const view = (playerId: string) => floor.privateView(playerId, now) as TournamentSeatView | null;
    const push = (): string[] => {
      const changed = floor.changedPlayerIds();
      for (const playerId of changed) pushed.set(playerId, JSON.stringify(view(playerId)));
      return changed;
    };
    const checkAll = () => {
      for (const { playerId } of entries) expect(pushed.get(playerId) ?? 'null', playerId).toBe(JSON.stringify(view(playerId)));
    };
    const settle = (effects: { kind: string; hand?: { handId: string } }[]) => {
      while (effects.length > 0) {
        const effect = effects.shift()!;
        if (effect.kind === 'hand-complete') effects.push(...floor.handCommitted(effect.hand!.handId, now));
      }
    };
    const tableNumbers = new Map<string, number>();
    let moved = 0;
    let quietActs = 0;
    let tablesMax = 0;
    let tablesMin = Infinity;
    const bot = new SeededRng(5);
    for (let step = 0; step < 20_000 && !floor.director.isOver(); step++) {
      const playerId = entries.find((e) => view(e.playerId)?.legal)?.playerId;
      const actor = playerId === undefined ? null : view(playerId)!;
      if (playerId !== undefined && actor) {
        const roll = bot.intBelow(10);
        const action = actor.legal!.allIn && roll < 2 ? 'all-in' : actor.legal!.check ? 'check' : roll < 4 ? 'fold' : 'call';
        const before = floor.director.activeEntries().length;
        const effects = floor.command(playerId, { kind: 'act', action, turn: actor.table.toAct?.turn }, now);
        const changed = push();
        if (effects.length === 0 && floor.director.activeEntries().length === before && floor.director.tables.size > 1) {
          // An action that ends nothing: only the actor's table is pushed, the other tables' players are not.
          const mine = floor.director.tables.get(actor.tableNumber)!;
          const atTable = new Set([...mine.values()].map((id) => floor.director.entries.get(id)!.playerId));
          expect(changed.filter((p) => !atTable.has(p))).toEqual([]);
          expect(changed.length).toBeLessThan(floor.director.activeEntries().length);
          quietActs++;
        }
        settle(effects);
      } else {
        const due = floor.nextDeadline();
        if (due && due > now) now = due;
        settle(floor.tick(now));
      }
      push();
      checkAll();
      tablesMax = Math.max(tablesMax, floor.director.tables.size);
      tablesMin = Math.min(tablesMin, floor.director.tables.size);
      for (const { playerId } of entries) {
        const v = view(playerId);
        if (v === null) continue;
        const was = tableNumbers.get(playerId);
        if (was !== undefined && was !== v.tableNumber) moved++;
        tableNumbers.set(playerId, v.tableNumber);
      }
    }
    expect(floor.director.isOver()).toBe(true);
    // Not vacuous: players were moved, tables broken, quiet actions seen.
    expect(moved).toBeGreaterThan(0);
    expect(tablesMax).toBeGreaterThanOrEqual(5);
    expect(tablesMin).toBe(1);
    expect(quietActs).toBeGreaterThan(10);
  });
});

describe('declining a rebuy offer at a live tournament (issue 19, D-1961)', () => {
  it('002:TRN-RB-04 002:TRN-RB-05 004:GAM-P-T-15 a player offered the rebuy at 0 chips declines it by leaving: out at once, ranked as at the hand that emptied them; others cannot leave', () => {
    const definition = testDefinition({
      kind: 'scheduled',
      seatsPerTable: 6,
      entrantsMin: 2,
      entrantsMax: 4,
      rebuy: { startFeeMinor: 10_000n, feeMinor: 1_000n, chips: 1_500n, periodLevels: 12, countMax: 3, chipsAtMost: 0n },
    });
    const entries = Array.from({ length: 4 }, (_, i) => ({ entryId: `e${i}`, playerId: `p${i}` }));
    const rng = new SeededRng(21);
    const director = new TournamentDirector({ definition, rules: testRules, entries, rng, newHandId: () => 'unused' });
    let handIds = 0;
    const startedAt = Date.parse('2026-11-27T10:00:00Z');
    const floor = new TournamentFloor(
      {
        tournamentId: 't2',
        definition,
        rules: testRules,
        pokerProfile: { ...fixtureProfileOf(noLimitDefinition), id: 'CZ-FO' as const, seats: { min: 2, max: 10 } },
        state: {
          startedAtMs: startedAt,
          pausedAtMs: null,
          pausedTotalMs: 0,
          aliases: Object.fromEntries(entries.map((e) => [e.entryId, e.playerId])),
          director: director.snapshot(),
          tables: [],
        },
      },
      { rng, newHandId: () => `h${++handIds}`, handPauseMs: 2_000 },
    );
    let now = new Date(startedAt);
    const view = (playerId: string) => floor.privateView(playerId, now) as TournamentSeatView | null;
    const settle = (effects: { kind: string; hand?: { handId: string } }[]) => {
      while (effects.length > 0) {
        const effect = effects.shift()!;
        if (effect.kind === 'hand-complete') effects.push(...floor.handCommitted(effect.hand!.handId, now));
      }
    };
    const offered = () => floor.director.activeEntries().find((e) => e.rebuyOffer);
    for (let step = 0; step < 5_000 && !offered(); step++) {
      const playerId = entries.find((e) => view(e.playerId)?.legal)?.playerId;
      if (playerId !== undefined) {
        const actor = view(playerId)!;
        settle(
          floor.command(
            playerId,
            { kind: 'act', action: actor.legal!.allIn ? 'all-in' : 'call', turn: actor.table.toAct?.turn },
            now,
          ),
        );
      } else {
        const due = floor.nextDeadline();
        if (due && due > now) now = due;
        settle(floor.tick(now));
      }
    }
    const entry = offered();
    expect(entry).toBeDefined();
    expect(entry!.chips).toBe(0n);
    const other = floor.director.activeEntries().find((e) => !e.rebuyOffer)!;
    expect(() => floor.command(other.playerId, { kind: 'leave' }, now)).toThrow(/not a tournament command/);
    const playersBefore = floor.director.activeEntries().length;
    const offerEndsMs = entry!.rebuyOffer!.untilMs;
    const effects = floor.command(entry!.playerId, { kind: 'leave' }, now);
    // Out before the offer's time is up, written at once (the store's checkpoint), at the bottom place of those left.
    expect(floor.director.elapsedMs).toBeLessThan(offerEndsMs);
    expect(floor.director.entries.get(entry!.entryId)!.active).toBe(false);
    expect(effects.some((e) => e.kind === 'checkpoint')).toBe(true);
    const finish = floor.director.finishes.find((f) => f.entryIds.includes(entry!.entryId))!;
    expect(finish.placeWorst).toBe(playersBefore);
    expect(view(entry!.playerId)).toBeNull();
  });
});
