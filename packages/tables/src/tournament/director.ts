import { assert } from '@casino/core';
import { poker, SeededRng, type Rng } from '@casino/games';
import { FixedLimitTableHand, type FixedLimitCommand } from '../poker/fixed-limit-table.ts';
import { levelStakes, tournamentGameOf, tournamentLevelGame } from '../poker/table-games.ts';
import { handForHandActive, readClock, rebuyOpen, addOnOpen, tournamentOver } from './clock.ts';
import type { TournamentDefinition } from './definition.ts';
import { bountyPerEntryMinor, finishPrizes, knockOut, overlayMinor, placePrizes, rankBusts, type Finish } from './prizes.ts';
import type { TournamentRuleProfile } from './rules.ts';
import { balanceTables, seatAtRandom, type Move, type Tables } from './seating.ts';

/**
 * The tournament director (issue 19): one tournament in memory, pure (no I/O, the time given, the
 * randomness injected). It seats the entries at random, deals hands through the poker engine at each
 * table with the clock's blinds and antes, ranks eliminations, pays bounties, runs hand-for-hand at the
 * bubble by the profile's trigger, breaks and balances tables between hands, and ends by the format.
 * Chips are conserved: after every hand Σ chips in play = Σ chips bought (`chipViolations`).
 * Money is the store's: it posts what the events say (registration, prizes, bounties).
 */
export type Decide = (state: poker.HandState, legal: poker.LegalActions) => poker.PlayerAction;

/**
 * What the director reads of a finished hand: its id and each dealt player's stacks and winnings. A
 * flop hand's `poker.HandState` is one; a stud or draw hand of the live tables gives the same from
 * its outcome (live/floor.ts, D-2072).
 */
export interface FinishedHand {
  readonly config: { readonly handId: string };
  readonly result: {
    readonly players: readonly {
      readonly seat: number;
      readonly startingStack: bigint;
      readonly endingStack: bigint;
      readonly won: bigint;
    }[];
  } | null;
}

export interface DirectorEntry {
  readonly entryId: string;
  readonly playerId: string;
  chips: bigint;
  /** Chips bought during a hand: they play from the next hand (002:TRN-RB-07, 004:GAM-P-T-15). */
  pendingChips: bigint;
  active: boolean;
  rebuys: number;
  addOns: number;
  bountyMinor: bigint;
  chipsBought: bigint;
  /**
   * Live play (D-1936): out of chips in the rebuy period while it may rebuy, the entry is offered the
   * rebuy (002:TRN-RB-04) and stays in, seated and dealt no hand, until `untilMs` on the tournament clock
   * or the end of the rebuy period; then it is out as it would have been at that hand.
   */
  rebuyOffer?: { readonly startingStack: bigint; readonly winners: readonly string[]; readonly untilMs: number } | null;
}

export type DirectorEvent =
  | { readonly kind: 'hand'; readonly table: number; readonly handId: string; readonly handForHand: boolean }
  | { readonly kind: 'finish'; readonly finish: Finish }
  | {
      readonly kind: 'knock-out';
      readonly busted: string;
      readonly paid: ReadonlyMap<string, bigint>;
      readonly added: ReadonlyMap<string, bigint>;
    }
  | { readonly kind: 'move'; readonly move: Move }
  | { readonly kind: 'rebuy'; readonly entryId: string }
  | { readonly kind: 'add-on'; readonly entryId: string }
  | { readonly kind: 'entry'; readonly entryId: string; readonly table: number; readonly seat: number };

/** A chip purchase of a running tournament (D-1936): paid by the store first, then applied with `applyPurchase`. */
export type TournamentPurchaseKind = 'rebuy' | 'add-on' | 're-entry' | 'late-registration';

export type PurchasePlan = ChipsPlan | NewEntryPlan;

export interface ChipsPlan {
  readonly kind: 'rebuy' | 'add-on';
  readonly entryId: string;
  readonly playerId: string;
}

export interface NewEntryPlan {
  readonly kind: 're-entry' | 'late-registration';
  /** The new entry, with the seat it gets (chosen when the purchase is planned, so a restored state agrees). */
  readonly entryId: string;
  readonly playerId: string;
  readonly table: number;
  readonly seat: number;
}

export const isNewEntryPlan = (plan: PurchasePlan): plan is NewEntryPlan =>
  plan.kind === 're-entry' || plan.kind === 'late-registration';

