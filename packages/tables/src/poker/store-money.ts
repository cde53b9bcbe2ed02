import { recordMonitoringEvent } from '@casino/compliance';
import { assert, DomainError, isDomainError, Money, newId, type AccountId, type CurrencyCode } from '@casino/core';
import { Decimal } from 'decimal.js';
import { lockPlayer, transaction, type Tx } from '@casino/db';
import * as fx from '@casino/fx';
import * as ledger from '@casino/ledger';
import { authorizeStake, endPlaySession, recordSettlement, startPlaySession } from '@casino/limits';
import { fundPokerAccountForChips, tableFundingWallet } from './poker-account.ts';
import type { TableEffect } from './runtime-types.ts';
import type { LeasedTable, PokerStoreContext } from './store-context.ts';
import { guardSeat } from './integrity/seat-guard.ts';
import { pokerIntegrityDefaults, type PokerIntegrityRules, type PokerRuleProfileId } from './profile.ts';
import { assertEscrowInvariant } from './store-escrow.ts';
import { fenceTable, type FencedTable } from './store-lease.ts';
import { tableBuyInRange, definitionFromJson } from './store-tables.ts';
import { buyInWithOneCall, topUpWithOneCall } from './store-money-one-call.ts';
import {
  alreadySeated,
  seatTaken,
  tableClosed,
  buyInAboveMaximum,
  buyInBelowMinimum,
  notSeated,
  pokerBuyInKey,
  pokerCashOutKey,
  pokerTopUpKey,
  seatOutOfRange,
  topUpAboveMaximum,
  topUpRef,
  walletRefusalOf,
} from './store-money-rules.ts';

/**
 * Money between a player's wallet and a poker table's escrow (issue 16). Each call is one database
 * transaction with one balanced ledger transaction, fenced by the table's lease, in the platform's
 * lock order: the table row (fenceTable), the player (lockPlayer), the player's seat, then the
 * ledger accounts. Limits: the money taken to the table (a buy-in, a top-up) is the stake, checked
 * whole before it moves (004:AMB-16, SLM-05; 002:RG-08); the money brought back is the settlement,
 * never refused (docs/limits.md, category 'poker-cash'). Ledger keys derive from the seating (the
 * seat row's id, new at every buy-in), so a retried step posts once.
 */

export { pokerBuyInKey, pokerCashOutKey, pokerTopUpKey } from './store-money-rules.ts';

export interface BuyInRequest extends LeasedTable {
  playerId: string;
  seat: number;
  /** The name shown at the table edge. */
  alias: string;
  amountMinor: bigint;
  /** CZK per unit of the table's currency, the rate the stake counts at (limits are in CZK, D-505); omit for CZK. */
  rateToCzk?: string;
  /**
   * The wallet the player pays from (002:WAL-05, T-WAL-03, D-2612): another currency than the table's is
   * converted at the current rate without fee, the rate fixed on the seat for its top-ups and cash-out.
   */
  fromWallet?: CurrencyCode;
  /** The table's profile's integrity rules (issue 18: the seat guard); absent: `pokerIntegrityDefaults`. */
  integrityOf?: (profileId: PokerRuleProfileId) => PokerIntegrityRules;
}

export interface BuyInResult {
  /** The seating: the seat row's id, from which its ledger keys derive. */
  seatingId: string;
  seat: number;
  stackMinor: bigint;
  playSessionId: string;
  ledgerTransactionId: string;
}

/**
 * A player sits down with chips bought from their wallet. Refused, rolling everything back: the
 * table closed (`table-closed`), the seat out of range (`validation-failed`), taken (`seat-taken`),
 * the player seated here already (`already-seated`), an account that cannot play
 * (`account-not-active`), excluded or out of playing time (the play session's refusals), the amount
 * outside the buy-in range (`game-action-refused`, reason `buy-in-below-minimum` or
 * `buy-in-above-maximum`), a self-limit (`limit-exceeded`), more than the wallet holds
 * (`insufficient-funds`).
 */
export const aliasLengthMax = 40;

