import { poker } from '@casino/games';
import { describe, expect, it } from 'vitest';
import { pokerTableProblems } from './definition.ts';
import { flopHistoryOf } from './fixed-limit-running.ts';
import { completedHandText } from './hand.ts';
import type { PokerRuleProfile, PokerTableDefinition } from './profile.ts';
import type { CompletedHand } from './runtime-types.ts';
import { refusalReason } from './seats.ts';
import type { PokerTable, TableStep } from './table.ts';
import { at, testTable } from './testing/harness.ts';
import { atFixture, fixtureDefinition, hrFixture } from './testing/profiles.ts';

/**
 * Issue 18: run it twice (000-001:RIT-01..05, UI-08, A-35) over the table's API. The AT fixture
 * offers it with a 10 s agreement time; a table opts in.
 */

const agreementMs = 10_000;
const atRit: PokerRuleProfile = { ...atFixture, runItTwice: { agreementMs } };
const ritTable = (definition: Partial<PokerTableDefinition> = {}, profile: PokerRuleProfile = atRit) =>
  testTable(profile, { definition: { runItTwice: true, ...definition } });

function seatTwo(table: PokerTable, stackMinor = 10_000n): void {
  for (const seat of [1, 2])
    table.seatPlayer({ seat, playerId: `p${seat}`, alias: `Alias${seat}`, stackMinor, waitForBigBlind: false }, at(0));
}

/** Deals the first hand (button on seat 1: it posts the small blind heads-up and acts first) and puts both all-in. */
function allInPreflop(table: PokerTable): TableStep {
  seatTwo(table);
  table.tick(at(0));
  table.command('p1', { kind: 'act', action: 'all-in' }, at(1_000));
  return table.command('p2', { kind: 'act', action: 'call' }, at(2_000));
}

function completed(steps: readonly TableStep[]): CompletedHand {
  for (const step of steps) for (const effect of step.effects) if (effect.kind === 'hand-complete') return effect.hand;
  throw new Error('the hand did not complete');
}

function operations<K extends poker.Operation['kind']>(hand: CompletedHand, kind: K): Extract<poker.Operation, { kind: K }>[] {
  return hand.finalState!.operations.filter(
    (operation): operation is Extract<poker.Operation, { kind: K }> => operation.kind === kind,
  );
}

function refusedWith(run: () => unknown): string | null {
  try {
    run();
  } catch (error) {
    return refusalReason(error);
  }
  return null;
}

