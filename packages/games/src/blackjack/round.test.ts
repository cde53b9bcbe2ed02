import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCards, parseCards } from '../cards/index.ts';
import { commitToSeed, roundRng, SeededRng, testRoundSeed } from '../rng/index.ts';
import { InvalidRoundRecord } from '../shared/round-record.ts';
import { blackjackPresets, fortunaBlackjack, fortunaBlackjackSurrender, reelClassicBlackjack } from './presets.ts';
import {
  blackjackRecordFromJson,
  blackjackRecordToJson,
  blackjackRoundRecord,
  blackjackStateFromJson,
  blackjackStateToJson,
  replayBlackjackRound,
} from './record.ts';
import { applyBlackjackAction, legalDecisions, openBlackjackRound } from './round.ts';
import type { BlackjackRules } from './rules.ts';
import { blackjackTableView, publicBlackjackEvent } from './table-view.ts';
import { openTemporaryTable, temporaryTableHandover } from './temporary-table.ts';
import { act, czk, deal, play, riggedDeal, settlementOf, testLimits } from './testing/fixtures.ts';
import type { BlackjackAction, BlackjackState } from './types.ts';

describe('temporary tables (004:TEC-03, 002:BJ-UI-03/04)', () => {
  function interrupted(rules: BlackjackRules) {
    // Seat 1 splits 8-8 and drops out while playing its first hand; seat 2 is still to act.
    let live = deal(
      rules,
      { seats: { 1: '8s 8d', 2: 'Ts 9d' }, dealer: '9h 7c', playerDraws: '3c', dealerDraws: '5s' },
      { 1: 100, 2: 100 },
    );
    live = play(live, '1:split');
    live = act(live, { kind: 'move-to-temporary-table', seat: 1 });
    return live;
  }

  it('004:T-112 002:T-BJ-15 the live round goes on without the box; seat 1 is not settled there', () => {
    const live = play(interrupted(fortunaBlackjack), '2:stand');
    expect(live.phase).toBe('settled');
    expect(live.settlements!.map((settlement) => settlement.seat)).toEqual([2]);
    expect(temporaryTableHandover(live, 1)).toMatchObject({ originRoundId: live.config.roundId, seat: 1, handIndex: 0 });
  });

  it('004:T-112 002:T-BJ-15 BJ-UI-04 the temporary table deals the same player cards and stakes against new dealer cards, and takes no stake again', () => {
    const live = play(interrupted(fortunaBlackjack), '2:stand');
    const seed = testRoundSeed('temporary-table');
    let temporary = openTemporaryTable({ roundId: 'temporary-1', live, seat: 1, seedCommitment: commitToSeed(seed) }).state;
    const carried = live.events.find((event) => event.kind === 'moved-to-temporary-table')!;
    const handover = temporaryTableHandover(live, 1);
    const cardsBefore = handover.box.hands.map((hand) => formatCards(hand.cards));
    temporary = act(
      temporary,
      { kind: 'close-betting' },
      riggedDeal(
        fortunaBlackjack,
        { seats: {}, dealer: 'Kh 6c', playerDraws: 'Tc 9d', dealerDraws: 'Ts' },
        parseCards('8s 3c 8d'),
      ),
    );
    expect(carried.kind).toBe('moved-to-temporary-table');
    expect(cardsBefore).toEqual(['8s 3c', '8d']);
    expect(temporary.boxes[0]!.hands.map((hand) => formatCards(hand.cards))).toEqual(['8s 3c', '8d']);
    expect(formatCards(temporary.dealerCards)).toBe('Kh 6c');
    expect(formatCards(temporary.dealerCards)).not.toBe(formatCards(live.dealerCards.slice(0, 2)));
    expect(temporary.shoe).toHaveLength(312 - 3);
    expect(temporary.events.some((event) => event.kind === 'bet-confirmed')).toBe(false);
    temporary = play(temporary, '1:hit 1:stand');
    expect(formatCards(temporary.boxes[0]!.hands[0]!.cards)).toBe('8s 3c Tc');
    expect(formatCards(temporary.boxes[0]!.hands[1]!.cards)).toBe('8d 9d');
    // Dealer K 6 T busts: both hands win, 400 back on 200 staked at the live table.
    expect(settlementOf(temporary)).toMatchObject({ stakedMinor: czk(200), returnedMinor: czk(400) });
  });

  it('004:TEC-03 a temporary table replays from its own record and seed', () => {
    const live = play(interrupted(reelClassicBlackjack), '2:stand');
    const seed = testRoundSeed('temporary-replay');
    let temporary = openTemporaryTable({ roundId: 'temporary-2', live, seat: 1, seedCommitment: commitToSeed(seed) }).state;
    temporary = act(temporary, { kind: 'close-betting' }, roundRng(seed));
    while (temporary.phase === 'player-turns') temporary = act(temporary, { kind: 'stand', seat: 1, reconfirmed: true });
    const record = blackjackRecordFromJson(blackjackRecordToJson(blackjackRoundRecord(temporary, seed)));
    expect(replayBlackjackRound(record)).toEqual(temporary);
  });

  it('004:TEC-03 an insurance offer pending at the drop is made again only if the new up card is an ace', () => {
    const live = act(deal(fortunaBlackjack, { seats: { 1: 'Ts 7d' }, dealer: 'Ah 9c' }), {
      kind: 'move-to-temporary-table',
      seat: 1,
    });
    expect(live.phase).toBe('settled');
    const open = () =>
      openTemporaryTable({ roundId: 't', live, seat: 1, seedCommitment: commitToSeed(testRoundSeed('t')) }).state;
    const noAce = act(
      open(),
      { kind: 'close-betting' },
      riggedDeal(fortunaBlackjack, { seats: {}, dealer: '9h 8c' }, parseCards('Ts 7d')),
    );
    expect(noAce.phase).toBe('player-turns');
    expect(noAce.boxes[0]!.insurance).toBe('not-offered');
    const ace = act(
      open(),
      { kind: 'close-betting' },
      riggedDeal(fortunaBlackjack, { seats: {}, dealer: 'Ad 8c' }, parseCards('Ts 7d')),
    );
    expect(ace.phase).toBe('insurance');
  });

  it('004:TEC-03 004:GAM-BS-03 on a checking table the new hole card is checked; a blackjack then takes only the initial stake', () => {
    let live = deal(fortunaBlackjackSurrender, { seats: { 1: '8s 8d' }, dealer: '9h 7c', playerDraws: '3c' }, { 1: 10 });
    live = act(play(live, '1:split 1:double'), { kind: 'move-to-temporary-table', seat: 1 });
    let temporary = openTemporaryTable({ roundId: 't', live, seat: 1, seedCommitment: commitToSeed(testRoundSeed('t')) }).state;
    temporary = act(
      temporary,
      { kind: 'close-betting' },
      riggedDeal(
        fortunaBlackjackSurrender,
        { seats: {}, dealer: 'Th Ac' },
        temporaryTableHandover(live, 1).box.hands.flatMap((hand) => hand.cards),
      ),
    );
    expect(temporary.phase).toBe('settled');
    // Split (10) and double (10) came back; the initial 10 is lost.
    expect(settlementOf(temporary)).toMatchObject({ stakedMinor: czk(30), returnedMinor: czk(20) });
  });

  it('a box that needs no more decisions cannot move, and the table view hides the hole card and the shoe', () => {
    const live = deal(fortunaBlackjack, { seats: { 1: 'Ts 9d', 2: 'As Kd' }, dealer: '9h 7c' }, { 1: 10, 2: 10 });
    expect(() => act(live, { kind: 'move-to-temporary-table', seat: 2 })).toThrow(/cannot-move/);
    const view = blackjackTableView(live);
    expect(view.dealerCards).toEqual([parseCards('9h')[0], null]);
    const hole = live.events.find((event) => event.kind === 'dealer-card-dealt' && event.faceDown)!;
    expect(publicBlackjackEvent(hole)).toEqual({ kind: 'dealer-card-dealt', card: null, faceDown: true });
    expect(JSON.stringify(view, (_, value) => (typeof value === 'bigint' ? value.toString() : value))).not.toContain('shoe');
  });
});

