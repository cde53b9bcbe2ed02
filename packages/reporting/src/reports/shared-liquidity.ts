import { assert, Money, type CurrencyCode } from '@casino/core';
import type { Db } from '@casino/db';
import { praguePeriod, sealedThrough, type SealedThrough } from './report-period.ts';

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

export interface PokerSharedLiquidityReport {
  fromDate: string;
  toDate: string;
  currency: CurrencyCode;
  /** Completed cash-game hands of the period (each one game, AMB-ALLOC). */
  hands: number;
  /** Hands where Czech residents played against players resident elsewhere. */
  sharedHands: number;
  stakes: Money;
  czechStakes: Money;
  wins: Money;
  /** stakes − wins: the rake kept (002:ALLOC-01). */
  net: Money;
  czechRevenue: Money;
  otherRevenue: Money;
  ledger: SealedThrough;
}

/**
 * The shared-liquidity allocation of the period's poker cash hands (issue 16; 002:ALLOC-01..04): each
 * completed hand is one game whose stakes are what its players put in and whose wins are what they
 * won (after rake), so its net is the rake; the Czech share of the stakes is by each player's country
 * of residence as it was when the hand was played (stored with the hand). Hands ending in the period
 * (Europe/Prague days, `to` exclusive), in one currency; every hand counts, a hand of residents alone
 * allocating wholly to one side.
 */
export async function pokerSharedLiquidityReport(
  db: Db,
  options: { fromDate: string; toDate: string; currency: CurrencyCode },
): Promise<PokerSharedLiquidityReport> {
  const { from, to } = praguePeriod(options.fromDate, options.toDate);
  const rows = await db.$queryRaw<
    Array<{ hand_id: string; stakes: bigint; czech_stakes: bigint; wins: bigint; shared: boolean }>
  >`
    SELECT hp.hand_id, sum(hp.put_in_minor)::bigint AS stakes,
           coalesce(sum(hp.put_in_minor) FILTER (WHERE hp.residence_country = 'CZ'), 0)::bigint AS czech_stakes,
           sum(hp.won_minor)::bigint AS wins,
           bool_or(hp.residence_country = 'CZ') AND bool_or(hp.residence_country <> 'CZ') AS shared
    FROM poker_hand_player hp JOIN poker_hand h ON h.id = hp.hand_id
    WHERE hp.ended_at >= ${from} AND hp.ended_at < ${to} AND h.status = 'COMPLETED' AND h.currency = ${options.currency}
    GROUP BY hp.hand_id ORDER BY hp.hand_id`;
  const money = (minor: bigint) => Money.fromMinor(minor, options.currency);
  // Each hand's players summed per side: the allocation depends on the sums alone.
  const games: SharedGame[] = rows.map((r) => ({
    gameId: r.hand_id,
    kind: 'cash-hand',
    currency: options.currency,
    participants: [
      { residentInCzechRepublic: true, stake: money(r.czech_stakes), win: money(0n) },
      { residentInCzechRepublic: false, stake: money(r.stakes - r.czech_stakes), win: money(r.wins) },
    ],
  }));
  const allocation = allocateSharedLiquidity(options.currency, games);
  const total = (pick: (a: SharedGameAllocation) => Money) => Money.sum(allocation.games.map(pick), options.currency);
  return {
    fromDate: options.fromDate,
    toDate: options.toDate,
    currency: options.currency,
    hands: rows.length,
    sharedHands: rows.filter((r) => r.shared).length,
    stakes: total((a) => a.stakes),
    czechStakes: total((a) => a.czechStakes),
    wins: total((a) => a.wins),
    net: allocation.net,
    czechRevenue: allocation.czechRevenue,
    otherRevenue: allocation.otherRevenue,
    ledger: await sealedThrough(db),
  };
}
