/**
 * Mixed games (002 §4.17–4.21, issue 20): which game the next hand plays, where the button sits and
 * which stakes apply. Pure: the table passes its seats and the position reached; the answer is the
 * next position. Game ids are those of the engines: flop games by variant id ('holdem/fixed-limit'),
 * stud and draw games by `FixedLimitGame.id`.
 */

export interface MixedGame {
  readonly id: string;
  readonly name: string;
  /** Stud games have no button: it stays frozen through them (002 HORSE-03, HOSE-02). */
  readonly family: 'flop' | 'draw' | 'stud';
  /**
   * Which of the table's stake sets applies: limit games share one, big-bet games (NL/PL) have their
   * own, lower one (002 PK-STR-07: blinds change between PL and Limit or NL; 8GAME-06; AMB-MIXED-BLINDS).
   */
  readonly stakes: 'limit' | 'big-bet';
}

/**
 * How long each game lasts: 'orbit' (HORSE, HOSE: one orbit of the button in flop games, as many
 * hands as the table has seats in stud games, 002 AMB-ROUND), 'seats' (Hold'em Mixed, PLO mix:
 * 6 hands at a 6-max table, 9 otherwise, 002 HEMIX-01 / AMB-MIX-N), a fixed number of hands (8-Game
 * cash: 6, 8GAME-03) or 'level' (tournaments switch with the blind level, 002 PK-STR-07, 8GAME-03).
 */
export type MixedLength =
  | { readonly kind: 'orbit' }
  | { readonly kind: 'seats' }
  | { readonly kind: 'hands'; readonly hands: number }
  | { readonly kind: 'level' };

export interface MixedRotation {
  readonly id: string;
  readonly name: string;
  readonly games: readonly MixedGame[];
  readonly length: MixedLength;
  /** Seats at most (8-Game: 6, 002 MAX-02 / 8GAME-02). */
  readonly seatsMax: number;
}

const lhe: MixedGame = { id: 'holdem/fixed-limit', name: "Limit Hold'em", family: 'flop', stakes: 'limit' };
const nlhe: MixedGame = { id: 'holdem/no-limit', name: "No Limit Hold'em", family: 'flop', stakes: 'big-bet' };
const o8: MixedGame = { id: 'omaha-hi-lo/fixed-limit', name: 'Limit Omaha Hi/Lo', family: 'flop', stakes: 'limit' };
const plo: MixedGame = { id: 'omaha/pot-limit', name: 'Pot Limit Omaha', family: 'flop', stakes: 'big-bet' };
const plo8: MixedGame = { id: 'omaha-hi-lo/pot-limit', name: 'Pot Limit Omaha Hi/Lo', family: 'flop', stakes: 'big-bet' };
const razz: MixedGame = { id: 'razz', name: 'Razz', family: 'stud', stakes: 'limit' };
const stud: MixedGame = { id: 'stud', name: 'Seven Card Stud', family: 'stud', stakes: 'limit' };
const stud8: MixedGame = { id: 'stud8', name: 'Seven Card Stud Hi/Lo', family: 'stud', stakes: 'limit' };
const td27: MixedGame = { id: '27td', name: '2-7 Triple Draw', family: 'draw', stakes: 'limit' };

/** 002 HORSE-01..04: Hold'em, Omaha Hi/Lo, Razz, Stud, Stud Hi/Lo, all Limit. */
export const horse: MixedRotation = {
  id: 'horse',
  name: 'HORSE',
  games: [lhe, o8, razz, stud, stud8],
  length: { kind: 'orbit' },
  seatsMax: 8,
};
/** 002 HOSE-01/02: Hold'em, Omaha Hi/Lo, Stud, Stud Hi/Lo, all Limit. */
export const hose: MixedRotation = {
  id: 'hose',
  name: 'HOSE',
  games: [lhe, o8, stud, stud8],
  length: { kind: 'orbit' },
  seatsMax: 8,
};
/** 002 HEMIX-01: Limit and No Limit Hold'em. */
export const holdemMixed: MixedRotation = {
  id: 'holdem-mix',
  name: "Hold'em Mixed",
  games: [lhe, nlhe],
  length: { kind: 'seats' },
  seatsMax: 9,
};
/** 002 PLOMIX-01: PLO Hi/Lo and PLO. */
export const ploMixed: MixedRotation = {
  id: 'plo-mix',
  name: 'PLO8 + PLO',
  games: [plo8, plo],
  length: { kind: 'seats' },
  seatsMax: 9,
};
/** 002 8GAME-01..04 (cash): six hands of each, six seats at most. */
export const eightGame: MixedRotation = {
  id: '8-game',
  name: '8-Game',
  games: [td27, lhe, o8, razz, stud, stud8, nlhe, plo],
  length: { kind: 'hands', hands: 6 },
  seatsMax: 6,
};
/** 002 8GAME-03: the tournament switches game with each blind level. */
export const eightGameTournament: MixedRotation = { ...eightGame, id: '8-game-tournament', length: { kind: 'level' } };

