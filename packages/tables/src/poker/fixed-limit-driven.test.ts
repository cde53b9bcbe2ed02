import { describe, expect, it } from 'vitest';
import { isFixedLimitRecord, replayFixedLimitCompleted } from './fixed-limit-running.ts';
import type { CompletedHand, PlayerCommand, TableEffect } from './runtime-types.ts';
import { refusalReason } from './seats.ts';
import type { PokerTable } from './table.ts';
import { at, commitEffects, handPauseMs, testTable } from './testing/harness.ts';
import { czPsFixture } from './testing/profiles.ts';

/**
 * Stud, draw and mixed games dealt by the cash table itself (issue 20, D-2020): the table holds a
 * `FixedLimitTableHand` between deal and commit, with the same seats, clock and effects as the flop games.
 */

const players = ['p1', 'p2', 'p3'];

function seated(variant: string, overrides: Record<string, unknown> = {}): PokerTable {
  const table = testTable(czPsFixture, {
    definition: {
      variant,
      smallBlindMinor: 25n,
      bigBlindMinor: 100n,
      anteMinor: variant.startsWith('stud') || variant.startsWith('mixed') ? 10n : 0n,
      anteMode: 'every-player',
      buyInMaxMinor: null,
      ...overrides,
    },
  });
  players.forEach((playerId, index) =>
    table.seatPlayer({ seat: index + 1, playerId, alias: `P${index + 1}`, stackMinor: 5_000n, waitForBigBlind: false }, at(0)),
  );
  return table;
}

/** The passive player: brings in, checks or calls, stands pat. */
function passive(table: PokerTable, playerId: string): PlayerCommand {
  const legal = table.privateView(playerId)!.fixedLimit?.legal ?? null;
  const turn = table.publicView().toAct!.turn;
  if (legal === null) return { kind: 'act', action: table.privateView(playerId)!.legal!.check ? 'check' : 'call', turn };
  if (legal.kind === 'draw') return { kind: 'draw', discard: [], turn };
  if (legal.kind === 'bring-in') return { kind: 'act', action: 'bring-in', turn };
  return { kind: 'act', action: legal.check ? 'check' : 'call', turn };
}

/** Plays the running hand to its end with `choose`, checking after every move that no down-card is public. */
function playHand(table: PokerTable, now: Date, choose = passive): CompletedHand {
  const effects: TableEffect[] = [];
  for (let moves = 0; moves < 200; moves++) {
    const view = table.publicView();
    assertNoDownCardPublic(table);
    if (view.toAct === null) break;
    const playerId = players[view.toAct.seat - 1]!;
    const step = table.command(playerId, choose(table, playerId), now);
    effects.push(...step.effects);
  }
  const complete = effects.find((effect) => effect.kind === 'hand-complete');
  expect(complete).toBeDefined();
  commitEffects(table, { events: [], effects });
  return (complete as Extract<TableEffect, { kind: 'hand-complete' }>).hand;
}

function assertNoDownCardPublic(table: PokerTable): void {
  const text = JSON.stringify(table.publicView());
  for (const playerId of players) {
    const mine = table.privateView(playerId)?.fixedLimit;
    if (!mine || table.publicView().fixedLimit?.phase === 'complete') continue;
    for (const card of mine.cards.filter((entry) => !entry.up)) expect(text).not.toContain(`"${card.card}"`);
  }
}

