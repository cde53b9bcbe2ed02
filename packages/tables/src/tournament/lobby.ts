import { DomainError, Money, type AccountId, type CurrencyCode } from '@casino/core';
import type { Db } from '@casino/db';
import * as ledger from '@casino/ledger';
import { readClock } from './clock.ts';
import type { TournamentDefinition } from './definition.ts';
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
  standings: {
    alias: string;
    placeBest: number | null;
    placeWorst: number | null;
    prize: Money;
    bounty: Money;
    status: string;
  }[];
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
           t.pool_account_id
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
  const pool = d.guaranteeMinor !== null && d.guaranteeMinor > row.pool_minor ? d.guaranteeMinor : row.pool_minor;
  const reading =
    row.status === 'RUNNING' && row.started_at ? readClock(d.levels, now.getTime() - row.started_at.getTime()) : null;
  return {
    ...summary(row, d),
    payouts: placePrizes(d, Math.max(Number(row.registered), d.entrantsMin), pool).map(money),
    levels: d.levels.map((l) => ({ ...l })),
    clock: reading && { level: reading.levelIndex + 1, onBreak: reading.onBreak, msToNext: reading.msToNext },
    standings: entries.map((e) => ({
      alias: e.alias,
      placeBest: e.place_best,
      placeWorst: e.place_worst,
      prize: money(e.prize_minor),
      bounty: money(e.bounty_minor),
      status: e.status,
    })),
  };
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