export interface DirectorOptions {
  readonly definition: TournamentDefinition;
  readonly rules: TournamentRuleProfile;
  /** `chips`: a flight's Day 2 entry starts with its carried stack (004:GAM-P-T-17); default the definition's starting chips. */
  readonly entries: readonly { entryId: string; playerId: string; chips?: bigint }[];
  /**
   * The prize pool fixed at the start instead of the start fees paid (D-1965, D-1970): a Twister's drawn pool, a
   * flight's Day 2 pool carried from its Day 1s.
   */
  readonly prizePoolMinor?: bigint | null;
  readonly rng: Rng;
  readonly newHandId: (table: number, handNumber: number) => string;
  /** Asked when an entry runs out of chips while it may rebuy (the automatic offer, 002:TRN-RB-04). */
  readonly acceptsRebuy?: (entryId: string) => boolean;
  /**
   * Live play: how long (tournament clock) an entry out of chips in the rebuy period is held for its
   * rebuy before it is out (D-1936); without it, `acceptsRebuy` decides at once.
   */
  readonly rebuyOfferMs?: number;
  /**
   * Live play (live/floor.ts): hands run at several tables at once, so balancing waits until no table
   * is in a hand (`needsBalancing`, then `balanceNow` from the floor) instead of running after each hand.
   */
  readonly balanceBetweenAllHands?: boolean;
  /** A director restored from its snapshot (a takeover): no new seating. */
  readonly restore?: DirectorSnapshot;
}

/** The director's state at a hand boundary, as JSON-able data (bigints stay bigints: the store tags them). */
export interface DirectorSnapshot {
  readonly entries: readonly DirectorEntry[];
  readonly tables: readonly [number, readonly [number, string][]][];
  readonly handsAt: readonly [number, number][];
  readonly roundBusts: readonly { entryId: string; startingStack: bigint }[];
  readonly roundStartPlayers: number;
  readonly handNumber: number;
  readonly finishes: readonly Finish[];
  /** Knock-outs (their bounties are paid at the end) and the count of balancing moves. */
  readonly knockOuts: readonly { busted: string; paid: [string, bigint][]; added: [string, bigint][] }[];
  readonly moves: number;
  readonly elapsedMs: number;
  /** Mystery bounties (D-1960): the seed of the draws, drawn once at the start; absent otherwise. */
  readonly mysterySeed?: number;
  /** The prize pool fixed at the start (a Twister's draw, a Day 2's carried pool); absent otherwise. */
  readonly prizePoolMinor?: bigint;
}

export class TournamentDirector {
  readonly definition: TournamentDefinition;
  readonly rules: TournamentRuleProfile;
  readonly entries = new Map<string, DirectorEntry>();
  readonly tables: Tables;
  readonly events: DirectorEvent[] = [];
  readonly finishes: Finish[] = [];
  elapsedMs = 0;
  private readonly buttons = new Map<number, number>();
  private readonly handsAt = new Map<number, number>();
  private roundBusts: { entryId: string; startingStack: bigint }[] = [];
  private roundStartPlayers = 0;
  private handNumber = 0;
  private restoredMoves = 0;
  /** Mystery bounties (004:GAM-P-T-21, D-1960): the k-th draw is `mysteryDraw(seed, k, …)`, replayable from the seed. */
  private readonly mysterySeed: number | null;
  /** The prize pool fixed at the start (D-1965, D-1970); null: the start fees paid. */
  readonly prizePoolMinor: bigint | null;

  constructor(private readonly options: DirectorOptions) {
    this.definition = options.definition;
    this.rules = options.rules;
    this.prizePoolMinor = options.restore ? (options.restore.prizePoolMinor ?? null) : (options.prizePoolMinor ?? null);
    if (options.restore) {
      const r = options.restore;
      for (const e of r.entries) this.entries.set(e.entryId, { ...e });
      this.tables = new Map(r.tables.map(([t, seats]) => [t, new Map(seats)]));
      for (const [t, n] of r.handsAt) this.handsAt.set(t, n);
      this.roundBusts = r.roundBusts.map((b) => ({ ...b }));
      this.roundStartPlayers = r.roundStartPlayers;
      this.handNumber = r.handNumber;
      this.finishes.push(...r.finishes);
      for (const ko of r.knockOuts)
        this.events.push({ kind: 'knock-out', busted: ko.busted, paid: new Map(ko.paid), added: new Map(ko.added) });
      this.restoredMoves = r.moves;
      this.elapsedMs = r.elapsedMs;
      this.mysterySeed = r.mysterySeed ?? null;
      return;
    }
    const mystery = this.definition.bounty?.kind === 'mystery';
    // A mystery bounty is nobody's own: the bounty parts fund the published set, drawn at eliminations.
    const bounty = mystery ? 0n : bountyPerEntryMinor(this.definition);
    for (const { entryId, playerId, chips: carried } of options.entries) {
      const chips = carried ?? this.definition.entry.chips;
      assert(chips > 0n, 'an entry starts with chips');
      this.entries.set(entryId, {
        entryId,
        playerId,
        chips,
        pendingChips: 0n,
        active: true,
        rebuys: 0,
        addOns: 0,
        bountyMinor: bounty,
        chipsBought: chips,
      });
    }
    this.tables = seatAtRandom([...this.entries.keys()], this.definition.seatsPerTable, options.rng);
    for (const t of this.tables.keys()) this.handsAt.set(t, 0);
    this.mysterySeed = mystery ? options.rng.intBelow(2 ** 32) : null;
  }