export async function buyIn(ctx: PokerStoreContext, request: BuyInRequest): Promise<BuyInResult> {
  assertPositiveAmount(request.amountMinor);
  const alias = request.alias.trim();
  if (alias.length === 0 || alias.length > aliasLengthMax)
    throw new DomainError('validation-failed', `An alias has 1 to ${aliasLengthMax} characters.`, { field: 'body.alias' });
  // Issue 22 (D-2284): the common case in two round trips on plain `pg`; null: this path's case is not, the ORM runs.
  if (ctx.oneCallMoney !== false) {
    const done = await buyInWithOneCall(ctx, request, alias);
    if (done) return done;
  }
  return transaction(ctx.db, async (tx) => {
    const table = await fenceTable(tx, ctx.instanceId, request);
    if (table.status !== 'OPEN') throw tableClosed();
    const definition = definitionFromJson(table.definition);
    if (!Number.isInteger(request.seat) || request.seat < 1 || request.seat > definition.seatsMax)
      throw seatOutOfRange(definition.seatsMax);
    const range = tableBuyInRange(definition);
    if (request.amountMinor < range.minMinor) throw buyInBelowMinimum(range.minMinor, table.currency);
    if (range.maxMinor !== null && request.amountMinor > range.maxMinor) throw buyInAboveMaximum(range.maxMinor, table.currency);

    await lockPlayer(tx, request.playerId);
    // Suspension, private table, "not together", alias (seat-guard.ts), under the table's lock.
    await guardSeat(tx, {
      tableId: table.id,
      playerId: request.playerId,
      now: ctx.clock.now(),
      rules: request.integrityOf?.(definition.profileId) ?? pokerIntegrityDefaults,
    });
    const taken = await tx.$queryRaw<Array<{ seat: number; player_id: string }>>`
      SELECT seat, player_id FROM poker_seat WHERE table_id = ${table.id}::uuid AND (seat = ${request.seat} OR player_id = ${request.playerId}::uuid)`;
    if (taken.some((s) => s.player_id === request.playerId)) throw alreadySeated();
    if (taken.length > 0) throw seatTaken(request.seat);

    const funding = await seatFunding(ctx, tx, table.currency, request.fromWallet);
    // 003:R-WAL-03: at a table of a room with a poker account, the chips come from it (issue 26).
    const wallet = await tableFundingWallet(ctx, tx, request.playerId, definition.profileId, funding?.currency ?? table.currency);
    const rateToCzk = request.rateToCzk ?? funding?.rateToAccount;
    const { playSessionId } = await startPlaySession(ctx.limits, tx, { playerId: request.playerId });
    const seatingId = newId();
    // The seat row before the ledger (lock order: the player's rows, then ledger accounts).
    await tx.$executeRaw`
      INSERT INTO poker_seat (id, table_id, seat, player_id, alias, stack_minor, status, play_session_id, wallet_account_id,
                              rate_to_czk, funding_currency, funding_rate, bought_in_minor, seated_at)
      VALUES (${seatingId}::uuid, ${table.id}::uuid, ${request.seat}, ${request.playerId}::uuid, ${alias},
              ${request.amountMinor}, 'joining', ${playSessionId}::uuid, ${wallet}::uuid, ${rateToCzk ?? null}::numeric,
              ${funding?.currency ?? null}, ${funding?.rate ?? null}::numeric, ${request.amountMinor}, ${ctx.clock.now()})`;
    if (!funding)
      await fundPokerAccountForChips(ctx, tx, {
        playerId: request.playerId,
        profileId: definition.profileId,
        chips: Money.fromMinor(request.amountMinor, table.currency),
        idempotencyKey: `${pokerBuyInKey(seatingId)}:poker-account`,
      });
    const posted = await takeToTable(ctx, tx, table, {
      playerId: request.playerId,
      playSessionId,
      wallet,
      key: pokerBuyInKey(seatingId),
      amountMinor: request.amountMinor,
      rateToCzk,
      funding,
      seatingId,
      seat: request.seat,
    });
    await assertEscrowInvariant(tx, table.id, table.escrowAccountId);
    return {
      seatingId,
      seat: request.seat,
      stackMinor: request.amountMinor,
      playSessionId,
      ledgerTransactionId: posted.transactionId,
    };
  });
}

export interface TopUpRequest extends LeasedTable {
  playerId: string;
  seat: number;
  amountMinor: bigint;
  /**
   * The caller's id of this top-up (the player's request or the table's effect), making a retry post
   * nothing twice. Without it each call is a new top-up (the seating's count).
   */
  requestId?: string;
  /** As for the buy-in; default the seating's rate. */
  rateToCzk?: string;
}

export interface TopUpResult {
  stackMinor: bigint;
  ledgerTransactionId: string;
  /** True when `requestId` was posted before: nothing moved this time. */
  replayed: boolean;
}

