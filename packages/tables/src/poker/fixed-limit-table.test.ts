import { DomainError } from '@casino/core';
import { poker, SeededRng } from '@casino/games';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FixedLimitTableHand,
  fixedLimitPrivateView,
  fixedLimitPublicView,
  type FixedLimitCommand,
  type FixedLimitRake,
  type FixedLimitSeatIn,
  type FixedLimitTableStakes,
} from './fixed-limit-table.ts';
import { nextMixedTableHand, tableGameOf } from './table-games.ts';

/**
 * Stud and draw hands at a cash table (issue 20, "at the tables"): the table's side of the
 * fixed-limit engine: seats, stakes, commands (the draw as discard indices), time-outs, rake, the
 * views (up-cards public, down-cards and drawn cards only to their owner) and the replayable record.
 */

const noRake: FixedLimitRake = { rateBps: 0, capPerHandMinor: null, noFlopNoDrop: false };
const stakes: FixedLimitTableStakes = { anteMinor: 0n, smallBlindMinor: 50n, bigBlindMinor: 100n };
const studStakes: FixedLimitTableStakes = { anteMinor: 10n, smallBlindMinor: 20n, bigBlindMinor: 100n };
const seats = (...entries: [number, bigint][]): FixedLimitSeatIn[] =>
  entries.map(([seat, stackMinor]) => ({ seat, alias: `p${seat}`, stackMinor }));

function deal(
  gameId: string,
  options: { seats: FixedLimitSeatIn[]; button: number; seed: string; stakes?: FixedLimitTableStakes; rake?: FixedLimitRake },
) {
  const game = poker.fixedLimitGames.find((entry) => entry.id === gameId)!;
  return FixedLimitTableHand.deal({
    handId: `hand-${options.seed}`,
    game,
    buttonSeat: options.button,
    seats: options.seats,
    stakes: options.stakes ?? (game.family === 'stud' ? studStakes : stakes),
    rules: poker.defaultFixedLimitRules,
    rake: options.rake ?? noRake,
    rng: new SeededRng(options.seed),
  });
}

/** Passive play: bring in, check or call, stand pat (or `draw` for the draws). */
function passive(hand: FixedLimitTableHand, draw: (seat: number) => number[] = () => []): void {
  for (let guard = 0; guard < 300 && !hand.complete; guard++) {
    const legal = hand.legal()!;
    const command: FixedLimitCommand =
      legal.kind === 'draw'
        ? { kind: 'draw', discard: draw(legal.seat) }
        : { kind: 'act', action: legal.kind === 'bring-in' ? 'bring-in' : legal.check ? 'check' : 'call' };
    hand.command(legal.seat, command);
  }
  expect(hand.complete).toBe(true);
}

/** Every down-card of every player, as text. */
function downCards(hand: FixedLimitTableHand): string[] {
  return hand.seats.flatMap((seat) =>
    fixedLimitPrivateView(hand, seat)!
      .cards.filter((card) => !card.up)
      .map((card) => card.card),
  );
}

function expectConserved(hand: FixedLimitTableHand, dealt: FixedLimitSeatIn[]): void {
  const outcome = hand.outcome();
  const before = dealt.reduce((sum, seat) => sum + seat.stackMinor, 0n);
  const after = outcome.results.reduce((sum, result) => sum + result.stackAfterMinor, 0n);
  expect(after + outcome.rakeMinor).toBe(before);
  expect(outcome.results.reduce((sum, result) => sum + result.rakeMinor, 0n)).toBe(outcome.rakeMinor);
}

function refusalOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'game-action-refused') return error.extensions?.['reason'] as string;
    throw error;
  }
  return undefined;
}

