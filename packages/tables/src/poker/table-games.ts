import { poker } from '@casino/games';
import type { PokerRuleProfile } from './profile.ts';

/**
 * What a table definition's `variant` names (issue 20): a community-card variant of the engine's
 * catalog ("holdem/no-limit"), a stud or draw game of the fixed-limit engine ("stud/fixed-limit",
 * "27td/fixed-limit", "badugi/fixed-limit": always fixed limit, D-2010), or a mixed rotation
 * ("mixed/horse"). One place resolves it, so validation, the lobby and the runtime agree (D-2020).
 */
export type TableGame =
  | { readonly kind: 'flop'; readonly id: string; readonly name: string; readonly variant: poker.Variant }
  | { readonly kind: 'fixed-limit'; readonly id: string; readonly name: string; readonly game: poker.FixedLimitGame }
  | { readonly kind: 'mixed'; readonly id: string; readonly name: string; readonly rotation: poker.MixedRotation };

/** The id of a stud or draw game at a table. */
export function fixedLimitVariantId(game: poker.FixedLimitGame): string {
  return `${game.id}/fixed-limit`;
}

/** The id of a mixed rotation at a table. */
export function mixedVariantId(rotation: poker.MixedRotation): string {
  return `mixed/${rotation.id}`;
}

const fixedLimitById = new Map(poker.fixedLimitGames.map((game) => [fixedLimitVariantId(game), game]));
// The tournament variant of 8-Game switches with the level: not a cash-table rotation.
const mixedById = new Map(
  poker.mixedRotations
    .filter((rotation) => rotation.length.kind !== 'level')
    .map((rotation) => [mixedVariantId(rotation), rotation]),
);

/** The game a variant id names, or null for an unknown id. */
export function tableGameOf(variantId: string): TableGame | null {
  const variant = poker.variantCatalog.get(variantId);
  if (variant) return { kind: 'flop', id: variantId, name: variant.name, variant };
  const game = fixedLimitById.get(variantId);
  if (game) return { kind: 'fixed-limit', id: variantId, name: `${game.name} (Fixed Limit)`, game };
  const rotation = mixedById.get(variantId);
  if (rotation) return { kind: 'mixed', id: variantId, name: rotation.name, rotation };
  return null;
}

/** The betting structure the lobby shows: stud and draw are fixed limit; a mix with a big-bet game is 'mixed'. */
export function bettingStructureOf(game: TableGame): poker.BettingStructure | 'mixed' {
  switch (game.kind) {
    case 'flop':
      return game.variant.structure;
    case 'fixed-limit':
      return 'fixed-limit';
    case 'mixed':
      return game.rotation.games.every((entry) => entry.stakes === 'limit') ? 'fixed-limit' : 'mixed';
  }
}

/** Most players the game deals to (a mix: the rotation's table size, and every game in it). */
export function playersMaxOf(game: TableGame): number {
  switch (game.kind) {
    case 'flop':
      return game.variant.playersMax;
    case 'fixed-limit':
      return game.game.playersMax;
    case 'mixed':
      return Math.min(
        game.rotation.seatsMax,
        ...game.rotation.games.map((entry) => {
          const inner = tableGameOf(entry.family === 'flop' ? entry.id : `${entry.id}/fixed-limit`);
          return inner === null ? game.rotation.seatsMax : playersMaxOf(inner);
        }),
      );
  }
}

/** Whether the profile's lobby offers the game (its data: `games` for the flop games, `otherGames` for the rest). */
export function profileOffers(profile: PokerRuleProfile, game: TableGame): boolean {
  switch (game.kind) {
    case 'flop':
      return profile.games.includes(game.id.split('/')[0] as poker.GameKind);
    case 'fixed-limit':
      return profile.otherGames?.studAndDraw.includes(game.game.id) ?? false;
    case 'mixed':
      return profile.otherGames?.mixed.includes(game.rotation.id) ?? false;
  }
}

/** The fixed-limit rules of the profile's stud and draw games (§3d), the engine's defaults where it states none. */
export function fixedLimitRulesOf(profile: PokerRuleProfile): poker.FixedLimitRules {
  return profile.otherGames?.rules ?? poker.defaultFixedLimitRules;
}

/** Every stud, draw and mixed game a profile offers, as table variant ids (the lobby's list per profile). */
export function otherGameVariantIds(profile: PokerRuleProfile): string[] {
  const games = profile.otherGames;
  if (games === undefined) return [];
  return [...games.studAndDraw.map((id) => `${id}/fixed-limit`), ...games.mixed.map((id) => `mixed/${id}`)];
}

/**
 * The next hand of a mixed table (002 HORSE-03, HOSE-02, 8GAME-03, HEMIX-01): the rotation's
 * position (game, hands of it played, the button, frozen through the stud games) and the game to
 * deal, resolved to a table game. `previous` null = the table's first hand, with the drawn button.
 */
export function nextMixedTableHand(
  rotation: poker.MixedRotation,
  previous: poker.MixedPosition | null,
  table: poker.MixedTable,
  firstButtonSeat: number,
): { readonly position: poker.MixedPosition; readonly game: TableGame } {
  const position =
    previous === null ? poker.firstMixedHand(rotation, table, firstButtonSeat) : poker.nextMixedHand(rotation, previous, table);
  const id = position.game.family === 'flop' ? position.game.id : `${position.game.id}/fixed-limit`;
  const game = tableGameOf(id);
  if (game === null) throw new Error(`${rotation.name}: unknown game ${id}`);
  return { position, game };
}

