import { monitoringEventMessage } from '@casino/compliance';
import { assert, Money, newId, type AccountId, type CurrencyCode } from '@casino/core';
import { pgBatchedTransaction, rollBack, type BatchedTransaction } from '@casino/db';
import * as ledger from '@casino/ledger';
import { decideStakeOnRead, stakeReadArguments, type DecidedStake } from '@casino/limits';
import { seatGuardOnFlags, type SeatGuardFlags } from './integrity/seat-guard.ts';
import { pokerAccountRulesOf } from './poker-account.ts';
import { pokerIntegrityDefaults } from './profile.ts';
import type { PokerStoreContext } from './store-context.ts';
import { escrowViolationOf } from './store-hands.ts';
import { LeaseLost } from './store-lease.ts';
import type { BuyInRequest, BuyInResult, TopUpRequest, TopUpResult } from './store-money.ts';
import {
  alreadySeated,
  buyInAboveMaximum,
  buyInBelowMinimum,
  notSeated,
  pokerBuyInKey,
  pokerTopUpKey,
  seatOutOfRange,
  seatTaken,
  tableClosed,
  topUpAboveMaximum,
  topUpRef,
  walletRefusalOf,
} from './store-money-rules.ts';
import { definitionFromJson, tableBuyInRange } from './store-tables.ts';

/**
 * A poker cash table's buy-in and top-up in two round trips (issue 22, D-2284), as the bet confirmation's
 * one-call path (confirm-stake.ts, D-2260, D-2264): BEGIN with `poker_take_begin` (the table row fenced by
 * the lease, the player lock, the seat guard's flags and the seats taken or the player's seat locked, the
 * play session, the wallets' ids, the self-limits' rows), then `poker_take_commit` with COMMIT (the play
 * session and seat row, the limits' counters, `ledger_post` wallet → escrow, the monitoring event's outbox
 * row, the stack, the escrow invariant), each pair one simple-protocol query on the pool's own connection
 * (`pgBatchedTransaction`, migration 20261208030000_poker_take_deposit_intent_one_call), no ORM. The rules decide in
 * between with the ORM path's own code (the buy-in range, `seatGuardOnFlags`, `decideStakeOnRead`, the
 * shared refusals of store-money-rules.ts), on rows read under the same locks in the same order.
 *
 * Only the common case: chips bought from the wallet in the table's currency (no conversion, no poker
 * account), a public table and a player kept apart from nobody, an account that may play and a wallet
 * already opened. Anything else rolls back and answers null: the caller runs the ORM transaction
 * (store-money.ts), which handles every case.
 */

let committedCount = 0;

/** Buy-ins and top-ups this process committed through this path (tests prove a case took it; not a metric). */
export function oneCallPokerTakeCount(): number {
  return committedCount;
}

const beginSql = 'SELECT poker_take_begin($1::jsonb) AS doc';
const commitSql = 'SELECT poker_take_commit($1::jsonb) AS doc';

type Json = Record<string, unknown>;

interface Begun {
  table: { id: string; currency: CurrencyCode; status: string; definition: unknown; escrow_account_id: string };
  guard: SeatGuardFlags | null;
  taken: Array<{ seat: number; player_id: string }> | null;
  session_id: string | null;
  seat: {
    id: string;
    stack_minor: string;
    play_session_id: string;
    rate_to_czk: string | null;
    top_ups: number;
    funding_currency: string | null;
  } | null;
  earlier_transaction_id: string | null;
  wallets: Record<string, string>;
  stake_state: Json | null;
}

interface Take {
  kind: 'buy-in' | 'top-up';
  playerId: string;
  seat: number;
  at: Date;
  table: Begun['table'];
  /** The stack's seating: the seat row's id (new for a buy-in). */
  seatingId: string;
  key: string;
  amountMinor: bigint;
  rateToCzk: string | undefined;
  playSessionId: string;
  /** A buy-in without an open play session starts this one (startPlaySession's create). */
  newSession: string | null;
  state: Json;
  wallet: AccountId;
  seatRow?: Json;
}

async function begin(
  ctx: PokerStoreContext,
  tx: BatchedTransaction,
  request: { tableId: string; epoch: number; playerId: string; seat: number },
  kind: Take['kind'],
  at: Date,
  topUpReference: string | null,
): Promise<Begun> {
  const read = stakeReadArguments(request.playerId, at);
  const rows = await tx.begin<{ doc: Json }>(beginSql, [
    JSON.stringify({
      kind,
      table_id: request.tableId,
      epoch: request.epoch,
      instance_id: ctx.instanceId,
      player_id: request.playerId,
      seat: request.seat,
      lock_key: read.lockKey,
      at: at.toISOString(),
      idle_since: new Date(at.getTime() - ctx.limits.profile.playingTime.idleSessionEndMs).toISOString(),
      day: read.day,
      week: read.week,
      month: read.month,
      wallet_codes: walletCodesFor(request.playerId),
      top_up_ref: topUpReference,
    }),
  ]);
  const doc = rows[0]!.doc as unknown as Begun;
  if (!doc.table) throw new LeaseLost(request.tableId, request.epoch);
  return doc;
}