describe('issue 18: run it twice at a table', () => {
  it('000-001:RIT-02 UI-08 RIT-01 offers the agreement step with its timer when every remaining player is all-in', () => {
    const table = ritTable();
    allInPreflop(table);
    const view = table.publicView();
    expect(view.toAct).toBeNull();
    expect(view.runItOffer).toEqual({ seatsToAnswer: [1, 2], runsMax: 4, deadlineAt: at(2_000 + agreementMs).toISOString() });
    expect(table.nextDeadline()).toEqual(at(2_000 + agreementMs));
    expect(table.runningHandId).not.toBeNull();
  });

  it('000-001:RIT-03 RIT-04 T-31 A-35 runs the board as often as everyone agreed (the fewest asked), splits each pot per run, rakes once', () => {
    const table = ritTable();
    allInPreflop(table);
    const first = table.command('p1', { kind: 'run-count', count: 3 }, at(3_000));
    // An answer does not restart the clock; the other player still answers.
    expect(table.publicView().runItOffer).toMatchObject({
      seatsToAnswer: [2],
      deadlineAt: at(2_000 + agreementMs).toISOString(),
    });
    expect(refusedWith(() => table.command('p1', { kind: 'run-count', count: 2 }, at(3_500)))).toBe('run-count-already-chosen');
    const last = table.command('p2', { kind: 'run-count', count: 2 }, at(4_000));
    const hand = completed([first, last]);

    expect(operations(hand, 'runs-agreed')).toEqual([{ kind: 'runs-agreed', count: 2 }]);
    expect(hand.finalState!.boards).toHaveLength(2);
    expect(hand.finalState!.boards.every((board) => board.length === 5)).toBe(true);
    // Rake once, on the whole pot (5 % of 200.00 capped at 3.00), then the rest in two equal shares.
    expect(operations(hand, 'rake-taken').map((operation) => operation.amount)).toEqual([300n]);
    expect(hand.rakeMinor).toBe(300n);
    const perRun = [0, 1].map((run) =>
      operations(hand, 'pot-awarded')
        .filter((award) => award.run === run)
        .reduce((sum, award) => sum + award.amount, 0n),
    );
    expect(perRun).toEqual([9_850n, 9_850n]);
    // The view and the hand history show both run-outs.
    const view = table.publicView();
    expect(view.runOuts).toHaveLength(2);
    expect(view.runOuts[0]).toEqual(view.board);
    expect(view.lastResult).toMatchObject({ runs: 2, rakeMinor: '300' });
    const text = completedHandText(hand, { tableName: 'AT test table' });
    expect(text).toContain('Alias1: chooses to run it three times');
    expect(text).toContain('Alias2: chooses to run it twice');
    expect(text).toContain('*** FIRST SHOW DOWN ***');
    expect(text).toContain('*** SECOND SHOW DOWN ***');
    // The record replays to the same result (T-81).
    expect(poker.replayHandHistory(flopHistoryOf(hand.history), poker.variantCatalog).result!.rake).toBe(300n);
  });

  it('000-001:RIT-02 T-31 one refusal runs the board once, at once, without waiting for the others', () => {
    const table = ritTable();
    allInPreflop(table);
    const step = table.command('p2', { kind: 'run-count', count: 1 }, at(3_000));
    const hand = completed([step]);
    expect(operations(hand, 'runs-agreed')).toEqual([{ kind: 'runs-agreed', count: 1 }]);
    expect(hand.finalState!.boards).toHaveLength(1);
    expect(table.publicView().runItOffer).toBeNull();
  });

  it('000-001:RIT-02 silence until the agreement time runs out counts as a refusal: once', () => {
    const table = ritTable();
    allInPreflop(table);
    table.command('p1', { kind: 'run-count', count: 2 }, at(3_000));
    expect(table.tick(at(2_000 + agreementMs - 1)).effects).toEqual([]);
    const step = table.tick(at(2_000 + agreementMs));
    const hand = completed([step]);
    expect(hand.finalState!.boards).toHaveLength(1);
    expect(operations(hand, 'run-count-chosen').map((operation) => [operation.seat, operation.count])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('000-001:RIT-02 refuses answers out of range, from spectators and outside the step; nothing changes', () => {
    const table = ritTable();
    seatTwo(table);
    table.tick(at(0));
    expect(refusedWith(() => table.command('p1', { kind: 'run-count', count: 2 }, at(500)))).toBe('run-count-not-offered');
    table.command('p1', { kind: 'act', action: 'all-in' }, at(1_000));
    table.command('p2', { kind: 'act', action: 'call' }, at(2_000));
    const version = table.version;
    expect(refusedWith(() => table.command('p1', { kind: 'run-count', count: 5 }, at(3_000)))).toBe('run-count-out-of-range');
    expect(refusedWith(() => table.command('p9', { kind: 'run-count', count: 2 }, at(3_000)))).toBe('not-seated');
    expect(table.version).toBe(version);
  });

  it("000-001:VAR-OM-06 RIT-05 Omaha runs twice as Hold'em does", () => {
    const table = ritTable({ variant: 'omaha/pot-limit' });
    seatTwo(table);
    table.tick(at(0));
    // Pot limit: raise as far as allowed until all-in.
    for (let guard = 0; table.publicView().toAct !== null; guard++) {
      if (guard > 20) throw new Error('no all-in');
      const actor = table.publicView().toAct!;
      const legal = table.privateView(`p${actor.seat}`)!.legal!;
      const action =
        legal.raiseMaxMinor !== null
          ? { action: 'raise' as const, amountMinor: BigInt(legal.raiseMaxMinor) }
          : { action: 'call' as const };
      table.command(`p${actor.seat}`, { kind: 'act', ...action, turn: actor.turn }, at(1_000 + guard));
    }
    expect(table.publicView().runItOffer?.seatsToAnswer).toEqual([1, 2]);
    table.command('p1', { kind: 'run-count', count: 2 }, at(5_000));
    const hand = completed([table.command('p2', { kind: 'run-count', count: 2 }, at(5_001))]);
    expect(hand.finalState!.boards).toHaveLength(2);
  });

  it('000-001:RIT-05 VAR-OHL-11 VAR-HE-12 not in Omaha Hi/Lo; only where the profile offers it; a table that does not opt in runs once', () => {
    const problems = (profile: PokerRuleProfile, definition: Partial<PokerTableDefinition>) =>
      pokerTableProblems(profile, fixtureDefinition(profile, definition), at(0)).map((problem) => problem.field);
    expect(problems(atRit, { runItTwice: true, variant: 'omaha-hi-lo/pot-limit' })).toContain('runItTwice');
    expect(problems(hrFixture, { runItTwice: true })).toContain('runItTwice');
    expect(problems(atRit, { runItTwice: true })).toEqual([]);
    expect(problems(atRit, { runItTwice: true, variant: 'omaha/pot-limit' })).toEqual([]);

    const table = testTable(atRit); // no opt-in
    const step = allInPreflop(table);
    expect(completed([step]).finalState!.boards).toHaveLength(1);
  });
});
