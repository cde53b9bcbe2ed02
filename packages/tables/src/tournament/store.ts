import { recordMonitoringEvent } from '@casino/compliance';
import { assert, DomainError, Money, newId, type AccountId, type Clock, type CurrencyCode } from '@casino/core';
import { transaction, type Db, type Tx } from '@casino/db';
import { cryptoRng, type Rng } from '@casino/games';
import * as fx from '@casino/fx';
import * as ledger from '@casino/ledger';
import { Decimal } from 'decimal.js';
import {
  authorizeStake,
  authorizeTournamentEntry,
  recordSettlement,
  startPlaySession,
  type EnforcementContext,
} from '@casino/limits';
import { playingWallet } from '../money.ts';
import type { PokerRuleProfile, PokerRuleProfileId } from '../poker/profile.ts';
import { cancellationPoolMinor, settleCancellation } from './cancellation.ts';
import { tournamentDefinitionProblems, type FlightCarry, type FlightDay, type TournamentDefinition } from './definition.ts';
import {
  isNewEntryPlan,
  TournamentDirector,
  type Decide,
  type NewEntryPlan,
  type PurchasePlan,
  type TournamentPurchaseKind,
} from './director.ts';
import type { LiveTournamentState } from './live/floor.ts';
import { tableAlias } from '../poker/room-store.ts';
import { lateRegistrationOpen, rebuyOpen } from './clock.ts';
import { guaranteeStartRefusal, overlayMinor, placePrizes, splitEqually, twisterDraw } from './prizes.ts';
import type { TournamentRuleProfile } from './rules.ts';

/**
 * Tournament money (issue 19): every movement one balanced ledger transaction in the database
 * transaction of the change that caused it, in the platform's lock order (the tournament row, the
 * player, then ledger accounts). The prize pool is a ledger account (owner TOURNAMENT); a buy-in
 * debits the wallet by start fee + fee, credits the pool with the start fee and the operator's fee
 * revenue with the fee (000-001:T-66, 003:S-76); the whole buy-in is the stake the self-limits check
 * (category 'poker-tournament', docs/limits.md). Prizes and bounties leave the pool; an overlay comes
 * from the operator's tournament-overlay expense account (004:T-150). Ledger keys derive from the
 * entry and the tournament, so a retried step posts once.
 */
export interface TournamentStoreContext {
  db: Db;
  clock: Clock;
  limits: EnforcementContext;
  /** The profiles' tournament settings and poker rules (from @casino/operator). */
  rules: Readonly<Record<PokerRuleProfileId, TournamentRuleProfile>>;
  poker: Readonly<Record<PokerRuleProfileId, PokerRuleProfile>>;
  /** Wallets per currency (issue 26, D-2615): a buy-in paid from another currency's wallet is converted here. */
  fx?: fx.FxContext;
}

export const tournamentBuyInKey = (entryId: string) => `tournament:entry:${entryId}:buy-in`;
export const tournamentRefundKey = (entryId: string) => `tournament:entry:${entryId}:refund`;
export const tournamentPrizeKey = (entryId: string) => `tournament:entry:${entryId}:prize`;
export const tournamentOverlayKey = (tournamentId: string, step: string) => `tournament:${tournamentId}:overlay:${step}`;
export const tournamentTicketKey = (ticketId: string, step: 'issue' | 'cash') => `tournament:ticket:${ticketId}:${step}`;
/** The ledger account holding the value of a target tournament's seat tickets until they are used or cashed (D-1957). */
export const tournamentTicketAccountCode = (targetTournamentId: string, currency: CurrencyCode) =>
  `tournament:${targetTournamentId}:tickets:${currency}`;

// ---- definitions as JSON: bigints tagged, so nothing is lost ----

export function definitionToJson(d: TournamentDefinition): unknown {
  return JSON.parse(JSON.stringify(d, (_key, value: unknown) => (typeof value === 'bigint' ? { $n: value.toString() } : value)));
}

export function definitionFromJson(json: unknown): TournamentDefinition {
  return JSON.parse(JSON.stringify(json), (_key, value: unknown) =>
    value !== null && typeof value === 'object' && '$n' in value && Object.keys(value).length === 1
      ? BigInt((value as { $n: string }).$n)
      : value,
  ) as TournamentDefinition;
}

// ---- creating ----

export async function createTournament(
  // Creating touches no player's limits: the demo seed calls it without an enforcement context.
  ctx: Pick<TournamentStoreContext, 'db' | 'clock' | 'rules' | 'poker'>,
  request: { definition: TournamentDefinition; startsAt?: Date },
): Promise<{ tournamentId: string }> {
  const d = request.definition;
  const refusal = definitionRefusal(ctx, d, 'body.definition');
  if (refusal) throw refusal;
  // A flight's days are created together (createFlightEvent), so a Day 1 always names an existing Day 2.
  if (d.flight)
    throw new DomainError('tournament-invalid', "flight a flight event's days are created together (createFlightEvent)", {
      field: 'body.definition.flight',
      extensions: { problems: [{ field: 'flight', message: 'a flight event is created with its days together' }] },
    });
  return transaction(ctx.db, async (tx) => createTournamentIn(ctx, tx, d, request.startsAt));
}

/** Problems of `d` under its profile, as the `tournament-invalid` refusal (`field` prefixed by `prefix`). */
function definitionRefusal(
  ctx: Pick<TournamentStoreContext, 'rules' | 'poker'>,
  d: TournamentDefinition,
  prefix: string,
): DomainError | null {
  const rules = ctx.rules[d.profileId];
  const poker = ctx.poker[d.profileId];
  const problems =
    rules && poker ? tournamentDefinitionProblems(d, rules, poker) : [{ field: 'profileId', message: 'unknown profile' }];
  if (problems.length === 0) return null;
  return new DomainError('tournament-invalid', `${problems[0]!.field} ${problems[0]!.message}`, {
    field: `${prefix}.${problems[0]!.field}`,
    extensions: { problems },
  });
}

async function createTournamentIn(
  ctx: Pick<TournamentStoreContext, 'clock'>,
  tx: Tx,
  d: TournamentDefinition,
  startsAt: Date | undefined,
): Promise<{ tournamentId: string }> {
  const tournamentId = newId();
  {
    if (d.satellite?.targetTournamentId !== undefined) await checkSeatTarget(tx, d, d.satellite.targetTournamentId);
    const pool = await ledger.openAccount(tx, {
      code: `tournament:${tournamentId}:pool:${d.currency}`,
      ownerKind: 'TOURNAMENT',
      ownerId: tournamentId,
      purpose: 'tournament',
      currency: d.currency,
      type: 'LIABILITY',
      allowNegative: false,
      shardCount: 1,
    });
    await tx.$executeRaw`
      INSERT INTO tournament (id, name, profile_id, kind, currency, definition, pool_account_id, starts_at, created_at)
      VALUES (${tournamentId}::uuid, ${d.name}, ${d.profileId}, ${d.kind}, ${d.currency}, ${JSON.stringify(definitionToJson(d))}::jsonb,
              ${pool.id}::uuid, ${startsAt ?? null}, ${ctx.clock.now()})`;
    return { tournamentId };
  }
}

/**
 * Creates a flight event (004:GAM-P-T-17, D-1965): its Day 2 (the event: its prize pool, payouts and start) and its
 * Day 1 flights, each a scheduled tournament whose definition names the Day 2 (`flight.eventId`) and its carry rule,
 * in one transaction. The Day 1s are played in the event's game, currency and buy-in; the Day 2 shows that buy-in
 * and the starting chips but takes no registration: its entrants are the Day 1 qualifiers (`startFlightDay2`).
 */
export interface FlightEventRequest {
  day2: TournamentDefinition;
  day2StartsAt: Date;
  day1s: readonly { definition: Omit<TournamentDefinition, 'flight'>; qualifiers: number; startsAt: Date }[];
}

export async function createFlightEvent(
  ctx: Pick<TournamentStoreContext, 'db' | 'clock' | 'rules' | 'poker'>,
  request: FlightEventRequest,
): Promise<{ eventId: string; day1Ids: string[] }> {
  return transaction(ctx.db, (tx) => createFlightEventIn(ctx, tx, request));
}

/** `createFlightEvent` inside the caller's transaction (the staff route audits in it). */
export async function createFlightEventIn(
  ctx: Pick<TournamentStoreContext, 'clock' | 'rules' | 'poker'>,
  tx: Tx,
  request: FlightEventRequest,
): Promise<{ eventId: string; day1Ids: string[] }> {
  const { day2 } = request;
  const invalid = (field: string, message: string) =>
    new DomainError('tournament-invalid', `${field} ${message}`, {
      field: `body.${field}`,
      extensions: { problems: [{ field, message }] },
    });
  if (day2.flight?.day !== 2) throw invalid('day2.flight', 'a Day 2 names its carry rule (flight.day 2)');
  const refusal = definitionRefusal(ctx, day2, 'body.day2');
  if (refusal) throw refusal;
  if (request.day1s.length < 1 || request.day1s.length > flightDay1sMax)
    throw invalid('day1s', `1 to ${flightDay1sMax} Day 1 flights`);
  const placeholder = '00000000-0000-0000-0000-000000000000';
  const day1s = request.day1s.map((day1, i) => {
    const same = day1.definition;
    if (
      same.profileId !== day2.profileId ||
      same.currency !== day2.currency ||
      same.variant !== day2.variant ||
      same.entry.startFeeMinor !== day2.entry.startFeeMinor ||
      same.entry.feeMinor !== day2.entry.feeMinor ||
      same.entry.chips !== day2.entry.chips
    )
      throw invalid(`day1s.${i}.definition`, "plays the event's profile, game, currency, buy-in and starting chips");
    if (day1.startsAt >= request.day2StartsAt) throw invalid(`day1s.${i}.startsAt`, 'before the Day 2');
    if (day1.startsAt <= ctx.clock.now()) throw invalid(`day1s.${i}.startsAt`, 'in the future');
    const d: TournamentDefinition = {
      ...same,
      flight: { day: 1, eventId: placeholder, carry: day2.flight!.carry as FlightCarry, qualifiers: day1.qualifiers },
    };
    const problem = definitionRefusal(ctx, d, `body.day1s.${i}.definition`);
    if (problem) throw problem;
    return { d, startsAt: day1.startsAt };
  });
  {
    const { tournamentId: eventId } = await createTournamentIn(ctx, tx, day2, request.day2StartsAt);
    const day1Ids: string[] = [];
    for (const day1 of day1s) {
      const d = { ...day1.d, flight: { ...(day1.d.flight as Extract<FlightDay, { day: 1 }>), eventId } };
      day1Ids.push((await createTournamentIn(ctx, tx, d, day1.startsAt)).tournamentId);
    }
    return { eventId, day1Ids };
  }
}

/** The most Day 1 flights an event may have. */
export const flightDay1sMax = 20;

/**
 * A seat satellite's target (003:R-WAL-08, R-PAY-02, S-85, 000-001:TRN-22; D-1956): an existing tournament still
 * registering, in the satellite's currency, whose whole buy-in (start fee + fee) is the satellite's `targetBuyInMinor`.
 */