// The table's currency is known only after the table's row is read: the read fills it into the ledger's own
// wallet codes (`{currency}` below), so the code's format stays the ledger's.
const currencyPlaceholder = '{currency}' as CurrencyCode;
function walletCodesFor(playerId: string): string[] {
  return [
    ledger.playerWalletSpec(playerId, 'cash', currencyPlaceholder).code,
    ledger.playerWalletSpec(playerId, 'temporary', currencyPlaceholder).code,
  ];
}

/** The wallet the ORM path's `playingWallet` would take, when opened; undefined: the ORM path (it opens it, or refuses). */
function knownWallet(begun: Begun, playerId: string, currency: CurrencyCode): AccountId | undefined {
  const limits = (begun.stake_state?.limits ?? null) as Json | null;
  const state = limits?.state;
  if (state !== 'TEMPORARY' && state !== 'REGISTERED') return undefined; // the ORM path refuses as it does
  const code = ledger.playerWalletSpec(playerId, state === 'TEMPORARY' ? 'temporary' : 'cash', currency).code;
  return begun.wallets[code] as AccountId | undefined;
}

/** A buy-in in two round trips, or null: not this path's case (nothing written; the ORM transaction runs). */
export async function buyInWithOneCall(
  ctx: PokerStoreContext,
  request: BuyInRequest,
  alias: string,
): Promise<BuyInResult | null> {
  if (request.fromWallet !== undefined) return null; // a wallet chosen to pay from: the ORM path's funding rules
  const at = ctx.clock.now();
  return take(ctx, async (tx) => {
    const begun = await begin(ctx, tx, request, 'buy-in', at, null);
    const table = begun.table;
    // store-money.ts's buyIn, check for check, in its order.
    if (table.status !== 'OPEN') throw tableClosed();
    const definition = definitionFromJson(table.definition);
    if (!Number.isInteger(request.seat) || request.seat < 1 || request.seat > definition.seatsMax)
      throw seatOutOfRange(definition.seatsMax);
    const range = tableBuyInRange(definition);
    if (request.amountMinor < range.minMinor) throw buyInBelowMinimum(range.minMinor, table.currency);
    if (range.maxMinor !== null && request.amountMinor > range.maxMinor) throw buyInAboveMaximum(range.maxMinor, table.currency);
    const rules = request.integrityOf?.(definition.profileId) ?? pokerIntegrityDefaults;
    if (!seatGuardOnFlags(begun.guard!, rules)) return null; // a private table or a separation: guardSeat's reads
    const taken = begun.taken!;
    if (taken.some((s) => s.player_id === request.playerId)) throw alreadySeated();
    if (taken.length > 0) throw seatTaken(request.seat);
    if (ctx.fx && !ctx.fx.rules.walletCurrencies.includes(table.currency)) return null; // bought at a rate
    if (pokerAccountRulesOf(ctx.profiles?.[definition.profileId])) return null; // the poker account (issue 26)
    const wallet = knownWallet(begun, request.playerId, table.currency);
    if (!wallet || !begun.stake_state) return null;
    const newSession = begun.session_id === null ? newId() : null;
    const playSessionId = begun.session_id ?? newSession!;
    const state = newSession ? withFreshSession(begun.stake_state, newSession, request.playerId, at) : begun.stake_state;
    const seatingId = newId();
    return {
      kind: 'buy-in',
      playerId: request.playerId,
      seat: request.seat,
      at,
      table,
      seatingId,
      key: pokerBuyInKey(seatingId),
      amountMinor: request.amountMinor,
      rateToCzk: request.rateToCzk,
      playSessionId,
      newSession,
      state,
      wallet,
      seatRow: {
        id: seatingId,
        seat: request.seat,
        alias,
        play_session_id: playSessionId,
        wallet_account_id: wallet,
        rate_to_czk: request.rateToCzk ?? null,
      },
    };
  }).then((done) =>
    done === null
      ? null
      : {
          seatingId: done.take.seatingId,
          seat: request.seat,
          stackMinor: request.amountMinor,
          playSessionId: done.take.playSessionId,
          ledgerTransactionId: done.transactionId,
        },
  );
}