/**
 * More chips for a seated player (the table decides when: between hands, queued to the hand's end,
 * or at any time; 000-001:ACC-05, 002:PK-CASH-04, 004:GAM-PC-03). The stack after it may not exceed
 * the maximum buy-in (000-001:A-25; `game-action-refused`, reason `top-up-above-maximum`). The same
 * checks as a buy-in otherwise: limits, the wallet's balance, an account that may still play. A
 * play session ended meanwhile (30 idle minutes, D-508) is renewed once.
 */
export async function topUp(ctx: PokerStoreContext, request: TopUpRequest): Promise<TopUpResult> {
  assertPositiveAmount(request.amountMinor);
  // Issue 22 (D-2284): the common case in two round trips on plain `pg`; null: the ORM transaction handles it.
  const run = async () =>
    (ctx.oneCallMoney !== false ? await topUpWithOneCall(ctx, request) : null) ??
    transaction(ctx.db, (tx) => topUpIn(ctx, tx, request));
  try {
    return await run();
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'play-session-ended') throw error;
    await renewPlaySession(ctx, request.playerId);
    return run();
  }
}

async function topUpIn(ctx: PokerStoreContext, tx: Tx, request: TopUpRequest): Promise<TopUpResult> {
  const table = await fenceTable(tx, ctx.instanceId, request);
  const definition = definitionFromJson(table.definition);
  await lockPlayer(tx, request.playerId);
  const seat = await lockSeat(tx, table.id, request.seat, request.playerId);
  const ref = topUpRef(request.requestId, seat.top_ups);
  const key = pokerTopUpKey(seat.id, ref);
  if (request.requestId !== undefined) {
    const earlier = await ledger.findTransactionIdByIdempotencyKey(tx, key);
    if (earlier) return { stackMinor: seat.stack_minor, ledgerTransactionId: earlier, replayed: true };
  }
  const { maxMinor } = tableBuyInRange(definition);
  if (maxMinor !== null && seat.stack_minor + request.amountMinor > maxMinor)
    throw topUpAboveMaximum(maxMinor, seat.stack_minor, table.currency);
  const funding = await fundingOfSeat(ctx, tx, seat, table.currency, 'top-up');
  const wallet = await tableFundingWallet(ctx, tx, request.playerId, definition.profileId, funding?.currency ?? table.currency);
  const rateToCzk = request.rateToCzk ?? seat.rate_to_czk ?? undefined;
  if (!funding)
    await fundPokerAccountForChips(ctx, tx, {
      playerId: request.playerId,
      profileId: definition.profileId,
      chips: Money.fromMinor(request.amountMinor, table.currency),
      idempotencyKey: `${key}:poker-account`,
    });
  const posted = await takeToTable(ctx, tx, table, {
    playerId: request.playerId,
    playSessionId: seat.play_session_id,
    wallet,
    key,
    amountMinor: request.amountMinor,
    rateToCzk,
    funding,
    seatingId: seat.id,
    seat: request.seat,
  });
  const [updated] = await tx.$queryRaw<[{ stack_minor: bigint }]>`
    UPDATE poker_seat SET stack_minor = stack_minor + ${request.amountMinor}, bought_in_minor = bought_in_minor + ${request.amountMinor},
                          top_ups = top_ups + 1
    WHERE id = ${seat.id}::uuid RETURNING stack_minor`;
  await assertEscrowInvariant(tx, table.id, table.escrowAccountId);
  return { stackMinor: updated.stack_minor, ledgerTransactionId: posted.transactionId, replayed: false };
}

export type ReleaseReason = Extract<TableEffect, { kind: 'release-seat' }>['reason'] | 'limits' | 'table-closed';

export interface ReleaseSeatRequest extends LeasedTable {
  playerId: string;
  seat: number;
  /** The stack the table releases: it must be the stored one (the stack after the last committed hand, plus chips bought since). */
  stackMinor: bigint;
  reason: ReleaseReason;
}

export interface ReleaseSeatResult {
  /** The cash-out's ledger transaction; null when the stack was empty. */
  ledgerTransactionId: string | null;
  creditedMinor: bigint;
  /** The player had no other seat: the play session ended. */
  playSessionEnded: boolean;
}

