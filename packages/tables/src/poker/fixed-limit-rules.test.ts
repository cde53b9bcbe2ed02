import { formatCard, poker } from '@casino/games';
import { describe, expect, it } from 'vitest';
import { isFixedLimitRecord, replayFixedLimitCompleted, verifyStoredHandRecord } from './fixed-limit-running.ts';
import type { FixedLimitHandRecord } from './fixed-limit-table.ts';
import type { PokerRuleProfile } from './profile.ts';
import type { CompletedHand, PlayerCommand, SeatState, TableEffect } from './runtime-types.ts';
import { pokerTableProblems } from './definition.ts';
import type { PokerTable, TableStep } from './table.ts';
import { at, commitEffects, testTable } from './testing/harness.ts';
import {
  atJackpot,
  atJackpotWithStud,
  riggedStudJackpotTable,
  studBadBeatHands,
  studJackpotDefinition,
} from './testing/jackpot.ts';
import { czPsFixture } from './testing/profiles.ts';

/**
 * The table rules of the stud and draw games at a cash table (issue 20): the showdown in the
 * profile's order with mucking where it allows it (002:STUD-10, D-812, D-2050), and at a draw table
 * the flop tables' entry rules: wait for the big blind or post, missed blinds (000-001:BTN-08..11, D-2051).
 */

const muckingProfile: PokerRuleProfile = {
  ...czPsFixture,
  engine: { ...czPsFixture.engine, tableRules: { ...czPsFixture.engine.tableRules, muckAllowed: true } },
};

