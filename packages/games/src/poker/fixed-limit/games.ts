import { shortDeck, standardDeck, type Card } from '../../cards/index.ts';
import type { HandRanking } from '../evaluator/ranking.ts';
import { badugiRanking } from '../evaluator/rankings/badugi.ts';
import { highRanking } from '../evaluator/rankings/high.ts';
import { aceToFiveLow8Ranking, aceToFiveLowRanking, deuceToSevenLowRanking } from '../evaluator/rankings/lows.ts';
import { sevenE32Ranking, sevenE36Ranking } from '../evaluator/rankings/seven-e.ts';
import { sokoRanking } from '../evaluator/rankings/soko.ts';

/**
 * Stud and draw games (issue 20) as data: the deck, the cards, the streets and the rankings. The
 * rules where the rule books differ are not here but in `FixedLimitRules` (a table's profile).
 */
export interface StudGame {
  readonly family: 'stud';
  readonly id: string;
  readonly name: string;
  /** Wins the pot, or its high half when `lowRanking` is set (higher value is better, as everywhere). */
  readonly ranking: HandRanking;
  /** Hi/lo: the low half (null strength = no qualifying low; the high hand then scoops). */
  readonly lowRanking: HandRanking | null;
  /**
   * 'lowest' (000-001 VAR-ST-04, 002 STUD-04: the lowest up-card, ace high) or 'highest' (Razz,
   * 002 AMB-RAZZ-BRINGIN: the highest up-card, king highest and ace lowest).
   */
  readonly bringInCard: 'lowest' | 'highest' | 'none';
  /**
   * The cards of each betting round, true = face up: Seven Card Stud 2 down + 1 up, three up, one
   * down (000-001 VAR-ST-01..09); Sökö and Femkort 1 down + 1 up, then three up (VAR-SK-01..06).
   */
  readonly streets: readonly (readonly boolean[])[];
  /** First betting round (0-based) played with the big bet: 5th street in Seven Card Stud (002 STUD-07). */
  readonly bigBetFrom: number;
  /** Who opens 4th–7th street: the best high board (stud) or the best low board (Razz, AMB-RAZZ-FIRST). */
  readonly openerBoard: 'high' | 'low';
  /** 000-001 BET-12 / 002 STUD-06: an open pair on 4th street allows the big bet (Seven Card Stud high only). */
  readonly openPairBigBet: boolean;
  /** 000-001 A-14: stud tables have 8 seats at most; the 8th needs the community card (DECK-08). */
  readonly playersMax: number;
}

export interface DrawGame {
  readonly family: 'draw';
  readonly id: string;
  readonly name: string;
  readonly ranking: HandRanking;
  /** Cards dealt to each player: 5, Badugi 4 (002 BAD-01). */
  readonly cardCount: number;
  /** Number of draws: one (Five Card Draw, 2-7 Single Draw, Mörkpoker) or three (2-7 Triple Draw, Badugi). */
  readonly draws: number;
  /** Most cards one draw may exchange: all of them (002 TD27-01, SD27-01, BAD-03). */
  readonly discardMax: number;
  /** The deck for a given number of players (Mörkpoker 7-E: 32 or 36 cards by players, 003 R-7E-01/02). */
  readonly deckFor: (players: number) => readonly Card[];
  /** The ranking for a given number of players (7-E changes deck and so its lowest straight). */
  readonly rankingFor: (players: number) => HandRanking;
  readonly playersMax: number;
}

export type FixedLimitGame = StudGame | DrawGame;

const fullDeck = Object.freeze(standardDeck());
const deck36 = Object.freeze(shortDeck());
const deck32 = Object.freeze(standardDeck().filter((card) => card >> 2 >= 5));

export const sevenCardStud: StudGame = Object.freeze({
  family: 'stud',
  id: 'stud',
  name: 'Seven Card Stud',
  ranking: highRanking,
  lowRanking: null,
  bringInCard: 'lowest',
  streets: [[false, false, true], [true], [true], [true], [false]],
  bigBetFrom: 2,
  openerBoard: 'high',
  openPairBigBet: true,
  playersMax: 8,
});

/**
 * Sökö (000-001 VAR-SK-01..10): five cards, one down and four up, every player antes, no bring-in,
 * the highest up-card opens; four-flush and four-straight rank between two pair and a pair. 001
 * leaves the structure open (VAR-SK-10): fixed limit with the big bet from the third round (D-2010).
 * 10 × 5 = 50 cards: ten players never run the deck out (VAR-SK-09).
 */