  activeEntries(): DirectorEntry[] {
    return [...this.entries.values()].filter((e) => e.active);
  }

  paidPlaces(): number {
    return placePrizes(this.definition, this.entries.size, 1_000_000n).length;
  }

  isOver(): boolean {
    return tournamentOver(this.definition, this.entries.size, this.activeEntries().length);
  }

  handForHand(): boolean {
    const d = this.definition;
    return handForHandActive(
      this.rules.handForHand,
      this.tables.size,
      this.activeEntries().length,
      this.paidPlaces(),
      d.handForHandAbovePaidMax,
    );
  }

  /**
   * Whether `table` may deal now (000-001:TRN-17, T-72; 004:GAM-P-T-02): not during a break (the same
   * clock for every table), two players or more, and in hand-for-hand no table ahead of the others.
   */
  canDeal(table: number): boolean {
    if (this.isOver() || readClock(this.definition.levels, this.elapsedMs).onBreak) return false;
    const seats = this.tables.get(table);
    if (!seats || !this.hasGame(table)) return false;
    if (!this.handForHand()) return true;
    const slowest = Math.min(...this.tablesWithGame().map((t) => this.handsAt.get(t) ?? 0));
    return (this.handsAt.get(table) ?? 0) === slowest;
  }

  /** A table with two players who have chips (a shootout table down to its winner has none). */
  private hasGame(table: number): boolean {
    return [...(this.tables.get(table)?.values() ?? [])].filter((id) => this.playable(id)).length >= 2;
  }

  private tablesWithGame(): number[] {
    return [...this.tables.keys()].filter((t) => this.hasGame(t));
  }

  /**
   * No hand-for-hand round is half played: the busts are ranked and the tables balanced. During a
   * hand-for-hand round a table that finished waits, and balancing waits for the round (T-72).
   */
  settled(): boolean {
    return this.roundBusts.length === 0;
  }

  /** Plays one hand at `table` to the end with `decide`, then settles busts, bounties and balancing. */
  playHand(table: number, decide: Decide): poker.HandState {
    assert(this.canDeal(table), 'the table may deal');
    const seats = this.tables.get(table)!;
    const state = this.deal(table, seats);
    const done = playOut(state, decide);
    this.recordHand(table, done, new Map(seats));
    return done;
  }

  /**
   * Plays one hand of the level's game at `table` (issue 20, D-2072): a flop hand with `decide`, a
   * stud or draw hand with random legal moves from the director's generator (the engine's default
   * fixed-limit rules: the pure path has no table profile). For the property test of every game.
   */
  playLevelHand(table: number, decide: Decide): FinishedHand {
    const { game, mixed } = this.levelGame();
    if (game.kind === 'flop') return this.playHand(table, decide);
    assert(this.canDeal(table), 'the table may deal');
    const seats = this.tables.get(table)!;
    const players = this.dealtPlayers(seats);
    const button = nextButton(
      players.map((p) => p.seat),
      this.buttons.get(table),
    );
    // A mix's stud hands leave the button where it was (002 HORSE-03, D-2073).
    if (mixed?.family !== 'stud') this.buttons.set(table, button);
    const stakes = levelStakes(readClock(this.definition.levels, this.elapsedMs).level, game, mixed);
    const hand = FixedLimitTableHand.deal({
      handId: this.options.newHandId(table, ++this.handNumber),
      game: game.game,
      buttonSeat: button,
      seats: players.map((p) => ({ seat: p.seat, alias: p.name, stackMinor: p.stack })),
      stakes: {
        anteMinor: game.game.family === 'stud' ? stakes.ante : 0n,
        smallBlindMinor: stakes.smallBlind,
        bigBlindMinor: stakes.bigBlind,
      },
      rules: poker.defaultFixedLimitRules,
      rake: { rateBps: 0, capPerHandMinor: null, noFlopNoDrop: false },
      rng: this.options.rng,
    });
    const rng = this.options.rng;
    for (let moves = 0; !hand.complete; moves++) {
      assert(moves < 1_000, 'a stud or draw hand ends');
      const legal = hand.legal()!;
      let command: FixedLimitCommand;
      if (legal.kind === 'draw')
        command = { kind: 'draw', discard: Array.from({ length: rng.intBelow((legal.discardMax ?? 0) + 1) }, (_, i) => i) };
      else if (legal.kind === 'bring-in') command = { kind: 'act', action: rng.intBelow(3) === 0 ? 'complete' : 'bring-in' };
      else {
        const roll = rng.intBelow(10);
        if (roll < 3 && legal.raiseTo !== null) command = { kind: 'act', action: legal.check ? 'bet' : 'raise' };
        else if (roll < 4 && legal.fold && !legal.check) command = { kind: 'act', action: 'fold' };
        else command = { kind: 'act', action: legal.check ? 'check' : 'call' };
      }
      hand.command(legal.seat, command);
    }
    const outcome = hand.outcome();
    const done: FinishedHand = {
      config: { handId: hand.handId },
      result: {
        players: outcome.results.map((r) => ({
          seat: r.seat,
          startingStack: r.stackAfterMinor - r.wonMinor + r.putInMinor,
          endingStack: r.stackAfterMinor,
          won: r.wonMinor,
        })),
      },
    };
    this.recordHand(table, done, new Map(seats));
    return done;
  }

