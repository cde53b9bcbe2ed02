import { DomainError, isCurrencyCode, type CurrencyCode } from '@casino/core';
import { poker } from '@casino/games';
import type { AmountPerCurrency, PokerRuleProfile, PokerTableDefinition } from './profile.ts';
import {
  bettingStructureOf,
  otherGameVariantIds,
  playersMaxOf,
  profileOffers,
  tableGameOf,
  tableGamePlaysForJackpot,
} from './table-games.ts';

/** One way a table breaks its profile: the definition's field (a path) and why. */
export interface PokerTableProblem {
  readonly field: string;
  readonly message: string;
}

/** The amount a profile publishes for a currency (D-1622: fixed equivalents, never a live rate); undefined = none. */
export function amountFor(amount: AmountPerCurrency, currency: CurrencyCode): bigint | undefined {
  return Object.hasOwn(amount, currency) ? amount[currency] : undefined;
}

/**
 * The buy-in a player may bring to the table (000-001:TBL-03, TBL-04, A-52: a range): the profile's
 * big-blind multiples where it fixes them (000: 25 × BB to 100 × BB, TBL-06), the table's own amounts
 * otherwise; no maximum at fixed limit where the profile says so (000-001:TBL-04, 003:R-WAL-04). The
 * runtime refuses a buy-in or a top-up outside it; the definition is validated to match.
 */
export function buyInRange(
  profile: PokerRuleProfile,
  definition: PokerTableDefinition,
): { minMinor: bigint; maxMinor: bigint | null } {
  const { minBigBlinds, maxBigBlinds, maxAppliesToFixedLimit } = profile.buyIn;
  const minMinor = minBigBlinds === null ? definition.buyInMinMinor : BigInt(minBigBlinds) * definition.bigBlindMinor;
  if (structureOf(definition) === 'fixed-limit' && !maxAppliesToFixedLimit) return { minMinor, maxMinor: null };
  const maxMinor = maxBigBlinds === null ? definition.buyInMaxMinor : BigInt(maxBigBlinds) * definition.bigBlindMinor;
  return { minMinor, maxMinor };
}

/**
 * The most one player may commit in one hand at `at` (003:R-CAP-01: 2 × prisbasbelopp, blinds and antes
 * included, R-CAP-03), in the table's currency: the engine's `Stakes.contributionMax`. Null = no cap.
 * The base amount in force is the latest whose `from` date (in the cap's time zone) is not after `at`.
 */
export function perHandStakeCapMinor(profile: PokerRuleProfile, currency: CurrencyCode, at: Date): bigint | null {
  const cap = profile.perHandStakeCap;
  if (cap === null) return null;
  const today = calendarDate(at, cap.timeZone);
  const inForce = cap.baseAmounts.filter((base) => base.from <= today).at(-1);
  const base = inForce && amountFor(inForce.amount, currency);
  if (base === undefined) {
    throw new DomainError(
      'poker-table-invalid',
      `profile ${profile.id} publishes no per-hand stake cap in ${currency} in force on ${today} (003:R-CAP-03)`,
      { field: 'currency', extensions: { profileId: profile.id } },
    );
  }
  return BigInt(cap.multiple) * base;
}