async function checkSeatTarget(tx: Tx, d: TournamentDefinition, targetId: string): Promise<void> {
  const invalid = (message: string) =>
    new DomainError('tournament-invalid', `satellite.targetTournamentId ${message}`, {
      field: 'body.definition.satellite.targetTournamentId',
      extensions: { problems: [{ field: 'satellite.targetTournamentId', message }] },
    });
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(targetId)) throw invalid('is not a tournament id');
  const [target] = await tx.$queryRaw<{ status: string; currency: string; definition: unknown }[]>`
    SELECT status, currency, definition FROM tournament WHERE id = ${targetId}::uuid`;
  if (!target) throw invalid('names no tournament');
  if (target.status !== 'REGISTERING') throw invalid('names a tournament no longer registering');
  if (target.currency !== d.currency) throw invalid('names a tournament in another currency');
  const entry = definitionFromJson(target.definition).entry;
  if (entry.startFeeMinor + entry.feeMinor !== d.satellite!.targetBuyInMinor)
    throw invalid(`names a tournament whose buy-in is ${entry.startFeeMinor + entry.feeMinor}, not targetBuyInMinor`);
}

interface TournamentRow {
  id: string;
  status: 'REGISTERING' | 'RUNNING' | 'FINISHED' | 'CANCELLED';
  currency: CurrencyCode;
  definition: unknown;
  pool_account_id: string;
  starts_at: Date | null;
  overlay_minor: bigint;
}

async function lockTournament(tx: Tx, tournamentId: string): Promise<TournamentRow & { d: TournamentDefinition }> {
  const [row] = await tx.$queryRaw<TournamentRow[]>`
    SELECT id, status, currency, definition, pool_account_id, starts_at, overlay_minor FROM tournament
    WHERE id = ${tournamentId}::uuid FOR UPDATE`;
  if (!row) throw new DomainError('not-found', 'No such tournament.', { field: 'path.tournamentId' });
  return { ...row, d: definitionFromJson(row.definition) };
}

const refused = (reason: string, detail: string) =>
  new DomainError('tournament-registration-refused', detail, { extensions: { reason } });

// ---- registration ----

/**
 * Registers a player (000-001:TRN-06, T-67; 003:R-TOUR-04, 05): refused (`tournament-registration-refused`
 * with `reason`) when registration is closed (started, past its start time), when no seat is left, or
 * when the player is registered already; then the entry count (`admitEntry`: `tournament-limits-not-set`,
 * `limit-exceeded` on a tournament-count limit, 003:S-73), the money and time self-limits (`limit-exceeded`,
 * 003:S-72: a player at a limit finishes running tournaments but registers for no more) and the wallet
 * (`insufficient-funds`).
 * Returns whether a sit & go is now full (the caller starts it, 002:SNG-01).
 */
export async function registerForTournament(
  ctx: TournamentStoreContext,
  request: {
    tournamentId: string;
    playerId: string;
    /** A sit & go filled by this registration starts in its transaction (D-1934), seated for live play with this generator. */
    startWhenFull?: { rng: Rng };
    /** The wallet that pays (002:WAL-09, BET-04, T-WAL-05; D-2615); default the wallet in the tournament's currency. */
    fromWallet?: CurrencyCode;
    /**
     * The debit the player confirmed (002:WAL-09: the amount shown before the confirmation, `tournamentBuyInPrice`);
     * another amount now (the rate moved) is `fx-quote-expired` and nothing is written.
     */
    confirmedDebit?: Money;
  },
): Promise<{
  entryId: string;
  full: boolean;
  started: boolean;
  ledgerTransactionId: string;
  debit: Money | null;
  ticketId?: string;
}> {
  return transaction(ctx.db, async (tx) => {
    const t = await lockTournament(tx, request.tournamentId);
    if (t.status !== 'REGISTERING') throw refused('registration-closed', 'Registration for this tournament is closed.');
    if (t.starts_at !== null && ctx.clock.now() >= t.starts_at)
      throw refused('registration-closed', 'The registration deadline has passed.');
    const [{ count }] = await tx.$queryRaw<[{ count: bigint }]>`
      SELECT count(*)::bigint AS count FROM tournament_entry WHERE tournament_id = ${t.id}::uuid AND status = 'registered'`;
    if (Number(count) >= t.d.entrantsMax) throw refused('no-seats-left', 'Every seat of this tournament is taken.');
    const [mine] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM tournament_entry WHERE tournament_id = ${t.id}::uuid AND player_id = ${request.playerId}::uuid AND status = 'registered'`;
    if (mine) throw refused('already-registered', 'You are registered for this tournament already.');
    await checkFlightRegistration(tx, t.d, request.playerId);

    // A seat ticket the player won in a satellite pays the whole buy-in instead of a wallet (D-1957): no price to confirm.
    const ticket = await issuedTicketOf(tx, t.id, request.playerId);
    const price = ticket ? null : await priceIn(ctx, tx, t, request.fromWallet);
    if (price) checkConfirmed(price, request.confirmedDebit, 'buy-in');
    await admitEntry(ctx, tx, t.d, request.playerId);
    // The entry's wallet stays the one in the tournament's currency (rebuys, prizes); a converted buy-in's paying wallet is its conversion's.
    const wallet = await playingWallet(tx, request.playerId, t.currency);
    const { playSessionId } = await startPlaySession(ctx.limits, tx, { playerId: request.playerId });
    const entryId = newId();
    const { startFeeMinor, feeMinor } = t.d.entry;
    await tx.$executeRaw`
      INSERT INTO tournament_entry (id, tournament_id, player_id, status, wallet_account_id, play_session_id, paid_start_minor, paid_fee_minor,
                                    registered_at, ticket_id)
      VALUES (${entryId}::uuid, ${t.id}::uuid, ${request.playerId}::uuid, 'registered', ${wallet}::uuid, ${playSessionId}::uuid,
              ${startFeeMinor}, ${feeMinor}, ${ctx.clock.now()}, ${ticket?.id ?? null}::uuid)`;
    const paying = price?.funding ? await playingWallet(tx, request.playerId, price.funding.currency) : wallet;
    const posted = !price
      ? await useTicket(ctx, tx, t, { ticketId: ticket!.id, valueMinor: ticket!.value_minor, entryId })
      : await postBuyIn(ctx, tx, t, {
          entryId,
          playerId: request.playerId,
          playSessionId,
          wallet: paying,
          funding: price.funding,
        });
    const full = Number(count) + 1 === t.d.entrantsMax && t.d.kind === 'sit-and-go';
    const started = full && request.startWhenFull ? (await startIn(ctx, tx, t, { live: request.startWhenFull })).started : false;
    const debit = price && price.total.toMinor() !== 0n ? price.debit : null;
    return { entryId, full, started, ledgerTransactionId: posted, debit, ...(ticket ? { ticketId: ticket.id } : {}) };
  });
}

/**
 * A flight event's registration rules (004:GAM-P-T-17, D-1968): its Day 2 takes no registration (its entrants are
 * the Day 1 qualifiers); under the plain `flight` carry a player plays one Day 1 at a time and none after
 * qualifying (one stack to carry), while `best-stack-forward` and `stack-builder` let a player enter several.
 */
async function checkFlightRegistration(tx: Tx, d: TournamentDefinition, playerId: string): Promise<void> {
  if (!d.flight) return;
  if (d.flight.day === 2) throw refused('flight-day-2', 'Day 2 seats the Day 1 qualifiers: register for a Day 1 flight.');
  if (d.flight.carry !== 'flight') return;
  const [other] = await tx.$queryRaw<{ status: string }[]>`
    SELECT e.status FROM tournament_entry e JOIN tournament t ON t.id = e.tournament_id
    WHERE e.player_id = ${playerId}::uuid AND t.definition->'flight'->>'eventId' = ${d.flight.eventId}
      AND (e.status = 'registered' OR e.bagged_chips IS NOT NULL)
    LIMIT 1`;
  if (other?.status === 'registered')
    throw refused('flight-entered', 'You are in another Day 1 flight of this event: one at a time.');
  if (other) throw refused('flight-qualified', 'You qualified for Day 2 already.');
}

/**
 * One new entry of a player into a tournament under the self-limits' entry count (003:R-LIM-02, R-TOUR-06,
 * S-73), in the entering transaction after the tournament lock and before any money moves: takes the
 * player lock, counts the entry against the tournament-count limits where the jurisdiction has them, and
 * requires them set where the tournament's rule book does (`tournamentCountLimits`). Every path that makes
 * an entry calls it (registration; re-entry and late registration too); rebuys and add-ons do not.
 */
export async function admitEntry(ctx: TournamentStoreContext, tx: Tx, d: TournamentDefinition, playerId: string): Promise<void> {
  const rules = ctx.rules[d.profileId];
  assert(rules !== undefined, `the tournament's profile ${d.profileId} has rules`);
  await authorizeTournamentEntry(ctx.limits, tx, { playerId, countLimitsRequired: rules.tournamentCountLimits });
}

/**
 * A buy-in paid from a wallet in another currency than the tournament's (002:WAL-08, WAL-09, T-WAL-03; D-2615):
 * the wallet's currency and the rate of the moment, units of the wallet's currency per tournament unit, no fee.
 */
interface EntryFunding extends fx.GameFunding {
  /** Units of the account currency per tournament unit: what the stake counts at against the self-limits. */
  rateToAccount: string;
}

/** What registering costs now and from which wallet (002:BET-03, WAL-09; D-2615). */
export interface TournamentBuyInPrice {
  startFee: Money;
  fee: Money;
  /** Start fee + fee, in the tournament's currency. */
  total: Money;
  /** What leaves the paying wallet: `total` converted at `rate` (banker's rounding once, no fee), or `total` itself. */
  debit: Money;
  /** Units of the paying wallet's currency per tournament unit; null when no conversion. */
  rate: string | null;
  ratePublishedAt: Date | null;
}

/**
 * The buy-in of a tournament paid from `fromWallet` at the current rate (002:WAL-09: shown before the player
 * confirms; 002:T-WAL-03: USD 10 from EUR at 1.08 USD/EUR is EUR 9.26). Refused as the registration would be:
 * no such wallet under the profile (`wallet-currency-not-offered` on `body.fromWallet`), stale rates.
 */
export async function tournamentBuyInPrice(
  ctx: TournamentStoreContext,
  request: { tournamentId: string; fromWallet?: CurrencyCode; purchase?: 'rebuy' | 'add-on' },
): Promise<TournamentBuyInPrice> {
  return transaction(ctx.db, async (tx) => {
    const [row] = await tx.$queryRaw<TournamentRow[]>`
      SELECT id, status, currency, definition, pool_account_id, starts_at, overlay_minor FROM tournament WHERE id = ${request.tournamentId}::uuid`;
    if (!row) throw new DomainError('not-found', 'No such tournament.', { field: 'path.tournamentId' });
    const t = { ...row, d: definitionFromJson(row.definition) };
    const { funding: _funding, ...price } = await priceIn(
      ctx,
      tx,
      t,
      request.fromWallet,
      request.purchase === undefined ? t.d.entry : chipsPrice(t.d, request.purchase),
    );
    return price;
  });
}

async function priceIn(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow & { d: TournamentDefinition },
  fromWallet: CurrencyCode | undefined,
  /** What is bought: the entry (registration, re-entry, late registration), or a rebuy's or add-on's price (D-2618). */
  charge: { startFeeMinor: bigint; feeMinor: bigint } = t.d.entry,
): Promise<TournamentBuyInPrice & { funding: EntryFunding | null }> {
  const money = (minor: bigint) => Money.fromMinor(minor, t.currency);
  const { startFeeMinor, feeMinor } = charge;
  const total = money(startFeeMinor + feeMinor);
  const base = { startFee: money(startFeeMinor), fee: money(feeMinor), total };
  // No choice named: the wallet in the tournament's currency, else the profile's first (CZ-FO: a EUR tournament
  // from the CZK account, 004:BET-06), as a cash table's seat (D-2607).
  if (fromWallet === undefined && ctx.fx && !ctx.fx.rules.walletCurrencies.includes(t.currency))
    fromWallet = ctx.fx.rules.walletCurrencies[0];
  if (fromWallet === undefined || fromWallet === t.currency)
    return { ...base, debit: total, rate: null, ratePublishedAt: null, funding: null };
  if (!ctx.fx?.rules.walletCurrencies.includes(fromWallet))
    throw new DomainError('wallet-currency-not-offered', `There is no ${fromWallet} wallet to pay from.`, {
      field: 'body.fromWallet',
      extensions: { walletCurrencies: ctx.fx?.rules.walletCurrencies ?? [] },
    });
  const rate = await fx.currentRate(ctx.fx, t.currency, fromWallet, tx);
  const rateToAccount =
    fromWallet === ctx.fx.accountCurrency
      ? rate.rate
      : (await fx.currentRate(ctx.fx, t.currency, ctx.fx.accountCurrency, tx)).rate;
  const funding: EntryFunding = {
    currency: fromWallet,
    rate: rate.rate,
    rateToAccount,
    rateSetId: rate.rateSetId,
    source: rate.source,
    publishedAt: rate.publishedAt,
  };
  return {
    ...base,
    debit: fx.convertAt(total, rate.rate, fromWallet),
    rate: rate.rate,
    ratePublishedAt: rate.publishedAt,
    funding,
  };
}

const sameMoney = (a: Money, b: Money) => a.currency === b.currency && a.toMinor() === b.toMinor();

/** A rebuy's or add-on's price; a tournament without one refuses it (`no-rebuy`, `no-add-on`). */
function chipsPrice(d: TournamentDefinition, purchase: 'rebuy' | 'add-on'): { startFeeMinor: bigint; feeMinor: bigint } {
  const price = purchase === 'rebuy' ? d.rebuy : d.addOn;
  if (!price) throw refused(`no-${purchase}`, `This tournament has no ${purchase}.`);
  return price;
}

/** 002:WAL-09: the debit confirmed must still be the debit, else `fx-quote-expired` and nothing is written. */
function checkConfirmed(price: TournamentBuyInPrice, confirmedDebit: Money | undefined, what: string): void {
  if (confirmedDebit !== undefined && !sameMoney(confirmedDebit, price.debit))
    throw new DomainError(
      'fx-quote-expired',
      `The ${what} now costs ${price.debit}, not the ${confirmedDebit} you confirmed: confirm again.`,
      { field: 'body.confirmedDebit', extensions: { debit: price.debit.toJSON() } },
    );
}

/** The reference of an entry's buy-in conversion in `fx_conversion` (its refund's: `…:refund`). */
const entryReference = (entryId: string) => `tournament-entry:${entryId}`;

async function postBuyIn(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow & { d: TournamentDefinition },
  e: { entryId: string; playerId: string; playSessionId: string; wallet: AccountId; funding?: EntryFunding | null },
): Promise<string> {
  const { startFeeMinor, feeMinor } = t.d.entry;
  const total = startFeeMinor + feeMinor;
  if (total === 0n) return ''; // a freeroll moves no money (000-001:T-66)
  const key = tournamentBuyInKey(e.entryId);
  const money = (minor: bigint) => Money.fromMinor(minor, t.currency);
  const rateToAccount = e.funding?.rateToAccount ?? (await stakeRateToAccount(ctx, tx, t.currency));
  await authorizeStake(ctx.limits, tx, {
    playerId: e.playerId,
    playSessionId: e.playSessionId,
    reference: key,
    amount: money(total),
    ...(rateToAccount ? { rateToCzk: rateToAccount } : {}),
    category: 'poker-tournament',
  });
  const at = ctx.clock.now();
  const posted = await postPayment(ctx, tx, t, {
    key,
    reference: entryReference(e.entryId),
    entryId: e.entryId,
    playerId: e.playerId,
    wallet: e.wallet,
    charge: t.d.entry,
    funding: e.funding ?? null,
    rateToAccount,
  });
  await recordMonitoringEvent(tx, {
    kind: 'stake',
    eventId: newId(),
    playerId: e.playerId,
    occurredAt: at.toISOString(),
    amount: { amountMinor: total.toString(), currency: t.currency },
    gameRoundId: `tournament-entry:${e.entryId}`,
  });
  return posted.transactionId;
}

/**
 * One payment into a tournament (a buy-in, a rebuy, an add-on) as one BUY_IN ledger transaction: start fee to the pool,
 * fee to the operator's fee revenue; paid from another currency's wallet through the FX accounts at the funding's rate,
 * no fee (002:WAL-08, T-WAL-03; D-2615, D-2618), the conversion recorded under `reference`. Too little in the paying
 * wallet is `insufficient-funds` (on `body.fromWallet` when converted).
 */
async function postPayment(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow & { d: TournamentDefinition },
  e: {
    key: string;
    reference: string;
    entryId: string;
    playerId: string;
    wallet: AccountId;
    charge: { startFeeMinor: bigint; feeMinor: bigint };
    funding: EntryFunding | null;
    /** The stake's rate to the account currency (limits), kept with the payment for its refund; none in that currency. */
    rateToAccount: string | undefined;
  },
): Promise<ledger.Posted> {
  const { startFeeMinor, feeMinor } = e.charge;
  const total = startFeeMinor + feeMinor;
  const key = e.key;
  const money = (minor: bigint) => Money.fromMinor(minor, t.currency);
  const at = ctx.clock.now();
  let posted: ledger.Posted;
  if (e.funding) {
    // One BUY_IN through the FX accounts (002:WAL-08, T-WAL-03; D-2615): the wallet pays the converted total, the pool
    // gets the start fee and the fee revenue the fee, in the tournament's currency.
    const chips = money(total);
    const creditSplit = [{ accountId: t.pool_account_id as AccountId, amount: money(startFeeMinor) }];
    if (feeMinor > 0n) creditSplit.push({ accountId: await feeRevenue(tx, t.currency), amount: money(feeMinor) });
    const terms = fx.gameBuyInTerms(e.funding, chips);
    try {
      posted = await fx.postConversion(
        tx,
        {
          idempotencyKey: key,
          kind: 'BUY_IN',
          terms,
          debitAccountId: e.wallet,
          creditAccountId: t.pool_account_id as AccountId,
          creditSplit,
          playerId: e.playerId,
          reference: e.reference,
          metadata: { ...meta(t.id, e.entryId), rateToAccount: e.funding.rateToAccount },
        },
        at,
      );
    } catch (error) {
      if (error instanceof ledger.InsufficientFunds)
        throw new DomainError(
          'insufficient-funds',
          `The wallet holds ${Money.fromMinor(error.balanceMinor, e.funding.currency)}.`,
          { field: 'body.fromWallet', extensions: { balance: Money.fromMinor(error.balanceMinor, e.funding.currency).toJSON() } },
        );
      throw error;
    }
  } else {
    const postings: ledger.PostingLine[] = [{ accountId: e.wallet, amount: money(total) }];
    if (startFeeMinor > 0n) postings.push({ accountId: t.pool_account_id as AccountId, amount: money(-startFeeMinor) });
    if (feeMinor > 0n) postings.push({ accountId: await feeRevenue(tx, t.currency), amount: money(-feeMinor) });
    posted = await postOrRefuse(
      tx,
      {
        idempotencyKey: key,
        kind: 'BUY_IN',
        postings,
        metadata: { ...meta(t.id, e.entryId), ...(e.rateToAccount ? { rateToAccount: e.rateToAccount } : {}) },
      },
      at,
      t.currency,
    );
  }
  return posted;
}

/** Unregisters before the start (000-001:A-31: published per tournament; here always allowed before the start): the whole buy-in back. */
export async function unregisterFromTournament(
  ctx: TournamentStoreContext,
  request: { tournamentId: string; playerId: string },
): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const t = await lockTournament(tx, request.tournamentId);
    if (t.status !== 'REGISTERING') throw refused('registration-closed', 'The tournament has started: unregistering is over.');
    const [entry] = await tx.$queryRaw<(EntryRow & { ticket_id: string | null })[]>`
      SELECT id, player_id, wallet_account_id, play_session_id, paid_start_minor, paid_fee_minor, ticket_id FROM tournament_entry
      WHERE tournament_id = ${t.id}::uuid AND player_id = ${request.playerId}::uuid AND status = 'registered'`;
    if (!entry) throw refused('not-registered', 'You are not registered for this tournament.');
    if (entry.ticket_id !== null) await returnTicket(ctx, tx, t, entry, entry.ticket_id);
    else await refund(ctx, tx, t, entry, entry.paid_start_minor, entry.paid_fee_minor);
    await tx.$executeRaw`UPDATE tournament_entry SET status = 'unregistered', refund_minor = ${entry.paid_start_minor + entry.paid_fee_minor} WHERE id = ${entry.id}::uuid`;
  });
}