export const mixedRotations: readonly MixedRotation[] = [horse, hose, holdemMixed, ploMixed, eightGame, eightGameTournament];

export interface MixedTable {
  /** The table's seat count (6-max, 8-max, 9-max …). */
  readonly seatCount: number;
  /** Seats with a player dealt in, ascending. */
  readonly occupiedSeats: readonly number[];
}

export interface MixedPosition {
  readonly gameIndex: number;
  readonly game: MixedGame;
  /** Hands of this game played before this one (0 = its first hand). */
  readonly handInGame: number;
  /** Hands this game lasts (null = until the level changes). */
  readonly gameLength: number | null;
  /** The button for this hand; in stud games the frozen position the next flop or draw hand moves on from. */
  readonly buttonSeat: number;
  /** Which stake set (limit or big-bet) the hand uses. */
  readonly stakes: 'limit' | 'big-bet';
}

function nextOccupied(table: MixedTable, seat: number): number {
  const after = table.occupiedSeats.find((occupied) => occupied > seat);
  return after ?? table.occupiedSeats[0]!;
}

function lengthOf(rotation: MixedRotation, game: MixedGame, table: MixedTable): number | null {
  switch (rotation.length.kind) {
    case 'hands':
      return rotation.length.hands;
    case 'seats':
      return table.seatCount <= 6 ? 6 : 9;
    case 'orbit':
      return game.family === 'stud' ? table.seatCount : table.occupiedSeats.length;
    case 'level':
      return null;
  }
}

function position(
  rotation: MixedRotation,
  gameIndex: number,
  handInGame: number,
  buttonSeat: number,
  table: MixedTable,
): MixedPosition {
  const game = rotation.games[gameIndex]!;
  return { gameIndex, game, handInGame, gameLength: lengthOf(rotation, game, table), buttonSeat, stakes: game.stakes };
}

/** The first hand of a mixed table: the rotation's first game, the button where the table draws it. */
export function firstMixedHand(rotation: MixedRotation, table: MixedTable, buttonSeat: number): MixedPosition {
  if (table.seatCount > rotation.seatsMax)
    throw new RangeError(`${rotation.name} tables have at most ${rotation.seatsMax} seats`);
  return position(rotation, 0, 0, buttonSeat, table);
}

/**
 * The next hand: the game changes when the current one has run its length (or, by level, when the
 * level changed); the button moves one occupied seat in flop and draw games and stays put in stud
 * games (which keep the seat the next flop or draw hand's button takes), so the hand after the stud
 * games has the button the next flop hand would have had: nobody skips a blind or pays one twice
 * (002 HORSE-03). A stud hand's `buttonSeat` is that frozen seat, not a dealer button.
 */
export function nextMixedHand(
  rotation: MixedRotation,
  current: MixedPosition,
  table: MixedTable,
  event: { readonly levelChanged?: boolean } = {},
): MixedPosition {
  const played = current.handInGame + 1;
  const switches = current.gameLength === null ? event.levelChanged === true : played >= current.gameLength;
  const gameIndex = switches ? (current.gameIndex + 1) % rotation.games.length : current.gameIndex;
  // A stud hand keeps the seat the next flop or draw hand's button will take (frozen through the stud games).
  const buttonSeat = current.game.family === 'stud' ? current.buttonSeat : nextOccupied(table, current.buttonSeat);
  return position(rotation, gameIndex, switches ? 0 : played, buttonSeat, table);
}