describe('issue 20: a stud hand at a table', () => {
  it('000-001:VAR-ST-02 VAR-ST-04 002:STUD-04 T-STUD-03 antes and the bring-in from the table stakes; the deal starts left of the button; up-cards public, down-cards only to their owner (000-001:DECK-04)', () => {
    const dealt = seats([2, 5_000n], [4, 5_000n], [7, 5_000n]);
    const hand = deal('stud', { seats: dealt, button: 4, seed: 'stud-1' });
    // Engine order: clockwise from the seat after the button, the button last.
    expect(hand.seats).toEqual([7, 2, 4]);
    const antes = hand.state.log.filter((operation) => operation.kind === 'ante');
    expect(antes.map((operation) => operation.amount)).toEqual([10n, 10n, 10n]);
    const legal = hand.legal()!;
    expect(legal.kind).toBe('bring-in');
    expect(legal.bringIn).toBe(20n);
    // Complete to the small bet (002:T-STUD-03: the table's big blind is the small bet).
    expect(legal.raiseTo).toEqual({ min: 100n, max: 100n });

    const spectator = fixedLimitPublicView(hand, (seat) => `p${seat}`);
    expect(spectator.family).toBe('stud');
    for (const seat of spectator.seats) {
      expect(seat.upCards).toHaveLength(1);
      expect(seat.downCardCount).toBe(2);
    }
    const secret = downCards(hand);
    expect(secret).toHaveLength(6);
    const publicJson = JSON.stringify(spectator);
    for (const card of secret) expect(publicJson).not.toContain(`"${card}"`);
    // Each owner sees exactly his own down-cards, and no one else's.
    for (const seat of hand.seats) {
      const mine = fixedLimitPrivateView(hand, seat)!;
      const own = mine.cards.filter((card) => !card.up).map((card) => card.card);
      const others = secret.filter((card) => !own.includes(card));
      expect(others.some((card) => JSON.stringify(mine).includes(`"${card}"`))).toBe(false);
    }
    expect(fixedLimitPrivateView(hand, 3)).toBeNull();

    passive(hand);
    expectConserved(hand, dealt);
    const finalView = fixedLimitPublicView(hand, (seat) => `p${seat}`);
    // 7th street is dealt down: four up-cards, three down.
    for (const seat of finalView.seats.filter((entry) => !entry.folded)) {
      expect(seat.upCards).toHaveLength(4);
      expect(seat.downCardCount).toBe(3);
      expect(seat.shownCards).toHaveLength(7);
    }
  });

  it('002:STUD-04 a wrong command is refused and changes nothing: out of turn, a draw in stud, a bet size not offered', () => {
    const hand = deal('stud', { seats: seats([1, 5_000n], [2, 5_000n], [3, 5_000n]), button: 3, seed: 'stud-2' });
    const legal = hand.legal()!;
    const other = hand.seats.find((seat) => seat !== legal.seat)!;
    const before = JSON.stringify(fixedLimitPublicView(hand, String));
    expect(refusalOf(() => hand.command(other, { kind: 'act', action: 'call' }))).toBe('not-your-turn');
    expect(refusalOf(() => hand.command(legal.seat, { kind: 'draw', discard: [0] }))).toBe('not-drawing');
    expect(refusalOf(() => hand.command(legal.seat, { kind: 'act', action: 'complete', amountMinor: 150n }))).toBe(
      'illegal-move',
    );
    expect(JSON.stringify(fixedLimitPublicView(hand, String))).toBe(before);
    expect(hand.historyRecord().moves).toEqual([]);
  });
});