describe('stud and draw hands at a cash table (issue 20)', () => {
  it('002:STUD-04 a seven-card stud hand: antes, the bring-in, up-cards public and down-cards private, to the showdown', () => {
    const table = seated('stud/fixed-limit');
    table.tick(at(0));
    const view = table.publicView();
    expect(view.fixedLimit?.family).toBe('stud');
    expect(view.game?.currentVariant).toBe('stud/fixed-limit');
    // Third street: two down, one up per player; the owner sees all three.
    for (const seat of view.fixedLimit!.seats) expect([seat.upCards.length, seat.downCardCount]).toEqual([1, 2]);
    const toAct = players[view.toAct!.seat - 1]!;
    expect(table.privateView(toAct)!.fixedLimit!.legal!.kind).toBe('bring-in');
    expect(table.privateView(toAct)!.fixedLimit!.cards).toHaveLength(3);
    const hand = playHand(table, at(1_000));
    expect(isFixedLimitRecord(hand.history)).toBe(true);
    // Seven cards each at the showdown; the record replays to the reported results (D-2024).
    expect(table.publicView().fixedLimit!.seats.every((seat) => seat.shownCards?.length === 7)).toBe(true);
    const { potMinor } = replayFixedLimitCompleted({ ...hand, history: hand.history as never });
    const paid = hand.results.reduce((sum, r) => sum + r.wonMinor, 0n);
    expect(potMinor - paid).toBe(hand.rakeMinor);
    const stacks = table.seats().reduce((sum, seat) => sum + seat.stackMinor, 0n);
    expect(stacks + hand.rakeMinor).toBe(15_000n);
  });

  it('002:TD27-02 2-7 triple draw: three draws by card positions; an illegal discard is refused naming the field, nothing changes', () => {
    const table = seated('27td/fixed-limit');
    table.tick(at(0));
    let drew = false;
    const hand = playHand(table, at(1_000), (t, playerId) => {
      const legal = t.privateView(playerId)!.fixedLimit!.legal!;
      const turn = t.publicView().toAct!.turn;
      if (legal.kind !== 'draw') return passive(t, playerId);
      if (!drew) {
        drew = true;
        const before = t.version;
        for (const discard of [[5], [1, 1], [0, 1, 2, 3, 4, 0]]) {
          let error: unknown = null;
          try {
            t.command(playerId, { kind: 'draw', discard, turn }, at(1_000));
          } catch (caught) {
            error = caught;
          }
          expect(refusalReason(error)).not.toBeNull();
          expect((error as { field?: string }).field).toBe('discard');
        }
        expect(t.version).toBe(before);
      }
      return { kind: 'draw', discard: [0, 4], turn };
    });
    expect(drew).toBe(true);
    // Everyone still in drew twice at each of the three draws (public counts).
    expect(
      table
        .publicView()
        .fixedLimit!.seats.filter((seat) => !seat.folded)
        .every((seat) => seat.drawn.join() === '2,2,2'),
    ).toBe(true);
    expect(hand.results).toHaveLength(3);
  });

  it('002:T-MIX-03 a HORSE table deals an orbit of Hold\u2019em, then Omaha Hi/Lo, and freezes the button through the stud games', () => {
    const table = seated('mixed/horse');
    const games: (string | null)[] = [];
    const buttons: (number | null)[] = [];
    let now = 0;
    for (let hand = 0; hand < 3 * 2 + 6 * 3 + 3; hand++) {
      now += handPauseMs + 1_000;
      table.tick(at(now));
      games.push(table.publicView().game?.currentVariant ?? null);
      buttons.push(table.publicView().buttonSeat);
      playHand(table, at(now));
    }
    // An orbit (3 players) of each flop game, as many stud hands as the table has seats (6), back to Hold'em.
    expect(games).toEqual([
      ...Array(3).fill('holdem/fixed-limit'),
      ...Array(3).fill('omaha-hi-lo/fixed-limit'),
      ...Array(6).fill('razz/fixed-limit'),
      ...Array(6).fill('stud/fixed-limit'),
      ...Array(6).fill('stud8/fixed-limit'),
      ...Array(3).fill('holdem/fixed-limit'),
    ]);
    // 002:HORSE-03: the button before Razz is where it moves on from on the return to Hold'em.
    const lastFlopButton = buttons[5]!;
    expect(buttons[24]).toBe((lastFlopButton % 3) + 1);
  });

  it('002:T-MIX-01 8GAME-05 8GAME-06 an 8-Game table deals six hands of each game in order and back to 2-7 Triple Draw, its view counting the hands of the current game; the big-bet games at half the blinds', () => {
    const table = seated('mixed/8-game');
    const games: (string | null)[] = [];
    const counters: string[] = [];
    const bigBlinds: string[] = [];
    let now = 0;
    for (let hand = 0; hand < 49; hand++) {
      now += handPauseMs + 1_000;
      table.tick(at(now));
      const view = table.publicView();
      games.push(view.game?.currentVariant ?? null);
      counters.push(`${view.game?.handOfGame}/${view.game?.handsOfGame}`);
      // The flop games' posted blinds: the largest bet before anyone acts.
      bigBlinds.push(
        view.fixedLimit
          ? '-'
          : view.seats.reduce((max, seat) => (BigInt(seat.betMinor) > BigInt(max) ? seat.betMinor : max), '0'),
      );
      playHand(table, at(now));
    }
    const order = [
      '27td',
      'holdem/fixed-limit',
      'omaha-hi-lo/fixed-limit',
      'razz',
      'stud',
      'stud8',
      'holdem/no-limit',
      'omaha/pot-limit',
    ];
    const expected = order.flatMap((game) => Array(6).fill(game.includes('/') ? game : `${game}/fixed-limit`));
    expect(games).toEqual([...expected, '27td/fixed-limit']);
    // 002:8GAME-05: hands played of the current game, 1 to 6 for each game and again after the switch.
    expect(counters).toEqual(Array.from({ length: 49 }, (_, k) => `${(k % 6) + 1}/6`));
    expect(bigBlinds[6]).toBe('100');
    expect(bigBlinds[36]).toBe('50');
    expect(bigBlinds[42]).toBe('50');
  });

  it('000-001:A-41 a player who leaves mid-hand at a stud table is folded at their turn; the seat is released at the hand end', () => {
    const table = seated('stud/fixed-limit');
    table.tick(at(0));
    const leaver = players[table.publicView().toAct!.seat - 1]!;
    const step = table.command(leaver, { kind: 'leave' }, at(500));
    expect(step.effects.filter((effect) => effect.kind === 'release-seat')).toHaveLength(0);
    const hand = playHand(table, at(1_000));
    expect(hand.results).toHaveLength(3);
    expect(table.seatOf(leaver)).toBeNull();
  });

  it('002:STUD-04 a time-out on the bring-in decision brings in (D-2022)', () => {
    const table = seated('stud/fixed-limit');
    table.tick(at(0));
    const seat = table.publicView().toAct!.seat;
    table.tick(at(czPsFixture.clock.actionTimeMs + 1));
    const bet = table.publicView().fixedLimit!.seats.find((entry) => entry.seat === seat)!.betMinor;
    expect(bet).toBe('25');
    expect(table.publicView().toAct!.seat).not.toBe(seat);
  });
});