export const soko: StudGame = Object.freeze({
  family: 'stud',
  id: 'soko',
  name: 'Sökö',
  ranking: sokoRanking,
  lowRanking: null,
  bringInCard: 'none',
  streets: [[false, true], [true], [true], [true]],
  bigBetFrom: 2,
  openerBoard: 'high',
  openPairBigBet: false,
  playersMax: 10,
});

/** Femkort (003): five-card stud with the standard ranking; its deal was lost (003 R-STUD-06), so Sökö's (D-2011). */
export const femkort: StudGame = Object.freeze({ ...soko, id: 'femkort', name: 'Femkort', ranking: highRanking });

/** Sjukort (003): seven-card stud with the standard ranking; its rules were lost, so Seven Card Stud's (D-2011). */
export const sjukort: StudGame = Object.freeze({ ...sevenCardStud, id: 'sjukort', name: 'Sjukort' });

/** 002 STUD8-01..05: high and 8-or-better low, different cards allowed for each half. */
export const sevenCardStudHiLo: StudGame = Object.freeze({
  ...sevenCardStud,
  id: 'stud8',
  name: 'Seven Card Stud Hi/Lo',
  lowRanking: aceToFiveLow8Ranking,
  openPairBigBet: false,
});

/** 002 RAZ-01..04: the best ace-to-five low, no qualifier. */
export const razz: StudGame = Object.freeze({
  ...sevenCardStud,
  id: 'razz',
  name: 'Razz',
  ranking: aceToFiveLowRanking,
  bringInCard: 'highest',
  openerBoard: 'low',
  openPairBigBet: false,
});

function drawGame(game: Omit<DrawGame, 'family' | 'deckFor' | 'rankingFor' | 'playersMax'> & Partial<DrawGame>): DrawGame {
  return Object.freeze({
    family: 'draw',
    deckFor: () => fullDeck,
    rankingFor: () => game.ranking,
    playersMax: 10,
    ...game,
  });
}

/** 000-001 VAR-DR-01, 002 DRAW5-01..07: five cards, one draw of 0–5, high hand. */
export const fiveCardDraw: DrawGame = drawGame({
  id: 'draw5',
  name: 'Five Card Draw',
  ranking: highRanking,
  cardCount: 5,
  draws: 1,
  discardMax: 5,
});
/** 002 SD27-01..03. */
export const deuceToSevenSingleDraw: DrawGame = drawGame({
  id: '27sd',
  name: '2-7 Single Draw',
  ranking: deuceToSevenLowRanking,
  cardCount: 5,
  draws: 1,
  discardMax: 5,
  playersMax: 6,
});
/** 002 TD27-01..04: three draws, six players at most. */
export const deuceToSevenTripleDraw: DrawGame = drawGame({
  id: '27td',
  name: '2-7 Triple Draw',
  ranking: deuceToSevenLowRanking,
  cardCount: 5,
  draws: 3,
  discardMax: 5,
  playersMax: 6,
});
/** 002 BAD-01..06: four cards, three draws of 0–4. */
export const badugi: DrawGame = drawGame({
  id: 'badugi',
  name: 'Badugi',
  ranking: badugiRanking,
  cardCount: 4,
  draws: 3,
  discardMax: 4,
  playersMax: 6,
});
/** 003 R-DRAW-01..06: Five Card Draw with blinds, the SB seat opens (a rule, not game data: `drawFirstActor`). */
export const morkpoker: DrawGame = drawGame({
  id: 'morkpoker',
  name: 'Mörkpoker',
  ranking: highRanking,
  cardCount: 5,
  draws: 1,
  discardMax: 5,
});
/** 003 R-7E-01..07: 32 cards for up to 4 players, 36 for 5; list L; more than 5 players is not dealt. */
export const morkpoker7E: DrawGame = drawGame({
  id: 'morkpoker-7e',
  name: 'Mörkpoker 7-E',
  ranking: sevenE32Ranking,
  cardCount: 5,
  draws: 1,
  discardMax: 5,
  deckFor: (players) => (players <= 4 ? deck32 : deck36),
  rankingFor: (players) => (players <= 4 ? sevenE32Ranking : sevenE36Ranking),
  playersMax: 5,
});

export const fixedLimitGames: readonly FixedLimitGame[] = Object.freeze([
  sevenCardStud,
  sevenCardStudHiLo,
  razz,
  soko,
  femkort,
  sjukort,
  fiveCardDraw,
  deuceToSevenSingleDraw,
  deuceToSevenTripleDraw,
  badugi,
  morkpoker,
  morkpoker7E,
]);

export function studDeck(): readonly Card[] {
  return fullDeck;
}