interface EntryRow {
  id: string;
  player_id: string;
  wallet_account_id: string;
  play_session_id: string;
  paid_start_minor: bigint;
  paid_fee_minor: bigint;
  /** A flight's Day 2 entry: its carried stack (D-1965). */
  starting_chips?: bigint | null;
}

/** The director's entries: a Day 2 entry with its carried stack, others with the definition's starting chips. */
const directorEntries = (rows: readonly EntryRow[]) =>
  rows.map((e) => ({
    entryId: e.id,
    playerId: e.player_id,
    ...(e.starting_chips !== null && e.starting_chips !== undefined ? { chips: e.starting_chips } : {}),
  }));

async function registeredEntries(tx: Tx | Db, tournamentId: string): Promise<EntryRow[]> {
  return tx.$queryRaw<EntryRow[]>`
    SELECT id, player_id, wallet_account_id, play_session_id, paid_start_minor, paid_fee_minor, starting_chips FROM tournament_entry
    WHERE tournament_id = ${tournamentId}::uuid AND status = 'registered' ORDER BY registered_at, id`;
}

/** A refund of `fromPoolMinor` from the pool and `feeMinor` from the fee revenue to the entry's wallet: one transaction. */
async function refund(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow,
  entry: EntryRow,
  fromPoolMinor: bigint,
  feeMinor: bigint,
): Promise<void> {
  const total = fromPoolMinor + feeMinor;
  if (total === 0n) return;
  const money = (minor: bigint) => Money.fromMinor(minor, t.currency);
  const key = tournamentRefundKey(entry.id);
  const payments = await convertedPayments(tx, entry.id);
  // The refund counts against the limits at the buy-in's rate to the account currency (D-2620); the current one for a
  // buy-in that stored none.
  const rateToAccount =
    payments[0]?.rateToAccount ?? (await buyInRateToAccount(tx, entry.id)) ?? (await stakeRateToAccount(ctx, tx, t.currency));
  await recordSettlement(ctx.limits, tx, {
    playerId: entry.player_id,
    reference: key,
    amount: money(total),
    ...(rateToAccount ? { rateToCzk: rateToAccount } : {}),
    category: 'poker-tournament',
  });
  // Payments from another currency's wallet (the buy-in, D-2615; rebuys and add-ons, D-2618) go back there, each at its
  // own rate (as a cash-out at the seat's rate, D-2612), in the order paid, each at most what it bought: one REFUND
  // through the FX accounts per payment. The pool's part of the refund is taken first, then the fee's.
  let leftPoolMinor = fromPoolMinor;
  let leftFeeMinor = feeMinor;
  for (const paid of payments) {
    const bought = paid.credit.toMinor();
    const left = leftPoolMinor + leftFeeMinor;
    const convertedMinor = left < bought ? left : bought;
    if (convertedMinor === 0n) break;
    const convertedPoolMinor = leftPoolMinor < convertedMinor ? leftPoolMinor : convertedMinor;
    const convertedFeeMinor = convertedMinor - convertedPoolMinor;
    leftPoolMinor -= convertedPoolMinor;
    leftFeeMinor -= convertedFeeMinor;
    const chips = money(convertedMinor);
    const debitSplit: { accountId: AccountId; amount: Money }[] = [];
    if (convertedPoolMinor > 0n)
      debitSplit.push({ accountId: t.pool_account_id as AccountId, amount: money(convertedPoolMinor) });
    if (convertedFeeMinor > 0n)
      debitSplit.push({ accountId: await feeRevenue(tx, t.currency), amount: money(convertedFeeMinor) });
    // The wallet's share: exactly what it paid for a whole refund, in proportion for a part (banker's rounding once).
    const back = Money.fromMinor(
      BigInt(
        new Decimal(paid.debit.toMinor().toString())
          .mul(convertedMinor.toString())
          .div(bought.toString())
          .toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN)
          .toFixed(),
      ),
      paid.debit.currency,
    );
    await fx.postConversion(
      tx,
      {
        // The buy-in's refund keeps its key (D-2615); a purchase's is under it with the purchase's suffix.
        idempotencyKey: `${key}${paid.suffix}`,
        kind: 'REFUND',
        terms: {
          purpose: 'game',
          debit: chips,
          credit: back,
          fee: Money.zero(back.currency),
          feeBps: 0n,
          rate: paid.rate,
          rateSetId: paid.rateSetId,
          rateSource: paid.rateSource,
          ratePublishedAt: paid.ratePublishedAt,
        },
        debitAccountId: t.pool_account_id as AccountId,
        debitSplit,
        creditAccountId: paid.wallet,
        playerId: entry.player_id,
        reference: `${paid.reference}:refund`,
        metadata: meta(t.id, entry.id),
      },
      ctx.clock.now(),
    );
  }
  const restPoolMinor = leftPoolMinor;
  const restFeeMinor = leftFeeMinor;
  if (restPoolMinor + restFeeMinor === 0n) return;
  // Money paid in the tournament's currency (rebuys, add-ons, an unconverted buy-in) goes back to the entry's wallet.
  const postings: ledger.PostingLine[] = [
    { accountId: entry.wallet_account_id as AccountId, amount: money(-(restPoolMinor + restFeeMinor)) },
  ];
  if (restPoolMinor > 0n) postings.push({ accountId: t.pool_account_id as AccountId, amount: money(restPoolMinor) });
  if (restFeeMinor > 0n) postings.push({ accountId: await feeRevenue(tx, t.currency), amount: money(restFeeMinor) });
  await ledger.post(
    tx,
    { idempotencyKey: payments.length > 0 ? `${key}:rest` : key, kind: 'REFUND', postings, metadata: meta(t.id, entry.id) },
    ctx.clock.now(),
  );
}