/** Plays a random legal decision for whoever must decide until the round settles. */
function playRandomly(start: BlackjackState, choose: (count: number) => number): BlackjackState {
  let state = start;
  for (let steps = 0; state.phase !== 'settled'; steps++) {
    if (steps > 200) throw new Error('a round never needs 200 decisions');
    const seat =
      state.phase === 'insurance'
        ? state.boxes.find((box) => box.insurance === 'pending' || box.evenMoney === 'pending')!.seat
        : state.turn!.seat;
    const legal = legalDecisions(state, seat);
    const options: BlackjackAction[] = [];
    if (legal.insurance) options.push({ kind: 'insurance', seat, take: true }, { kind: 'insurance', seat, take: false });
    if (legal.evenMoney) options.push({ kind: 'even-money', seat, take: true }, { kind: 'even-money', seat, take: false });
    for (const kind of ['hit', 'stand', 'double'] as const) if (legal[kind]) options.push({ kind, seat, reconfirmed: true });
    if (legal.split) options.push({ kind: 'split', seat });
    if (legal.surrender) options.push({ kind: 'surrender', seat });
    options.push({ kind: 'time-out', seat });
    state = act(state, options[choose(options.length)]!);
  }
  return state;
}

function randomRound(
  rules: BlackjackRules,
  seed: string,
  seats: readonly number[],
  choose: (count: number) => number,
): BlackjackState {
  let state = openBlackjackRound({ roundId: 'r', rules, limits: testLimits, seedCommitment: commitToSeed(seed) }).state;
  for (const seat of seats) {
    state = act(state, { kind: 'place-bet', seat, stakeMinor: czk(10 * seat) });
    state = act(state, { kind: 'confirm-bet', seat });
  }
  state = act(state, { kind: 'close-betting' }, roundRng(seed));
  return playRandomly(state, choose);
}