  /** The game the clock's level deals (a mix's changes with each level, D-2070). */
  private levelGame(): ReturnType<typeof tournamentLevelGame> {
    const game = tournamentGameOf(this.definition.variant);
    assert(game !== null, `unknown variant ${this.definition.variant}`);
    return tournamentLevelGame(game, readClock(this.definition.levels, this.elapsedMs).levelIndex);
  }

  /** The players dealt in at `table`: pending chips join the stacks; those with chips play. */
  private dealtPlayers(seats: Map<number, string>): poker.SeatedPlayer[] {
    const players: poker.SeatedPlayer[] = [];
    for (const [seat, entryId] of [...seats].sort(([a], [b]) => a - b)) {
      const e = this.entries.get(entryId)!;
      e.chips += e.pendingChips;
      e.pendingChips = 0n;
      if (e.chips > 0n) players.push({ seat, name: entryId, stack: e.chips });
    }
    return players;
  }

  /**
   * A hand finished at `table` (played here, or live at a `PokerTable`, live/floor.ts): its stacks,
   * busts (ranked with the round's), bounties, the automatic rebuy offer, then balancing. `seats`: the
   * entry in each seat of the hand as it was dealt.
   */
  recordHand(table: number, done: FinishedHand, seats: ReadonlyMap<number, string>): void {
    const h4h = this.handForHand();
    if (this.roundBusts.length === 0) this.roundStartPlayers = this.activeEntries().length;
    this.handsAt.set(table, (this.handsAt.get(table) ?? 0) + 1);
    this.events.push({ kind: 'hand', table, handId: done.config.handId, handForHand: h4h });
    this.settleHand(done, seats, this.tables.get(table) ?? new Map());
    const roundComplete = !h4h || this.tablesWithGame().every((t) => this.handsAt.get(t) === this.handsAt.get(table));
    if (roundComplete || this.isOver()) this.closeRound();
    this.assertChipsConserved();
  }

  /** The seats of a live hand about to be dealt at `table`: pending chips join the stacks (they play from this hand). */
  seatsForDeal(table: number): { seat: number; entryId: string; chips: bigint }[] {
    const seats = this.tables.get(table);
    assert(seats !== undefined, 'the table exists');
    const dealt: { seat: number; entryId: string; chips: bigint }[] = [];
    for (const [seat, entryId] of [...seats].sort(([a], [b]) => a - b)) {
      const e = this.entries.get(entryId)!;
      e.chips += e.pendingChips;
      e.pendingChips = 0n;
      if (e.chips > 0n) dealt.push({ seat, entryId, chips: e.chips });
    }
    return dealt;
  }

  /** Whether the tables must be broken or evened out (000-001:T-73) before the next deal (live play). */
  needsBalancing(): boolean {
    if (this.definition.shootout || this.isOver()) return false;
    const sizes = [...this.tables.values()].map((t) => t.size);
    const players = sizes.reduce((a, b) => a + b, 0);
    const needed = Math.max(1, Math.ceil(players / this.definition.seatsPerTable));
    return this.tables.size > needed || Math.max(...sizes) - Math.min(...sizes) > 1;
  }

  /** Live play: balances now (the caller has made sure no table is in a hand); returns the moves. */
  balanceNow(): Move[] {
    const moves = balanceTables(this.tables, this.definition.seatsPerTable, this.options.rng);
    for (const move of moves) this.events.push({ kind: 'move', move });
    for (const t of [...this.handsAt.keys()]) if (!this.tables.has(t)) this.handsAt.delete(t);
    return moves;
  }