/**
 * An entry's payments from another currency's wallet (its buy-in, D-2615; rebuys and add-ons, D-2618), in the order
 * paid: what each paid and bought, its rate, the wallet, its conversion's reference and the suffix of its refund's key.
 */
async function convertedPayments(tx: Tx, entryId: string) {
  const reference = entryReference(entryId);
  const conversions = await tx.fxConversion.findMany({
    where: { OR: [{ reference }, { reference: { startsWith: `${reference}:` } }], NOT: { reference: { endsWith: ':refund' } } },
  });
  const order = (ref: string) => {
    if (ref === reference) return [0, 0];
    const [, kind, n] = ref.slice(reference.length).split(':');
    return [kind === 'rebuy' ? 1 : 2, Number(n)];
  };
  conversions.sort((a, b) => {
    const [ka, na] = order(a.reference);
    const [kb, nb] = order(b.reference);
    return a.at.getTime() - b.at.getTime() || ka! - kb! || na! - nb!;
  });
  const payments = [];
  for (const conversion of conversions) {
    if (conversion.debitCurrency === conversion.creditCurrency) continue;
    const posted = await ledger.findTransaction(tx, conversion.ledgerTransactionId);
    const paying = posted?.postings.find((p) => p.account.ownerKind === 'PLAYER' && p.amount.toMinor() > 0n);
    assert(paying !== undefined, `the payment ${conversion.reference} debited a player's wallet`);
    const metadata = (posted!.metadata ?? {}) as Record<string, unknown>;
    payments.push({
      reference: conversion.reference,
      suffix: conversion.reference.slice(reference.length),
      debit: Money.fromMinor(conversion.debitMinor, conversion.debitCurrency as CurrencyCode),
      credit: Money.fromMinor(conversion.creditMinor, conversion.creditCurrency as CurrencyCode),
      wallet: paying.account.id as AccountId,
      /** Units of the wallet's currency per tournament unit, the payment's. */
      rate: new Decimal(1).div(conversion.rate.toString()).toDecimalPlaces(fx.rateDecimalPlaces, fx.rateRounding).toFixed(),
      rateToAccount: typeof metadata.rateToAccount === 'string' ? metadata.rateToAccount : undefined,
      rateSetId: conversion.rateSetId,
      rateSource: conversion.rateSource,
      ratePublishedAt: conversion.ratePublishedAt,
    });
  }
  return payments;
}

/**
 * A stake in a currency other than the account's counts against the self-limits at the rate of the moment (D-2618: a USD
 * tournament paid from the USD wallet of a CZK account, as a converted one, D-2615); undefined in the account currency.
 */
async function stakeRateToAccount(ctx: TournamentStoreContext, tx: Tx, currency: CurrencyCode): Promise<string | undefined> {
  if (!ctx.fx || currency === ctx.fx.accountCurrency) return undefined;
  return (await fx.currentRate(ctx.fx, currency, ctx.fx.accountCurrency, tx)).rate;
}

/** The rate to the account currency an entry's buy-in was staked at (its ledger metadata), if any. */
async function buyInRateToAccount(tx: Tx, entryId: string): Promise<string | undefined> {
  const id = await ledger.findTransactionIdByIdempotencyKey(tx, tournamentBuyInKey(entryId));
  if (!id) return undefined;
  const metadata = ((await ledger.findTransaction(tx, id))?.metadata ?? {}) as Record<string, unknown>;
  return typeof metadata.rateToAccount === 'string' ? metadata.rateToAccount : undefined;
}

// ---- seat tickets (003:R-WAL-08, R-PAY-02, S-85, 000-001:TRN-22, 002:SAT-01; D-1956..D-1959) ----

/** The target's ticket account (a liability owned by the target tournament), opened on first use. */
async function ticketAccount(tx: Tx, targetId: string, currency: CurrencyCode): Promise<AccountId> {
  const code = tournamentTicketAccountCode(targetId, currency);
  const found = await ledger.findAccountByCode(tx, code);
  if (found) return found.id;
  const spec: ledger.AccountSpec = {
    code,
    ownerKind: 'TOURNAMENT',
    ownerId: targetId,
    purpose: 'tournament',
    currency,
    type: 'LIABILITY',
    allowNegative: false,
    shardCount: 1,
  };
  return (await ledger.openAccount(tx, spec)).id;
}

/**
 * A seat won in satellite `t` by `entry`: one PRIZE transaction, the satellite's pool → the target's ticket
 * account (the target's whole buy-in), and the ticket registered to the player. No settlement for the
 * self-limits yet: money reaches the wallet only if the ticket is cashed (D-1958).
 */
async function issueTicket(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow,
  targetId: string,
  entry: EntryRow,
  valueMinor: bigint,
): Promise<string> {
  const ticketId = newId();
  const money = (minor: bigint) => Money.fromMinor(minor, t.currency);
  await ledger.post(
    tx,
    {
      idempotencyKey: tournamentTicketKey(ticketId, 'issue'),
      kind: 'PRIZE',
      postings: [
        { accountId: t.pool_account_id as AccountId, amount: money(valueMinor) },
        { accountId: await ticketAccount(tx, targetId, t.currency), amount: money(-valueMinor) },
      ],
      metadata: { ...meta(t.id, entry.id), ticketId, targetTournamentId: targetId },
    },
    ctx.clock.now(),
  );
  await tx.$executeRaw`
    INSERT INTO tournament_ticket (id, target_tournament_id, satellite_tournament_id, satellite_entry_id, player_id, currency, value_minor, status, issued_at)
    VALUES (${ticketId}::uuid, ${targetId}::uuid, ${t.id}::uuid, ${entry.id}::uuid, ${entry.player_id}::uuid, ${t.currency}, ${valueMinor},
            'issued', ${ctx.clock.now()})`;
  return ticketId;
}

/** The player's oldest unused seat ticket for tournament `targetId`, locked; undefined when none (D-1957). */
async function issuedTicketOf(
  tx: Tx,
  targetId: string,
  playerId: string,
): Promise<{ id: string; value_minor: bigint } | undefined> {
  const [ticket] = await tx.$queryRaw<{ id: string; value_minor: bigint }[]>`
    SELECT id, value_minor FROM tournament_ticket
    WHERE target_tournament_id = ${targetId}::uuid AND player_id = ${playerId}::uuid AND status = 'issued'
    ORDER BY issued_at, id LIMIT 1 FOR UPDATE`;
  return ticket;
}

/** A registration paid by a ticket: the ticket account → the pool (start fee) and the fee revenue (fee), one BUY_IN. */
async function useTicket(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow & { d: TournamentDefinition },
  use: { ticketId: string; valueMinor: bigint; entryId: string },
): Promise<string> {
  const { startFeeMinor, feeMinor } = t.d.entry;
  assert(
    use.valueMinor === startFeeMinor + feeMinor,
    'a ticket is worth the target buy-in (checked when the satellite was created)',
  );
  const money = (minor: bigint) => Money.fromMinor(minor, t.currency);
  const postings: ledger.PostingLine[] = [
    { accountId: await ticketAccount(tx, t.id, t.currency), amount: money(use.valueMinor) },
    { accountId: t.pool_account_id as AccountId, amount: money(-startFeeMinor) },
  ];
  if (feeMinor > 0n) postings.push({ accountId: await feeRevenue(tx, t.currency), amount: money(-feeMinor) });
  const posted = await ledger.post(
    tx,
    {
      idempotencyKey: tournamentBuyInKey(use.entryId),
      kind: 'BUY_IN',
      postings,
      metadata: { ...meta(t.id, use.entryId), ticketId: use.ticketId },
    },
    ctx.clock.now(),
  );
  await tx.$executeRaw`
    UPDATE tournament_ticket SET status = 'used', entry_id = ${use.entryId}::uuid, settled_at = ${ctx.clock.now()} WHERE id = ${use.ticketId}::uuid`;
  return posted.transactionId;
}

/** Unregistering a ticket entry gives the ticket back (D-1957): the pool and fee revenue → the ticket account. */
async function returnTicket(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow,
  entry: EntryRow,
  ticketId: string,
): Promise<void> {
  const money = (minor: bigint) => Money.fromMinor(minor, t.currency);
  const postings: ledger.PostingLine[] = [
    { accountId: await ticketAccount(tx, t.id, t.currency), amount: money(-(entry.paid_start_minor + entry.paid_fee_minor)) },
    { accountId: t.pool_account_id as AccountId, amount: money(entry.paid_start_minor) },
  ];
  if (entry.paid_fee_minor > 0n)
    postings.push({ accountId: await feeRevenue(tx, t.currency), amount: money(entry.paid_fee_minor) });
  await ledger.post(
    tx,
    { idempotencyKey: tournamentRefundKey(entry.id), kind: 'REFUND', postings, metadata: { ...meta(t.id, entry.id), ticketId } },
    ctx.clock.now(),
  );
  await tx.$executeRaw`UPDATE tournament_ticket SET status = 'issued', entry_id = NULL, settled_at = NULL WHERE id = ${ticketId}::uuid`;
}