describe('round invariants over random play', () => {
  it('every debit event adds up to what settlement says was staked; cards come off the shoe in order; a dealer with hands awaiting ends on 17 or more', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(blackjackPresets)),
        fc.integer({ min: 1, max: 1e9 }),
        fc.subarray([1, 2, 3, 4, 5], { minLength: 1 }),
        fc.integer({ min: 1, max: 1e9 }),
        (rules, seedNumber, seats, chooser) => {
          const choices = new SeededRng(chooser);
          const state = randomRound(rules, testRoundSeed(`p${seedNumber}`), seats, (count) => choices.intBelow(count));
          for (const settlement of state.settlements!) {
            const debits = state.events.reduce((sum, event) => {
              const seatOf = 'seat' in event ? event.seat : null;
              if (seatOf !== settlement.seat) return sum;
              if (
                event.kind === 'bet-confirmed' ||
                event.kind === 'insurance-taken' ||
                event.kind === 'doubled' ||
                event.kind === 'split'
              )
                return sum + event.stakeMinor;
              return sum;
            }, 0n);
            expect(debits).toBe(settlement.stakedMinor);
            expect(settlement.returnedMinor <= settlement.stakedMinor * 3n).toBe(true);
          }
          const dealt = state.events.flatMap((event) =>
            event.kind === 'card-dealt' || event.kind === 'dealer-card-dealt' ? [event.card] : [],
          );
          expect(dealt).toEqual(state.shoe!.slice(0, state.dealt));
          if (!state.dealerBlackjack)
            expect(state.boxes.every((box) => box.hands.every((hand) => hand.status !== 'playing'))).toBe(true);
          const dealer = state.events.find((event) => event.kind === 'dealer-stood');
          const awaited = state.boxes.some(
            (box) =>
              box.evenMoney !== 'taken' &&
              box.hands.some((hand) => ['stood', 'doubled', 'twenty-one', 'split-ace'].includes(hand.status)),
          );
          if (dealer && dealer.kind === 'dealer-stood' && awaited && !dealer.blackjack)
            expect(dealer.total).toBeGreaterThanOrEqual(17);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('issue 7: a blackjack round replays identically from its record through JSON; an edited record is refused', () => {
    const seed = testRoundSeed('replay');
    const choices = new SeededRng(7);
    const state = randomRound(reelClassicBlackjack, seed, [1, 3, 5], (count) => choices.intBelow(count));
    const record = blackjackRecordFromJson(blackjackRecordToJson(blackjackRoundRecord(state, seed)));
    expect(replayBlackjackRound(record)).toEqual(state);
    expect(() => replayBlackjackRound({ ...record, seed: testRoundSeed('other') })).toThrow(InvalidRoundRecord);
    const edited = {
      ...record,
      events: record.events.map((event) =>
        event.kind === 'round-settled'
          ? { ...event, boxes: event.boxes.map((box) => ({ ...box, returnedMinor: box.returnedMinor + 1n })) }
          : event,
      ),
    };
    expect(() => replayBlackjackRound(edited)).toThrow(/differs/);
    expect(blackjackStateFromJson(blackjackStateToJson(state))).toEqual(state);
  });

  it('issue 7: a blackjack state stored mid-round and read back plays on exactly as the original (a service restart)', () => {
    const seed = testRoundSeed('restart');
    let state = openBlackjackRound({
      roundId: 'r',
      rules: reelClassicBlackjack,
      limits: testLimits,
      seedCommitment: commitToSeed(seed),
    }).state;
    for (const seat of [1, 2])
      state = act(act(state, { kind: 'place-bet', seat, stakeMinor: czk(10) }), { kind: 'confirm-bet', seat });
    state = act(state, { kind: 'close-betting' }, roundRng(seed));
    const restored = blackjackStateFromJson(blackjackStateToJson(state));
    expect(restored).toEqual(state);
    const finish = (start: BlackjackState) =>
      playRandomly(
        start,
        (
          (rng) => (count: number) =>
            rng.intBelow(count)
        )(new SeededRng(99)),
      );
    expect(finish(restored)).toEqual(finish(state));
  });

  it('002:RNG-01 RNG-04 the same seed deals the same shoe; only closing the betting reads the rng; another seed permutes the same full decks otherwise', () => {
    const open = (seed = testRoundSeed('same')) => {
      let state = openBlackjackRound({
        roundId: 'r',
        rules: fortunaBlackjack,
        limits: testLimits,
        seedCommitment: commitToSeed(seed),
      }).state;
      state = act(act(state, { kind: 'place-bet', seat: 1, stakeMinor: czk(10) }), { kind: 'confirm-bet', seat: 1 });
      return applyBlackjackAction(state, { kind: 'close-betting' }, roundRng(seed)).state;
    };
    expect(open().shoe).toEqual(open().shoe);
    const other = open(testRoundSeed('other')).shoe!;
    expect(other).not.toEqual(open().shoe);
    const sorted = (cards: readonly unknown[]) => cards.map((card) => JSON.stringify(card)).sort();
    expect(sorted(other)).toEqual(sorted(open().shoe!));
    expect(other).toHaveLength(312);
  });
});