  /** Balancing moves so far. */
  moveCount(): number {
    return this.restoredMoves + this.events.filter((e) => e.kind === 'move').length;
  }

  snapshot(): DirectorSnapshot {
    return {
      entries: [...this.entries.values()].map((e) => ({ ...e })),
      tables: [...this.tables].map(([t, seats]) => [t, [...seats]] as [number, [number, string][]]),
      handsAt: [...this.handsAt],
      roundBusts: this.roundBusts.map((b) => ({ ...b })),
      roundStartPlayers: this.roundStartPlayers,
      handNumber: this.handNumber,
      finishes: [...this.finishes],
      knockOuts: this.events.flatMap((e) =>
        e.kind === 'knock-out' ? [{ busted: e.busted, paid: [...e.paid], added: [...e.added] }] : [],
      ),
      moves: this.moveCount(),
      elapsedMs: this.elapsedMs,
      ...(this.mysterySeed !== null ? { mysterySeed: this.mysterySeed } : {}),
      ...(this.prizePoolMinor !== null ? { prizePoolMinor: this.prizePoolMinor } : {}),
    };
  }

  private playable(entryId: string): boolean {
    const e = this.entries.get(entryId)!;
    return e.active && e.chips + e.pendingChips > 0n;
  }

  private deal(table: number, seats: Map<number, string>): poker.HandState {
    const d = this.definition;
    const players = this.dealtPlayers(seats);
    // The level's game (a mix's flop game of the level, D-2070) at its stakes (D-2071).
    const { game, mixed } = this.levelGame();
    assert(game.kind === 'flop', 'a stud or draw hand is played by playLevelHand');
    const level = levelStakes(readClock(d.levels, this.elapsedMs).level, game, mixed);
    const button = nextButton(
      players.map((p) => p.seat),
      this.buttons.get(table),
    );
    this.buttons.set(table, button);
    const variant = game.variant;
    return poker.startHand({
      handId: this.options.newHandId(table, ++this.handNumber),
      variant,
      stakes: {
        smallBlind: level.smallBlind,
        bigBlind: level.bigBlind,
        ante: level.ante,
        anteMode: level.ante > 0n ? 'every-player' : 'none',
        straddle: 0n,
        rake: { rateBps: 0, capPerHand: null, noFlopNoDrop: false },
        contributionMax: null,
      },
      seatCount: d.seatsPerTable,
      buttonSeat: button,
      players,
      rng: this.options.rng,
    }).state;
  }

  private settleHand(done: FinishedHand, seats: ReadonlyMap<number, string>, tableSeats: Map<number, string>): void {
    const result = done.result!;
    for (const p of result.players) this.entries.get(seats.get(p.seat)!)!.chips = p.endingStack;
    const winners = result.players.filter((p) => p.won > 0n).map((p) => seats.get(p.seat)!);
    for (const p of result.players) {
      if (p.endingStack > 0n) continue;
      const entryId = seats.get(p.seat)!;
      if (this.offerRebuy(entryId)) continue;
      if (this.holdForRebuy(entryId, p.startingStack, winners)) continue;
      this.bust(entryId, p.startingStack, winners);
    }
    for (const [seat, entryId] of [...tableSeats]) if (!this.entries.get(entryId)!.active) tableSeats.delete(seat);
  }

  /** 002:TRN-RB-04/05, 003:R-TOUR-10: an entry at zero chips in the rebuy period may rebuy (chips from the next hand). */
  private offerRebuy(entryId: string): boolean {
    if (!this.mayRebuy(entryId) || !(this.options.acceptsRebuy?.(entryId) ?? false)) return false;
    this.rebuy(entryId);
    return true;
  }

  mayRebuy(entryId: string): boolean {
    const d = this.definition;
    const e = this.entries.get(entryId);
    if (!d.rebuy || !e || !e.active || !rebuyOpen(d, this.elapsedMs)) return false;
    if (d.rebuy.countMax !== null && e.rebuys >= d.rebuy.countMax) return false;
    const chips = e.chips + e.pendingChips;
    return this.rules.rebuy.onlyWithNoChips ? chips === 0n : chips <= d.rebuy.chipsAtMost;
  }

  /** Live play: the entry out of chips is offered the rebuy instead of being out at once (D-1936). */
  private holdForRebuy(entryId: string, startingStack: bigint, winners: readonly string[]): boolean {
    if (this.options.rebuyOfferMs === undefined || !this.mayRebuy(entryId)) return false;
    const e = this.entries.get(entryId)!;
    e.rebuyOffer = { startingStack, winners: [...winners], untilMs: this.elapsedMs + this.options.rebuyOfferMs };
    return true;
  }

