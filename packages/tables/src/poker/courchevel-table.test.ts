import { describe, expect, it } from 'vitest';
import { at, commitEffects, newDriverLedger, testTable } from './testing/harness.ts';
import { czPsFixture } from './testing/profiles.ts';

/**
 * Issue 20: Courchevel is a community-card game (D-2012), so the cash-table runtime deals it as it
 * deals Omaha: five hole cards, the first flop card face up before the pre-flop betting.
 */
describe('issue 20: a Courchevel cash table', () => {
  it('002:CV-01 CV-02 CV-03 a pot-limit Courchevel table deals five hole cards and one board card before the pre-flop betting; private hole cards; the chips add up after the hand', () => {
    const profile = { ...czPsFixture, games: [...czPsFixture.games, 'courchevel' as const] };
    const table = testTable(profile, { definition: { variant: 'courchevel/pot-limit' }, seed: 'courchevel' });
    const ledger = newDriverLedger();
    for (const seat of [1, 2, 3]) {
      commitEffects(
        table,
        table.seatPlayer({ seat, playerId: `p${seat}`, alias: `A${seat}`, stackMinor: 10_000n, waitForBigBlind: false }, at(0)),
        ledger,
      );
      ledger.boughtInMinor += 10_000n;
    }
    commitEffects(table, table.tick(at(10_000)), ledger);
    const view = table.publicView();
    expect(view.handNumber).toBe(1);
    expect(view.board).toHaveLength(1);
    const mine = table.privateView('p1')!;
    expect(mine.holeCards).toHaveLength(5);
    const publicJson = JSON.stringify(view);
    for (const card of mine.holeCards) expect(publicJson).not.toContain(`"${card}"`);
    // Everyone calls or checks down.
    for (let guard = 0; guard < 50 && table.publicView().toAct !== null; guard++) {
      const toAct = table.publicView().toAct!;
      const legal = table.privateView(`p${toAct.seat}`)!.legal!;
      const step = table.command(`p${toAct.seat}`, { kind: 'act', action: legal.check ? 'check' : 'call' }, at(11_000));
      commitEffects(table, step, ledger);
    }
    expect(table.publicView().board).toHaveLength(5);
    const stacks = table.seats().reduce((sum, seat) => sum + seat.stackMinor, 0n);
    expect(stacks + ledger.rakeMinor).toBe(ledger.boughtInMinor);
    expect(ledger.effects.some((effect) => effect.kind === 'hand-complete')).toBe(true);
  });
});