/**
 * Tickets of target `t` still unused when it starts or is cancelled are paid to their holders' wallets in cash
 * (D-1959): one PRIZE transaction each from the ticket account, a settlement for the self-limits. The ticket
 * account ends at zero.
 */
async function cashUnusedTickets(ctx: TournamentStoreContext, tx: Tx, t: TournamentRow): Promise<void> {
  const tickets = await tx.$queryRaw<{ id: string; player_id: string; value_minor: bigint }[]>`
    SELECT id, player_id, value_minor FROM tournament_ticket
    WHERE target_tournament_id = ${t.id}::uuid AND status = 'issued' ORDER BY issued_at, id FOR UPDATE`;
  const account = await ledger.findAccountByCode(tx, tournamentTicketAccountCode(t.id, t.currency));
  if (!account) return;
  for (const ticket of tickets) {
    const key = tournamentTicketKey(ticket.id, 'cash');
    const amount = Money.fromMinor(ticket.value_minor, t.currency);
    const wallet = await playingWallet(tx, ticket.player_id, t.currency);
    await recordSettlement(ctx.limits, tx, { playerId: ticket.player_id, reference: key, amount, category: 'poker-tournament' });
    await ledger.transfer(
      tx,
      {
        idempotencyKey: key,
        kind: 'PRIZE',
        debitAccountId: account.id,
        creditAccountId: wallet,
        amount,
        metadata: { game: 'poker', tournamentId: t.id, ticketId: ticket.id, reason: 'ticket-cashed' },
      },
      ctx.clock.now(),
    );
    await tx.$executeRaw`UPDATE tournament_ticket SET status = 'cashed', settled_at = ${ctx.clock.now()} WHERE id = ${ticket.id}::uuid`;
  }
  const left = await ledger.balance(tx, account.id);
  assert(left.isZero(), `the ticket account of tournament ${t.id} ends at zero, not ${left.toDecimalString()}`);
}

/** The operator's fee revenue in a currency, opened on first use (a game currency the seed did not open: a USD tournament). */
async function feeRevenue(tx: Tx, currency: CurrencyCode): Promise<AccountId> {
  return fx.fxOperatorAccount(tx, 'fee-revenue', currency);
}

/** The operator's tournament-overlay expense account, opened on first use. */
async function overlayExpense(tx: Tx, currency: CurrencyCode): Promise<AccountId> {
  const code = ledger.operatorAccountCode('tournament-overlay', currency);
  const found = await ledger.findAccountByCode(tx, code);
  if (found) return found.id;
  const spec: ledger.AccountSpec = {
    code,
    ownerKind: 'OPERATOR',
    ownerId: null,
    purpose: 'tournament-overlay',
    currency,
    type: 'EXPENSE',
    allowNegative: true,
    shardCount: 1,
  };
  return (await ledger.openAccount(tx, spec)).id;
}

function meta(tournamentId: string, entryId: string): ledger.TransactionMetadata {
  return { game: 'poker', tournamentId, entryId };
}

async function postOrRefuse(tx: Tx, request: ledger.PostRequest, at: Date, currency: CurrencyCode): Promise<ledger.Posted> {
  try {
    return await ledger.post(tx, request, at);
  } catch (error) {
    if (error instanceof ledger.InsufficientFunds)
      throw new DomainError('insufficient-funds', `The wallet holds ${Money.fromMinor(error.balanceMinor, currency)}.`, {
        extensions: { balance: Money.fromMinor(error.balanceMinor, currency).toJSON() },
      });
    throw error;
  }
}

/**
 * A rebuy or an add-on bought for a running entry (002:TRN-RB-01..09, 003:R-TOUR-10, 004:GAM-P-T-15): paid
 * first, under the self-limits (a stake), start fee to the pool and fee to the operator (000-001: ),
 * in one transaction; the caller gives the chips to the director only after it returns (002:BET-04: chips
 * only after payment). Eligibility (period, count, chips) is the director's `mayRebuy` / `mayAddOn`, asked
 * by the caller before; the count cap is checked here again against the stored count.
 */
export async function buyTournamentChips(
  ctx: TournamentStoreContext,
  request: { tournamentId: string; entryId: string; purchase: 'rebuy' | 'add-on' } & PurchasePayment,
): Promise<{ ledgerTransactionId: string; debit: Money }> {
  return transaction(ctx.db, async (tx) => {
    const t = await lockTournament(tx, request.tournamentId);
    if (t.status !== 'RUNNING') throw refused('not-running', 'The tournament is not running.');
    return buyChipsIn(ctx, tx, t, request);
  });
}

/**
 * The wallet a purchase pays from (D-2618, as a registration's, D-2615): `fromWallet` another currency than the
 * tournament's is converted at the current rate without fee; `confirmedDebit` the amount the player confirmed
 * (another now is `fx-quote-expired`, nothing written). Neither: the wallet in the tournament's currency, else the
 * profile's first wallet.
 */
export interface PurchasePayment {
  fromWallet?: CurrencyCode;
  confirmedDebit?: Money;
}

/** The reference of a rebuy's or add-on's conversion in `fx_conversion`: under its entry's, so refunds find it. */
const purchaseReference = (entryId: string, purchase: 'rebuy' | 'add-on', n: number) =>
  `${entryReference(entryId)}:${purchase}:${n}`;

async function buyChipsIn(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow & { d: TournamentDefinition },
  request: { entryId: string; purchase: 'rebuy' | 'add-on' } & PurchasePayment,
): Promise<{ ledgerTransactionId: string; debit: Money }> {
  const price = chipsPrice(t.d, request.purchase);
  const [entry] = await tx.$queryRaw<(EntryRow & { rebuys: number; add_ons: number })[]>`
    SELECT id, player_id, wallet_account_id, play_session_id, paid_start_minor, paid_fee_minor, rebuys, add_ons FROM tournament_entry
    WHERE id = ${request.entryId}::uuid AND tournament_id = ${t.id}::uuid AND status = 'registered' FOR UPDATE`;
  if (!entry) throw refused('not-registered', 'No such entry in this tournament.');
  const countMax = request.purchase === 'rebuy' ? (t.d.rebuy!.countMax ?? Number.MAX_SAFE_INTEGER) : 1;
  if ((request.purchase === 'rebuy' ? entry.rebuys : entry.add_ons) >= countMax)
    throw refused(`${request.purchase}-count-used`, `The ${request.purchase}s of this entry are used up.`);
  const quoted = await priceIn(ctx, tx, t, request.fromWallet, price);
  checkConfirmed(quoted, request.confirmedDebit, request.purchase);
  const total = price.startFeeMinor + price.feeMinor;
  const n = request.purchase === 'rebuy' ? entry.rebuys + 1 : 1;
  const key = `tournament:entry:${entry.id}:${request.purchase}:${n}`;
  const money = (minor: bigint) => Money.fromMinor(minor, t.currency);
  const rateToAccount = quoted.funding?.rateToAccount ?? (await stakeRateToAccount(ctx, tx, t.currency));
  await authorizeStake(ctx.limits, tx, {
    playerId: entry.player_id,
    playSessionId: entry.play_session_id,
    reference: key,
    amount: money(total),
    ...(rateToAccount ? { rateToCzk: rateToAccount } : {}),
    category: 'poker-tournament',
  });
  const posted = await postPayment(ctx, tx, t, {
    key,
    reference: purchaseReference(entry.id, request.purchase, n),
    entryId: entry.id,
    playerId: entry.player_id,
    // The entry's wallet (the tournament's currency) unless another currency's pays (D-2618).
    wallet: quoted.funding
      ? await playingWallet(tx, entry.player_id, quoted.funding.currency)
      : (entry.wallet_account_id as AccountId),
    charge: price,
    funding: quoted.funding,
    rateToAccount,
  });
  await tx.$executeRaw`
    UPDATE tournament_entry SET paid_start_minor = paid_start_minor + ${price.startFeeMinor}, paid_fee_minor = paid_fee_minor + ${price.feeMinor},
           rebuys = rebuys + ${request.purchase === 'rebuy' ? 1 : 0}, add_ons = add_ons + ${request.purchase === 'add-on' ? 1 : 0}
    WHERE id = ${entry.id}::uuid`;
  return { ledgerTransactionId: posted.transactionId, debit: quoted.debit };
}

/**
 * A purchase at a running live tournament over the player API (D-1936), inside the driving instance's
 * fenced transaction: exactly once per (player, `commandId`): a command id found recorded answers its
 * first receipt (`replayed`; another kind under the same id is `idempotency-key-reused`). Else `plan()`
 * (the floor's eligibility on the tournament clock) decides, then the money moves as at registration:
 * a rebuy or add-on as `buyTournamentChips`; a late registration or re-entry is a new entry row with its
 * buy-in (wallet → pool, wallet → fee revenue) under the self-limits by the registration's own path
 * (`startPlaySession`, `authorizeStake` in `postBuyIn`: where every entry's limits are checked). The
 * purchase row records the command id with the entry.
 */
export async function purchaseAtRunningTournamentIn(
  ctx: TournamentStoreContext,
  tx: Tx,
  request: {
    tournamentId: string;
    playerId: string;
    kind: TournamentPurchaseKind;
    commandId: string;
    plan: () => PurchasePlan;
  } & PurchasePayment,
): Promise<{ receipt: TournamentPurchaseReceipt; plan: PurchasePlan | null }> {
  const t = await lockTournament(tx, request.tournamentId);
  const [earlier] = await tx.$queryRaw<
    { kind: TournamentPurchaseKind; entry_id: string; chips: bigint; ledger_transaction_id: string | null }[]
  >`
    SELECT kind, entry_id, chips, ledger_transaction_id FROM tournament_purchase
    WHERE tournament_id = ${t.id}::uuid AND player_id = ${request.playerId}::uuid AND command_id = ${request.commandId}`;
  if (earlier) {
    if (earlier.kind !== request.kind)
      throw new DomainError('idempotency-key-reused', `This idempotency key bought a ${earlier.kind} already.`, {
        field: 'header.idempotency-key',
      });
    const receipt = {
      kind: earlier.kind,
      entryId: earlier.entry_id,
      chips: earlier.chips,
      ledgerTransactionId: earlier.ledger_transaction_id,
      replayed: true,
    };
    return { receipt, plan: null };
  }
  if (t.status !== 'RUNNING') throw purchaseRefusedInStore('not-running', 'The tournament is not running.');
  const plan = request.plan();
  assert(plan.kind === request.kind && plan.playerId === request.playerId, 'the floor plans the purchase asked for');
  const d = t.d;
  let ledgerTransactionId: string;
  let chips: bigint;
  const payment: PurchasePayment = {
    ...(request.fromWallet === undefined ? {} : { fromWallet: request.fromWallet }),
    ...(request.confirmedDebit === undefined ? {} : { confirmedDebit: request.confirmedDebit }),
  };
  if (!isNewEntryPlan(plan)) {
    ({ ledgerTransactionId } = await buyChipsIn(ctx, tx, t, { entryId: plan.entryId, purchase: plan.kind, ...payment }));
    chips = plan.kind === 'rebuy' ? d.rebuy!.chips : d.addOn!.chips;
  } else {
    // A re-entry or a late registration is an entry made: it counts toward SE's tournament-count limit
    // (D-1951), checked before the buy-in like a registration's; rebuys and add-ons do not.
    await admitEntry(ctx, tx, d, request.playerId);
    ledgerTransactionId = await enterRunning(ctx, tx, t, plan, payment);
    chips = d.entry.chips;
  }
  await tx.$executeRaw`
    INSERT INTO tournament_purchase (id, tournament_id, entry_id, player_id, command_id, kind, chips, ledger_transaction_id, created_at)
    VALUES (${newId()}::uuid, ${t.id}::uuid, ${plan.entryId}::uuid, ${request.playerId}::uuid, ${request.commandId}, ${plan.kind},
            ${chips}, ${ledgerTransactionId === '' ? null : ledgerTransactionId}::uuid, ${ctx.clock.now()})`;
  const receipt = {
    kind: plan.kind,
    entryId: plan.entryId,
    chips,
    ledgerTransactionId: ledgerTransactionId === '' ? null : ledgerTransactionId,
    replayed: false,
  };
  return { receipt, plan };
}