describe('issue 20: draw hands at a table', () => {
  it("002:TD27-01 T-DRAW-02 a 2-7 Triple Draw hand: blinds from the table, three draws given as discard indices; the counts are public, the cards only the owner's; a fourth draw is refused", () => {
    const dealt = seats([1, 5_000n], [3, 5_000n], [5, 5_000n]);
    const hand = deal('27td', { seats: dealt, button: 5, seed: 'td-1' });
    expect(hand.seats).toEqual([1, 3, 5]);
    const blinds = hand.state.log.filter((operation) => operation.kind === 'blind');
    expect(blinds.map((operation) => [operation.player, operation.amount])).toEqual([
      [0, 50n],
      [1, 100n],
    ]);
    const drawnBy = new Map<number, string[][]>();
    let draws = 0;
    passive(hand, (seat) => {
      draws += 1;
      const before = fixedLimitPrivateView(hand, seat)!.cards.map((card) => card.card);
      const discard = seat === 1 ? [0, 2] : seat === 3 ? [4] : [];
      drawnBy.set(seat, [...(drawnBy.get(seat) ?? []), discard.map((index) => before[index]!)]);
      return discard;
    });
    expect(draws).toBe(9);
    const view = fixedLimitPublicView(hand, String);
    expect(view.drawsDone).toBe(3);
    const counts = Object.fromEntries(view.seats.map((seat) => [seat.seat, seat.drawn]));
    expect(counts).toEqual({ 1: [2, 2, 2], 3: [1, 1, 1], 5: [0, 0, 0] });
    // Each player saw what he drew; what seat 1 drew never reaches seat 3's view before the showdown.
    const mine = fixedLimitPrivateView(hand, 1)!;
    expect(mine.drawnCards.map((cards) => cards.length)).toEqual([2, 2, 2]);
    expect(refusalOf(() => hand.command(1, { kind: 'draw', discard: [] }))).toBe('no-hand-running');
    expectConserved(hand, dealt);
  });

  it("002:T-DRAW-02 the draw command names only the player's own cards, each once, at most the game's maximum; the spectator view of a running draw holds no down-card", () => {
    const dealt = seats([1, 5_000n], [2, 5_000n]);
    const hand = deal('27sd', { seats: dealt, button: 2, seed: 'sd-1' });
    while (hand.legal()!.kind !== 'draw') {
      const legal = hand.legal()!;
      hand.command(legal.seat, { kind: 'act', action: legal.check ? 'check' : 'call' });
    }
    const drawer = hand.legal()!.seat;
    expect(refusalOf(() => hand.command(drawer, { kind: 'draw', discard: [5] }))).toBe('no-such-card');
    expect(refusalOf(() => hand.command(drawer, { kind: 'draw', discard: [1, 1] }))).toBe('no-such-card');
    expect(refusalOf(() => hand.command(drawer, { kind: 'act', action: 'check' }))).toBe('drawing');
    const json = JSON.stringify(fixedLimitPublicView(hand, String));
    for (const card of downCards(hand)) expect(json).not.toContain(`"${card}"`);
    hand.command(drawer, { kind: 'draw', discard: [0, 1, 2, 3, 4] });
    expect(fixedLimitPublicView(hand, String).seats.find((seat) => seat.seat === drawer)!.drawn).toEqual([5]);
  });

  it('002:BAD-01 BAD-03 T-DRAW-02 a Badugi hand: four cards each, three draws of 0 to 4, a fifth index refused', () => {
    const dealt = seats([2, 3_000n], [4, 3_000n], [6, 3_000n], [8, 3_000n]);
    const hand = deal('badugi', { seats: dealt, button: 8, seed: 'badugi-1' });
    for (const seat of hand.seats) expect(fixedLimitPrivateView(hand, seat)!.cards).toHaveLength(4);
    let refusedOnce = false;
    passive(hand, (seat) => {
      if (!refusedOnce) {
        refusedOnce = true;
        expect(fixedLimitPrivateView(hand, seat)!.legal!.discardMax).toBe(4);
        expect(refusalOf(() => hand.command(seat, { kind: 'draw', discard: [0, 1, 2, 3, 4] }))).toBe('no-such-card');
      }
      return seat === 2 ? [0, 1, 2, 3] : [3];
    });
    const view = fixedLimitPublicView(hand, String);
    expect(view.seats.find((seat) => seat.seat === 2)!.drawn).toEqual([4, 4, 4]);
    expect(view.seats.find((seat) => seat.seat === 4)!.drawn).toEqual([1, 1, 1]);
    expectConserved(hand, dealt);
  });

  it('000-001:T-23 TIME-02 a time-out stands pat in a draw (nothing exchanged); a bet checks where a check is legal and folds otherwise (D-2022)', () => {
    const dealt = seats([1, 5_000n], [2, 5_000n], [3, 5_000n]);
    const hand = deal('draw5', { seats: dealt, button: 3, seed: 'draw5-timeout' });
    // Before the draw: the player after the big blind faces a bet, so his time-out folds.
    const first = hand.legal()!;
    expect(first.check).toBe(false);
    hand.timeOut();
    expect(fixedLimitPublicView(hand, String).seats.find((seat) => seat.seat === first.seat)!.folded).toBe(true);
    // The small blind calls; the big blind's time-out checks.
    hand.command(hand.legal()!.seat, { kind: 'act', action: 'call' });
    expect(hand.legal()!.check).toBe(true);
    // 'fold' (SE) cannot fold a free check in the fixed-limit engine: it checks too (D-2022).
    const literal = FixedLimitTableHand.replay(hand.historyRecord());
    literal.timeOut('fold');
    expect(literal.historyRecord().moves.at(-1)!.kind).toBe('check');
    hand.timeOut();
    const drawer = hand.legal()!;
    expect(drawer.kind).toBe('draw');
    const cards = fixedLimitPrivateView(hand, drawer.seat)!.cards;
    hand.timeOut();
    expect(fixedLimitPrivateView(hand, drawer.seat)!.cards).toEqual(cards);
    expect(fixedLimitPublicView(hand, String).seats.find((seat) => seat.seat === drawer.seat)!.drawn).toEqual([0]);
  });
});

