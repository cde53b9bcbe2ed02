import { describe, expect, it } from 'vitest';
import {
  eightGame,
  eightGameTournament,
  firstMixedHand,
  holdemMixed,
  horse,
  hose,
  nextMixedHand,
  ploMixed,
  type MixedPosition,
  type MixedRotation,
  type MixedTable,
} from './mixed.ts';

function hands(rotation: MixedRotation, table: MixedTable, count: number, button = table.occupiedSeats[0]!): MixedPosition[] {
  const result = [firstMixedHand(rotation, table, button)];
  while (result.length < count) result.push(nextMixedHand(rotation, result.at(-1)!, table));
  return result;
}

const sixMax: MixedTable = { seatCount: 6, occupiedSeats: [1, 2, 3, 4, 5, 6] };

describe('Mixed games (002 §4.17–4.21)', () => {
  it('002:T-MIX-01 8GAME-01 8GAME-03 8GAME-04 8GAME-06 PK-STR-07 AMB-MIXED-BLINDS 8-Game cash: six hands of each game in order, hand 49 back to 2-7 Triple Draw; NLHE and PLO play the lower big-bet stakes', () => {
    const played = hands(eightGame, sixMax, 49);
    const names = (from: number, to: number): string[] => [...new Set(played.slice(from - 1, to).map((hand) => hand.game.id))];
    expect(names(1, 6)).toEqual(['27td']);
    expect(names(7, 12)).toEqual(['holdem/fixed-limit']);
    expect(names(13, 18)).toEqual(['omaha-hi-lo/fixed-limit']);
    expect(names(19, 24)).toEqual(['razz']);
    expect(names(25, 30)).toEqual(['stud']);
    expect(names(31, 36)).toEqual(['stud8']);
    expect(names(37, 42)).toEqual(['holdem/no-limit']);
    expect(names(43, 48)).toEqual(['omaha/pot-limit']);
    expect(played[48]!.game.id).toBe('27td');
    expect(played.filter((hand) => hand.stakes === 'big-bet').map((hand) => hand.game.id)).toEqual([
      ...Array(6).fill('holdem/no-limit'),
      ...Array(6).fill('omaha/pot-limit'),
    ]);
  });

  it('002:8GAME-02 MAX-02 8GAME-03 8GAME-05 8GAME-07 8-Game seats six at most; the tournament switches with the blind level; the position tells the hands played in the game', () => {
    expect(() => firstMixedHand(eightGame, { seatCount: 9, occupiedSeats: [1, 2] }, 1)).toThrow(RangeError);
    let hand = firstMixedHand(eightGameTournament, sixMax, 1);
    for (let k = 0; k < 20; k++) hand = nextMixedHand(eightGameTournament, hand, sixMax);
    expect(hand.game.id).toBe('27td');
    expect(hand.handInGame).toBe(20);
    expect(nextMixedHand(eightGameTournament, hand, sixMax, { levelChanged: true }).game.id).toBe('holdem/fixed-limit');
  });

  it("002:T-MIX-02 HEMIX-01 PLOMIX-01 AMB-MIX-N Hold'em Mixed switches every 6 hands at a 6-max table and every 9 at a 9-max table; PLO mix likewise", () => {
    expect(hands(holdemMixed, sixMax, 7).map((hand) => hand.game.id)).toEqual([
      ...Array(6).fill('holdem/fixed-limit'),
      'holdem/no-limit',
    ]);
    const nine: MixedTable = { seatCount: 9, occupiedSeats: [1, 2, 3, 4, 5, 6, 7, 8, 9] };
    expect(hands(holdemMixed, nine, 10).map((hand) => hand.game.id)).toEqual([
      ...Array(9).fill('holdem/fixed-limit'),
      'holdem/no-limit',
    ]);
    expect(
      hands(ploMixed, sixMax, 7)
        .map((hand) => hand.game.id)
        .at(-1),
    ).toBe('omaha/pot-limit');
  });

  it("002:T-MIX-03 HORSE-01 HORSE-02 HORSE-03 HORSE-04 AMB-ROUND HORSE: an orbit of each flop game, as many stud hands as seats; the button freezes through Razz, Stud and Stud8 and the first Hold'em hand back has the button the next Omaha hand would have had", () => {
    const table: MixedTable = { seatCount: 8, occupiedSeats: [1, 3, 4, 6, 8] };
    const played = hands(horse, table, 5 + 5 + 8 + 8 + 8 + 1, 1);
    expect([...new Set(played.map((hand) => hand.game.id))]).toEqual([
      'holdem/fixed-limit',
      'omaha-hi-lo/fixed-limit',
      'razz',
      'stud',
      'stud8',
    ]);
    expect(played.every((hand) => hand.stakes === 'limit')).toBe(true);
    const lastOmaha = played[9]!;
    expect(lastOmaha.game.id).toBe('omaha-hi-lo/fixed-limit');
    const studHands = played.slice(10, 34);
    expect(studHands.every((hand) => hand.game.family === 'stud')).toBe(true);
    expect(new Set(studHands.map((hand) => hand.buttonSeat)).size).toBe(1);
    const backToHoldem = played[34]!;
    expect(backToHoldem.game.id).toBe('holdem/fixed-limit');
    // The button passed seats 1, 3, 4, 6, 8 in Hold'em and again in Omaha (last at 8): next is seat 1.
    expect(played.slice(0, 10).map((hand) => hand.buttonSeat)).toEqual([1, 3, 4, 6, 8, 1, 3, 4, 6, 8]);
    expect(backToHoldem.buttonSeat).toBe(1);
  });

  it("002:HOSE-01 HOSE-02 HOSE: Hold'em, Omaha Hi/Lo, Stud, Stud Hi/Lo, the button frozen from Omaha into Stud", () => {
    const played = hands(hose, sixMax, 6 + 6 + 6 + 6 + 1, 1);
    expect([...new Set(played.map((hand) => hand.game.id))]).toEqual([
      'holdem/fixed-limit',
      'omaha-hi-lo/fixed-limit',
      'stud',
      'stud8',
    ]);
    expect(played.at(-1)!.game.id).toBe('holdem/fixed-limit');
    expect(played.at(-1)!.buttonSeat).toBe(1);
  });
});
