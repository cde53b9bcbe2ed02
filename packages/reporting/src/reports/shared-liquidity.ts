import { assert, Money, type CurrencyCode } from '@casino/core';

/**
 * One game in which Czech residents played against players resident elsewhere (002:ALLOC-01..04): a
 * cash-game hand, or a whole tournament (AMB-ALLOC: the unit is the hand in cash games and the
 * tournament in tournaments).
 */
export interface SharedGame {
  gameId: string;
  kind: 'cash-hand' | 'tournament';
  currency: CurrencyCode;
  participants: ReadonlyArray<{
    residentInCzechRepublic: boolean;
    /** Cash hand: chips put into the pot. Tournament: buy-ins and rebuys, fees included. */
    stake: Money;
    /** Cash hand: the pot share won (after rake). Tournament: the prize. */
    win: Money;
  }>;
  /** Tournament: what the operator added to reach a guaranteed prize pool; not a win funded by stakes (AMB-ALLOC). */
  overlay?: Money;
}

export interface SharedGameAllocation {
  gameId: string;
  currency: CurrencyCode;
  stakes: Money;
  czechStakes: Money;
  /** Wins funded by stakes: wins paid less the overlay. */
  wins: Money;
  /** stakes − wins (002:ALLOC-01). */
  net: Money;
  /** net × czechStakes / stakes (002:ALLOC-02), to the minor unit. */
  czechRevenue: Money;
  otherRevenue: Money;
}

export interface SharedLiquidityAllocation {
  currency: CurrencyCode;
  games: SharedGameAllocation[];
  net: Money;
  czechRevenue: Money;
  otherRevenue: Money;
}

/**
 * The operator's net revenue of one game split by the Czech residents' share of the stakes
 * (002:ALLOC-02). The split is of minor units by largest remainder (Money.allocate), so the two parts
 * always add up to the net exactly; a tie gives the odd unit to the Czech part, the side the tax is
 * computed on (D-1006). The wins paid to anyone are not changed (ALLOC-03).
 */
export function allocateSharedGame(game: SharedGame): SharedGameAllocation {
  assert(game.participants.length > 0, `game ${game.gameId} has no participants`);
  const zero = Money.zero(game.currency);
  const stakes = Money.sum(
    game.participants.map((p) => p.stake),
    game.currency,
  );
  const czechStakes = Money.sum(
    game.participants.filter((p) => p.residentInCzechRepublic).map((p) => p.stake),
    game.currency,
  );
  const wins = Money.sum(
    game.participants.map((p) => p.win),
    game.currency,
  ).minus(game.overlay ?? zero);
  assert(!stakes.isNegative() && !czechStakes.isNegative(), `game ${game.gameId}: stakes are never negative`);
  const net = stakes.minus(wins);
  if (stakes.isZero())
    return {
      gameId: game.gameId,
      currency: game.currency,
      stakes,
      czechStakes,
      wins,
      net,
      czechRevenue: zero,
      otherRevenue: net,
    };
  const [czechRevenue, otherRevenue] = net.allocate([czechStakes.toMinor(), stakes.minus(czechStakes).toMinor()]) as [
    Money,
    Money,
  ];
  return { gameId: game.gameId, currency: game.currency, stakes, czechStakes, wins, net, czechRevenue, otherRevenue };
}

/** Every shared game of a period in one currency, allocated game by game and summed. */
export function allocateSharedLiquidity(currency: CurrencyCode, games: readonly SharedGame[]): SharedLiquidityAllocation {
  const allocations = games.map((game) => {
    assert(game.currency === currency, `game ${game.gameId} is in ${game.currency}, not ${currency}`);
    return allocateSharedGame(game);
  });
  const total = (pick: (a: SharedGameAllocation) => Money) => Money.sum(allocations.map(pick), currency);
  return {
    currency,
    games: allocations,
    net: total((a) => a.net),
    czechRevenue: total((a) => a.czechRevenue),
    otherRevenue: total((a) => a.otherRevenue),
  };
}