export interface TournamentPurchaseReceipt {
  readonly kind: TournamentPurchaseKind;
  readonly entryId: string;
  readonly chips: bigint;
  readonly ledgerTransactionId: string | null;
  readonly replayed: boolean;
}

const purchaseRefusedInStore = (reason: string, detail: string) =>
  new DomainError('tournament-purchase-refused', detail, { extensions: { reason } });

/** A late registration or re-entry: the entry row and its buy-in, checked again against the stored entries. */
async function enterRunning(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow & { d: TournamentDefinition },
  plan: NewEntryPlan,
  payment: PurchasePayment = {},
): Promise<string> {
  const [counts] = await tx.$queryRaw<[{ entries: bigint; mine: bigint; mine_number: number | null }]>`
    SELECT count(*)::bigint AS entries, count(*) FILTER (WHERE player_id = ${plan.playerId}::uuid)::bigint AS mine,
           max(entry_number) FILTER (WHERE player_id = ${plan.playerId}::uuid) AS mine_number
    FROM tournament_entry WHERE tournament_id = ${t.id}::uuid AND status = 'registered'`;
  if (Number(counts.entries) >= t.d.entrantsMax)
    throw purchaseRefusedInStore('no-seats-left', 'Every seat of this tournament is taken.');
  const entriesMax = plan.kind === 're-entry' ? (t.d.reEntry?.entriesMax ?? 1) : 1;
  if (Number(counts.mine) >= entriesMax)
    throw purchaseRefusedInStore(
      plan.kind === 're-entry' ? 're-entry-count-used' : 'already-registered',
      'No more entries for this player.',
    );
  // A seat ticket for this tournament pays the entry as it pays a registration (D-1957, D-2039): no price to confirm.
  const ticket = await issuedTicketOf(tx, t.id, plan.playerId);
  // Paid as a registration (D-2615, D-2618): from the wallet named, converted when another currency's.
  const price = ticket ? null : await priceIn(ctx, tx, t, payment.fromWallet);
  if (price) checkConfirmed(price, payment.confirmedDebit, plan.kind);
  const wallet = await playingWallet(tx, plan.playerId, t.currency);
  const { playSessionId } = await startPlaySession(ctx.limits, tx, { playerId: plan.playerId });
  const { startFeeMinor, feeMinor } = t.d.entry;
  await tx.$executeRaw`
    INSERT INTO tournament_entry (id, tournament_id, player_id, status, wallet_account_id, play_session_id, paid_start_minor, paid_fee_minor,
                                  registered_at, entry_number, ticket_id)
    VALUES (${plan.entryId}::uuid, ${t.id}::uuid, ${plan.playerId}::uuid, 'registered', ${wallet}::uuid, ${playSessionId}::uuid,
            ${startFeeMinor}, ${feeMinor}, ${ctx.clock.now()}, ${(counts.mine_number ?? 0) + 1}, ${ticket?.id ?? null}::uuid)`;
  if (!price) return useTicket(ctx, tx, t, { ticketId: ticket!.id, valueMinor: ticket!.value_minor, entryId: plan.entryId });
  const paying = price.funding ? await playingWallet(tx, plan.playerId, price.funding.currency) : wallet;
  return postBuyIn(ctx, tx, t, {
    entryId: plan.entryId,
    playerId: plan.playerId,
    playSessionId,
    wallet: paying,
    funding: price.funding,
  });
}

// ---- starting, finishing, cancelling ----

/** The live state of a tournament starting now: the entries seated at random (000-001:TRN-15), no hand dealt. */
function initialLiveState(
  ctx: TournamentStoreContext,
  d: TournamentDefinition,
  entries: { entryId: string; playerId: string; chips?: bigint }[],
  rng: Rng,
  prizePoolMinor: bigint | null,
): LiveTournamentState {
  const director = new TournamentDirector({
    definition: d,
    rules: ctx.rules[d.profileId],
    entries,
    prizePoolMinor,
    rng,
    newHandId: () => newId(),
    balanceBetweenAllHands: true,
  });
  return {
    startedAtMs: ctx.clock.now().getTime(),
    pausedAtMs: null,
    pausedTotalMs: 0,
    aliases: Object.fromEntries(entries.map((e) => [e.entryId, tableAlias(e.playerId)])),
    director: director.snapshot(),
    tables: [],
  };
}

/**
 * Starts a tournament (002:SNG-01 a sit & go when full; a scheduled one at its time): at least
 * `entrantsMin` entries, and a guarantee's §59 gate (002:GTD-02, T-GTD-01): below it the tournament is
 * cancelled instead, every buy-in refunded with its fee (002:AMB-GTD-CANCEL). Returns the entries to seat.
 */
export async function startTournament(
  ctx: TournamentStoreContext,
  tournamentId: string,
  options: {
    /**
     * Live play (live/): the seating drawn with this generator and stored as the live state in the same
     * transaction, so a started tournament always has tables for its driver to claim.
     */
    live?: { rng: Rng };
    /** A Twister's draw without live play (tests): this generator; default the live one's, else cryptoRng. */
    rng?: Rng;
  } = {},
): Promise<{ started: boolean; entries: { entryId: string; playerId: string }[] }> {
  return transaction(ctx.db, async (tx) => startIn(ctx, tx, await lockTournament(tx, tournamentId), options));
}

async function startIn(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow & { d: TournamentDefinition },
  options: { live?: { rng: Rng }; rng?: Rng },
): Promise<{ started: boolean; entries: { entryId: string; playerId: string }[] }> {
  {
    if (t.status !== 'REGISTERING') throw refused('registration-closed', 'The tournament has started or ended.');
    const entries = await registeredEntries(tx, t.id);
    const stakes = entries.reduce((s, e) => s + e.paid_start_minor + e.paid_fee_minor, 0n);
    const gate = guaranteeStartRefusal(t.d, stakes, ctx.rules[t.d.profileId].guarantee.collectedOfGuaranteeBpsToStartMin);
    if (entries.length < t.d.entrantsMin || gate !== null) {
      for (const e of entries) {
        await refund(ctx, tx, t, e, e.paid_start_minor, e.paid_fee_minor);
        await tx.$executeRaw`UPDATE tournament_entry SET status = 'cancelled', refund_minor = ${e.paid_start_minor + e.paid_fee_minor} WHERE id = ${e.id}::uuid`;
      }
      await tx.$executeRaw`UPDATE tournament SET status = 'CANCELLED', ended_at = ${ctx.clock.now()} WHERE id = ${t.id}::uuid`;
      await cashUnusedTickets(ctx, tx, t);
      return { started: false, entries: [] };
    }
    await tx.$executeRaw`UPDATE tournament SET status = 'RUNNING', started_at = ${ctx.clock.now()} WHERE id = ${t.id}::uuid`;
    // With late registration a ticket stays good until it closes (D-2039); else it is cash now (D-1959).
    if (t.d.lateRegistrationLevels === 0) await cashUnusedTickets(ctx, tx, t);
    const prizePoolMinor = await fixPrizePool(ctx, tx, t, options.live?.rng ?? options.rng ?? cryptoRng);
    if (options.live) {
      const state = initialLiveState(ctx, t.d, directorEntries(entries), options.live.rng, prizePoolMinor);
      await tx.$executeRaw`UPDATE tournament SET live_state = ${JSON.stringify(definitionToJson(state as never))}::jsonb WHERE id = ${t.id}::uuid`;
    }
    return { started: true, entries: entries.map((e) => ({ entryId: e.id, playerId: e.player_id })) };
  }
}

/**
 * The prize pool fixed at the start (D-1965, D-1970), stored on the tournament: a Twister's pool drawn now from its
 * published table (000-001:TRN-18), the multiplier × the start fee; a flight's Day 2 pool as its Day 1s carried it
 * in. Null for every other tournament (its pool is the start fees paid). Nothing is posted until the end: a Twister
 * cancelled before it ends refunds what was paid (D-1973).
 */
async function fixPrizePool(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow & { d: TournamentDefinition },
  rng: Rng,
): Promise<bigint | null> {
  let fixed: bigint | null = null;
  let multiplier: number | null = null;
  if (t.d.twister) {
    multiplier = twisterDraw(t.d.twister.multipliers, rng);
    fixed = BigInt(multiplier) * t.d.entry.startFeeMinor;
  } else if (t.d.flight?.day === 2) fixed = (await ledger.balance(tx, t.pool_account_id as AccountId)).toMinor();
  if (fixed === null) return null;
  await tx.$executeRaw`
    UPDATE tournament SET prize_pool_fixed_minor = ${fixed}, twister_multiplier = ${multiplier} WHERE id = ${t.id}::uuid`;
  return fixed;
}

/**
 * Records the end (002:TRN-06, 004:GAM-P-T-03): places, prizes from the payout table on the pool after
 * fees, the overlay first when the pool is short of the guarantee (004:T-150: an operator expense),
 * bounties won (004:GAM-P-T-19). Each winner's credit is one ledger transaction; the pool ends at zero.
 */
export async function finishTournament(
  ctx: TournamentStoreContext,
  tournamentId: string,
  director: TournamentDirector,
): Promise<void> {
  await transaction(ctx.db, (tx) => finishTournamentIn(ctx, tx, tournamentId, director));
}