function table(
  profile: PokerRuleProfile,
  variant: string,
  options: { seats?: number[]; previousPositions?: poker.Positions; seed?: string } = {},
): PokerTable {
  const stud = variant.startsWith('stud');
  return testTable(profile, {
    definition: {
      variant,
      smallBlindMinor: stud ? 25n : 50n,
      bigBlindMinor: 100n,
      anteMinor: stud ? 10n : 0n,
      anteMode: stud ? 'every-player' : 'none',
      buyInMaxMinor: null,
    },
    seats: (options.seats ?? []).map((seat): Pick<SeatState, 'seat' | 'playerId' | 'alias' | 'stackMinor' | 'status'> => ({
      seat,
      playerId: `p${seat}`,
      alias: `P${seat}`,
      stackMinor: 5_000n,
      status: 'playing',
    })),
    ...(options.previousPositions === undefined ? {} : { previousPositions: options.previousPositions }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
  });
}

/** The passive player: brings in, checks or calls, stands pat. */
function passive(t: PokerTable, playerId: string): PlayerCommand {
  const legal = t.privateView(playerId)!.fixedLimit!.legal!;
  const turn = t.publicView().toAct!.turn;
  if (legal.kind === 'draw') return { kind: 'draw', discard: [], turn };
  if (legal.kind === 'bring-in') return { kind: 'act', action: 'bring-in', turn };
  return { kind: 'act', action: legal.check ? 'check' : 'call', turn };
}

interface PlayedHand {
  readonly hand: CompletedHand & { history: FixedLimitHandRecord };
  readonly operations: poker.FixedLimitOperation[];
}

/** Deals the next hand at `now`, plays it with `choose` and commits it. */
function playHand(t: PokerTable, now: Date, choose = passive): PlayedHand {
  const operations: poker.FixedLimitOperation[] = [];
  const effects: TableEffect[] = [];
  const collect = (step: TableStep) => {
    effects.push(...step.effects);
    for (const event of step.events) if (event.kind === 'fixed-limit-operations') operations.push(...event.operations);
  };
  collect(t.tick(now));
  for (let moves = 0; moves < 300; moves++) {
    const toAct = t.publicView().toAct;
    if (toAct === null) break;
    const playerId = t.seats().find((seat) => seat.seat === toAct.seat)!.playerId;
    collect(t.command(playerId, choose(t, playerId), now));
  }
  const complete = effects.find((effect) => effect.kind === 'hand-complete') as
    Extract<TableEffect, { kind: 'hand-complete' }> | undefined;
  expect(complete).toBeDefined();
  commitEffects(t, { events: [], effects });
  expect(isFixedLimitRecord(complete!.hand.history)).toBe(true);
  return { hand: complete!.hand as PlayedHand['hand'], operations };
}

const stacksOf = (t: PokerTable) => t.seats().reduce((sum, seat) => sum + seat.stackMinor, 0n);

describe('002:STUD-10 000-001:A-23 the showdown of a stud hand at a table (D-2050)', () => {
  it('002:STUD-10 T-SHOW-01 the player who bets the last round shows first, then clockwise; the record replays', () => {
    const t = table(czPsFixture, 'stud/fixed-limit', { seats: [1, 2, 3, 4] });
    let bettor: number | null = null;
    const { hand, operations } = playHand(t, at(0), (current, playerId) => {
      const fixed = current.publicView().fixedLimit!;
      const legal = current.privateView(playerId)!.fixedLimit!.legal!;
      if (bettor === null && fixed.street === 4 && legal.kind === 'bet' && legal.raiseToMinMinor !== null) {
        bettor = current.publicView().toAct!.seat;
        return { kind: 'act', action: legal.check ? 'bet' : 'raise', turn: current.publicView().toAct!.turn };
      }
      return passive(current, playerId);
    });
    expect(bettor).not.toBeNull();
    const shown = operations.flatMap((op) => (op.kind === 'show' ? [hand.history.seats[op.player]!.seat] : []));
    expect(shown[0]).toBe(bettor);
    // Clockwise from the bettor: the engine order (dealer's left first) rotated to start at him.
    const engineOrder = hand.history.seats.map((seat) => seat.seat).filter((seat) => shown.includes(seat));
    const from = engineOrder.indexOf(bettor!);
    expect(shown).toEqual([...engineOrder.slice(from), ...engineOrder.slice(0, from)]);
    expect(() => verifyStoredHandRecord(hand.history)).not.toThrow();
    expect(stacksOf(t) + hand.rakeMinor).toBe(20_000n);
  });

  it('000-001:A-23 002:AMB-MUCK PK-SHOW-04 where the profile allows mucking, a beaten hand is mucked: the view hides it, the record and the players’ text keep it, the replay verifies', () => {
    const t = table(muckingProfile, 'stud/fixed-limit', { seats: [1, 2, 3, 4] });
    let found: PlayedHand | null = null;
    let rakeMinor = 0n;
    for (let hand = 0; hand < 12 && found === null; hand++) {
      const played = playHand(t, at(hand * 60_000));
      rakeMinor += played.hand.rakeMinor;
      expect(played.hand.history.muckAllowed).toBe(true);
      if (played.operations.some((op) => op.kind === 'muck')) found = played;
    }
    expect(found).not.toBeNull();
    const { hand, operations } = found!;
    const muck = operations.find((op) => op.kind === 'muck')!;
    const muckedSeat = hand.history.seats[muck.player]!.seat;
    // The view of the finished hand: the mucked seat shows no cards and says so.
    const viewSeat = t.publicView().fixedLimit!.seats.find((seat) => seat.seat === muckedSeat)!;
    expect(viewSeat).toMatchObject({ mucked: true, shownCards: null });
    expect(JSON.stringify(t.publicView().fixedLimit)).toContain('"mucked":true');
    // The mucked hand won nothing; the replay of the record reproduces the chips and the muck.
    expect(hand.results.find((result) => result.seat === muckedSeat)!.wonMinor).toBe(0n);
    const { replayed } = replayFixedLimitCompleted(hand);
    expect(replayed.state.log.filter((op) => op.kind === 'muck')).toHaveLength(
      operations.filter((op) => op.kind === 'muck').length,
    );
    expect(() => verifyStoredHandRecord(hand.history)).not.toThrow();
    const cards = muck.kind === 'muck' ? muck.cards.map(formatCard) : [];
    expect(cards).toHaveLength(7);
    // A player of the hand sees the mucked cards in the text (002:PK-SHOW-04); an observer does not.
    const playerText = replayed.text({ tableName: 'T', viewerSeat: hand.history.seats.find((s) => s.seat !== muckedSeat)!.seat });
    const observerText = replayed.text({ tableName: 'T', viewerSeat: 'observer' });
    expect(playerText).toContain(`P${muckedSeat}: mucks hand [${cards.join(' ')}]`);
    expect(observerText).toContain(`P${muckedSeat}: mucks hand\n`);
    expect(stacksOf(t) + rakeMinor).toBe(20_000n);
  });

  it('002:PK-SHOW-05 AMB-MUCK at a profile without mucking every hand still in is shown', () => {
    const t = table(czPsFixture, 'stud/fixed-limit', { seats: [1, 2, 3, 4] });
    for (let hand = 0; hand < 4; hand++) {
      const { operations } = playHand(t, at(hand * 60_000));
      expect(operations.some((op) => op.kind === 'muck')).toBe(false);
    }
  });
});

describe('000-001:BTN-08..11 VAR-DR-02 002:DRAW5-01 PK-GEN-04 entering a draw table as at the flop tables (D-2051)', () => {
  const blindsOf = (hand: PlayedHand['hand']) => {
    const seatOf = (player: number) => hand.history.seats[player]!.seat;
    const blinds = hand.history.blinds!;
    return {
      small: blinds.small === null ? null : seatOf(blinds.small),
      big: seatOf(blinds.big),
      posts: blinds.posts.map((post) => ({ seat: seatOf(post.player), live: post.live, dead: post.dead })),
      dealtIn: hand.history.seats.map((seat) => seat.seat).sort((a, b) => a - b),
    };
  };

  it('000-001:BTN-08 BTN-10 002:AMB-DEADBLIND a newcomer waits for the big blind if he chooses to, or posts a big blind and plays at once', () => {
    // Seats 1–3 play; the last hand had the button on 3, so the next has it on 1: small blind 2, big blind 3.
    const t = table(czPsFixture, 'draw5/fixed-limit', {
      seats: [1, 2, 3],
      previousPositions: { buttonSeat: 3, smallBlindPosition: 1, bigBlindSeat: 2 },
    });
    t.seatPlayer({ seat: 5, playerId: 'p5', alias: 'P5', stackMinor: 5_000n, waitForBigBlind: true }, at(0));
    t.seatPlayer({ seat: 6, playerId: 'p6', alias: 'P6', stackMinor: 5_000n, waitForBigBlind: false }, at(0));
    const first = playHand(t, at(0));
    expect(first.hand.history.buttonSeat).toBe(1);
    expect(blindsOf(first.hand)).toEqual({
      small: 2,
      big: 3,
      posts: [{ seat: 6, live: '100', dead: '0' }],
      dealtIn: [1, 2, 3, 6],
    });
    expect(first.operations).toContainEqual({
      kind: 'post',
      player: first.hand.history.seats.findIndex((s) => s.seat === 6),
      live: 100n,
      dead: 0n,
    });
    // Next hand: the button on 2, the big blind reaches seat 5, who comes in on it without an extra post.
    const second = playHand(t, at(60_000));
    expect(second.hand.history.buttonSeat).toBe(2);
    expect(blindsOf(second.hand)).toEqual({ small: 3, big: 5, posts: [], dealtIn: [1, 2, 3, 5, 6] });
    expect(stacksOf(t) + first.hand.rakeMinor + second.hand.rakeMinor).toBe(25_000n);
  });

  it('000-001:BTN-09 BTN-11 A-10 a player back from sitting out after the big blind passed him posts a big blind to play (never on the small blind, D-810)', () => {
    const t = table(czPsFixture, 'draw5/fixed-limit', {
      seats: [1, 2, 3, 4],
      previousPositions: { buttonSeat: 4, smallBlindPosition: 1, bigBlindSeat: 2 },
    });
    t.command('p3', { kind: 'sit-out' }, at(0));
    const away = playHand(t, at(0));
    expect(blindsOf(away.hand)).toMatchObject({ small: 2, big: 4, dealtIn: [1, 2, 4] });
    t.command('p3', { kind: 'sit-in' }, at(30_000));
    // The small blind would fall on seat 3: he waits a hand rather than come in on it.
    const waiting = playHand(t, at(60_000));
    expect(blindsOf(waiting.hand)).toMatchObject({ small: 4, big: 1, posts: [], dealtIn: [1, 2, 4] });
    const back = playHand(t, at(120_000));
    expect(blindsOf(back.hand)).toEqual({
      small: 1,
      big: 2,
      posts: [{ seat: 3, live: '100', dead: '0' }],
      dealtIn: [1, 2, 3, 4],
    });
    const record = back.hand.history;
    expect(() => verifyStoredHandRecord(record)).not.toThrow();
    expect(replayFixedLimitCompleted(back.hand).replayed.text({ tableName: 'T' })).toContain('P3: posts big blind 100');
  });

  it('002:PK-GEN-04 D-2028 stud has no blinds: a newcomer who would wait for the big blind is dealt in at once', () => {
    const t = table(czPsFixture, 'stud/fixed-limit', {
      seats: [1, 2],
      previousPositions: { buttonSeat: 2, smallBlindPosition: 1, bigBlindSeat: 2 },
    });
    t.seatPlayer({ seat: 4, playerId: 'p4', alias: 'P4', stackMinor: 5_000n, waitForBigBlind: true }, at(0));
    const { hand } = playHand(t, at(0));
    expect(hand.history.seats.map((seat) => seat.seat).sort()).toEqual([1, 2, 4]);
    expect(hand.history.blinds).toBeUndefined();
  });
});

describe('000-001:JP-01..05 T-76 the bad-beat jackpot at a stud or draw table (D-2052)', () => {
  it('000-001:JP-02 JP-03 JP-05 RAKE-08 at a stud table four eights beaten by four aces win the jackpot; the raked hand pays the drop, borne by the winner', () => {
    // Engine order from the button (seat 1): seat 2 four eights, seat 3 four aces, seat 1 jack high.
    const t = riggedStudJackpotTable(studBadBeatHands);
    for (const seat of [1, 2, 3])
      t.seatPlayer({ seat, playerId: `p${seat}`, alias: `P${seat}`, stackMinor: 10_000n, waitForBigBlind: false }, at(0));
    const { hand } = playHand(t, at(0));
    expect(hand.rakeMinor).toBeGreaterThan(0n);
    expect(hand.jackpot).toMatchObject({
      dropMinor: 125n,
      dropBySeat: [{ seat: 3, playerId: 'p3', amountMinor: 125n }],
      badBeat: { loserSeat: 2, winnerSeat: 3, loserPlayerId: 'p2', winnerPlayerId: 'p3', otherPlayerIds: ['p1'] },
    });
    expect(hand.jackpot!.badBeat!.loserCards.slice(0, 4).sort()).toEqual(['8c', '8d', '8h', '8s']);
    // Chips: the stacks lose the rake and the drop, nothing else (the payout goes to wallets, D-1824).
    expect(stacksOf(t) + hand.rakeMinor + 125n).toBe(30_000n);
    expect(hand.stacksAfter.find((entry) => entry.seat === 3)!.stackMinor).toBe(
      10_000n + hand.results.find((r) => r.seat === 3)!.wonMinor - hand.results.find((r) => r.seat === 3)!.putInMinor - 125n,
    );
  });

  it('000-001:JP-03 a full house beaten at a stud table pays the drop and wins nothing', () => {
    const t = riggedStudJackpotTable(['8c 8d Kh 8h Ks 2c 3d', 'Ac Ad Qh Ah As 4c 5d', 'Jc Tc 9d 7s 6h 2h 3h']);
    for (const seat of [1, 2, 3])
      t.seatPlayer({ seat, playerId: `p${seat}`, alias: `P${seat}`, stackMinor: 10_000n, waitForBigBlind: false }, at(0));
    const { hand } = playHand(t, at(0));
    expect(hand.jackpot).toMatchObject({ dropMinor: 125n, badBeat: null });
  });

  it('000-001:JP-01 D-2052 a table plays for the jackpot only in games ranked by the standard high hands: Seven Card Stud and Five Card Draw may, Sökö, Razz, Stud Hi/Lo, 2-7, Badugi and HORSE may not', () => {
    const profile: PokerRuleProfile = {
      ...atJackpot,
      otherGames: {
        studAndDraw: ['stud', 'draw5', 'soko', 'razz', 'stud8', '27td', 'badugi'],
        mixed: ['horse'],
        rules: poker.defaultFixedLimitRules,
      },
    };
    const jackpotProblem = (variant: string) =>
      pokerTableProblems(
        profile,
        studJackpotDefinition({
          profileId: profile.id,
          variant,
          ...(variant.startsWith('draw') || variant.startsWith('27') || variant.startsWith('badugi')
            ? { smallBlindMinor: 500n, anteMinor: 0n, anteMode: 'none' }
            : {}),
        }),
        at(0),
      ).some((problem) => problem.field === 'badBeatJackpot');
    expect(pokerTableProblems(atJackpotWithStud, studJackpotDefinition(), at(0))).toEqual([]);
    expect(jackpotProblem('stud/fixed-limit')).toBe(false);
    expect(jackpotProblem('draw5/fixed-limit')).toBe(false);
    expect(jackpotProblem('holdem/no-limit')).toBe(false);
    for (const variant of [
      'soko/fixed-limit',
      'razz/fixed-limit',
      'stud8/fixed-limit',
      '27td/fixed-limit',
      'badugi/fixed-limit',
      'mixed/horse',
    ])
      expect(jackpotProblem(variant), variant).toBe(true);
  });
});
