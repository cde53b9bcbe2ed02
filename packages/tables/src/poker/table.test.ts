import { poker } from '@casino/games';
import { describe, expect, it } from 'vitest';
import { engineSettings } from './engine-settings.ts';
import { completedHandText } from './hand.ts';
import type { CompletedHand, TableEffect } from './runtime-types.ts';
import { refusalReason } from './seats.ts';
import type { PokerTable, TableStep } from './table.ts';
import { at, commitEffects, handPauseMs, testTable } from './testing/harness.ts';
import { atFixture, czFoFixture, czPsFixture, fixtureDefinition, hrFixture, seFixture } from './testing/profiles.ts';

/**
 * Issue 16: the in-memory poker cash table. Everything here is pure: the time is given, the
 * shuffle seeded, and the "driver" commits every effect at once (testing/harness.ts).
 */

const actionTimeMs = 20_000;

function seat(table: PokerTable, seatNumber: number, stackMinor = 10_000n, waitForBigBlind = false): TableStep {
  return table.seatPlayer(
    { seat: seatNumber, playerId: `p${seatNumber}`, alias: `Alias${seatNumber}`, stackMinor, waitForBigBlind },
    at(0),
  );
}

function stackOf(table: PokerTable, seatNumber: number): bigint {
  return table.seats().find((entry) => entry.seat === seatNumber)!.stackMinor;
}

function toAct(table: PokerTable): { playerId: string; seat: number; turn: number } {
  const view = table.publicView();
  if (view.toAct === null) throw new Error('nobody is to act');
  return { playerId: `p${view.toAct.seat}`, seat: view.toAct.seat, turn: view.toAct.turn };
}

function posts(step: TableStep): { seat: number; blind: string; live: bigint; dead: bigint }[] {
  return step.events.flatMap((event) =>
    event.kind === 'operations'
      ? event.operations.flatMap((operation) =>
          operation.kind === 'blind-posted'
            ? [{ seat: operation.seat, blind: operation.blind, live: operation.live, dead: operation.dead }]
            : [],
        )
      : [],
  );
}

function actions(step: TableStep): Extract<poker.Operation, { kind: 'action' }>[] {
  return step.events.flatMap((event) =>
    event.kind === 'operations'
      ? event.operations.filter(
          (operation): operation is Extract<poker.Operation, { kind: 'action' }> => operation.kind === 'action',
        )
      : [],
  );
}

function completed(step: TableStep): CompletedHand {
  const effect = step.effects.find((entry) => entry.kind === 'hand-complete');
  if (effect?.kind !== 'hand-complete') throw new Error('the hand did not complete');
  return effect.hand;
}

/** Everything a refused command must leave as it was. */
function snapshot(table: PokerTable): string {
  const players = table.seats().map((entry) => entry.playerId);
  return JSON.stringify(
    { version: table.version, seats: table.seats(), view: table.publicView(), mine: players.map((id) => table.privateView(id)) },
    (_, value) => (typeof value === 'bigint' ? value.toString() : value),
  );
}

function expectRefused(table: PokerTable, run: () => unknown, reason: string): void {
  const before = snapshot(table);
  let error: unknown = null;
  try {
    run();
  } catch (caught) {
    error = caught;
  }
  expect(refusalReason(error), String(error)).toBe(reason);
  expect(snapshot(table)).toBe(before);
}

/** Everyone to act folds (or checks when folding is pointless) until the hand ends. */
function playOut(table: PokerTable, now: Date, collect: TableEffect[] = []): TableEffect[] {
  for (let guard = 0; table.runningHandId !== null; guard++) {
    if (guard > 100) throw new Error('the hand does not end');
    const actor = toAct(table);
    const legal = table.privateView(actor.playerId)!.legal!;
    const step = table.command(actor.playerId, { kind: 'act', action: legal.check ? 'check' : 'fold' }, now);
    collect.push(...step.effects);
  }
  return collect;
}

