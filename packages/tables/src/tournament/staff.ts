import { appendAuditEntry, type Actor } from '@casino/compliance';
import { DomainError, Money, type AccountId, type CurrencyCode } from '@casino/core';
import { transaction, type Db, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { readClock } from './clock.ts';
import type { LiveTournamentState } from './live/floor.ts';
import { listTournaments, tournamentState, type TournamentState, type TournamentSummary } from './lobby.ts';
import { cryptoRng } from '@casino/games';
import {
  cancelTournamentIn,
  createFlightEventIn,
  definitionFromJson,
  startFlightDay2In,
  type FlightEventRequest,
  type TournamentStoreContext,
} from './store.ts';

/**
 * What staff see of and do to a tournament (issue 19, D-1935; 000-001:TIME-07, 003:R-TOUR-14,
 * 003:R-TECH-04): everything about it (entries with their players, what each paid, the pool, the
 * fees, the state, the live tables with their chips), pausing and resuming it, cancelling it with the
 * profile's formula. Each action is audited in the transaction of the change.
 *
 * A pause is a state on the tournament row (`staff_paused_at`): the admin API cannot reach the game
 * service's room, and the instance driving the tournament reads the row at every hand's commit and
 * every lease renewal (live/room-store.ts), so no new hand is dealt after a pause and the clock stands
 * still; a resume is picked up at the next renewal.
 */
export interface StaffTournamentView extends TournamentState {
  definition: unknown;
  startedAt: Date | null;
  endedAt: Date | null;
  overlay: Money;
  /** What the entries paid: start fees into the pool, fees to the operator (rebuys and add-ons included). */
  startFeesPaid: Money;
  feesPaid: Money;
  refunded: Money;
  prizesPaid: Money;
  pausedByStaffAt: Date | null;
  driver: { instanceId: string; leaseExpiresAt: Date } | null;
  /** Live play: the clock at the last hand boundary and every table's seats with their chips. */
  live: {
    paused: boolean;
    handsPlayed: number;
    level: number;
    onBreak: boolean;
    tables: { tableNumber: number; seats: { seat: number; entryId: string; chips: bigint }[] }[];
  } | null;
  entries: {
    entryId: string;
    playerId: string;
    status: string;
    registeredAt: Date;
    paidStart: Money;
    paidFee: Money;
    rebuys: number;
    addOns: number;
    chips: bigint | null;
    active: boolean | null;
    placeBest: number | null;
    placeWorst: number | null;
    prize: Money;
    bounty: Money;
    refund: Money;
    /** The satellite seat ticket that paid this entry (D-1957, D-2039); null when paid from a wallet. */
    ticketId: string | null;
  }[];
  /**
   * The seat tickets into this tournament won in its satellites (D-1956..D-1959, D-2039): whose, from which
   * satellite, worth what, and whether unused (`issued`), used by an entry, or paid to the wallet (`cashed`).
   */
  tickets: {
    ticketId: string;
    playerId: string;
    satelliteTournamentId: string;
    value: Money;
    status: 'issued' | 'used' | 'cashed';
    entryId: string | null;
    issuedAt: Date;
    settledAt: Date | null;
  }[];
}

interface Row {
  id: string;
  currency: CurrencyCode;
  status: TournamentSummary['status'];
  definition: unknown;
  pool_account_id: string;
  started_at: Date | null;
  ended_at: Date | null;
  overlay_minor: bigint;
  staff_paused_at: Date | null;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  live_state: unknown;
}

/** The staff list: the lobby's summaries (any status). */
export function staffTournamentList(
  db: Db,
  options: { status?: TournamentSummary['status']; limit?: number } = {},
): Promise<TournamentSummary[]> {
  return listTournaments(db, options);
}

export async function staffTournamentView(db: Db, tournamentId: string, now: Date): Promise<StaffTournamentView> {
  const [row] = await db.$queryRaw<Row[]>`
    SELECT id, currency, status, definition, pool_account_id, started_at, ended_at, overlay_minor, staff_paused_at,
           lease_owner, lease_expires_at, live_state
    FROM tournament WHERE id = ${tournamentId}::uuid`;
  if (!row) throw new DomainError('not-found', 'No such tournament.', { field: 'params.tournamentId' });
  const base = await tournamentState(db, row.id, now);
  const money = (minor: bigint) => Money.fromMinor(minor, row.currency);
  const state = row.live_state === null ? null : (definitionFromJson(row.live_state) as unknown as LiveTournamentState);
  const inPlay = new Map(state?.director.entries.map((e) => [e.entryId, e]) ?? []);
  const entries = await db.$queryRaw<
    {
      id: string;
      player_id: string;
      status: string;
      registered_at: Date;
      paid_start_minor: bigint;
      paid_fee_minor: bigint;
      rebuys: number;
      add_ons: number;
      place_best: number | null;
      place_worst: number | null;
      prize_minor: bigint;
      bounty_minor: bigint;
      refund_minor: bigint;
      ticket_id: string | null;
    }[]
  >`
    SELECT id, player_id, status, registered_at, paid_start_minor, paid_fee_minor, rebuys, add_ons, place_best, place_worst,
           prize_minor, bounty_minor, refund_minor, ticket_id
    FROM tournament_entry WHERE tournament_id = ${row.id}::uuid ORDER BY registered_at, id`;
  const tickets = await db.$queryRaw<
    {
      id: string;
      player_id: string;
      satellite_tournament_id: string;
      value_minor: bigint;
      status: 'issued' | 'used' | 'cashed';
      entry_id: string | null;
      issued_at: Date;
      settled_at: Date | null;
    }[]
  >`
    SELECT id, player_id, satellite_tournament_id, value_minor, status, entry_id, issued_at, settled_at
    FROM tournament_ticket WHERE target_tournament_id = ${row.id}::uuid ORDER BY issued_at, id`;
  // Unregistered entries got their buy-in back: what they paid is not in the pool or the fees.
  const counted = entries.filter((e) => e.status !== 'unregistered');
  const sum = (pick: (e: (typeof entries)[number]) => bigint, list = counted) => list.reduce((a, e) => a + pick(e), 0n);
  const d = definitionFromJson(row.definition);
  const reading = state ? readClock(d.levels, state.director.elapsedMs) : null;
  return {
    ...base,
    prizePool: money((await ledger.balance(db, row.pool_account_id as AccountId)).toMinor()),
    definition: row.definition,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    overlay: money(row.overlay_minor),
    startFeesPaid: money(sum((e) => e.paid_start_minor)),
    feesPaid: money(sum((e) => e.paid_fee_minor)),
    refunded: money(sum((e) => e.refund_minor, entries)),
    prizesPaid: money(sum((e) => e.prize_minor + e.bounty_minor)),
    pausedByStaffAt: row.staff_paused_at,
    driver:
      row.lease_owner !== null && row.lease_expires_at !== null
        ? { instanceId: row.lease_owner, leaseExpiresAt: row.lease_expires_at }
        : null,
    live:
      state && reading
        ? {
            paused: state.pausedAtMs !== null,
            handsPlayed: state.director.handNumber,
            level: reading.levelIndex,
            onBreak: reading.onBreak,
            tables: state.director.tables.map(([tableNumber, seats]) => ({
              tableNumber,
              seats: seats.map(([seat, entryId]) => {
                const e = inPlay.get(entryId);
                return { seat, entryId, chips: e ? e.chips + e.pendingChips : 0n };
              }),
            })),
          }
        : null,
    entries: entries.map((e) => {
      const live = inPlay.get(e.id);
      return {
        entryId: e.id,
        playerId: e.player_id,
        status: e.status,
        registeredAt: e.registered_at,
        paidStart: money(e.paid_start_minor),
        paidFee: money(e.paid_fee_minor),
        rebuys: e.rebuys,
        addOns: e.add_ons,
        chips: live ? live.chips + live.pendingChips : null,
        active: live ? live.active : null,
        placeBest: e.place_best,
        placeWorst: e.place_worst,
        prize: money(e.prize_minor),
        bounty: money(e.bounty_minor),
        refund: money(e.refund_minor),
        ticketId: e.ticket_id,
      };
    }),
    tickets: tickets.map((t) => ({
      ticketId: t.id,
      playerId: t.player_id,
      satelliteTournamentId: t.satellite_tournament_id,
      value: money(t.value_minor),
      status: t.status,
      entryId: t.entry_id,
      issuedAt: t.issued_at,
      settledAt: t.settled_at,
    })),
  };
}

type Staff = Actor & { kind: 'staff' };

/**
 * Pauses (or resumes) a tournament: registering or running. The driving instance applies it at the
 * next hand boundary (D-1935). Pausing a paused tournament, or resuming one not paused, is a conflict.
 */
export async function setTournamentPausedByStaff(
  ctx: Pick<TournamentStoreContext, 'db' | 'clock'>,
  actor: Staff,
  request: { tournamentId: string; paused: boolean; reason: string },
): Promise<{ pausedByStaffAt: Date | null }> {
  return transaction(ctx.db, async (tx) => {
    const t = await lockRow(tx, request.tournamentId);
    if (t.status !== 'RUNNING' && t.status !== 'REGISTERING')
      throw new DomainError('conflict', 'The tournament has ended.', { extensions: { reason: 'tournament-over' } });
    if ((t.staff_paused_at !== null) === request.paused)
      throw new DomainError('conflict', request.paused ? 'The tournament is paused already.' : 'The tournament is not paused.', {
        extensions: { reason: request.paused ? 'already-paused' : 'not-paused' },
      });
    const now = ctx.clock.now();
    const pausedAt = request.paused ? now : null;
    await tx.$executeRaw`UPDATE tournament SET staff_paused_at = ${pausedAt} WHERE id = ${t.id}::uuid`;
    await appendAuditEntry(tx, actor, now, {
      action: request.paused ? 'tournament.pause' : 'tournament.resume',
      subjectType: 'tournament',
      subjectId: t.id,
      reason: request.reason,
      before: { pausedByStaffAt: t.staff_paused_at?.toISOString() ?? null },
      after: { pausedByStaffAt: pausedAt?.toISOString() ?? null },
    });
    return { pausedByStaffAt: pausedAt };
  });
}

/**
 * Cancels a tournament with its profile's formula (§2d cancel.*, `cancelTournamentIn`): every refund
 * and share one ledger transaction, the operator's shortfall or overlay returned posted, the audit
 * entry (with what each entry got) in the same database transaction. A running live tournament is
 * settled on its last hand boundary and its driver stops (the lease's epoch is raised).
 */
export async function cancelTournamentByStaff(
  ctx: TournamentStoreContext,
  actor: Staff,
  request: { tournamentId: string; reason: string },
): Promise<{ refunds: { entryId: string; refund: Money }[] }> {
  return transaction(ctx.db, async (tx) => {
    const before = await lockRow(tx, request.tournamentId);
    await cancelTournamentIn(ctx, tx, request.tournamentId);
    const refunds = (
      await tx.$queryRaw<{ id: string; refund_minor: bigint }[]>`
        SELECT id, refund_minor FROM tournament_entry WHERE tournament_id = ${before.id}::uuid AND status = 'cancelled' ORDER BY registered_at, id`
    ).map((r) => ({ entryId: r.id, refund: Money.fromMinor(r.refund_minor, before.currency) }));
    await appendAuditEntry(tx, actor, ctx.clock.now(), {
      action: 'tournament.cancel',
      subjectType: 'tournament',
      subjectId: before.id,
      reason: request.reason,
      before: { status: before.status },
      after: {
        status: 'CANCELLED',
        refunds: refunds.map((r) => ({ entryId: r.entryId, refundMinor: r.refund.toMinor().toString() })),
      },
    });
    return { refunds };
  });
}

/**
 * Creates a flight event (004:GAM-P-T-17, D-1965): its Day 2 and Day 1 flights, every definition validated against
 * its profile (`tournament-invalid`), audited with the ids created. Money moves only when players register.
 */
export async function createFlightEventByStaff(
  ctx: Pick<TournamentStoreContext, 'db' | 'clock' | 'rules' | 'poker'>,
  actor: Staff,
  request: { event: FlightEventRequest; reason: string },
): Promise<{ eventId: string; day1Ids: string[] }> {
  return transaction(ctx.db, async (tx) => {
    const created = await createFlightEventIn(ctx, tx, request.event);
    await appendAuditEntry(tx, actor, ctx.clock.now(), {
      action: 'tournament.create-flight-event',
      subjectType: 'tournament',
      subjectId: created.eventId,
      reason: request.reason,
      before: null,
      after: { name: request.event.day2.name, carry: request.event.day2.flight?.carry ?? null, day1Ids: created.day1Ids },
    });
    return created;
  });
}

/**
 * Starts a flight event's Day 2 (004:GAM-P-T-17, D-1965): the qualifiers seated with their carried stacks and the
 * live state stored, so the game service's room claims it and deals (as a sit & go filled by a registration).
 * Floor work that moves no money; audited with the stacks carried.
 */
export async function startFlightDay2ByStaff(
  ctx: TournamentStoreContext,
  actor: Staff,
  request: { tournamentId: string; reason: string },
): Promise<{ started: boolean; entries: { entryId: string; chips: bigint }[] }> {
  return transaction(ctx.db, async (tx) => {
    const before = await lockRow(tx, request.tournamentId);
    const { started, entries } = await startFlightDay2In(ctx, tx, request.tournamentId, { live: { rng: cryptoRng } });
    await appendAuditEntry(tx, actor, ctx.clock.now(), {
      action: 'tournament.start-day-2',
      subjectType: 'tournament',
      subjectId: before.id,
      reason: request.reason,
      before: { status: before.status },
      after: { started, entries: entries.map((e) => ({ entryId: e.entryId, chips: e.chips.toString() })) },
    });
    return { started, entries: entries.map((e) => ({ entryId: e.entryId, chips: e.chips })) };
  });
}

async function lockRow(tx: Tx, tournamentId: string) {
  const [row] = await tx.$queryRaw<{ id: string; status: string; currency: CurrencyCode; staff_paused_at: Date | null }[]>`
    SELECT id, status::text AS status, currency, staff_paused_at FROM tournament WHERE id = ${tournamentId}::uuid FOR UPDATE`;
  if (!row) throw new DomainError('not-found', 'No such tournament.', { field: 'params.tournamentId' });
  return row;
}