describe('issue 20: rake, record and replay', () => {
  it('002:T-RAKE-04 the rake is the table rate of the pot under the cap, taken from the winners; none when the hand ends in its first betting round with no-drop on (D-2023)', () => {
    const dealt = seats([1, 5_000n], [2, 5_000n], [3, 5_000n]);
    const rake: FixedLimitRake = { rateBps: 500, capPerHandMinor: 40n, noFlopNoDrop: true };
    const played = deal('27td', { seats: dealt, button: 3, seed: 'rake-1', rake });
    passive(played);
    const pot = played.state.players.reduce((sum, player) => sum + player.contributed, 0n);
    const expected = (pot * 500n) / 10_000n > 40n ? 40n : (pot * 500n) / 10_000n;
    expect(played.outcome().rakeMinor).toBe(expected);
    expectConserved(played, dealt);

    const folded = deal('27td', { seats: dealt, button: 3, seed: 'rake-2', rake });
    folded.command(folded.legal()!.seat, { kind: 'act', action: 'fold' });
    folded.command(folded.legal()!.seat, { kind: 'act', action: 'fold' });
    expect(folded.complete).toBe(true);
    expect(folded.outcome().rakeMinor).toBe(0n);
  });

  it("002:REC-04 PK-SHOW-04 the JSON record replays to the same chips and the same PokerStars text; a record that does not reproduce its hand is refused (the staff recall's check, D-2024)", () => {
    const dealt = seats([1, 4_000n], [4, 2_500n], [6, 6_000n]);
    const hand = deal('stud8', {
      seats: dealt,
      button: 6,
      seed: 'replay-1',
      rake: { rateBps: 300, capPerHandMinor: null, noFlopNoDrop: false },
    });
    let step = 0;
    while (!hand.complete) {
      const legal = hand.legal()!;
      step += 1;
      const command: FixedLimitCommand =
        legal.kind === 'bring-in'
          ? { kind: 'act', action: 'bring-in' }
          : legal.raiseTo !== null && step % 3 === 0
            ? { kind: 'act', action: 'raise' }
            : { kind: 'act', action: legal.check ? 'check' : 'call' };
      hand.command(legal.seat, command);
    }
    const record = JSON.parse(JSON.stringify(hand.historyRecord()));
    const replayed = FixedLimitTableHand.replay(record);
    expect(replayed.outcome()).toEqual(hand.outcome());
    const text = hand.text({ tableName: 'Stud8 test' });
    expect(replayed.text({ tableName: 'Stud8 test' })).toBe(text);
    expect(text).toContain('3rd STREET');
    // A player's text shows his own down-cards only; an observer's none before the showdown.
    const observer = hand.text({ tableName: 'Stud8 test', viewerSeat: 'observer' });
    expect(observer.length).toBeLessThanOrEqual(text.length);

    const tampered = { ...record, moves: record.moves.slice(0, -1) };
    expect(() => FixedLimitTableHand.replay(tampered).outcome()).toThrow(/not complete/);
    const reordered = {
      ...record,
      moves: [{ ...record.moves[0], player: (record.moves[0].player + 1) % 3 }, ...record.moves.slice(1)],
    };
    expect(() => FixedLimitTableHand.replay(reordered)).toThrow(/out of turn/);
  });
});