describe('issue 16: a poker cash table', () => {
  it('000-001:T-81 DECK-09 seats players, deals, plays a hand to the end and hands the driver a replayable record', () => {
    const table = testTable(hrFixture);
    seat(table, 1);
    expect(table.nextDeadline()).toBeNull();
    seat(table, 2);
    seat(table, 4);
    expect(table.nextDeadline()!.getTime()).toBeLessThanOrEqual(at(0).getTime());

    const start = table.tick(at(0));
    expect(start.events.some((event) => event.kind === 'hand-started')).toBe(true);
    // First hand: the button on seat 1 (the seeded draw), small blind 2, big blind 4.
    expect(posts(start)).toEqual([
      { seat: 2, blind: 'small', live: 50n, dead: 0n },
      { seat: 4, blind: 'big', live: 100n, dead: 0n },
    ]);
    expect(table.nextDeadline()).toEqual(at(actionTimeMs));

    // Seat 1 raises to 300, the blinds call: a flop is dealt, everyone checks down.
    expect(toAct(table).seat).toBe(1);
    table.command('p1', { kind: 'act', action: 'raise', amountMinor: 300n }, at(1_000));
    table.command('p2', { kind: 'act', action: 'call' }, at(2_000));
    table.command('p4', { kind: 'act', action: 'call' }, at(3_000));
    const effects = playOut(table, at(4_000));
    const hand = effects.find((effect) => effect.kind === 'hand-complete');
    if (hand?.kind !== 'hand-complete') throw new Error('no hand-complete effect');
    const record = hand.hand;

    expect(record.flopDealt).toBe(true);
    expect(record.rakeMinor).toBe(45n); // 5 % of 900
    expect(record.rakeByPlayer.map((entry) => entry.rakeMinor)).toEqual([15n, 15n, 15n]);
    expect(record.stacksAfter.reduce((sum, entry) => sum + entry.stackMinor, 0n)).toBe(30_000n - 45n);
    expect(record.results.map((entry) => entry.putInMinor)).toEqual([300n, 300n, 300n]);
    // The JSON record deals the same hand again (000-001:T-81), and the text names the table and aliases.
    const replayed = poker.replayHandHistory(record.history, poker.variantCatalog);
    expect(replayed.result!.rake).toBe(45n);
    const text = completedHandText(record, { tableName: 'HR test table' });
    expect(text).toContain("Table 'HR test table'");
    expect(text).toContain('Seat 4: Alias4 (10000 in chips)');

    // No deal before the driver committed the hand, then not before the pause.
    expect(table.nextDeadline()).toBeNull();
    expect(table.tick(at(60_000)).events).toEqual([]);
    table.handCommitted(record.handId);
    expect(table.nextDeadline()).toEqual(at(4_000 + handPauseMs));
    expect(table.tick(at(4_000 + handPauseMs - 1)).events).toEqual([]);
    expect(table.tick(at(4_000 + handPauseMs)).events.some((event) => event.kind === 'hand-started')).toBe(true);
    expect(table.seats().reduce((sum, entry) => sum + entry.stackMinor, 0n)).toBe(30_000n - 45n);
  });

  it('000-001:DECK-04 the public view shows no hole card before the showdown; the private view has own cards and the legal amounts', () => {
    const table = testTable(atFixture);
    seat(table, 1);
    seat(table, 2);
    seat(table, 3);
    table.tick(at(0));
    const view = table.publicView();
    expect(view.seats.every((entry) => entry.shownCards === null)).toBe(true);
    expect(JSON.stringify(view)).not.toMatch(/"[2-9TJQKA][cdhs]"/);
    expect(view.toAct).toEqual({ seat: 1, deadlineAt: at(actionTimeMs).toISOString(), turn: view.toAct!.turn });
    expect(view.potsMinor).toEqual([]);
    expect(view.seats.map((entry) => entry.betMinor)).toEqual(['0', '50', '100']);

    const mine = table.privateView('p1')!;
    expect(mine.holeCards).toHaveLength(2);
    expect(mine.legal).toEqual({
      fold: true,
      check: false,
      callMinor: '100',
      betMinMinor: null,
      betMaxMinor: null,
      raiseMinMinor: '200',
      raiseMaxMinor: '10000',
      allIn: true,
    });
    expect(table.privateView('p2')!.legal).toBeNull();
    expect(table.privateView('p2')!.holeCards).toHaveLength(2);
    expect(table.privateView('nobody')).toBeNull();
  });

  it('000-001:T-20 T-06 out of turn, a second action for the same turn and amounts outside the range are refused and change nothing', () => {
    const table = testTable(czPsFixture);
    seat(table, 1);
    seat(table, 2);
    seat(table, 3, 3_000n);
    table.tick(at(0));
    const { turn } = toAct(table);
    expectRefused(table, () => table.command('p2', { kind: 'act', action: 'fold' }, at(1)), 'not-your-turn');
    expectRefused(
      table,
      () => table.command('p1', { kind: 'act', action: 'raise', amountMinor: 150n }, at(1)),
      'amount-below-minimum',
    );
    expectRefused(
      table,
      () => table.command('p1', { kind: 'act', action: 'raise', amountMinor: 10_001n }, at(1)),
      'insufficient-chips',
    );
    expectRefused(table, () => table.command('p1', { kind: 'act', action: 'raise' }, at(1)), 'amount-required');
    expectRefused(table, () => table.command('p1', { kind: 'act', action: 'check' }, at(1)), 'check-facing-bet');
    expectRefused(table, () => table.command('p1', { kind: 'act', action: 'bet', amountMinor: 300n }, at(1)), 'bet-already-made');
    expectRefused(table, () => table.command('p9', { kind: 'act', action: 'fold' }, at(1)), 'not-seated');

    table.command('p1', { kind: 'act', action: 'call', turn }, at(2));
    // The same click again (a retry of turn `turn`) is refused even where it would be legal for the next player.
    expectRefused(table, () => table.command('p1', { kind: 'act', action: 'call', turn }, at(3)), 'turn-mismatch');
    expectRefused(table, () => table.command('p2', { kind: 'act', action: 'call', turn }, at(3)), 'turn-mismatch');
    // Seat 3 (3,000 behind) may go all-in for 3,000 but not bet 3,001 (000-001:T-06).
    table.command('p2', { kind: 'act', action: 'call' }, at(4));
    table.command('p3', { kind: 'act', action: 'check' }, at(5));
    playOut(table, at(6));
    expect(table.runningHandId).toBeNull();
  });

  it('000-001:T-23 TIME-02 a time-out checks when a check is free and folds facing a bet (AT), also for a disconnected player', () => {
    const table = testTable(atFixture);
    seat(table, 1);
    seat(table, 2);
    table.tick(at(0));
    // Heads-up: the button (seat 1) posts the small blind and acts first; it calls.
    table.command('p1', { kind: 'act', action: 'call' }, at(1_000));
    expect(table.nextDeadline()).toEqual(at(1_000 + actionTimeMs));
    expect(table.tick(at(1_000 + actionTimeMs - 1)).events).toEqual([]);
    const checked = table.tick(at(1_000 + actionTimeMs));
    expect(actions(checked)[0]).toMatchObject({ seat: 2, action: 'check', timedOut: true });

    // On the flop seat 2 bets; seat 1 is disconnected and times out facing the bet: a fold.
    table.command('p2', { kind: 'act', action: 'bet', amountMinor: 100n }, at(22_000));
    table.setConnected('p1', false);
    const folded = table.tick(at(22_000 + actionTimeMs));
    expect(actions(folded)[0]).toMatchObject({ seat: 1, action: 'fold', timedOut: true });
    // The uncalled 100 goes back; the pot of 200 is won less 5 % rake (a flop was dealt).
    expect(completed(folded).results.find((entry) => entry.seat === 2)!.wonMinor).toBe(190n);
  });

  it('003:#64 R-TIME-02 003:#65 R-TECH-05 at SE a time-out folds even when a check is free; a disconnected player times out the same way', () => {
    const table = testTable(seFixture);
    seat(table, 1);
    seat(table, 2);
    table.tick(at(0));
    table.command('p1', { kind: 'act', action: 'call' }, at(1_000));
    table.setConnected('p2', false);
    const step = table.tick(at(1_000 + actionTimeMs));
    expect(actions(step)[0]).toMatchObject({ seat: 2, action: 'fold', timedOut: true });
    expect(completed(step).flopDealt).toBe(false);
    // D-1653: a disconnected player who timed out sits out from the next hand.
    expect(table.seats().find((entry) => entry.seat === 2)!.status).toBe('sitting-out');
  });

  it('003:#67 R-TIME-03 the time bank extends the deadline once; when it is used up the time-out folds', () => {
    const table = testTable(seFixture);
    seat(table, 1);
    seat(table, 2);
    table.tick(at(0));
    expect(table.seats()[0]!.timeBankMs).toBe(30_000);
    expectRefused(table, () => table.command('p2', { kind: 'time-bank' }, at(1)), 'not-your-turn');
    table.command('p1', { kind: 'time-bank' }, at(5_000));
    expect(table.nextDeadline()).toEqual(at(actionTimeMs + 30_000));
    expectRefused(table, () => table.command('p1', { kind: 'time-bank' }, at(6_000)), 'time-bank-already-used');
    expect(table.tick(at(actionTimeMs + 10_000)).events).toEqual([]);
    const step = table.tick(at(actionTimeMs + 30_000));
    expect(actions(step)[0]).toMatchObject({ seat: 1, action: 'fold', timedOut: true });
    expect(table.seats()[0]!.timeBankMs).toBe(0);
    commitEffects(table, step);
    table.tick(at(100_000));
    // The next hand: seat 2 is the button and acts first; with no time bank left seat 1 is refused one.
    table.command('p2', { kind: 'act', action: 'call' }, at(101_000));
    expectRefused(table, () => table.command('p1', { kind: 'time-bank' }, at(102_000)), 'no-time-bank');
  });

  it('000-001:T-77 RG-03 a player removed mid-hand finishes the hand, then the seat is released with the chips', () => {
    const table = testTable(atFixture);
    seat(table, 1);
    seat(table, 2);
    seat(table, 3);
    table.tick(at(0));
    const removed = table.removePlayerAtHandEnd('p2', 'playing-time-used-up');
    expect(removed.effects).toEqual([]);
    table.command('p1', { kind: 'act', action: 'call' }, at(1));
    // Still in the hand: seat 2 acts.
    table.command('p2', { kind: 'act', action: 'call' }, at(2));
    const effects = playOut(table, at(3));
    expect(effects.map((effect) => effect.kind)).toEqual(['hand-complete', 'release-seat']);
    const release = effects[1]!;
    expect(release).toEqual({ kind: 'release-seat', seat: 2, playerId: 'p2', stackMinor: stackOf(table, 2), reason: 'removed' });
    // Not in a hand: released at once.
    expect(table.removePlayerAtHandEnd('p3', 'self-exclusion').effects).toMatchObject([{ kind: 'release-seat', seat: 3 }]);
  });

  it('000-001:A-29 FAIL-01 voiding the running hand gives every chip back and takes no rake', () => {
    const table = testTable(czFoFixture);
    seat(table, 1);
    seat(table, 2);
    seat(table, 3);
    table.tick(at(0));
    table.command('p1', { kind: 'act', action: 'raise', amountMinor: 500n }, at(1));
    table.command('p2', { kind: 'act', action: 'fold' }, at(2));
    const step = table.voidRunningHand();
    expect(step.effects).toEqual([]);
    expect(table.seats().map((entry) => entry.stackMinor)).toEqual([10_000n, 10_000n, 10_000n]);
    expect(table.runningHandId).toBeNull();
    expectRefused(table, () => table.voidRunningHand(), 'no-hand-running');
  });
});