/**
 * The game a tournament definition's `variant` names (issue 19/20, D-2070): any table game; a mix
 * switches game with each blind level (002 PK-STR-07: "in tournaments the switching interval is a
 * time period"; 8GAME-03), so its rotation is the level-switching one (`poker.eightGameTournament`
 * for 8-Game, the cash rotation with a level length for the others). Null for an unknown id.
 */
export function tournamentGameOf(variantId: string): TableGame | null {
  const game = tableGameOf(variantId);
  if (game === null || game.kind !== 'mixed') return game;
  const rotation =
    game.rotation.id === poker.eightGame.id
      ? poker.eightGameTournament
      : { ...game.rotation, length: { kind: 'level' as const } };
  return { ...game, rotation };
}

/**
 * The game a tournament deals at blind level `levelIndex` (0-based): the game itself, or the mix's
 * game of that level (the rotation's games in order, one per level, round and round: 002 8GAME-03,
 * 8GAME-04, HORSE-02), with the mix's stake set ('big-bet' for NLHE/PLO, D-2029) and family (stud
 * hands keep the button frozen, HORSE-03).
 */
export function tournamentLevelGame(
  game: TableGame,
  levelIndex: number,
): { readonly game: Exclude<TableGame, { kind: 'mixed' }>; readonly mixed: poker.MixedGame | null } {
  if (game.kind !== 'mixed') return { game, mixed: null };
  const games = game.rotation.games;
  const entry = games[levelIndex % games.length]!;
  const inner = tableGameOf(entry.family === 'flop' ? entry.id : `${entry.id}/fixed-limit`);
  if (inner === null || inner.kind === 'mixed') throw new Error(`${game.rotation.name}: unknown game ${entry.id}`);
  return { game: inner, mixed: entry };
}

/**
 * A tournament's game now and next (002 HORSE-02, 8GAME-05; D-2040): the tournament's game, and in a mix
 * the game of blind level `levelIndex` and of the level after it (null at the last level: it goes on);
 * a one-game tournament has neither.
 */
export function tournamentGameLine(
  game: TableGame,
  levelIndex: number,
  lastLevel: boolean,
): {
  readonly variant: string;
  readonly name: string;
  readonly currentVariant: string | null;
  readonly currentName: string | null;
  readonly nextVariant: string | null;
  readonly nextName: string | null;
} {
  if (game.kind !== 'mixed')
    return { variant: game.id, name: game.name, currentVariant: null, currentName: null, nextVariant: null, nextName: null };
  const current = tournamentLevelGame(game, levelIndex).game;
  const next = lastLevel ? null : tournamentLevelGame(game, levelIndex + 1).game;
  return {
    variant: game.id,
    name: game.name,
    currentVariant: current.id,
    currentName: current.name,
    nextVariant: next?.id ?? null,
    nextName: next?.name ?? null,
  };
}

/**
 * A level's blinds and ante as the stakes of the game dealt (D-2071, the cash tables' D-2021/D-2029):
 * a flop or draw game plays the level's blinds (fixed limit: the big blind is the small bet, the big
 * bet twice it), a stud game the level's ante for every player and its small blind as the bring-in;
 * in a mix, flop hands post no ante and the big-bet games (NLHE, PLO) play half the blinds (at least 1).
 */
export function levelStakes(
  level: { readonly smallBlind: bigint; readonly bigBlind: bigint; readonly ante: bigint },
  game: TableGame,
  mixed: poker.MixedGame | null,
): { readonly smallBlind: bigint; readonly bigBlind: bigint; readonly ante: bigint } {
  if (mixed === null) return level;
  if (game.kind === 'fixed-limit') return { ...level, ante: game.game.family === 'stud' ? level.ante : 0n };
  const half = (amount: bigint): bigint => (amount / 2n > 0n ? amount / 2n : 1n);
  return mixed.stakes === 'big-bet'
    ? { smallBlind: half(level.smallBlind), bigBlind: half(level.bigBlind), ante: 0n }
    : { smallBlind: level.smallBlind, bigBlind: level.bigBlind, ante: 0n };
}

/**
 * Whether a table's game can play for the jackpot (D-2052): every flop game, and the stud and draw
 * games ranked by the standard high ranking with no low half (Seven Card Stud, Sjukort, Femkort, Five
 * Card Draw, Mörkpoker), where "four eights beaten" reads as in Hold'em; not Razz, Stud Hi/Lo, the
 * lowball draws, Badugi, Sökö's four-card classes or 7-E's list L. A mix only when each of its games can.
 */
export function tableGamePlaysForJackpot(game: TableGame): boolean {
  switch (game.kind) {
    case 'flop':
      return true;
    case 'fixed-limit':
      return fixedLimitGamePlaysForJackpot(game.game);
    case 'mixed':
      return game.rotation.games.every((entry) => {
        const inner = tableGameOf(entry.family === 'flop' ? entry.id : `${entry.id}/fixed-limit`);
        return inner !== null && tableGamePlaysForJackpot(inner);
      });
  }
}

export function fixedLimitGamePlaysForJackpot(game: poker.FixedLimitGame): boolean {
  if (game.family === 'stud') return game.ranking === poker.highRanking && game.lowRanking === null;
  return game.ranking === poker.highRanking && game.rankingFor(game.playersMax) === poker.highRanking;
}