/**
 * The player leaves (or is removed): the chips go back to the wallet as money in one balanced
 * transfer escrow → wallet (000-001:ACC-06, 002:PK-CASH-03, WAL-11, 004:GAM-PC-02), counted as the
 * poker-cash settlement for net loss, and the seat is freed. The wallet is the one the player plays
 * from now (a registration completed meanwhile moved the balance to the cash wallet, 004:TMP-07), or,
 * for an account that may no longer play, the one the buy-in came from. The play session ends
 * when the player has no other seat at any table.
 */
export async function releaseSeat(ctx: PokerStoreContext, request: ReleaseSeatRequest): Promise<ReleaseSeatResult> {
  return transaction(ctx.db, async (tx) => {
    const table = await fenceTable(tx, ctx.instanceId, request);
    await lockPlayer(tx, request.playerId);
    const seat = await lockSeat(tx, table.id, request.seat, request.playerId);
    assert(
      seat.stack_minor === request.stackMinor,
      `poker table ${table.id} seat ${request.seat}: the table releases ${request.stackMinor}, the stored stack is ${seat.stack_minor}`,
    );
    let ledgerTransactionId: string | null = null;
    if (seat.stack_minor > 0n) {
      const amount = Money.fromMinor(seat.stack_minor, table.currency);
      const key = pokerCashOutKey(seat.id);
      await recordSettlement(ctx.limits, tx, {
        playerId: request.playerId,
        reference: key,
        amount,
        ...(seat.rate_to_czk !== null ? { rateToCzk: seat.rate_to_czk } : {}),
        category: 'poker-cash',
        playSessionId: seat.play_session_id,
      });
      const funding = await fundingOfSeat(ctx, tx, seat, table.currency, 'cash-out');
      // 003:R-WAL-06: chips go back to the poker account where the room has one (issue 26).
      const profileId = definitionFromJson(table.definition).profileId;
      const wallet = await tableFundingWallet(ctx, tx, request.playerId, profileId, funding?.currency ?? table.currency).catch(
        (error: unknown) => {
          if (isDomainError(error) && error.code === 'account-not-active') return seat.wallet_account_id as AccountId;
          throw error;
        },
      );
      const metadata = {
        game: 'poker',
        tableId: table.id,
        seatingId: seat.id,
        seat: request.seat,
        playerId: request.playerId,
        reason: request.reason,
      };
      // 004:BET-06, T-60: the chips go back at the rate of the buy-in, not today's (the FX accounts keep the difference);
      // under a profile whose game conversions run at the current rate (CZ-PS, D-2617) at today's.
      const posted = funding
        ? await fx.postConversion(
            tx,
            {
              idempotencyKey: key,
              kind: 'CASH_OUT',
              terms: cashOutTerms(funding, amount),
              debitAccountId: table.escrowAccountId as AccountId,
              creditAccountId: wallet,
              playerId: request.playerId,
              reference: `poker-seating:${seat.id}`,
              metadata,
            },
            ctx.clock.now(),
          )
        : await ledger.transfer(
            tx,
            {
              idempotencyKey: key,
              kind: 'CASH_OUT',
              debitAccountId: table.escrowAccountId as AccountId,
              creditAccountId: wallet,
              amount,
              metadata,
            },
            ctx.clock.now(),
          );
      ledgerTransactionId = posted.transactionId;
    }
    await tx.$executeRaw`DELETE FROM poker_seat WHERE id = ${seat.id}::uuid`;
    const [elsewhere] = await tx.$queryRaw<[{ seats: number }]>`
      SELECT ((SELECT count(*) FROM poker_seat WHERE player_id = ${request.playerId}::uuid)
            + (SELECT count(*) FROM table_seat WHERE player_id = ${request.playerId}::uuid))::int AS seats`;
    const playSessionEnded = elsewhere.seats === 0;
    if (playSessionEnded)
      await endPlaySession(ctx.limits, tx, {
        playerId: request.playerId,
        playSessionId: seat.play_session_id,
        reason: request.reason === 'left' ? 'left the table' : request.reason,
      });
    await assertEscrowInvariant(tx, table.id, table.escrowAccountId);
    return { ledgerTransactionId, creditedMinor: seat.stack_minor, playSessionEnded };
  });
}

interface SeatRow {
  id: string;
  stack_minor: bigint;
  play_session_id: string;
  wallet_account_id: string;
  rate_to_czk: string | null;
  funding_currency: CurrencyCode | null;
  funding_rate: string | null;
  top_ups: number;
}