/** Every way `definition` breaks `profile` at `at` (empty when it conforms). Pure: the unit tests call it. */
export function pokerTableProblems(profile: PokerRuleProfile, definition: PokerTableDefinition, at: Date): PokerTableProblem[] {
  const problems: PokerTableProblem[] = [];
  const fail = (field: string, message: string) => problems.push({ field, message });
  const d = definition;

  if (d.name.trim() === '') fail('name', 'must not be empty');
  if (d.profileId !== profile.id) fail('profileId', `is ${d.profileId}, but the profile is ${profile.id}`);
  // Flop games from the engine's catalog, stud/draw games and mixes from issue 20's (table-games.ts, D-2020).
  const tableGame = tableGameOf(d.variant);
  const variant = tableGame && {
    name: tableGame.name,
    structure: bettingStructureOf(tableGame) === 'fixed-limit' ? ('fixed-limit' as const) : ('no-limit' as const),
    playersMax: playersMaxOf(tableGame),
  };
  const game = d.variant.split('/')[0] as poker.GameKind;
  if (!tableGame || !variant) fail('variant', `unknown variant ${JSON.stringify(d.variant)}`);
  else if (!profileOffers(profile, tableGame))
    fail('variant', `${variant.name} is not a game of rule book ${profile.ruleBook} (${offeredGames(profile).join(', ')})`);
  const studBringIn = tableGame?.kind === 'fixed-limit' && tableGame.game.family === 'stud';
  if (!isCurrencyCode(d.currency)) {
    fail('currency', `unknown currency ${JSON.stringify(d.currency)}`);
    return problems;
  }
  // Issue 18: run it twice and the bad-beat jackpot only where the profile has them (000-001:RIT-01, JP-01).
  if (d.runItTwice === true) {
    if (!profile.runItTwice) fail('runItTwice', `rule book ${profile.ruleBook} has no run it twice`);
    else if (variant && !(tableGame?.kind === 'flop' && tableGame.variant.runItMoreTimesAllowed))
      fail('runItTwice', `${variant.name} is never run more than once (000-001:RIT-05, VAR-OHL-11)`);
  }
  if (d.badBeatJackpot === true) {
    const jackpot = profile.badBeatJackpot;
    if (!jackpot) fail('badBeatJackpot', `rule book ${profile.ruleBook} has no bad-beat jackpot`);
    else if (amountFor(jackpot.dropPerRakedHand, d.currency) === undefined)
      fail('badBeatJackpot', `the profile publishes no jackpot drop in ${d.currency}`);
    // Only games whose hands read as the published "four eights beaten" does (D-2052).
    else if (tableGame && !tableGamePlaysForJackpot(tableGame))
      fail(
        'badBeatJackpot',
        `${tableGame.name} does not play for the bad-beat jackpot: not ranked by the standard high hands (D-2052)`,
      );
  }
  /** A profile amount in the table's currency; a missing equivalent is itself a problem (D-1622). */
  const published = (amount: AmountPerCurrency | null, what: string): bigint | null => {
    if (amount === null) return null;
    const value = amountFor(amount, d.currency);
    if (value === undefined) {
      fail('currency', `profile ${profile.id} publishes no ${what} in ${d.currency}`);
      return null;
    }
    return value;
  };

  // Seats: the profile's range (000-001:TBL-01, TBL-02; 002:MAX-01; 003:R-TBL-02; 004:GAM-P-01), and the deck's.
  // A speed pool's tables are the profile's tables; the pool's own size is its players (D-1801).
  const tableSeats = d.speedPool ? d.speedPool.tableSeats : d.seatsMax;
  const seatsField = d.speedPool ? 'speedPool.tableSeats' : 'seatsMax';
  if (!Number.isInteger(tableSeats) || tableSeats < profile.seats.min || tableSeats > profile.seats.max)
    fail(seatsField, `must be ${profile.seats.min} to ${profile.seats.max} (rule book ${profile.ruleBook}), got ${tableSeats}`);
  else if (variant && tableSeats > variant.playersMax)
    fail(seatsField, `${variant.name} deals to at most ${variant.playersMax} players, got ${tableSeats}`);
  if (d.speedPool) {
    const speed = profile.speedPoker ?? null;
    if (speed === null) fail('speedPool', `rule book ${profile.ruleBook} offers no speed poker`);
    else if (!Number.isInteger(d.seatsMax) || d.seatsMax < tableSeats || d.seatsMax > speed.poolSeatsMax)
      fail('seatsMax', `a pool holds ${tableSeats} to ${speed.poolSeatsMax} players, got ${d.seatsMax}`);
    if (!Number.isInteger(d.speedPool.fillWaitMs) || d.speedPool.fillWaitMs < 0 || d.speedPool.fillWaitMs > 10_000)
      fail('speedPool.fillWaitMs', `must be 0 to 10000 ms, got ${d.speedPool.fillWaitMs}`);
  }

  // Blinds: positive, SB ≤ BB, BB = 2 × SB where required (002:HE-02), caps (000-001:TBL-05) and minimums (004:GAM-PC-04).
  const { blinds } = profile;
  if (d.smallBlindMinor <= 0n) fail('smallBlindMinor', 'must be positive');
  if (d.bigBlindMinor <= 0n) fail('bigBlindMinor', 'must be positive');
  // A stud table's small blind is its bring-in (D-2021): below the small bet, not half of it.
  else if (studBringIn && d.smallBlindMinor >= d.bigBlindMinor)
    fail('smallBlindMinor', `the bring-in must be below the small bet (${d.bigBlindMinor}), got ${d.smallBlindMinor}`);
  else if (!studBringIn && blinds.bigBlindTwiceSmallBlind && d.bigBlindMinor !== 2n * d.smallBlindMinor)
    fail('bigBlindMinor', `must be twice the small blind (rule book ${profile.ruleBook}), got ${d.bigBlindMinor}`);
  else if (d.smallBlindMinor > d.bigBlindMinor) fail('smallBlindMinor', 'must not exceed the big blind');
  const bounds = [
    ['smallBlindMinor', d.smallBlindMinor, published(blinds.smallBlindMin, 'small-blind minimum'), 'min'],
    ['smallBlindMinor', d.smallBlindMinor, published(blinds.smallBlindMax, 'small-blind cap'), 'max'],
    ['bigBlindMinor', d.bigBlindMinor, published(blinds.bigBlindMin, 'big-blind minimum'), 'min'],
    ['bigBlindMinor', d.bigBlindMinor, published(blinds.bigBlindMax, 'big-blind cap'), 'max'],
  ] as const;
  for (const [field, value, bound, kind] of bounds) {
    if (bound === null) continue;
    if (kind === 'max' && value > bound) fail(field, `must be at most ${bound} in ${d.currency} minor units, got ${value}`);
    if (kind === 'min' && value < bound) fail(field, `must be at least ${bound} in ${d.currency} minor units, got ${value}`);
  }

  // Antes: a labelled amount, fixed with the table (000-001:BTN-06, 002:PK-GEN-08, 004:GAM-PT-02).
  if (d.anteMinor < 0n) fail('anteMinor', 'must not be negative');
  else if ((d.anteMode === 'none') !== (d.anteMinor === 0n))
    fail('anteMode', `an ante of ${d.anteMinor} needs a mode other than "none", and "none" an ante of 0`);

  // Straddle: only where the profile offers one, in its games, never at fixed limit, 2 × BB (003:R-TH-02, R-OM-02).
  if (d.straddleMinor < 0n) fail('straddleMinor', 'must not be negative');
  else if (d.straddleMinor > 0n) {
    if (profile.straddle === 'none') fail('straddleMinor', `rule book ${profile.ruleBook} has no straddle`);
    else if (!profile.straddleGames.includes(game))
      fail('straddleMinor', `a straddle is allowed only in ${profile.straddleGames.join(', ')} (rule book ${profile.ruleBook})`);
    else if (variant?.structure === 'fixed-limit') fail('straddleMinor', 'no straddle at fixed limit (D-803)');
    else if (d.straddleMinor !== 2n * d.bigBlindMinor)
      fail('straddleMinor', `must be twice the big blind (${2n * d.bigBlindMinor}), got ${d.straddleMinor}`);
  }

  // Buy-in: the profile's multiples of BB (000-001:TBL-06), a maximum per structure (TBL-03, TBL-04; 003:R-WAL-04).
  if (variant && d.bigBlindMinor > 0n) {
    const range = buyInRange(profile, d);
    if (profile.buyIn.minBigBlinds !== null && d.buyInMinMinor !== range.minMinor)
      fail('buyInMinMinor', `must be ${profile.buyIn.minBigBlinds} × BB = ${range.minMinor}, got ${d.buyInMinMinor}`);
    else if (d.buyInMinMinor < d.bigBlindMinor)
      fail('buyInMinMinor', `must be at least one big blind (${d.bigBlindMinor}), got ${d.buyInMinMinor}`);
    const maxRequired = variant.structure !== 'fixed-limit' || profile.buyIn.maxAppliesToFixedLimit;
    if (!maxRequired && d.buyInMaxMinor !== null)
      fail('buyInMaxMinor', `a fixed-limit table of rule book ${profile.ruleBook} has a minimum buy-in only`);
    else if (maxRequired && d.buyInMaxMinor === null)
      fail('buyInMaxMinor', `a ${variant.structure} table of rule book ${profile.ruleBook} needs a maximum buy-in`);
    else if (profile.buyIn.maxBigBlinds !== null && range.maxMinor !== null && d.buyInMaxMinor !== range.maxMinor)
      fail('buyInMaxMinor', `must be ${profile.buyIn.maxBigBlinds} × BB = ${range.maxMinor}, got ${d.buyInMaxMinor}`);
    else if (d.buyInMaxMinor !== null && d.buyInMaxMinor < d.buyInMinMinor)
      fail('buyInMaxMinor', `must not be below the minimum buy-in (${d.buyInMinMinor})`);
  }

  // Rake: inside the licence's rate bounds and cap (002:T-RAKE-04), no flop no drop as the profile says (000-001:RAKE-02).
  const { rake } = profile;
  const rate = d.rake.rateBps;
  if (!Number.isInteger(rate) || rate < 0 || rate > 10_000) fail('rake.rateBps', `must be 0 to 10000 basis points, got ${rate}`);
  else if (rate > 0 && (rate < rake.rateBpsMin || rate > rake.rateBpsMax))
    fail('rake.rateBps', `must be ${rake.rateBpsMin} to ${rake.rateBpsMax} basis points (or 0: no rake), got ${rate}`);
  const capMax = published(rake.capMax, 'rake cap');
  const cap = d.rake.capPerHandMinor;
  if (cap !== null && cap < 0n) fail('rake.capPerHandMinor', 'must not be negative');
  else if (capMax !== null && rate > 0 && (cap === null || cap > capMax))
    fail('rake.capPerHandMinor', `must be at most ${capMax} in ${d.currency} minor units, got ${cap ?? 'no cap'}`);
  if (rake.noFlopNoDrop === 'required' && !d.rake.noFlopNoDrop)
    fail('rake.noFlopNoDrop', `rule book ${profile.ruleBook} takes no rake from a hand without a flop`);
  if (rake.noFlopNoDrop === 'forbidden' && d.rake.noFlopNoDrop)
    fail('rake.noFlopNoDrop', `rule book ${profile.ruleBook} rakes every pot`);

  // Time bank: only where the profile offers one (003:R-TIME-03), at most its size.
  const bankMax = profile.clock.timeBankMs ?? 0;
  if (!Number.isInteger(d.timeBankMs) || d.timeBankMs < 0 || d.timeBankMs > bankMax)
    fail(
      'timeBankMs',
      bankMax === 0
        ? `rule book ${profile.ruleBook} offers no time bank, got ${d.timeBankMs}`
        : `must be 0 to ${bankMax} ms, got ${d.timeBankMs}`,
    );

  // 2 × PBB (003:R-CAP-01): a hand's forced bets must fit under the cap in force.
  if (profile.perHandStakeCap !== null) {
    let capMinor: bigint | null = null;
    try {
      capMinor = perHandStakeCapMinor(profile, d.currency, at);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      fail('currency', error.detail);
    }
    const forced = d.bigBlindMinor + d.anteMinor + d.straddleMinor;
    if (capMinor !== null && forced > capMinor)
      fail('bigBlindMinor', `blind, ante and straddle (${forced}) exceed the per-hand stake cap ${capMinor}`);
  }
  return problems;
}

/**
 * Refuses a table that breaks its profile: `poker-table-invalid` (422) naming the first offending
 * field, every problem in the extensions. Called when a table is created and when a stored table is
 * opened, so a profile tightened later closes the tables it no longer allows.
 */
export function validatePokerTableDefinition(profile: PokerRuleProfile, definition: PokerTableDefinition, at: Date): void {
  const problems = pokerTableProblems(profile, definition, at);
  const first = problems[0];
  if (!first) return;
  throw new DomainError(
    'poker-table-invalid',
    `Table ${JSON.stringify(definition.name)} breaks rule profile ${profile.id}: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
    { field: first.field, extensions: { profileId: profile.id, problems } },
  );
}

function structureOf(definition: PokerTableDefinition): poker.BettingStructure | 'mixed' | undefined {
  const game = tableGameOf(definition.variant);
  return game === null ? undefined : bettingStructureOf(game);
}

/** The games a profile's lobby offers, for the refusal's message. */
function offeredGames(profile: PokerRuleProfile): string[] {
  return [...profile.games, ...otherGameVariantIds(profile)];
}

/** The calendar date (YYYY-MM-DD) of `at` in `timeZone`. */
function calendarDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
