import { assert, DomainError, Money, type AccountId, type CurrencyCode } from '@casino/core';
import type { Db } from '@casino/db';
import * as ledger from '@casino/ledger';
import { tournamentGameLine, tournamentGameOf } from '../poker/table-games.ts';
import { readClock } from './clock.ts';
import { twisterPpmTotal, type FlightCarry, type TournamentDefinition } from './definition.ts';
import { placePrizes } from './prizes.ts';
import { definitionFromJson } from './store.ts';

/**
 * What the lobby and a player see of tournaments (issue 19; 002:TRN-08, 003:R-TOUR-01, 000-001:UI-07:
 * the buy-in, its split, the prize for each paid place, the structure, before entry). Read-only.
 */
export const tournamentListLimitMax = 100;

export interface TournamentSummary {
  id: string;
  name: string;
  profileId: string;
  kind: 'scheduled' | 'sit-and-go';
  status: 'REGISTERING' | 'RUNNING' | 'FINISHED' | 'CANCELLED';
  currency: CurrencyCode;
  startFee: Money;
  fee: Money;
  startingChips: bigint;
  entrantsMin: number;
  entrantsMax: number;
  registered: number;
  prizePool: Money;
  guarantee: Money | null;
  startsAt: Date | null;
}

export interface TournamentState extends TournamentSummary {
  /** The prize of each paid place for the pool now (the guarantee when larger). */
  payouts: Money[];
  levels: { smallBlind: bigint; bigBlind: bigint; ante: bigint; durationMs: number; breakAfterMs: number }[];
  /** The level now and the time to the next, while running (the tournament's clock). */
  clock: { level: number; onBreak: boolean; msToNext: number | null } | null;
  /**
   * The game (002 HORSE-02, 8GAME-05; D-2040): the tournament's, and in a mix (one game per level, D-2070) the
   * game of the level now (the first level's before the start) and of the next level (null at the last).
   */
  game: {
    variant: string;
    name: string;
    currentVariant: string | null;
    currentName: string | null;
    nextVariant: string | null;
    nextName: string | null;
  };
  standings: {
    alias: string;
    placeBest: number | null;
    placeWorst: number | null;
    prize: Money;
    bounty: Money;
    status: string;
  }[];
  /** A satellite: its seats, each worth the target buy-in, and the target when the seats are tickets (D-1956). */
  satellite: { seats: number; seatValue: Money; targetTournamentId: string | null } | null;
  /**
   * Mystery bounties (004:GAM-P-T-21: the number and values shown before and during): the published set and,
   * while running, the values not drawn yet (largest first); null when the tournament has none.
   */
  mysteryBounties: { published: { amount: Money; count: number }[]; remaining: Money[] | null } | null;
  /**
   * A Twister (000-001:TRN-18, UI-07: the amounts and probabilities published; D-1970): each multiplier with its
   * probability (ppm) and the prize pool it makes, the expected pool as a share of the start fees paid (bps, below
   * 10,000, D-1971), and the multiplier drawn at the start (null before). Null when not a Twister.
   */
  twister: {
    multipliers: { multiplier: number; probabilityPpm: number; prizePool: Money }[];
    expectedPrizePoolBps: number;
    drawnMultiplier: number | null;
  } | null;
  /** A flight event's day (004:GAM-P-T-17, D-1965): Day 1 (its qualifiers) or Day 2, the event (the Day 2's id), the carry rule. */
  flight: { day: 1 | 2; eventId: string; carry: FlightCarry; qualifiers: number | null } | null;
}

/** A satellite seat ticket of a player (D-1956..D-1959). */
export interface TournamentTicket {
  ticketId: string;
  targetTournamentId: string;
  targetName: string;
  satelliteTournamentId: string;
  value: Money;
  /** issued: usable to register for the target; used: registered with it; cashed: paid to the wallet. */
  status: 'issued' | 'used' | 'cashed';
  entryId: string | null;
  issuedAt: Date;
}

interface Row {
  id: string;
  name: string;
  profile_id: string;
  kind: 'scheduled' | 'sit-and-go';
  status: TournamentSummary['status'];
  currency: CurrencyCode;
  definition: unknown;
  starts_at: Date | null;
  started_at: Date | null;
  registered: bigint;
  pool_minor: bigint;
  prize_pool_fixed_minor: bigint | null;
  twister_multiplier: number | null;
}

function summary(row: Row, d: TournamentDefinition): TournamentSummary {
  const money = (minor: bigint) => Money.fromMinor(minor, row.currency);
  return {
    id: row.id,
    name: row.name,
    profileId: row.profile_id,
    kind: row.kind,
    status: row.status,
    currency: row.currency,
    startFee: money(d.entry.startFeeMinor),
    fee: money(d.entry.feeMinor),
    startingChips: d.entry.chips,
    entrantsMin: d.entrantsMin,
    entrantsMax: d.entrantsMax,
    registered: Number(row.registered),
    prizePool: money(row.pool_minor),
    guarantee: d.guaranteeMinor === null ? null : money(d.guaranteeMinor),
    startsAt: row.starts_at,
  };
}