  /** The earliest end of a standing rebuy offer on the tournament clock (null: none stands). */
  rebuyOfferDueMs(): number | null {
    const due = this.activeEntries().flatMap((e) => (e.rebuyOffer ? [e.rebuyOffer.untilMs] : []));
    return due.length === 0 ? null : Math.min(...due);
  }

  /**
   * The player declines the rebuy offer (D-1961): it ends now, so the entry is out at the next hand boundary
   * (at once when no hand runs), ranked as at the hand that emptied it. False when no offer stands.
   */
  declineRebuyOffer(entryId: string): boolean {
    const e = this.entries.get(entryId);
    if (!e?.active || !e.rebuyOffer) return false;
    e.rebuyOffer = { ...e.rebuyOffer, untilMs: Math.min(e.rebuyOffer.untilMs, this.elapsedMs) };
    return true;
  }

  /**
   * Offers whose time is up or whose rebuy period ended: those entries are out, ranked together as one
   * round (at a hand boundary only: no hand-for-hand round half played). Returns whether any ended.
   */
  endLapsedRebuyOffers(): boolean {
    if (!this.settled()) return false;
    const lapsed = this.activeEntries().filter(
      (e) => e.rebuyOffer && (this.elapsedMs >= e.rebuyOffer.untilMs || !this.mayRebuy(e.entryId)),
    );
    if (lapsed.length === 0) return false;
    this.roundStartPlayers = this.activeEntries().length;
    for (const e of lapsed) {
      const offer = e.rebuyOffer!;
      e.rebuyOffer = null;
      this.bust(e.entryId, offer.startingStack, offer.winners);
      for (const seats of this.tables.values()) for (const [seat, id] of [...seats]) if (id === e.entryId) seats.delete(seat);
    }
    this.closeRound();
    this.assertChipsConserved();
    return true;
  }

  /**
   * A new entry of a running tournament (late registration, 000-001:TRN-06; re-entry, 004:GAM-P-T-14,
   * 000-001:TRN-10): the open seat it will get, at the table with the fewest players (the lowest
   * number first, a free seat chosen by the generator), or a new table when every table is full.
   */
  seatForNewEntry(): { table: number; seat: number } {
    const seatsPerTable = this.definition.seatsPerTable;
    const open = [...this.tables]
      .filter(([, seats]) => seats.size < seatsPerTable)
      .sort(([ta, a], [tb, b]) => a.size - b.size || ta - tb)[0];
    const table = open?.[0] ?? Math.max(0, ...this.tables.keys()) + 1;
    const taken = this.tables.get(table) ?? new Map<number, string>();
    const free = Array.from({ length: seatsPerTable }, (_, i) => i + 1).filter((seat) => !taken.has(seat));
    assert(free.length > 0, 'the chosen table has a free seat');
    return { table, seat: free[this.options.rng.intBelow(free.length)]! };
  }

  /** Applies a purchase the store has paid for: rebuy or add-on chips pending, or the new entry seated with its chips. */
  applyPurchase(plan: PurchasePlan): void {
    if (!isNewEntryPlan(plan)) return plan.kind === 'rebuy' ? this.rebuy(plan.entryId) : this.addOn(plan.entryId);
    assert(!this.entries.has(plan.entryId), 'a new entry is new');
    const seats = this.tables.get(plan.table) ?? new Map<number, string>();
    assert(!seats.has(plan.seat) && seats.size < this.definition.seatsPerTable, 'the new entry gets a free seat');
    const chips = this.definition.entry.chips;
    this.entries.set(plan.entryId, {
      entryId: plan.entryId,
      playerId: plan.playerId,
      chips: 0n,
      // Chips bought during a hand play from the next hand (002:TRN-RB-07).
      pendingChips: chips,
      active: true,
      rebuys: 0,
      addOns: 0,
      bountyMinor: bountyPerEntryMinor(this.definition),
      chipsBought: chips,
    });
    seats.set(plan.seat, plan.entryId);
    if (!this.tables.has(plan.table)) {
      this.tables.set(plan.table, seats);
      this.handsAt.set(plan.table, this.handsAt.size === 0 ? 0 : Math.min(...this.handsAt.values()));
    }
    this.events.push({ kind: 'entry', entryId: plan.entryId, table: plan.table, seat: plan.seat });
    this.assertChipsConserved();
  }

  rebuy(entryId: string): void {
    assert(this.mayRebuy(entryId), 'the entry may rebuy');
    const e = this.entries.get(entryId)!;
    e.rebuyOffer = null;
    e.pendingChips += this.definition.rebuy!.chips;
    e.chipsBought += this.definition.rebuy!.chips;
    e.rebuys += 1;
    this.events.push({ kind: 'rebuy', entryId });
  }