/** `finishTournament` inside the caller's transaction (live play: with the last hand's commit, live/room-store.ts). */
export async function finishTournamentIn(
  ctx: TournamentStoreContext,
  tx: Tx,
  tournamentId: string,
  director: TournamentDirector,
): Promise<void> {
  assert(director.isOver(), 'the tournament is over');
  {
    const t = await lockTournament(tx, tournamentId);
    assert(t.status === 'RUNNING', 'a running tournament finishes');
    const money = (minor: bigint) => Money.fromMinor(minor, t.currency);
    const pool = director.poolFromStartFees();
    const overlay =
      director.prizePoolMinor === null
        ? overlayMinor(t.d, pool.collectedMinor)
        : await settleFixedPool(ctx, tx, t, director.prizePoolMinor);
    if (overlay > 0n) {
      await ledger.post(
        tx,
        {
          idempotencyKey: tournamentOverlayKey(t.id, 'finish'),
          kind: 'TRANSFER',
          postings: [
            { accountId: await overlayExpense(tx, t.currency), amount: money(overlay) },
            { accountId: t.pool_account_id as AccountId, amount: money(-overlay) },
          ],
          metadata: { game: 'poker', tournamentId: t.id, reason: 'overlay' },
        },
        ctx.clock.now(),
      );
    }
    const prizes = director.prizes();
    const bounties = bountiesWon(director);
    const entries = new Map((await registeredEntries(tx, t.id)).map((e) => [e.id, e]));
    const seatTarget = await seatTargetOpen(ctx, tx, t.d);
    for (const finish of director.finishes)
      for (const entryId of finish.entryIds) {
        const entry = entries.get(entryId);
        assert(entry !== undefined, 'every finisher is a registered entry');
        const prize = prizes.get(entryId) ?? 0n;
        const bounty = bounties.get(entryId) ?? 0n;
        await tx.$executeRaw`
          UPDATE tournament_entry SET status = 'finished', place_best = ${finish.placeBest}, place_worst = ${finish.placeWorst},
                                      prize_minor = ${prize}, bounty_minor = ${bounty}
          WHERE id = ${entryId}::uuid`;
        // D-1956: a finish wholly within the seats wins a ticket each (its share is then exactly one target buy-in);
        // a tie across the last seat, the surplus place and bounties are cash.
        const seat =
          seatTarget !== null && finish.placeWorst <= t.d.satellite!.seats && prize === t.d.satellite!.targetBuyInMinor;
        if (seat) await issueTicket(ctx, tx, t, seatTarget, entry, prize);
        const cash = (seat ? 0n : prize) + bounty;
        if (cash > 0n) await credit(ctx, tx, t, entry, cash);
      }
    if (t.d.flight?.day === 1) await bagAndCarry(ctx, tx, t, director);
    await tx.$executeRaw`UPDATE tournament SET status = 'FINISHED', ended_at = ${ctx.clock.now()}, overlay_minor = ${overlay} WHERE id = ${t.id}::uuid`;
    // A ticket still unused (late registration closed before its cashing was written) is cash now (D-2039).
    await cashUnusedTickets(ctx, tx, t);
    await assertPoolEmpty(tx, t);
  }
}

/**
 * A fixed pool at the end (D-1970, D-1972): the pool account holds the start fees paid; a Twister drawn above them is
 * topped up by the operator (the overlay returned, posted by the caller from the overlay expense, 000-001:TRN-18);
 * drawn below them, the start fees the prizes do not use are the operator's revenue, posted here. A Day 2 holds its
 * fixed pool already.
 */
async function settleFixedPool(ctx: TournamentStoreContext, tx: Tx, t: TournamentRow, fixedMinor: bigint): Promise<bigint> {
  const heldMinor = (await ledger.balance(tx, t.pool_account_id as AccountId)).toMinor();
  if (heldMinor <= fixedMinor) return fixedMinor - heldMinor;
  const retained = Money.fromMinor(heldMinor - fixedMinor, t.currency);
  await ledger.post(
    tx,
    {
      idempotencyKey: tournamentOverlayKey(t.id, 'twister-retained'),
      kind: 'TRANSFER',
      postings: [
        { accountId: t.pool_account_id as AccountId, amount: retained },
        { accountId: await feeRevenue(tx, t.currency), amount: retained.negated() },
      ],
      metadata: { game: 'poker', tournamentId: t.id, reason: 'twister-retained' },
    },
    ctx.clock.now(),
  );
  return 0n;
}

/**
 * The end of a Day 1 flight (004:GAM-P-T-17, D-1965, D-1967): each survivor's chips are bagged on its entry for the
 * Day 2, and the flight's whole pool (every start fee paid into it) moves to the event's pool, one ledger transaction.
 * Lock order: the Day 1's row, then the event's (as a satellite's target, D-1959).
 */
async function bagAndCarry(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow & { d: TournamentDefinition },
  director: TournamentDirector,
) {
  assert(t.d.flight?.day === 1, 'a Day 1 flight bags its survivors');
  for (const e of director.activeEntries())
    await tx.$executeRaw`UPDATE tournament_entry SET bagged_chips = ${e.chips + e.pendingChips} WHERE id = ${e.entryId}::uuid`;
  const eventId = t.d.flight.eventId;
  const [event] = await tx.$queryRaw<{ status: string; pool_account_id: string }[]>`
    SELECT status, pool_account_id FROM tournament WHERE id = ${eventId}::uuid FOR UPDATE`;
  assert(event?.status === 'REGISTERING', "a Day 1 flight ends before its event's Day 2 starts");
  const held = await ledger.balance(tx, t.pool_account_id as AccountId);
  if (held.isZero()) return;
  await ledger.post(
    tx,
    {
      idempotencyKey: `tournament:${t.id}:flight-carry`,
      kind: 'TRANSFER',
      postings: [
        { accountId: t.pool_account_id as AccountId, amount: held },
        { accountId: event.pool_account_id as AccountId, amount: held.negated() },
      ],
      metadata: { game: 'poker', tournamentId: t.id, reason: 'flight-carry' },
    },
    ctx.clock.now(),
  );
}

/**
 * A player's Day 2 stack from their bagged Day 1 stacks (004:GAM-P-T-17): `flight` one stack (the registration lets a
 * player qualify once), `best-stack-forward` the largest, `stack-builder` the sum. Players in order of their first
 * qualifying entry. Pure.
 */
export function carriedStacks(
  carry: FlightCarry,
  bagged: readonly { playerId: string; chips: bigint }[],
): { playerId: string; chips: bigint }[] {
  const byPlayer = new Map<string, bigint[]>();
  for (const b of bagged) byPlayer.set(b.playerId, [...(byPlayer.get(b.playerId) ?? []), b.chips]);
  return [...byPlayer].map(([playerId, stacks]) => {
    assert(carry !== 'flight' || stacks.length === 1, 'a plain flight carries one stack per player');
    const chips =
      carry === 'stack-builder' ? stacks.reduce((sum, c) => sum + c, 0n) : stacks.reduce((best, c) => (c > best ? c : best));
    return { playerId, chips };
  });
}

/**
 * Starts a flight event's Day 2 (004:GAM-P-T-17, D-1965): once every Day 1 flight has ended (finished or cancelled;
 * else `tournament-registration-refused` `flight-day-1-not-over`), each qualifier gets one Day 2 entry with the stack
 * the carry rule gives (`carriedStacks`), paying nothing (the Day 1 buy-ins are the pool), and the Day 2 starts with
 * the pool its Day 1s carried in, fixed. A lone qualifier wins the event's pool at once.
 */
export async function startFlightDay2(
  ctx: TournamentStoreContext,
  eventId: string,
  options: { live?: { rng: Rng } } = {},
): Promise<{ started: boolean; entries: { entryId: string; playerId: string; chips: bigint }[] }> {
  return transaction(ctx.db, async (tx) => startFlightDay2In(ctx, tx, eventId, options));
}

/** `startFlightDay2` inside the caller's transaction (the staff route audits in it). */
export async function startFlightDay2In(
  ctx: TournamentStoreContext,
  tx: Tx,
  eventId: string,
  options: { live?: { rng: Rng } } = {},
): Promise<{ started: boolean; entries: { entryId: string; playerId: string; chips: bigint }[] }> {
  {
    const t = await lockTournament(tx, eventId);
    if (t.d.flight?.day !== 2) throw refused('not-a-flight-event', "This tournament is not a flight event's Day 2.");
    if (t.status !== 'REGISTERING') throw refused('registration-closed', 'The Day 2 has started or ended.');
    // Not locked: a Day 1 ending locks this Day 2's row (held here) before it reads FINISHED (lock order Day 1, Day 2).
    const day1s = await tx.$queryRaw<{ id: string; status: string }[]>`
      SELECT id, status FROM tournament WHERE definition->'flight'->>'eventId' = ${t.id} ORDER BY id`;
    const open = day1s.filter((day1) => day1.status !== 'FINISHED' && day1.status !== 'CANCELLED');
    if (open.length > 0) throw refused('flight-day-1-not-over', `${open.length} Day 1 flight(s) have not ended.`);
    const bagged = await tx.$queryRaw<
      { player_id: string; wallet_account_id: string; play_session_id: string; bagged_chips: bigint }[]
    >`
      SELECT e.player_id, e.wallet_account_id, e.play_session_id, e.bagged_chips FROM tournament_entry e
      JOIN tournament d1 ON d1.id = e.tournament_id
      WHERE d1.definition->'flight'->>'eventId' = ${t.id} AND e.bagged_chips IS NOT NULL
      ORDER BY e.registered_at, e.id`;
    const carried = carriedStacks(
      t.d.flight.carry,
      bagged.map((b) => ({ playerId: b.player_id, chips: b.bagged_chips })),
    );
    const entries: { entryId: string; playerId: string; chips: bigint }[] = [];
    for (const { playerId, chips } of carried) {
      const from = bagged.find((b) => b.player_id === playerId)!;
      const entryId = newId();
      await tx.$executeRaw`
        INSERT INTO tournament_entry (id, tournament_id, player_id, status, wallet_account_id, play_session_id, paid_start_minor,
                                      paid_fee_minor, registered_at, starting_chips)
        VALUES (${entryId}::uuid, ${t.id}::uuid, ${playerId}::uuid, 'registered', ${from.wallet_account_id}::uuid,
                ${from.play_session_id}::uuid, 0, 0, ${ctx.clock.now()}, ${chips})`;
      entries.push({ entryId, playerId, chips });
    }
    if (entries.length === 1) {
      await winAlone(ctx, tx, t, entries[0]!.entryId);
      return { started: false, entries };
    }
    const { started } = await startIn(ctx, tx, t, options);
    return { started, entries: started ? entries : [] };
  }
}

/** A Day 2 with one qualifier (D-1967): they take first place and the whole pool; the event is over. */
async function winAlone(ctx: TournamentStoreContext, tx: Tx, t: TournamentRow, entryId: string): Promise<void> {
  const [entry] = (await registeredEntries(tx, t.id)).filter((e) => e.id === entryId);
  assert(entry !== undefined, 'the lone qualifier is registered');
  const pool = (await ledger.balance(tx, t.pool_account_id as AccountId)).toMinor();
  await tx.$executeRaw`
    UPDATE tournament_entry SET status = 'finished', place_best = 1, place_worst = 1, prize_minor = ${pool} WHERE id = ${entryId}::uuid`;
  if (pool > 0n) await credit(ctx, tx, t, entry, pool);
  const now = ctx.clock.now();
  await tx.$executeRaw`
    UPDATE tournament SET status = 'FINISHED', started_at = ${now}, ended_at = ${now}, prize_pool_fixed_minor = ${pool}
    WHERE id = ${t.id}::uuid`;
  await assertPoolEmpty(tx, t);
}

/**
 * The target of a seat satellite, locked, when it still registers players (then the seats are tickets); null for a
 * cash satellite, or when the target has started or ended meanwhile (then the seats are paid in cash, D-1959).
 * Lock order: the satellite's row, then the target's.
 */
async function seatTargetOpen(ctx: TournamentStoreContext, tx: Tx, d: TournamentDefinition): Promise<string | null> {
  const targetId = d.satellite?.targetTournamentId;
  if (targetId === undefined) return null;
  const [target] = await tx.$queryRaw<{ status: string; definition: unknown; live_state: unknown; started_at: Date | null }[]>`
    SELECT status, definition, live_state, started_at FROM tournament WHERE id = ${targetId}::uuid FOR UPDATE`;
  if (target?.status === 'REGISTERING') return targetId;
  // A target running in its late registration still takes a ticket (D-2039).
  if (target?.status !== 'RUNNING' || target.started_at === null) return null;
  return lateRegistrationOpenAt(ctx, definitionFromJson(target.definition), target.live_state, target.started_at)
    ? targetId
    : null;
}