/** The rows with each prize pool's balance, asked of the ledger (the pool is a ledger account). */
async function rows(db: Db, where: { id?: string; playerId?: string; status?: string }, limit: number): Promise<Row[]> {
  const found = await tournamentRows(db, where, limit);
  return Promise.all(
    found.map(async (r) => ({ ...r, pool_minor: (await ledger.balance(db, r.pool_account_id as AccountId)).toMinor() })),
  );
}

async function tournamentRows(db: Db, where: { id?: string; playerId?: string; status?: string }, limit: number) {
  return db.$queryRaw<(Omit<Row, 'pool_minor'> & { pool_account_id: string })[]>`
    SELECT t.id, t.name, t.profile_id, t.kind, t.status, t.currency, t.definition, t.starts_at, t.started_at,
           (SELECT count(*) FROM tournament_entry e WHERE e.tournament_id = t.id AND e.status IN ('registered', 'finished'))::bigint AS registered,
           t.pool_account_id, t.prize_pool_fixed_minor, t.twister_multiplier
    FROM tournament t
    WHERE (${where.id ?? null}::uuid IS NULL OR t.id = ${where.id ?? null}::uuid)
      AND (${where.status ?? null}::text IS NULL OR t.status::text = ${where.status ?? null}::text)
      AND (${where.playerId ?? null}::uuid IS NULL OR EXISTS (
            SELECT 1 FROM tournament_entry e WHERE e.tournament_id = t.id AND e.player_id = ${where.playerId ?? null}::uuid))
    ORDER BY t.starts_at NULLS FIRST, t.created_at, t.id
    LIMIT ${limit}`;
}

/** The lobby: tournaments open for registration or running (or of one status), soonest first. */
export async function listTournaments(
  db: Db,
  options: { status?: TournamentSummary['status']; limit?: number } = {},
): Promise<TournamentSummary[]> {
  const limit = Math.min(options.limit ?? tournamentListLimitMax, tournamentListLimitMax);
  return (await rows(db, { ...(options.status ? { status: options.status } : {}) }, limit)).map((r) =>
    summary(r, definitionFromJson(r.definition)),
  );
}

/** The tournaments a player entered. */
export async function playerTournaments(db: Db, playerId: string): Promise<TournamentSummary[]> {
  return (await rows(db, { playerId }, tournamentListLimitMax)).map((r) => summary(r, definitionFromJson(r.definition)));
}

/** One tournament: its summary, payouts, structure, clock and standings (aliases only: no player ids). */
export async function tournamentState(db: Db, tournamentId: string, now: Date): Promise<TournamentState> {
  const [row] = await rows(db, { id: tournamentId }, 1);
  if (!row) throw new DomainError('not-found', 'No such tournament.', { field: 'path.tournamentId' });
  const d = definitionFromJson(row.definition);
  const money = (minor: bigint) => Money.fromMinor(minor, row.currency);
  const entries = await db.$queryRaw<
    {
      alias: string;
      place_best: number | null;
      place_worst: number | null;
      prize_minor: bigint;
      bounty_minor: bigint;
      status: string;
    }[]
  >`
    SELECT 'Player ' || row_number() OVER (ORDER BY e.registered_at, e.id) AS alias, e.place_best, e.place_worst, e.prize_minor, e.bounty_minor, e.status
    FROM tournament_entry e WHERE e.tournament_id = ${tournamentId}::uuid AND e.status <> 'unregistered'
    ORDER BY e.place_best NULLS FIRST, e.registered_at, e.id`;
  const pool =
    row.prize_pool_fixed_minor ?? // a Twister drawn, a Day 2 started
    (d.twister // before the draw: the smallest pool the table can draw
      ? BigInt(d.twister.multipliers[0]!.multiplier) * d.entry.startFeeMinor
      : d.guaranteeMinor !== null && d.guaranteeMinor > row.pool_minor
        ? d.guaranteeMinor
        : row.pool_minor);
  const remaining = d.bounty?.kind === 'mystery' && row.status === 'RUNNING' ? await mysteryRemaining(db, tournamentId, d) : null;
  const reading =
    row.status === 'RUNNING' && row.started_at ? readClock(d.levels, now.getTime() - row.started_at.getTime()) : null;
  return {
    ...summary(row, d),
    payouts: placePrizes(d, Math.max(Number(row.registered), d.entrantsMin), pool).map(money),
    levels: d.levels.map((l) => ({ ...l })),
    clock: reading && { level: reading.levelIndex + 1, onBreak: reading.onBreak, msToNext: reading.msToNext },
    game: gameLineOf(d, reading?.levelIndex ?? 0),
    standings: entries.map((e) => ({
      alias: e.alias,
      placeBest: e.place_best,
      placeWorst: e.place_worst,
      prize: money(e.prize_minor),
      bounty: money(e.bounty_minor),
      status: e.status,
    })),
    satellite: d.satellite && {
      seats: d.satellite.seats,
      seatValue: money(d.satellite.targetBuyInMinor),
      targetTournamentId: d.satellite.targetTournamentId ?? null,
    },
    mysteryBounties:
      d.bounty?.kind === 'mystery'
        ? {
            published: (d.bounty.mystery ?? []).map((v) => ({ amount: money(v.amountMinor), count: v.count })),
            remaining: remaining && remaining.map(money),
          }
        : null,
    twister: d.twister ? twisterView(d, row.twister_multiplier, money) : null,
    flight: d.flight
      ? {
          day: d.flight.day,
          eventId: d.flight.day === 1 ? d.flight.eventId : row.id,
          carry: d.flight.carry,
          qualifiers: d.flight.day === 1 ? d.flight.qualifiers : null,
        }
      : null,
  };
}