describe('issue 20: random play at stud and draw tables', () => {
  const games = poker.fixedLimitGames.map((game) => game.id);
  it('issue 20: random commands at random stud and draw tables (refused ones change nothing) conserve every chip: Σ stacks after + rake = Σ stacks before; no spectator view ever holds a down-card', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...games),
        fc.integer({ min: 2, max: 10 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 10, maxLength: 10 }),
        fc.array(fc.nat(1000), { minLength: 40, maxLength: 40 }),
        // The seed names the hand (`handId`), which the view holds: with a quote in it, a seed like `x"4c` would put the
        // text "4c" in the view though no card is there, and the down-card check below searches the view's text.
        fc.string({ minLength: 1, maxLength: 8 }).filter((text) => !/["\\]/.test(text)),
        (gameId, count, stackUnits, choices, seed) => {
          const game = poker.fixedLimitGames.find((entry) => entry.id === gameId)!;
          const players = Math.min(count, game.playersMax);
          const dealt = seats(
            ...Array.from({ length: players }, (_, k): [number, bigint] => [k + 1, BigInt(stackUnits[k]!) * 50n]),
          );
          const hand = deal(gameId, {
            seats: dealt,
            button: (choices[0]! % players) + 1,
            seed,
            rake: { rateBps: 250, capPerHandMinor: 300n, noFlopNoDrop: choices[1]! % 2 === 0 },
          });
          let pick = 0;
          const choose = (n: number): number => choices[pick++ % choices.length]! % n;
          for (let guard = 0; guard < 400 && !hand.complete; guard++) {
            const legal = hand.legal()!;
            const view = JSON.stringify(fixedLimitPublicView(hand, String));
            for (const card of downCards(hand)) expect(view).not.toContain(`"${card}"`);
            const cardCount = fixedLimitPrivateView(hand, legal.seat)!.cards.length;
            const commands: FixedLimitCommand[] = [
              { kind: 'act', action: 'fold' },
              { kind: 'act', action: 'check' },
              { kind: 'act', action: 'call' },
              { kind: 'act', action: 'bring-in' },
              { kind: 'act', action: 'raise' },
              { kind: 'draw', discard: Array.from({ length: choose(cardCount + 2) }, (_, k) => k) },
            ];
            const command = commands[choose(commands.length)]!;
            const before = hand.historyRecord().moves.length;
            try {
              hand.command(legal.seat, command);
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              expect(hand.historyRecord().moves.length).toBe(before);
              hand.timeOut();
            }
          }
          expect(hand.complete).toBe(true);
          expectConserved(hand, dealt);
          expect(FixedLimitTableHand.replay(hand.historyRecord()).outcome()).toEqual(hand.outcome());
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("issue 20: a HORSE table's rotation", () => {
  it("002:HORSE-03 at a 6-seat table with 4 players: an orbit of Hold'em and of Omaha Hi/Lo, six hands each of Razz, Stud and Stud8 dealt by the stud engine with the button frozen, then Hold'em again with the button moved on once", () => {
    const horse = tableGameOf('mixed/horse')!;
    if (horse.kind !== 'mixed') throw new Error('HORSE is a mixed game');
    const table = { seatCount: 6, occupiedSeats: [1, 2, 4, 5] };
    let previous: poker.MixedPosition | null = null;
    const played: { game: string; button: number }[] = [];
    for (let handNumber = 1; handNumber <= 27; handNumber++) {
      const next = nextMixedTableHand(horse.rotation, previous, table, 2);
      previous = next.position;
      played.push({ game: next.game.id, button: next.position.buttonSeat });
      if (next.game.kind === 'fixed-limit') {
        // The stud games of the rotation are dealt at the table by the stud engine, from the frozen button.
        const dealt = seats(...table.occupiedSeats.map((seat): [number, bigint] => [seat, 3_000n]));
        const hand = deal(next.game.game.id, { seats: dealt, button: next.position.buttonSeat, seed: `horse-${handNumber}` });
        passive(hand);
        expectConserved(hand, dealt);
      }
    }
    const games = played.map((entry) => entry.game);
    expect(games.slice(0, 4).every((game) => game === 'holdem/fixed-limit')).toBe(true);
    expect(games.slice(4, 8).every((game) => game === 'omaha-hi-lo/fixed-limit')).toBe(true);
    expect(games.slice(8, 14).every((game) => game === 'razz/fixed-limit')).toBe(true);
    expect(games.slice(14, 20).every((game) => game === 'stud/fixed-limit')).toBe(true);
    expect(games.slice(20, 26).every((game) => game === 'stud8/fixed-limit')).toBe(true);
    expect(games[26]).toBe('holdem/fixed-limit');
    // Button: 2, 4, 5, 1 (Hold'em), 2, 4, 5, 1 (Omaha), then 2, where the next flop hand's button would be, frozen
    // through the 18 stud hands, and 2 again on the return to Hold'em: nobody skips or doubles a blind.
    expect(played.map((entry) => entry.button)).toEqual([2, 4, 5, 1, 2, 4, 5, 1, ...Array<number>(18).fill(2), 2]);
  });
});