/** Whether a running tournament's late registration is open now, on its clock as last written (the hand boundary's pause). */
function lateRegistrationOpenAt(
  ctx: TournamentStoreContext,
  d: TournamentDefinition,
  liveState: unknown,
  startedAt: Date,
): boolean {
  if (d.lateRegistrationLevels === 0) return false;
  const state = liveState as { startedAtMs?: number; pausedAtMs?: number | null; pausedTotalMs?: number } | null;
  const now = ctx.clock.now().getTime();
  const until = state?.pausedAtMs ?? now;
  const elapsedMs = Math.max(0, until - (state?.startedAtMs ?? startedAt.getTime()) - (state?.pausedTotalMs ?? 0));
  return lateRegistrationOpen(d, elapsedMs);
}

/**
 * A running tournament whose late registration has closed (`floor.lateRegistrationOver`): its seat tickets
 * still unused are paid in cash now (D-2039), in the transaction of the hand's commit that noticed it.
 */
export async function cashTicketsAfterLateRegistrationIn(
  ctx: TournamentStoreContext,
  tx: Tx,
  tournamentId: string,
): Promise<void> {
  const t = await lockTournament(tx, tournamentId);
  assert(t.status === 'RUNNING', 'tickets are cashed after the late registration of a running tournament');
  await cashUnusedTickets(ctx, tx, t);
}

/** Bounties paid at knock-outs and each survivor's own bounty (004:GAM-P-T-19: the winner gets their own). */
function bountiesWon(director: TournamentDirector): Map<string, bigint> {
  const won = new Map<string, bigint>();
  const add = (id: string, amount: bigint) => won.set(id, (won.get(id) ?? 0n) + amount);
  for (const event of director.events) if (event.kind === 'knock-out') for (const [id, amount] of event.paid) add(id, amount);
  for (const e of director.entries.values()) if (e.bountyMinor > 0n) add(e.entryId, e.bountyMinor);
  // D-1960: a mystery bounty not drawn (an elimination with no eliminator) goes to the winner, so the pool ends at zero.
  const undrawn = director.mysteryBountiesRemaining().reduce((s, v) => s + v, 0n);
  const first = director.finishes.find((f) => f.placeBest === 1);
  if (undrawn > 0n && first) splitEqually(undrawn, first.entryIds.length).forEach((part, i) => add(first.entryIds[i]!, part));
  return won;
}

async function credit(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow,
  entry: EntryRow,
  amountMinor: bigint,
): Promise<void> {
  const key = tournamentPrizeKey(entry.id);
  const amount = Money.fromMinor(amountMinor, t.currency);
  await recordSettlement(ctx.limits, tx, { playerId: entry.player_id, reference: key, amount, category: 'poker-tournament' });
  await ledger.transfer(
    tx,
    {
      idempotencyKey: key,
      kind: 'PRIZE',
      debitAccountId: t.pool_account_id as AccountId,
      creditAccountId: entry.wallet_account_id as AccountId,
      amount,
      metadata: meta(t.id, entry.id),
    },
    ctx.clock.now(),
  );
}

async function assertPoolEmpty(tx: Tx, t: TournamentRow): Promise<void> {
  const left = await ledger.balance(tx, t.pool_account_id as AccountId);
  assert(left.isZero(), `the prize pool of tournament ${t.id} ends at zero, not ${left.toDecimalString()}`);
}

/**
 * Cancels a tournament (§2d cancel.*; 000-001:T-70, T-71; 003:S-80..S-83; 004:T-142..T-146) with the
 * profile's formula for its kind: a heads-up, a sit & go or a multi-table tournament. `standing` gives the
 * chips and whether each entry is still in (from the director; before the start every entry is in with
 * its starting chips). Every share is one ledger transaction; the operator covers a shortfall or takes
 * back an overlay not needed; the pool ends at zero.
 */
export async function cancelTournament(
  ctx: TournamentStoreContext,
  tournamentId: string,
  standing?: { director: TournamentDirector; lateRegistrationOrRebuyOpen: boolean },
): Promise<void> {
  await transaction(ctx.db, async (tx) => cancelTournamentIn(ctx, tx, tournamentId, standing));
}

/**
 * `cancelTournament` inside the caller's transaction (the staff route audits in it, D-1935). Without
 * `standing`, a live tournament's standing is its director restored from `live_state` (the last hand
 * boundary: a hand running is void, every chip as it was when it began), the late registration and
 * rebuy windows read from its clock. The lease is ended with its epoch raised, so the instance driving
 * it can commit nothing more (its fence fails) and lets it go.
 */
export async function cancelTournamentIn(
  ctx: TournamentStoreContext,
  tx: Tx,
  tournamentId: string,
  given?: { director: TournamentDirector; lateRegistrationOrRebuyOpen: boolean },
): Promise<void> {
  {
    const t = await lockTournament(tx, tournamentId);
    if (t.status !== 'REGISTERING' && t.status !== 'RUNNING') throw refused('tournament-over', 'The tournament has ended.');
    // The event's pool holds its finished Day 1s' buy-ins for the Day 2's qualifiers (D-1969): cancel the Day 1s instead.
    if (t.d.flight?.day === 2 && t.status === 'REGISTERING')
      throw refused(
        'flight-day-2-not-started',
        "A flight event's Day 2 is cancelled once it has started; cancel its Day 1 flights.",
      );
    const standing = given ?? (await liveStanding(ctx, tx, t));
    const rules = ctx.rules[t.d.profileId];
    const rows = await registeredEntries(tx, t.id);
    const entries = rows.map((e) => {
      const inPlay = standing?.director.entries.get(e.id);
      const chips = inPlay ? inPlay.chips + inPlay.pendingChips : t.d.entry.chips;
      return {
        entryId: e.id,
        active: inPlay?.active ?? true,
        chips,
        paidStartMinor: e.paid_start_minor,
        paidFeeMinor: e.paid_fee_minor,
        prizePaidMinor: 0n,
      };
    });
    const held = (await ledger.balance(tx, t.pool_account_id as AccountId)).toMinor();
    const open = standing?.lateRegistrationOrRebuyOpen ?? true;
    const poolMinor = cancellationPoolMinor(
      t.d.guaranteeMinor,
      rules.guarantee.cancellationPaysGuaranteeAfterLateRegistration,
      held,
      open,
    );
    const formula =
      t.d.twister && rules.cancel.twister
        ? rules.cancel.twister // D-1973: a Twister's own formula, before the heads-up one
        : rows.length === 2
          ? rules.cancel.headsUp
          : t.d.kind === 'sit-and-go'
            ? rules.cancel.sitAndGo
            : rules.cancel.multiTable;
    const settled = settleCancellation({ formula, entries, poolMinor, placePrizes: placePrizes(t.d, rows.length, poolMinor) });
    await moveOperatorShare(ctx, tx, t, poolMinor - held + settled.operatorAddsMinor - settled.operatorTakesBackMinor);
    const byId = new Map(rows.map((e) => [e.id, e]));
    for (const share of settled.shares) {
      await refund(ctx, tx, t, byId.get(share.entryId)!, share.fromPoolMinor, share.feeRefundMinor);
      await tx.$executeRaw`UPDATE tournament_entry SET status = 'cancelled', refund_minor = ${share.fromPoolMinor + share.feeRefundMinor} WHERE id = ${share.entryId}::uuid`;
    }
    await tx.$executeRaw`
      UPDATE tournament SET status = 'CANCELLED', ended_at = ${ctx.clock.now()},
        lease_owner = NULL, lease_expires_at = NULL, lease_epoch = lease_epoch + 1
      WHERE id = ${t.id}::uuid`;
    await cashUnusedTickets(ctx, tx, t);
    await assertPoolEmpty(tx, t);
  }
}

/** A live tournament's director at its last hand boundary, with its clock's windows (undefined before the start). */
async function liveStanding(
  ctx: TournamentStoreContext,
  tx: Tx,
  t: TournamentRow & { d: TournamentDefinition },
): Promise<{ director: TournamentDirector; lateRegistrationOrRebuyOpen: boolean } | undefined> {
  const [row] = await tx.$queryRaw<{ live_state: unknown }[]>`SELECT live_state FROM tournament WHERE id = ${t.id}::uuid`;
  if (t.status !== 'RUNNING' || !row || row.live_state === null) return undefined;
  const state = definitionFromJson(row.live_state) as unknown as LiveTournamentState;
  const director = new TournamentDirector({
    definition: t.d,
    rules: ctx.rules[t.d.profileId],
    entries: [],
    // Nothing is dealt: the director only tells each entry's chips and whether it is still in.
    rng: cryptoRng,
    newHandId: (table, n) => `${t.id}:${table}:${n}`,
    restore: state.director,
  });
  const elapsedMs = director.elapsedMs;
  return { director, lateRegistrationOrRebuyOpen: lateRegistrationOpen(t.d, elapsedMs) || rebuyOpen(t.d, elapsedMs) };
}

/** Positive: the operator adds to the pool (an overlay or a shortfall, an expense); negative: takes back. */
async function moveOperatorShare(ctx: TournamentStoreContext, tx: Tx, t: TournamentRow, amountMinor: bigint): Promise<void> {
  if (amountMinor === 0n) return;
  const money = (minor: bigint) => Money.fromMinor(minor, t.currency);
  const expense = await overlayExpense(tx, t.currency);
  await ledger.post(
    tx,
    {
      idempotencyKey: tournamentOverlayKey(t.id, 'cancel'),
      kind: 'TRANSFER',
      postings: [
        { accountId: expense, amount: money(amountMinor) },
        { accountId: t.pool_account_id as AccountId, amount: money(-amountMinor) },
      ],
      metadata: { game: 'poker', tournamentId: t.id, reason: amountMinor > 0n ? 'cancellation-shortfall' : 'overlay-returned' },
    },
    ctx.clock.now(),
  );
}

/**
 * Plays a running tournament to the end with automatic actions (`decide` for every seat) and records
 * the result (issue 19): the director in memory, then `finishTournament`. What tests and the bench use
 * to run a tournament through the engine; live play by people at tournament tables is not built yet
 * (docs/tournaments.md).
 */
export async function playTournamentAutomatically(
  ctx: TournamentStoreContext,
  request: { tournamentId: string; rng: Rng; decide: Decide; handMs: number },
): Promise<TournamentDirector> {
  // Played here, not at live tables: no instance drives it any more (live/room-store.ts claims only with a live state).
  await ctx.db.$executeRaw`UPDATE tournament SET live_state = NULL WHERE id = ${request.tournamentId}::uuid`;
  const entries = directorEntries(await registeredEntries(ctx.db, request.tournamentId));
  const [row] = await ctx.db.$queryRaw<
    { definition: unknown; profile_id: PokerRuleProfileId; prize_pool_fixed_minor: bigint | null }[]
  >`SELECT definition, profile_id, prize_pool_fixed_minor FROM tournament WHERE id = ${request.tournamentId}::uuid`;
  if (!row) throw new DomainError('not-found', 'No such tournament.', { field: 'path.tournamentId' });
  const director = new TournamentDirector({
    definition: definitionFromJson(row.definition),
    rules: ctx.rules[row.profile_id],
    entries,
    prizePoolMinor: row.prize_pool_fixed_minor,
    rng: request.rng,
    newHandId: () => newId(),
  });
  for (let rounds = 0; !director.isOver(); rounds++) {
    assert(rounds < playRoundsMax, 'a tournament ends within its round bound');
    for (const table of [...director.tables.keys()])
      if (director.tables.has(table) && director.canDeal(table)) director.playHand(table, request.decide);
    director.elapsedMs += request.handMs;
  }
  await finishTournament(ctx, request.tournamentId, director);
  return director;
}

/** Rounds of hands (one per table) a tournament played automatically may take before it is a bug. */
export const playRoundsMax = 100_000;