/** The player's seat row, locked (after the player's lock: level 3). `not-seated` when it is not theirs. */
async function lockSeat(tx: Tx, tableId: string, seat: number, playerId: string): Promise<SeatRow> {
  const [row] = await tx.$queryRaw<SeatRow[]>`
    SELECT id, stack_minor, play_session_id, wallet_account_id, rate_to_czk::text AS rate_to_czk, top_ups,
           funding_currency, funding_rate::text AS funding_rate
    FROM poker_seat WHERE table_id = ${tableId}::uuid AND seat = ${seat} AND player_id = ${playerId}::uuid
    FOR UPDATE`;
  if (!row) throw notSeated(seat);
  return row;
}

/** The stake side of a buy-in or top-up: limits first, then wallet → escrow, then the AML event. */
async function takeToTable(
  ctx: PokerStoreContext,
  tx: Tx,
  table: FencedTable,
  move: {
    playerId: string;
    playSessionId: string;
    wallet: AccountId;
    key: string;
    amountMinor: bigint;
    rateToCzk: string | undefined;
    /** A foreign-currency seat: the wallet pays `amount × rate` in its own currency (no fee, 002:WAL-08). */
    funding?: SeatFunding | null;
    seatingId: string;
    seat: number;
  },
): Promise<ledger.Posted> {
  const amount = Money.fromMinor(move.amountMinor, table.currency);
  await authorizeStake(ctx.limits, tx, {
    playerId: move.playerId,
    playSessionId: move.playSessionId,
    reference: move.key,
    amount,
    ...(move.rateToCzk !== undefined ? { rateToCzk: move.rateToCzk } : {}),
    category: 'poker-cash',
  });
  const at = ctx.clock.now();
  let posted: ledger.Posted;
  try {
    const metadata = { game: 'poker', tableId: table.id, seatingId: move.seatingId, seat: move.seat, playerId: move.playerId };
    posted = move.funding
      ? await fx.postConversion(
          tx,
          {
            idempotencyKey: move.key,
            kind: 'BUY_IN',
            terms: fx.gameBuyInTerms(move.funding, amount),
            debitAccountId: move.wallet,
            creditAccountId: table.escrowAccountId as AccountId,
            playerId: move.playerId,
            reference: `poker-seating:${move.seatingId}`,
            metadata,
          },
          at,
        )
      : await ledger.transfer(
          tx,
          {
            idempotencyKey: move.key,
            kind: 'BUY_IN',
            debitAccountId: move.wallet,
            creditAccountId: table.escrowAccountId as AccountId,
            amount,
            metadata,
          },
          at,
        );
  } catch (error) {
    throw walletRefusalOf(error, move.funding?.currency ?? table.currency);
  }
  await recordMonitoringEvent(tx, {
    kind: 'stake',
    eventId: newId(),
    playerId: move.playerId,
    occurredAt: at.toISOString(),
    amount: { amountMinor: move.amountMinor.toString(), currency: table.currency },
    gameRoundId: `poker-seating:${move.seatingId}`,
  });
  return posted;
}

/** A new play session for a player whose session ended while seated (D-508), on every seat they hold. */
async function renewPlaySession(ctx: PokerStoreContext, playerId: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const { playSessionId } = await startPlaySession(ctx.limits, tx, { playerId });
    await tx.$executeRaw`UPDATE poker_seat SET play_session_id = ${playSessionId}::uuid WHERE player_id = ${playerId}::uuid`;
    await tx.$executeRaw`UPDATE table_seat SET play_session_id = ${playSessionId}::uuid WHERE player_id = ${playerId}::uuid`;
  });
}

function assertPositiveAmount(amountMinor: bigint): void {
  if (amountMinor <= 0n) throw new DomainError('validation-failed', 'The amount must be positive.', { field: 'body.amount' });
}

/**
 * A seat bought from a wallet in another currency than the table's (issue 18; 004:BET-05, BET-06, T-60):
 * the wallet's currency and the rate fixed at the buy-in, units of the wallet's currency per chip unit.
 */
interface SeatFunding extends fx.GameFunding {
  /** Units of the account currency per chip unit: what the stake counts at against the self-limits (SLM-04). */
  rateToAccount: string;
}

/**
 * How a new seat is paid: from the wallet the player chose to pay from (`fromWallet`, 002:WAL-05,
 * T-WAL-03, D-2612), else from the wallet in the table's currency when the profile offers one, else from
 * the profile's first wallet (CZ-FO: a EUR table from the CZK account); from another currency than the
 * table's at the current rate, without fee (002:WAL-08). Stale rates refuse the buy-in
 * (`fx-rates-stale`): no seat at an old rate. A `fromWallet` the profile offers no wallet in is
 * `wallet-currency-not-offered`.
 */