/** A top-up in two round trips, or null: not this path's case (nothing written; the ORM transaction runs). */
export async function topUpWithOneCall(ctx: PokerStoreContext, request: TopUpRequest): Promise<TopUpResult | null> {
  const at = ctx.clock.now();
  let replayed: TopUpResult | null = null;
  const done = await take(ctx, async (tx) => {
    replayed = null;
    const reference = request.requestId !== undefined ? topUpRef(request.requestId, 0) : null;
    const begun = await begin(ctx, tx, request, 'top-up', at, reference);
    const table = begun.table;
    const seat = begun.seat;
    if (!seat) throw notSeated(request.seat);
    const stackMinor = BigInt(seat.stack_minor);
    if (begun.earlier_transaction_id !== null) {
      replayed = { stackMinor, ledgerTransactionId: begun.earlier_transaction_id, replayed: true };
      return null;
    }
    const definition = definitionFromJson(table.definition);
    const { maxMinor } = tableBuyInRange(definition);
    if (maxMinor !== null && stackMinor + request.amountMinor > maxMinor)
      throw topUpAboveMaximum(maxMinor, stackMinor, table.currency);
    if (seat.funding_currency !== null) return null; // bought at a rate (fundingOfSeat)
    if (pokerAccountRulesOf(ctx.profiles?.[definition.profileId])) return null;
    const wallet = knownWallet(begun, request.playerId, table.currency);
    if (!wallet || !begun.stake_state) return null;
    return {
      kind: 'top-up',
      playerId: request.playerId,
      seat: request.seat,
      at,
      table,
      seatingId: seat.id,
      key: pokerTopUpKey(seat.id, topUpRef(request.requestId, seat.top_ups)),
      amountMinor: request.amountMinor,
      rateToCzk: request.rateToCzk ?? seat.rate_to_czk ?? undefined,
      playSessionId: seat.play_session_id,
      newSession: null,
      state: begun.stake_state,
      wallet,
    };
  });
  if (done === null) return replayed;
  return { stackMinor: done.stackMinor, ledgerTransactionId: done.transactionId, replayed: false };
}

interface Taken {
  take: Take;
  transactionId: string;
  stackMinor: bigint;
}

/** The transaction around one take: the body reads and decides (null: roll back, not this path's case), then the commit. */
async function take(ctx: PokerStoreContext, body: (tx: BatchedTransaction) => Promise<Take | null>): Promise<Taken | null> {
  let tableId: string | undefined;
  try {
    const outcome = await pgBatchedTransaction(ctx.db, async (tx): Promise<Taken | typeof rollBack> => {
      const decided = await body(tx);
      if (decided === null) return rollBack;
      tableId = decided.table.id;
      return commit(ctx, tx, decided);
    });
    if (outcome === rollBack) return null;
    committedCount++;
    return outcome;
  } catch (error) {
    throw (tableId !== undefined ? escrowViolationOf(error, tableId) : null) ?? error;
  }
}

async function commit(ctx: PokerStoreContext, tx: BatchedTransaction, take: Take): Promise<Taken> {
  const { table, at } = take;
  const amount = Money.fromMinor(take.amountMinor, table.currency);
  const limits: DecidedStake = decideStakeOnRead(
    ctx.limits,
    {
      playerId: take.playerId,
      playSessionId: take.playSessionId,
      reference: take.key,
      amount,
      ...(take.rateToCzk !== undefined ? { rateToCzk: take.rateToCzk } : {}),
      category: 'poker-cash',
    },
    at,
    take.state,
  );
  const metadata = { game: 'poker', tableId: table.id, seatingId: take.seatingId, seat: take.seat, playerId: take.playerId };
  const posting = ledger.transferPostArguments(
    {
      idempotencyKey: take.key,
      kind: 'BUY_IN',
      debitAccountId: take.wallet,
      creditAccountId: table.escrow_account_id as AccountId,
      amount,
      metadata,
    },
    at,
  );
  assert(posting[1] === take.key && posting[3] === 'BUY_IN', "ledger_post's arguments are (id, key, hash, kind, …)");
  const monitoring = monitoringEventMessage({
    kind: 'stake',
    eventId: newId(),
    playerId: take.playerId,
    occurredAt: at.toISOString(),
    amount: { amountMinor: take.amountMinor.toString(), currency: table.currency },
    gameRoundId: `poker-seating:${take.seatingId}`,
  });
  const count = [...limits.countArguments];
  count[9] = JSON.parse(count[9] as string);
  let rows: Array<{ doc: { transaction_id: string; stack_minor: string } }>;
  try {
    rows = await tx.commit(commitSql, [
      JSON.stringify({
        kind: take.kind,
        table_id: table.id,
        escrow_account_id: table.escrow_account_id,
        player_id: take.playerId,
        at: at.toISOString(),
        new_session: take.newSession,
        seat_row: take.seatRow ?? null,
        seat_id: take.seatingId,
        amount_minor: take.amountMinor.toString(),
        count,
        post: {
          id: posting[0],
          key: take.key,
          hash: posting[2],
          metadata: JSON.parse(posting[4] as string),
          postings: JSON.parse(posting[7] as string),
        },
        outbox: { id: newId(), topic: monitoring.topic, payload: monitoring.payload },
      }),
    ]);
  } catch (error) {
    // Insufficient funds come back as the ledger's SQLSTATE, as from `transfer`.
    throw walletRefusalOf(ledger.ledgerErrorOf(error, take.key), table.currency);
  }
  const doc = rows[0]!.doc;
  return { take, transactionId: doc.transaction_id, stackMinor: BigInt(doc.stack_minor) };
}

/** `limits_stake_read`'s document with the play session `startPlaySession` would start now (none was open). */
function withFreshSession(state: Json, sessionId: string, playerId: string, at: Date): Json {
  return {
    ...state,
    session: {
      id: sessionId,
      player_id: playerId,
      started_at: at.toISOString(),
      last_activity_at: at.toISOString(),
      ended_at: null,
      end_reason: null,
      played_ms: '0',
      stakes_minor: '0',
      wins_minor: '0',
      reality_checks_shown: 0,
    },
  };
}
