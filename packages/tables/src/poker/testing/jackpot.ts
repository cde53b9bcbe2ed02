import { newId } from '@casino/core';
import { poker } from '@casino/games';
import type { BadBeatJackpotSettings, PokerRuleProfile, PokerTableDefinition } from '../profile.ts';
import type { CompletedHand } from '../runtime-types.ts';
import { PokerTable, type TableStep } from '../table.ts';
import { at, handPauseMs } from './harness.ts';
import { atFixture, fixtureDefinition } from './profiles.ts';
import { riggedRng } from './rigged.ts';

/** Test fixtures of the bad-beat jackpot (issue 18): the AT fixture with a jackpot, a table dealing a rigged deck. */

export const jackpotSettings: BadBeatJackpotSettings = {
  dropPerRakedHand: { EUR: 5n, CZK: 125n },
  minimumLosingHand: '8c8d8h8s2c',
  shares: { loserBps: 3_750, winnerBps: 1_875, tableBps: 1_875, rakeBps: 500, seedBps: 2_000 },
};
export const atJackpot: PokerRuleProfile = { ...atFixture, badBeatJackpot: jackpotSettings };

/** Three players, button on seat 1; the deal goes seat 2, 3, 1 per circuit, then the board. */
export function riggedJackpotTable(order: string, definition: Partial<PokerTableDefinition> = {}): PokerTable {
  return new PokerTable(
    {
      tableId: 'jackpot-table',
      profile: atJackpot,
      definition: fixtureDefinition(atJackpot, { badBeatJackpot: true, currency: 'CZK', ...definition }),
      seats: [],
      handNumber: 0,
      previousPositions: null,
    },
    { rngForHand: () => riggedRng(poker.noLimitHoldem.deck, order), newHandId: () => newId(), handPauseMs },
  );
}

/** Seats 1..3 with 100.00 each, all-in pre-flop; the hand's completion. */
export function allInThreeWay(table: PokerTable, playerIds: readonly string[] = ['p1', 'p2', 'p3']): CompletedHand {
  playerIds.forEach((playerId, index) =>
    table.seatPlayer(
      { seat: index + 1, playerId, alias: `Alias${index + 1}`, stackMinor: 10_000n, waitForBigBlind: false },
      at(0),
    ),
  );
  const steps: TableStep[] = [table.tick(at(0))];
  for (let guard = 0; table.runningHandId !== null; guard++) {
    if (guard > 10) throw new Error('the hand does not end');
    const actor = table.publicView().toAct!;
    const action = guard === 0 ? 'all-in' : 'call';
    steps.push(table.command(playerIds[actor.seat - 1]!, { kind: 'act', action, turn: actor.turn }, at(1_000 + guard)));
  }
  for (const step of steps) for (const effect of step.effects) if (effect.kind === 'hand-complete') return effect.hand;
  throw new Error('no hand-complete');
}

// Seat 1 (the button) holds two aces, seat 2 two eights, seat 3 K-Q; the board 8h 8s Ac Ad 2c:
// four aces beat four eights.
export const badBeatOrder = '8c Kc Ah 8d Qd As 8h 8s Ac Ad 2c';

/** The AT fixture with the jackpot, offering AT's stud and draw games (issue 20, D-2052). */
export const atJackpotWithStud: PokerRuleProfile = {
  ...atJackpot,
  otherGames: { studAndDraw: ['draw5', 'stud', 'soko'], mixed: [], rules: poker.defaultFixedLimitRules },
};

/** The definition of a stud table playing for the jackpot (CZK: the drop is 1.25). */
export function studJackpotDefinition(overrides: Partial<PokerTableDefinition> = {}): PokerTableDefinition {
  return fixtureDefinition(atJackpotWithStud, {
    variant: 'stud/fixed-limit',
    badBeatJackpot: true,
    currency: 'CZK',
    smallBlindMinor: 250n,
    bigBlindMinor: 1_000n,
    anteMinor: 100n,
    anteMode: 'every-player',
    ...overrides,
  });
}

/**
 * A stud table playing for the jackpot that deals `hands` (seven cards each, in engine order: the
 * seats after the button, which is the lowest seat at the first hand) from a rigged deck.
 */
export function riggedStudJackpotTable(hands: readonly string[], definition = studJackpotDefinition()): PokerTable {
  const cards = hands.map((hand) => hand.split(' '));
  const dealt: string[] = [];
  for (let round = 0; round < 7; round++) for (const hand of cards) dealt.push(hand[round]!);
  const rigged = riggedRng(poker.studDeck(), dealt.join(' '));
  return new PokerTable(
    { tableId: 'stud-jackpot', profile: atJackpotWithStud, definition, seats: [], handNumber: 0, previousPositions: null },
    {
      // The reshuffle seed's draw comes after the rigged shuffle: not part of it.
      rngForHand: () => ({ intBelow: (bound: number) => (bound === 2 ** 32 ? 0 : rigged.intBelow(bound)) }),
      newHandId: () => newId(),
      handPauseMs,
    },
  );
}

/** Seats 1..3 with 100.00 each play a stud hand passively to the showdown; the hand's completion. */
export function passiveStudHand(table: PokerTable, playerIds: readonly string[] = ['p1', 'p2', 'p3']): CompletedHand {
  playerIds.forEach((playerId, index) =>
    table.seatPlayer(
      { seat: index + 1, playerId, alias: `Alias${index + 1}`, stackMinor: 10_000n, waitForBigBlind: false },
      at(0),
    ),
  );
  const steps: TableStep[] = [table.tick(at(0))];
  for (let guard = 0; table.runningHandId !== null; guard++) {
    if (guard > 100) throw new Error('the hand does not end');
    const toAct = table.publicView().toAct!;
    const playerId = playerIds[toAct.seat - 1]!;
    const legal = table.privateView(playerId)!.fixedLimit!.legal!;
    const action = legal.kind === 'bring-in' ? 'bring-in' : legal.check ? 'check' : 'call';
    steps.push(table.command(playerId, { kind: 'act', action, turn: toAct.turn }, at(1_000 + guard)));
  }
  for (const step of steps) for (const effect of step.effects) if (effect.kind === 'hand-complete') return effect.hand;
  throw new Error('no hand-complete');
}

/** Seat 2 four eights, seat 3 four aces, seat 1 jack high (engine order from the button on seat 1: 2, 3, 1). */
export const studBadBeatHands = ['8c 8d Kh 8h 8s 2c 3d', 'Ac Ad Qh Ah As 4c 5d', 'Jc Tc 9d 7s 6h 2h 3h'] as const;