  /** 002:TRN-RB-08, 003:R-TOUR-10, S-78: one add-on at the break, for everyone still in (with 0 chips where the profile allows). */
  mayAddOn(entryId: string): boolean {
    const e = this.entries.get(entryId);
    if (!e || !e.active || e.addOns > 0 || !addOnOpen(this.definition, this.elapsedMs)) return false;
    return this.rules.addOn.zeroChipsAllowed || e.chips + e.pendingChips > 0n;
  }

  addOn(entryId: string): void {
    assert(this.mayAddOn(entryId), 'the entry may take the add-on');
    const e = this.entries.get(entryId)!;
    e.pendingChips += this.definition.addOn!.chips;
    e.chipsBought += this.definition.addOn!.chips;
    e.addOns += 1;
    this.events.push({ kind: 'add-on', entryId });
  }

  private bust(entryId: string, startingStack: bigint, winners: readonly string[]): void {
    const e = this.entries.get(entryId)!;
    e.active = false;
    this.roundBusts.push({ entryId, startingStack });
    const d = this.definition;
    const eliminators = winners.filter((id) => id !== entryId);
    if (d.bounty?.kind === 'mystery' && eliminators.length > 0) {
      const drawn = mysteryDraw(this.mysterySeed!, this.mysteryDrawn().length, this.mysteryBountiesRemaining());
      const ko = knockOut(drawn, eliminators, 10_000);
      this.events.push({ kind: 'knock-out', busted: entryId, paid: ko.paid, added: ko.added });
    } else if (d.bounty && e.bountyMinor > 0n && eliminators.length > 0) {
      const ko = knockOut(e.bountyMinor, eliminators, d.bounty.kind === 'knockout' ? 10_000 : d.bounty.paidBps);
      for (const [id, added] of ko.added) this.entries.get(id)!.bountyMinor += added;
      e.bountyMinor = 0n;
      this.events.push({ kind: 'knock-out', busted: entryId, paid: ko.paid, added: ko.added });
    }
  }

  /** The busts of a hand (or of a hand-for-hand round) are ranked together, then tables are balanced. */
  private closeRound(): void {
    if (this.roundBusts.length > 0) {
      for (const finish of rankBusts(this.roundStartPlayers, this.roundBusts)) {
        this.finishes.push(finish);
        this.events.push({ kind: 'finish', finish });
      }
      this.roundBusts = [];
    }
    if (this.isOver()) return this.finishSurvivors();
    if (this.definition.shootout) return this.nextShootoutRound();
    if (!this.options.balanceBetweenAllHands) this.balanceNow();
    const slowest = Math.min(...[...this.handsAt.values()]);
    for (const t of this.handsAt.keys()) this.handsAt.set(t, slowest); // a new hand-for-hand round starts level
  }

  /**
   * A shootout keeps every player at the table until one is left (002:SHOOT-01: no balancing); when every
   * table has its winner, the winners are seated at random for the next round (SHOOT-02..04).
   */
  private nextShootoutRound(): void {
    if (this.tables.size < 2 || [...this.tables.values()].some((seats) => seats.size > 1)) return;
    const winners = [...this.tables.values()].flatMap((seats) => [...seats.values()]);
    this.tables.clear();
    this.handsAt.clear();
    for (const [t, seats] of seatAtRandom(winners, this.definition.seatsPerTable, this.options.rng)) {
      this.tables.set(t, seats);
      this.handsAt.set(t, 0);
    }
  }

  /** The players left when the tournament ends: the winner, or the tied survivors of a DON or satellite. */
  private finishSurvivors(): void {
    const left = this.activeEntries();
    // A Day 1 flight's survivors all qualify with their chips (004:GAM-P-T-17): no ranking among them.
    const tied = this.definition.doubleOrNothing || this.definition.satellite !== null || this.definition.flight?.day === 1;
    const finish: Finish = { entryIds: left.map((e) => e.entryId), placeBest: 1, placeWorst: left.length };
    const finishes = tied
      ? [finish]
      : rankBusts(
          left.length,
          left.map((e) => ({ entryId: e.entryId, startingStack: e.chips })),
        );
    for (const f of finishes) {
      this.finishes.push(f);
      this.events.push({ kind: 'finish', finish: f });
    }
  }

  /** The mystery bounties drawn so far, in order (each knock-out's paid parts add up to its drawn value). */
  mysteryDrawn(): bigint[] {
    if (this.definition.bounty?.kind !== 'mystery') return [];
    return this.events.flatMap((e) => (e.kind === 'knock-out' ? [[...e.paid.values()].reduce((s, v) => s + v, 0n)] : []));
  }