describe('issue 16: engine settings from the profile and the table', () => {
  it('003:#35 R-CAP-01 R-CAP-03 the per-hand stake cap is the multiple of the base amount in force on the day of the hand', () => {
    const definition = fixtureDefinition(seFixture);
    // The new base amount applies from midnight in Stockholm (23:00 UTC on New Year's Eve).
    expect(engineSettings(seFixture, definition, new Date('2026-12-31T22:59:59Z')).stakes.contributionMax).toBe(8_000n);
    expect(engineSettings(seFixture, definition, new Date('2026-12-31T23:00:00Z')).stakes.contributionMax).toBe(9_000n);
    expect(
      engineSettings(hrFixture, fixtureDefinition(hrFixture), new Date('2026-12-31T23:00:00Z')).stakes.contributionMax,
    ).toBeNull();
    expect(() => engineSettings(seFixture, { ...definition, currency: 'USD' }, new Date('2026-12-31T23:00:00Z'))).toThrow(/USD/);
  });

  it('003:#23 R-TH-02 straddles are allowed only where the profile has them and the table states a straddle', () => {
    const at2026 = new Date('2026-11-26T12:00:00Z');
    expect(engineSettings(seFixture, fixtureDefinition(seFixture, { straddleMinor: 200n }), at2026).rules.straddleAllowed).toBe(
      true,
    );
    expect(engineSettings(seFixture, fixtureDefinition(seFixture), at2026).rules.straddleAllowed).toBe(false);
    expect(engineSettings(hrFixture, fixtureDefinition(hrFixture, { straddleMinor: 200n }), at2026).rules.straddleAllowed).toBe(
      false,
    );
    const settings = engineSettings(czPsFixture, fixtureDefinition(czPsFixture), at2026);
    expect(settings.variant.id).toBe('holdem/no-limit');
    expect(settings.stakes.rake).toEqual({ rateBps: 500, capPerHand: 300n, noFlopNoDrop: true });
  });
});