/** A Twister's published table (000-001:UI-07) with each row's prize pool and the expected pool per start fees paid. */
function twisterView(d: TournamentDefinition, drawn: number | null, money: (minor: bigint) => Money): TournamentState['twister'] {
  const rows = d.twister!.multipliers;
  const expectedPpm = rows.reduce((s, row) => s + BigInt(row.probabilityPpm) * BigInt(row.multiplier), 0n);
  return {
    multipliers: rows.map((row) => ({ ...row, prizePool: money(BigInt(row.multiplier) * d.entry.startFeeMinor) })),
    // Σ p × m over the field, in bps, rounded down (the published share never overstates it).
    expectedPrizePoolBps: Number((expectedPpm * 10_000n) / (BigInt(twisterPpmTotal) * BigInt(d.entrantsMax))),
    drawnMultiplier: drawn,
  };
}

function gameLineOf(d: TournamentDefinition, levelIndex: number): TournamentState['game'] {
  const game = tournamentGameOf(d.variant);
  assert(game !== null, `tournament variant ${d.variant} is known (validated at creation)`);
  return { ...tournamentGameLine(game, levelIndex, levelIndex === d.levels.length - 1) };
}

/** A player's latest entry into a tournament (the web app's register / unregister / play, D-2616), or null. */
export async function playerEntry(
  db: Db,
  tournamentId: string,
  playerId: string,
): Promise<{ status: 'registered' | 'unregistered' | 'finished' | 'cancelled'; seated: boolean } | null> {
  const [row] = await db.$queryRaw<{ status: 'registered' | 'unregistered' | 'finished' | 'cancelled'; running: boolean }[]>`
    SELECT e.status, t.status = 'RUNNING' AS running FROM tournament_entry e JOIN tournament t ON t.id = e.tournament_id
    WHERE e.tournament_id = ${tournamentId}::uuid AND e.player_id = ${playerId}::uuid
    ORDER BY e.registered_at DESC, e.id DESC LIMIT 1`;
  return row ? { status: row.status, seated: row.running && row.status === 'registered' } : null;
}

/** The mystery bounties a running tournament has not drawn yet: the published set less the live state's knock-outs. */
async function mysteryRemaining(db: Db, tournamentId: string, d: TournamentDefinition): Promise<bigint[] | null> {
  const [row] = await db.$queryRaw<{ live_state: unknown }[]>`SELECT live_state FROM tournament WHERE id = ${tournamentId}::uuid`;
  if (!row || row.live_state === null) return null;
  const state = definitionFromJson(row.live_state) as unknown as { director: { knockOuts: { paid: [string, bigint][] }[] } };
  const left = (d.bounty?.mystery ?? []).flatMap((v) => Array.from({ length: v.count }, () => v.amountMinor));
  for (const ko of state.director.knockOuts) {
    const i = left.indexOf(ko.paid.reduce((s, [, v]) => s + v, 0n));
    if (i >= 0) left.splice(i, 1);
  }
  return left.sort((a, b) => (a === b ? 0 : a > b ? -1 : 1));
}

/** A player's satellite seat tickets, newest first (D-1956..D-1959). */
export async function playerTickets(db: Db, playerId: string): Promise<TournamentTicket[]> {
  const rows = await db.$queryRaw<
    {
      id: string;
      target_tournament_id: string;
      target_name: string;
      satellite_tournament_id: string;
      currency: CurrencyCode;
      value_minor: bigint;
      status: TournamentTicket['status'];
      entry_id: string | null;
      issued_at: Date;
    }[]
  >`
    SELECT k.id, k.target_tournament_id, t.name AS target_name, k.satellite_tournament_id, k.currency, k.value_minor, k.status,
           k.entry_id, k.issued_at
    FROM tournament_ticket k JOIN tournament t ON t.id = k.target_tournament_id
    WHERE k.player_id = ${playerId}::uuid ORDER BY k.issued_at DESC, k.id LIMIT ${tournamentListLimitMax}`;
  return rows.map((r) => ({
    ticketId: r.id,
    targetTournamentId: r.target_tournament_id,
    targetName: r.target_name,
    satelliteTournamentId: r.satellite_tournament_id,
    value: Money.fromMinor(r.value_minor, r.currency),
    status: r.status,
    entryId: r.entry_id,
    issuedAt: r.issued_at,
  }));
}