  /** The published mystery bounties not drawn yet, largest first (004:GAM-P-T-21: shown during the tournament). */
  mysteryBountiesRemaining(): bigint[] {
    const left = (this.definition.bounty?.mystery ?? []).flatMap((v) => Array.from({ length: v.count }, () => v.amountMinor));
    for (const drawn of this.mysteryDrawn()) {
      const i = left.indexOf(drawn);
      assert(i >= 0, 'a drawn mystery bounty is one of the published set');
      left.splice(i, 1);
    }
    return left.sort((a, b) => (a === b ? 0 : a > b ? -1 : 1));
  }

  /** The prize pool for places: start fees paid less the bounty parts, with the guarantee's overlay. */
  poolFromStartFees(): { collectedMinor: bigint; overlayMinor: bigint; bountyMinor: bigint } {
    const d = this.definition;
    // A fixed pool (a Twister's draw, a Day 2's carry): what the store brings the pool account to before paying.
    if (this.prizePoolMinor !== null) return { collectedMinor: this.prizePoolMinor, overlayMinor: 0n, bountyMinor: 0n };
    let collected = 0n;
    let bounty = 0n;
    for (const e of this.entries.values()) {
      collected +=
        d.entry.startFeeMinor +
        BigInt(e.rebuys) * (d.rebuy?.startFeeMinor ?? 0n) +
        BigInt(e.addOns) * (d.addOn?.startFeeMinor ?? 0n);
      bounty += bountyPerEntryMinor(d);
    }
    const net = collected - bounty;
    return { collectedMinor: net, overlayMinor: overlayMinor(d, net), bountyMinor: bounty };
  }

  /** Each entry's prize once the tournament is over (places from the payout table, ties split). */
  prizes(): Map<string, bigint> {
    assert(this.isOver(), 'the tournament is over');
    const pool = this.poolFromStartFees();
    const prizes = placePrizes(this.definition, this.entries.size, pool.collectedMinor + pool.overlayMinor);
    const byEntry = new Map<string, bigint>();
    for (const finish of this.finishes) for (const [id, amount] of finishPrizes(finish, prizes)) byEntry.set(id, amount);
    return byEntry;
  }

  /** Σ chips held and pending − Σ chips bought (000-001:ACC-09: chips only come from purchases); 0 when conserved. */
  chipViolation(): bigint {
    let held = 0n;
    let bought = 0n;
    for (const e of this.entries.values()) {
      held += e.chips + e.pendingChips;
      bought += e.chipsBought;
    }
    return held - bought;
  }

  private assertChipsConserved(): void {
    assert(this.chipViolation() === 0n, 'tournament chips are conserved');
  }
}

/** The moving button: the next occupied seat clockwise after the last button (the first hand: the lowest seat). */
function nextButton(seats: readonly number[], last: number | undefined): number {
  assert(seats.length >= 2, 'a hand has two players');
  if (last === undefined) return seats[0]!;
  return seats.find((s) => s > last) ?? seats[0]!;
}

/** Runs the engine to the end: steps automatically, each decision from `decide` (showdowns: every hand shown). */
export function playOut(start: poker.HandState, decide: Decide): poker.HandState {
  let state = start;
  for (let steps = 0; state.phase !== 'complete'; steps++) {
    assert(steps < 1_000, 'a hand ends');
    const decision = poker.pendingDecision(state);
    if (decision.kind === 'step') state = poker.runPendingStep(state, decision.step).state;
    else if (decision.kind === 'run-count') state = poker.chooseRunCount(state, decision.seats[0]!, 1).state;
    else if (decision.kind === 'show-or-muck') state = poker.showHand(state, decision.seat).state;
    else if (decision.kind === 'action') state = poker.act(state, decision.seat, decide(state, poker.legalActions(state)!)).state;
  }
  return state;
}

/** A bot for tests and the bench: all-in or call with some probability, otherwise check or fold. */
export function randomBot(rng: Rng, aggressionPct = 30): Decide {
  return (_state, legal) => {
    const roll = rng.intBelow(100);
    if (roll < aggressionPct && legal.allIn !== null) return { kind: 'all-in' };
    if (roll < aggressionPct * 2 && legal.call !== null) return { kind: 'call' };
    return legal.check ? { kind: 'check' } : { kind: 'fold' };
  };
}

/**
 * The k-th mystery bounty draw (004:GAM-P-T-21, D-1960): uniformly one of the `remaining` values (largest first),
 * from a generator seeded with the tournament's mystery seed and k alone, so the draws do not depend on the cards
 * dealt and anyone holding the seed and the published set replays every draw.
 */
export function mysteryDraw(seed: number, k: number, remaining: readonly bigint[]): bigint {
  assert(remaining.length > 0, 'a mystery bounty is left to draw');
  return remaining[new SeededRng(`mystery:${seed}:${k}`).intBelow(remaining.length)]!;
}