async function seatFunding(
  ctx: PokerStoreContext,
  tx: Tx,
  tableCurrency: CurrencyCode,
  fromWallet?: CurrencyCode,
): Promise<SeatFunding | null> {
  if (fromWallet !== undefined && fromWallet !== tableCurrency) {
    if (!ctx.fx?.rules.walletCurrencies.includes(fromWallet))
      throw new DomainError('wallet-currency-not-offered', `There is no ${fromWallet} wallet to pay from.`, {
        field: 'body.fromWallet',
        extensions: { walletCurrencies: ctx.fx?.rules.walletCurrencies ?? [] },
      });
  } else if (!ctx.fx || ctx.fx.rules.walletCurrencies.includes(tableCurrency)) return null;
  const walletCurrency = fromWallet ?? ctx.fx.rules.walletCurrencies[0]!;
  const rate = await fx.currentRate(ctx.fx, tableCurrency, walletCurrency, tx);
  const rateToAccount =
    walletCurrency === ctx.fx.accountCurrency
      ? rate.rate
      : (await fx.currentRate(ctx.fx, tableCurrency, ctx.fx.accountCurrency, tx)).rate;
  return {
    currency: walletCurrency,
    rate: rate.rate,
    rateToAccount,
    rateSetId: rate.rateSetId,
    source: rate.source,
    publishedAt: rate.publishedAt,
  };
}

/**
 * The funding of a seat's later movement, or null for a seat in its wallet's currency: at the rate the seat was
 * bought with (the profile's `fx.gameRate` 'stake', the default: 004:BET-06, T-60), or at the current rate
 * ('current', CZ-PS: 002:WAL-08 "converted at the XE rate", by-capability §6d `fx.winRate` "current XE"; D-2617).
 * A top-up at stale rates is refused as a buy-in is (`fx-rates-stale`); a cash-out is never refused, so at
 * stale rates it falls back to the seat's rate.
 */
async function fundingOfSeat(
  ctx: PokerStoreContext,
  tx: Tx,
  seat: SeatRow,
  tableCurrency: CurrencyCode,
  movement: 'top-up' | 'cash-out',
): Promise<SeatFunding | null> {
  const bought = await boughtFundingOfSeat(tx, seat);
  if (!bought || ctx.fx?.rules.gameRate !== 'current') return bought;
  try {
    const now = await fx.currentRate(ctx.fx, tableCurrency, bought.currency, tx);
    return { ...bought, rate: now.rate, rateSetId: now.rateSetId, source: now.source, publishedAt: now.publishedAt };
  } catch (error) {
    if (movement === 'cash-out' && isDomainError(error) && error.code === 'fx-rates-stale') return bought;
    throw error;
  }
}

/** The funding a seat was bought with, or null for a seat in its wallet's currency. */
async function boughtFundingOfSeat(tx: Tx, seat: SeatRow): Promise<SeatFunding | null> {
  if (seat.funding_currency === null || seat.funding_rate === null) return null;
  const [bought] = await tx.$queryRaw<Array<{ rate_set_id: string; rate_source: string; rate_published_at: Date }>>`
    SELECT rate_set_id, rate_source, rate_published_at FROM fx_conversion WHERE reference = ${`poker-seating:${seat.id}`}
    ORDER BY at LIMIT 1`;
  assert(bought !== undefined, `seat ${seat.id} was bought with a conversion`);
  const rate = new Decimal(seat.funding_rate).toFixed();
  return {
    currency: seat.funding_currency,
    rate,
    rateToAccount: seat.rate_to_czk ?? rate,
    rateSetId: bought.rate_set_id,
    source: bought.rate_source,
    publishedAt: bought.rate_published_at,
  };
}

/** Chips back at the same rate (004:BET-06): chips × rate in the wallet's currency. */
function cashOutTerms(funding: SeatFunding, chips: Money): fx.ConversionTerms {
  return {
    purpose: 'game',
    debit: chips,
    credit: fx.convertAt(chips, funding.rate, funding.currency),
    fee: Money.zero(funding.currency),
    feeBps: 0n,
    rate: funding.rate,
    rateSetId: funding.rateSetId,
    rateSource: funding.source,
    ratePublishedAt: funding.publishedAt,
  };
}
