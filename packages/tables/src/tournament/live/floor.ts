import { assert, DomainError, newId } from '@casino/core';
import type { poker, Rng } from '@casino/games';
import type { PokerRuleProfile, PokerTableDefinition } from '../../poker/profile.ts';
import type { DrivenTable } from '../../poker/room-ports.ts';
import type {
  CompletedHand,
  PlayerCommand,
  PokerTableSetup,
  PrivateSeatView,
  PublicTableView,
  TableEffect,
} from '../../poker/runtime-types.ts';
import { positionsOf } from '../../poker/store-hands.ts';
import {
  levelStakes,
  tournamentGameLine,
  tournamentGameOf,
  tournamentLevelGame,
  type TableGame,
} from '../../poker/table-games.ts';
import { PokerTable, type TableStep } from '../../poker/table.ts';
import { addOnOpen, lateRegistrationOpen, readClock, rebuyOpen } from '../clock.ts';
import type { TournamentDefinition } from '../definition.ts';
import {
  isNewEntryPlan,
  TournamentDirector,
  type DirectorSnapshot,
  type FinishedHand,
  type PurchasePlan,
  type TournamentPurchaseKind,
} from '../director.ts';
import type { TournamentRuleProfile } from '../rules.ts';

/**
 * A running tournament on the cash-table runtime (issue 19, docs/tournaments.md "Live play"). The
 * room driver (poker/room.ts) holds ONE lease per tournament and drives this floor as its
 * `DrivenTable`: every request (a player's `act`, the clock's tick, a presence change) runs on the
 * tournament's one queue, so the director (clock, busts, balancing, hand-for-hand) has exactly one
 * writer. Each of the tournament's tables is a `PokerTable` (the cash tables' own: deadlines,
 * time-outs, legal actions, views), built afresh for every hand from the director's seats, with the
 * blinds and antes of the clock's level at the deal and tournament chips as stacks: nothing posts to
 * the ledger per hand (the pool is in the ledger since registration). A finished hand goes to the
 * director (stacks, busts ranked, bounties), then to the store (`hand-complete`: the director's
 * state is persisted, the tournament finished with its payouts when it is over). Balancing and
 * breaking tables wait until no table is in a hand (D-1930).
 */
export interface LiveTableState {
  /** Hands dealt at this table (the next hand's number is one more). */
  handNumber: number;
  /** The last hand's positions: the button moves on from there (000-001:BTN rules of the profile). */
  previous: poker.Positions | null;
  /** Views and turns of the earlier `PokerTable`s of this table: what is pushed only ever grows. */
  versionBase: number;
  turnBase: number;
}

/** What the store persists at each hand boundary (JSON, bigints tagged) and a takeover restores. */
export interface LiveTournamentState {
  readonly startedAtMs: number;
  pausedAtMs: number | null;
  pausedTotalMs: number;
  readonly aliases: Record<string, string>;
  director: DirectorSnapshot;
  tables: [number, LiveTableState][];
}

export interface TournamentFloorSetup {
  readonly tournamentId: string;
  readonly definition: TournamentDefinition;
  readonly rules: TournamentRuleProfile;
  readonly pokerProfile: PokerRuleProfile;
  readonly state: LiveTournamentState;
  /** Staff's pause as stored (`tournament.staff_paused_at`, D-1935): applied at the floor's next tick. */
  readonly staffPaused?: boolean;
}

/** `PokerTableSetup` as the tournament room's store hands it to the factory, with the tournament's own part. */
export type TournamentTableSetup = PokerTableSetup & { readonly tournament: TournamentFloorSetup };

export interface TournamentFloorOptions {
  readonly rng: Rng;
  readonly newHandId: () => string;
  /** Pause after a hand before that table deals again (the showdown stays on screen). */
  readonly handPauseMs: number;
  /** While paused the floor is ticked this often, so a resume read by the store is applied (D-1935). */
  readonly pausedPollMs?: number;
}

interface LiveTable extends LiveTableState {
  table: PokerTable | null;
  /** Seat → entry of the hand dealt (the director's seats may change before the next). */
  dealt: Map<number, string>;
  /** A mix's game of the hand dealt (its stud hands keep the button frozen, 002 HORSE-03); null in a one-game tournament. */
  dealtMixed: poker.MixedGame | null;
  runningHandId: string | null;
  awaitingCommitHandId: string | null;
  nextDealAtMs: number;
  maxTurnSeen: number;
  /** When the table's last hand was dealt (its record's start). */
  dealtAt: Date | null;
}

/** Extra fields of a tournament player's `poker-seat` view (besides the cash table's seat, cards and legal actions). */
export interface TournamentSeatView extends PrivateSeatView {
  readonly tournamentId: string;
  readonly tableNumber: number;
  readonly table: PublicTableView & { readonly tableNumber: number };
  readonly level: { readonly index: number; readonly smallBlind: string; readonly bigBlind: string; readonly ante: string };
  readonly onBreak: boolean;
  readonly paused: boolean;
  readonly playersLeft: number;
  /** A mix (D-2070): until the game changes with the next level (002 8GAME-05); null in a one-game tournament or at the last level. */
  readonly nextGameInMs: number | null;
}

/** A purchase refused by the tournament's rules (D-1936): `reason` is stable, the detail says why. */
export const purchaseRefused = (reason: string, detail: string) =>
  new DomainError('tournament-purchase-refused', detail, { extensions: { reason } });

const notHere = (detail: string) => new DomainError('game-action-refused', detail, { extensions: { reason: 'tournament-seat' } });

export class TournamentFloor implements DrivenTable {
  readonly tournamentId: string;
  readonly director: TournamentDirector;
  readonly state: LiveTournamentState;
  private readonly live = new Map<number, LiveTable>();
  private readonly setup: TournamentFloorSetup;
  get definition(): TournamentDefinition {
    return this.setup.definition;
  }
  /** The tournament's game: a flop, stud or draw game, or a mix switching with each level (D-2070). */
  private readonly game: TableGame;
  private floorVersion = 0;
  private lastSignature = '';
  /** A pause or resume staff asked for (read by the store from the database), applied at the next tick. */
  private wantedPause: boolean | null = null;
  private lastTickAtMs = 0;
  /**
   * Whose private view may have changed since the room last asked (`changedPlayerIds`, D-1954): the
   * tables a command or tick touched, players moved or busted, everyone when the lobby line (level,
   * break, pause, players left) changes. Without it the room rebuilt every player's view after every
   * command: CPU per hand grew with the field.
   */
  private readonly dirtyTables = new Set<number>();
  private readonly dirtyPlayers = new Set<string>();
  private allDirty = true;
  private lobbySignature = '';
  /** playerId → their active entry and table; rebuilt when seats may have changed (a hand's end, balancing, a tick). */
  private seatIndex: Map<string, { entryId: string; table: number }> | null = null;

  constructor(
    setup: TournamentFloorSetup,
    private readonly options: TournamentFloorOptions,
  ) {
    this.setup = setup;
    const game = tournamentGameOf(setup.definition.variant);
    assert(game !== null, `tournament ${setup.tournamentId}: unknown variant ${setup.definition.variant}`);
    this.game = game;
    this.tournamentId = setup.tournamentId;
    this.state = setup.state;
    this.director = new TournamentDirector({
      definition: setup.definition,
      rules: setup.rules,
      entries: [],
      rng: options.rng,
      newHandId: () => options.newHandId(),
      balanceBetweenAllHands: true,
      // The rebuy offer at zero chips (002:TRN-RB-04) stands as long as a decision at the table (D-1936).
      rebuyOfferMs: setup.pokerProfile.clock.actionTimeMs,
      restore: setup.state.director,
    });
    const saved = new Map(setup.state.tables);
    for (const t of this.director.tables.keys()) this.live.set(t, this.fresh(saved.get(t)));
    if (setup.staffPaused !== undefined) this.requestPause(setup.staffPaused);
  }

  /**
   * Staff's pause as the store read it (D-1935): the admin API writes it to the tournament row, the
   * driving instance reads it at every hand's commit and lease renewal; it takes effect at the next
   * tick, so hands running play out and no new hand is dealt (a pause at the hand boundary).
   */
  requestPause(paused: boolean): void {
    this.wantedPause = paused === this.isPaused() ? null : paused;
  }

  private fresh(saved?: LiveTableState): LiveTable {
    return {
      handNumber: saved?.handNumber ?? 0,
      previous: saved?.previous ?? null,
      versionBase: saved?.versionBase ?? 0,
      turnBase: saved?.turnBase ?? 0,
      table: null,
      dealt: new Map(),
      dealtMixed: null,
      runningHandId: null,
      awaitingCommitHandId: null,
      nextDealAtMs: 0,
      maxTurnSeen: 0,
      dealtAt: null,
    };
  }

  /** Whether the unused seat tickets have been cashed after the late registration (D-2039); again once after a takeover (a no-op then). */
  private ticketsCashed = false;

  /**
   * The hand commit should cash the seat tickets still unused (D-2039): the late registration a ticket
   * could be used in is over (a tournament without one cashed them at its start, D-1959).
   */
  ticketsToCash(): boolean {
    const d = this.setup.definition;
    return !this.ticketsCashed && d.lateRegistrationLevels > 0 && !lateRegistrationOpen(d, this.director.elapsedMs);
  }

  /** The cashing committed. */
  markTicketsCashed(): void {
    this.ticketsCashed = true;
  }

  /** The state to persist now (called by the store at a hand's commit: every table is at a boundary in the director). */
  persisted(): LiveTournamentState {
    this.state.director = this.director.snapshot();
    this.state.tables = this.tablesState();
    return this.state;
  }

  /**
   * The state to persist with a purchase the store is paying for (D-1936), in the payment's transaction:
   * the director as it will be once `purchased(plan)` runs, nothing in memory changed yet (a refused
   * payment leaves the floor as it was).
   */
  persistedWith(plan: PurchasePlan): LiveTournamentState {
    const copy = new TournamentDirector({
      definition: this.setup.definition,
      rules: this.setup.rules,
      entries: [],
      rng: this.options.rng,
      newHandId: () => this.options.newHandId(),
      balanceBetweenAllHands: true,
      restore: this.director.snapshot(),
    });
    copy.applyPurchase(plan);
    return { ...this.state, director: copy.snapshot(), tables: this.tablesState() };
  }

  /**
   * Checks a player's purchase now, on the tournament clock (D-1936; 002:TRN-RB-02..08, 003:R-TOUR-10,
   * 004:GAM-P-T-14/15, 000-001:TRN-06, TRN-10): the refusals in this order, each `tournament-purchase-refused`
   * with its `reason`. The queue of the tournament runs one command at a time, so two purchases never
   * pass this check for one eligible moment. Returns what the store pays for.
   */
  planPurchase(playerId: string, kind: TournamentPurchaseKind, now: Date): PurchasePlan {
    this.director.elapsedMs = this.elapsedAt(now);
    const d = this.setup.definition;
    const elapsed = this.director.elapsedMs;
    const mine = [...this.director.entries.values()].filter((e) => e.playerId === playerId);
    const active = mine.find((e) => e.active);
    if (kind === 'rebuy' || kind === 'add-on') {
      if (!active) throw purchaseRefused('not-in-tournament', 'You have no entry still in this tournament.');
      if (kind === 'rebuy') {
        if (!d.rebuy) throw purchaseRefused('no-rebuy', 'This tournament has no rebuys.');
        if (!rebuyOpen(d, elapsed)) throw purchaseRefused('rebuy-period-over', 'The rebuy period is over.');
        if (d.rebuy.countMax !== null && active.rebuys >= d.rebuy.countMax)
          throw purchaseRefused('rebuy-count-used', `The ${d.rebuy.countMax} rebuys of this entry are used up.`);
        if (!this.director.mayRebuy(active.entryId))
          throw purchaseRefused(
            'rebuy-chips',
            'Your chips are above what a rebuy allows (chips bought play from the next hand).',
          );
      } else {
        if (!d.addOn) throw purchaseRefused('no-add-on', 'This tournament has no add-on.');
        if (!addOnOpen(d, elapsed)) throw purchaseRefused('add-on-not-open', 'The add-on is offered only during its break.');
        if (active.addOns > 0) throw purchaseRefused('add-on-used', 'This entry has taken its add-on.');
        if (!this.director.mayAddOn(active.entryId)) throw purchaseRefused('add-on-chips', 'The add-on needs chips here.');
      }
      return { kind, entryId: active.entryId, playerId };
    }
    if (kind === 'late-registration' && mine.length > 0)
      throw purchaseRefused('already-registered', 'You are registered for this tournament already.');
    if (kind === 're-entry') {
      if (!d.reEntry) throw purchaseRefused('no-re-entry', 'This tournament has no re-entry.');
      if (mine.length === 0) throw purchaseRefused('not-registered', 'Re-entry is for players eliminated from this tournament.');
      if (active) throw purchaseRefused('still-in', 'You are still in this tournament.');
      if (mine.length >= d.reEntry.entriesMax)
        throw purchaseRefused('re-entry-count-used', `At most ${d.reEntry.entriesMax} entries per player.`);
    }
    if (!lateRegistrationOpen(d, elapsed))
      throw purchaseRefused('late-registration-closed', 'The late registration and re-entry period is over.');
    if (this.director.entries.size >= d.entrantsMax)
      throw purchaseRefused('no-seats-left', 'Every seat of this tournament is taken.');
    return { kind, entryId: newId(), playerId, ...this.director.seatForNewEntry() };
  }

  /** A purchase the store has paid for (and persisted with `persistedWith`): the director applies it; a table may deal. */
  purchased(plan: PurchasePlan, alias: string, now: Date): TableEffect[] {
    if (plan.kind === 're-entry' || plan.kind === 'late-registration') this.state.aliases[plan.entryId] = alias;
    this.director.applyPurchase(plan);
    const l = isNewEntryPlan(plan) ? this.live.get(plan.table) : undefined;
    // The new entry's table shows it at once (before the next deal builds the table).
    if (l && l.table && !l.runningHandId && !l.awaitingCommitHandId) {
      l.versionBase += l.table.version + 1;
      l.turnBase += l.maxTurnSeen + 1;
      l.maxTurnSeen = 0;
      l.table = null;
    }
    this.floorVersion++;
    // Chips bought change the buyer's view, and a new entry the players left for everyone (D-1954).
    this.markAllChanged();
    return this.tick(now);
  }

  private tablesState(): [number, LiveTableState][] {
    return [...this.live].map(([t, l]) => [
      t,
      {
        handNumber: l.handNumber,
        previous: l.previous,
        versionBase: l.versionBase + (l.table?.version ?? 0) + 1,
        turnBase: l.turnBase + l.maxTurnSeen + 1,
      },
    ]);
  }

  /** The table of a hand awaiting its commit, for its record (D-1937). */
  handTable(handId: string): { tableNumber: number; tableName: string; startedAt: Date | null } {
    const found = [...this.live].find(([, l]) => l.awaitingCommitHandId === handId);
    assert(found !== undefined, `hand ${handId} awaits its commit`);
    return { tableNumber: found[0], tableName: `${this.setup.definition.name} table ${found[0]}`, startedAt: found[1].dealtAt };
  }

  /**
   * For code that changes the director outside the floor's own commands (rebuys, add-ons): every
   * view is rebuilt and compared at the next push.
   */
  markAllChanged(): void {
    this.seatIndex = null;
    this.allDirty = true;
  }

  isPaused(): boolean {
    return this.state.pausedAtMs !== null;
  }

  /** Staff: no new hand is dealt while paused (hands running play out); the clock stands still. */
  setPaused(paused: boolean, now: Date): void {
    if (paused === this.isPaused()) return;
    if (paused) this.state.pausedAtMs = now.getTime();
    else {
      this.state.pausedTotalMs += now.getTime() - this.state.pausedAtMs!;
      this.state.pausedAtMs = null;
    }
    this.floorVersion++;
  }

  private elapsedAt(now: Date): number {
    const until = this.state.pausedAtMs ?? now.getTime();
    return Math.max(0, until - this.state.startedAtMs - this.state.pausedTotalMs);
  }

  // ---- DrivenTable ----

  seatPlayer(): TableEffect[] {
    throw notHere('Tournament seats are given by the tournament director.');
  }

  chooseSeat(): number {
    throw notHere('Tournament seats are given by the tournament director: register for the tournament instead.');
  }

  command(playerId: string, command: PlayerCommand, now: Date): TableEffect[] {
    // Leaving while offered a rebuy declines it (D-1961): the entry is out now rather than when the offer lapses.
    if (command.kind === 'leave') {
      this.director.elapsedMs = this.elapsedAt(now);
      const offered = this.director.activeEntries().find((e) => e.playerId === playerId && e.rebuyOffer);
      if (offered && this.director.declineRebuyOffer(offered.entryId)) {
        this.markAllChanged();
        return this.tick(now);
      }
    }
    if (command.kind === 'leave' || command.kind === 'top-up' || command.kind === 'sit-out')
      throw notHere(`'${command.kind}' is not a tournament command: chips stay in play until the tournament ends for you.`);
    const [t, l] = this.tableOf(playerId);
    if (l.table === null)
      throw new DomainError('game-action-refused', 'No hand is running.', { extensions: { reason: 'no-hand-running' } });
    let translated = command;
    if ((command.kind === 'act' || command.kind === 'draw') && command.turn !== undefined) {
      if (command.turn <= l.turnBase)
        throw new DomainError('game-action-refused', `Turn ${command.turn} is over.`, {
          extensions: { reason: 'turn-mismatch' },
          field: 'turn',
        });
      translated = { ...command, turn: command.turn - l.turnBase };
    }
    return this.absorb(t, l, l.table.command(playerId, translated, now), now);
  }

  tick(now: Date): TableEffect[] {
    this.lastTickAtMs = now.getTime();
    this.seatIndex = null;
    if (this.wantedPause !== null) {
      this.setPaused(this.wantedPause, now);
      this.wantedPause = null;
    }
    this.director.elapsedMs = this.elapsedAt(now);
    // A shootout's next round seats its winners at new tables.
    for (const t of this.director.tables.keys()) if (!this.live.has(t)) this.live.set(t, this.fresh());
    const effects: TableEffect[] = [];
    for (const [t, l] of this.live) if (l.table?.runningHandId) effects.push(...this.absorb(t, l, l.table.tick(now), now));
    // A rebuy offer not taken in time: the entry is out, written at once (the store's checkpoint, D-1936).
    if (!this.isPaused() && this.director.endLapsedRebuyOffers()) effects.push({ kind: 'checkpoint' });
    if (this.allIdle() && this.director.needsBalancing()) this.balance();
    if (!this.isPaused() && !this.director.needsBalancing())
      for (const t of [...this.director.tables.keys()]) {
        const l = this.live.get(t)!;
        if (l.runningHandId || l.awaitingCommitHandId || now.getTime() < l.nextDealAtMs || !this.director.canDeal(t)) continue;
        effects.push(...this.deal(t, l, now));
      }
    this.bump();
    return effects;
  }

  nextDeadline(): Date | null {
    if (this.director.isOver()) return null;
    const times: number[] = [];
    for (const l of this.live.values()) {
      const due = l.table?.runningHandId ? l.table.nextDeadline() : null;
      if (due) times.push(due.getTime());
    }
    if (this.allIdle() && this.director.needsBalancing()) times.push(0);
    if (this.wantedPause !== null) times.push(0);
    const offerDueMs = this.director.rebuyOfferDueMs();
    if (offerDueMs !== null && !this.isPaused()) times.push(this.state.startedAtMs + this.state.pausedTotalMs + offerDueMs);
    // Paused: look again now and then, for a resume the store reads from the database.
    if (this.isPaused()) times.push(this.lastTickAtMs + (this.options.pausedPollMs ?? 1_000));
    if (!this.isPaused()) {
      const reading = readClock(this.setup.definition.levels, this.director.elapsedMs);
      for (const t of this.director.tables.keys()) {
        const l = this.live.get(t)!;
        if (l.runningHandId || l.awaitingCommitHandId) continue;
        if (this.director.canDeal(t)) times.push(l.nextDealAtMs);
        // A break (or a level) ends on the clock: look again then; a table waiting for the others in hand-for-hand is woken by their hands.
        else if (reading.onBreak && reading.msToNext !== null)
          times.push(this.state.startedAtMs + this.state.pausedTotalMs + this.director.elapsedMs + reading.msToNext);
      }
    }
    return times.length === 0 ? null : new Date(Math.min(...times));
  }

  chipsAdded(): TableEffect[] {
    throw new Error('a tournament table takes no top-up');
  }

  topUpRefused(): TableEffect[] {
    throw new Error('a tournament table takes no top-up');
  }

  seatReleased(): TableEffect[] {
    throw new Error('a tournament table releases no seat to a wallet');
  }

  handCommitted(handId: string, now: Date): TableEffect[] {
    const found = [...this.live].find(([, l]) => l.awaitingCommitHandId === handId);
    assert(found !== undefined, `hand ${handId} awaits its commit`);
    const [t, l] = found;
    l.awaitingCommitHandId = null;
    l.nextDealAtMs = now.getTime() + this.options.handPauseMs;
    const effects = this.absorb(t, l, l.table!.handCommitted(handId), now);
    return [...effects, ...this.tick(now)];
  }

  /** Staff or compliance removal during a tournament: the player stays seated and is blinded away (D-1931). */
  removeAtHandEnd(): TableEffect[] {
    return [];
  }

  seatStatuses(): [] {
    return [];
  }

  connectionChanged(playerId: string, connected: boolean, now: Date): TableEffect[] {
    const found = this.findTable(playerId);
    if (!found || !found[1].table) return [];
    return this.absorb(found[0], found[1], found[1].table.setConnected(playerId, connected), now);
  }

  seatOf(playerId: string): number | null {
    const found = this.findTable(playerId);
    if (!found) return null;
    const entryId = this.entryOf(playerId)!;
    return [...this.director.tables.get(found[0])!].find(([, id]) => id === entryId)?.[0] ?? null;
  }

  seatedPlayerIds(): string[] {
    return [...this.index().keys()];
  }

  /**
   * The players whose private view may have changed since the last call (D-1954): those at the tables
   * touched, moved or busted, or everyone when the level, break, pause or players left changed.
   */
  changedPlayerIds(): string[] {
    const reading = readClock(this.setup.definition.levels, this.director.elapsedMs);
    const index = this.index();
    const lobby = `${reading.levelIndex}:${reading.onBreak}:${this.isPaused()}:${index.size}`;
    if (lobby !== this.lobbySignature) {
      this.lobbySignature = lobby;
      this.allDirty = true;
    }
    let changed: string[];
    if (this.allDirty) changed = [...index.keys(), ...this.dirtyPlayers];
    else {
      changed = [...this.dirtyPlayers];
      for (const t of this.dirtyTables)
        for (const entryId of this.director.tables.get(t)?.values() ?? []) {
          const playerId = this.director.entries.get(entryId)?.playerId;
          if (playerId !== undefined) changed.push(playerId);
        }
    }
    this.allDirty = false;
    this.dirtyTables.clear();
    this.dirtyPlayers.clear();
    return [...new Set(changed)];
  }

  /** Nothing is marked running in the store: the persisted state is always at a hand boundary (a takeover voids by construction). */
  runningHand(): null {
    return null;
  }

  /** The tournament's channel shows its lowest-numbered table (the final table at the end). */
  publicView(now: Date): PublicTableView {
    const first = Math.min(...this.director.tables.keys());
    const view = this.tableView(first, now);
    return { ...view, tableId: this.tournamentId, version: this.floorVersion };
  }

  privateView(playerId: string, now: Date): TournamentSeatView | null {
    const found = this.findTable(playerId);
    if (!found) return null;
    const [t, l] = found;
    const mine = l.table?.privateView(playerId) ?? null;
    const reading = readClock(this.setup.definition.levels, this.director.elapsedMs);
    return {
      seat: mine?.seat ?? this.seatOf(playerId)!,
      holeCards: mine?.holeCards ?? [],
      legal: mine?.legal ?? null,
      // A stud or draw hand's own cards, draws and legal moves (D-2025).
      ...(mine?.fixedLimit === undefined ? {} : { fixedLimit: mine.fixedLimit }),
      tournamentId: this.tournamentId,
      tableNumber: t,
      table: this.tableView(t, now),
      level: {
        index: reading.levelIndex,
        smallBlind: reading.level.smallBlind.toString(),
        bigBlind: reading.level.bigBlind.toString(),
        ante: reading.level.ante.toString(),
      },
      onBreak: reading.onBreak,
      paused: this.isPaused(),
      playersLeft: this.index().size,
      nextGameInMs: this.game.kind === 'mixed' ? reading.msToNext : null,
    };
  }

  // ---- tables ----

  private tableView(t: number, _now: Date): PublicTableView & { tableNumber: number } {
    const l = this.live.get(t);
    const game = this.gameView();
    if (!l?.table) {
      const seats = [...(this.director.tables.get(t) ?? new Map<number, string>())].sort(([a], [b]) => a - b);
      return {
        tableId: this.tournamentId,
        tableNumber: t,
        version: l?.versionBase ?? 0,
        handId: null,
        handNumber: l?.handNumber ?? 0,
        buttonSeat: null,
        seats: seats.map(([seat, entryId]) => {
          const e = this.director.entries.get(entryId)!;
          return {
            seat,
            alias: this.state.aliases[entryId] ?? 'Player',
            stackMinor: (e.chips + e.pendingChips).toString(),
            status: 'playing' as const,
            betMinor: '0',
            inHand: false,
            folded: false,
            allIn: false,
            shownCards: null,
          };
        }),
        board: [],
        potsMinor: [],
        toAct: null,
        lastResult: null,
        runOuts: [],
        runItOffer: null,
        ...(game === null ? {} : { game }),
      };
    }
    const view = l.table.publicView();
    return {
      ...view,
      ...(game === null ? {} : { game }),
      tableId: this.tournamentId,
      tableNumber: t,
      version: l.versionBase + view.version,
      toAct: view.toAct === null ? null : { ...view.toAct, turn: l.turnBase + view.toAct.turn },
    };
  }

  /** A fresh `PokerTable` for the next hand: the director's seats and chips (pending chips now play), the level's blinds. */
  private deal(t: number, l: LiveTable, now: Date): TableEffect[] {
    const seats = this.director.seatsForDeal(t);
    if (l.table) {
      l.versionBase += l.table.version + 1;
      l.turnBase += l.maxTurnSeen + 1;
    }
    l.maxTurnSeen = 0;
    const reading = readClock(this.setup.definition.levels, this.director.elapsedMs);
    const d = this.setup.definition;
    // The level's game (a mix's changes with each level, D-2070) and its stakes from the level (D-2071).
    const { game, mixed } = tournamentLevelGame(this.game, reading.levelIndex);
    const stakes = levelStakes(reading.level, game, mixed);
    const definition: PokerTableDefinition = {
      name: `${d.name} table ${t}`,
      profileId: d.profileId,
      variant: game.id,
      currency: d.currency,
      seatsMax: d.seatsPerTable,
      smallBlindMinor: stakes.smallBlind,
      bigBlindMinor: stakes.bigBlind,
      anteMinor: stakes.ante,
      anteMode: stakes.ante > 0n ? 'every-player' : 'none',
      straddleMinor: 0n,
      buyInMinMinor: 1n,
      buyInMaxMinor: null,
      rake: { rateBps: 0, capPerHandMinor: null, noFlopNoDrop: false },
      timeBankMs: 0,
    };
    // Tournament hands have no per-hand stake cap (D-1913): chips are not money.
    const profile: PokerRuleProfile = { ...this.setup.pokerProfile, perHandStakeCap: null };
    l.table = new PokerTable(
      {
        tableId: `${this.tournamentId}:${t}`,
        profile,
        definition,
        seats: seats.map((s) => ({
          seat: s.seat,
          playerId: this.director.entries.get(s.entryId)!.playerId,
          alias: this.state.aliases[s.entryId] ?? 'Player',
          stackMinor: s.chips,
          status: 'playing',
        })),
        handNumber: l.handNumber,
        previousPositions: l.previous,
      },
      {
        rngForHand: () => this.options.rng,
        newHandId: () => this.options.newHandId(),
        handPauseMs: this.options.handPauseMs,
        ...this.allInRunOut(d.variant),
      },
    );
    l.dealt = new Map(seats.map((s) => [s.seat, s.entryId]));
    l.dealtMixed = mixed;
    l.dealtAt = now;
    const effects = this.absorb(t, l, l.table.tick(now), now);
    const running = l.table.runningHand();
    assert(running !== null || l.awaitingCommitHandId !== null, 'a table that may deal deals');
    return effects;
  }

  /** The profile's all-in run-out for this game (003:R-ALLIN-09, R-TOUR-13; D-2038): only the listed Hold'em variants. */
  private allInRunOut(variant: string): { allInRunOut?: { streetDelayMs: number } } {
    const display = this.setup.rules.allInEquityDisplay;
    if (display === null || !display.variants.includes(variant)) return {};
    return { allInRunOut: { streetDelayMs: display.streetDelayMs } };
  }

  /**
   * A table's step: a finished hand goes to the director at once (stacks, busts, bounties) and up to
   * the driver as `hand-complete`; money effects cannot happen at a tournament table.
   */
  private absorb(t: number, l: LiveTable, step: TableStep, _now: Date): TableEffect[] {
    const out: TableEffect[] = [];
    this.dirtyTables.add(t);
    l.runningHandId = l.table?.runningHandId ?? null;
    const turn = l.table?.publicView().toAct?.turn ?? 0;
    if (turn > l.maxTurnSeen) l.maxTurnSeen = turn;
    for (const effect of step.effects) {
      assert(effect.kind === 'hand-complete', `a tournament table has no ${effect.kind}`);
      const hand = effect.hand;
      l.handNumber = hand.handNumber;
      // The button stays frozen through a mix's stud hands: the next flop or draw hand moves on from the
      // last one's positions, so nobody skips or doubles a blind (002 HORSE-03, T-MIX-03; D-2030, D-2073).
      if (l.dealtMixed?.family !== 'stud') l.previous = hand.tablePositions ?? positionsOf(hand.history) ?? l.previous;
      l.awaitingCommitHandId = hand.handId;
      this.director.recordHand(t, finishedHandOf(hand), l.dealt);
      // The busted are no longer at the table: their view (now none) is pushed too.
      for (const entryId of l.dealt.values()) {
        const e = this.director.entries.get(entryId);
        if (e) this.dirtyPlayers.add(e.playerId);
      }
      this.seatIndex = null;
      out.push(effect);
    }
    this.bump();
    return out;
  }

  private balance(): void {
    const before = new Set(this.live.keys());
    const moves = this.director.balanceNow();
    this.seatIndex = null;
    // A broken table's players all moved; every table that lost or gained a player shows it.
    for (const t of before) if (!this.director.tables.has(t)) this.dirtyTables.add(t);
    for (const move of moves) {
      this.dirtyTables.add(move.fromTable);
      this.dirtyTables.add(move.toTable);
      const e = this.director.entries.get(move.entryId);
      if (e) this.dirtyPlayers.add(e.playerId);
    }
    for (const t of [...this.live.keys()]) if (!this.director.tables.has(t)) this.live.delete(t);
    // The moved players' new tables show them at once (before the next deal builds the table).
    for (const move of moves) {
      const to = this.live.get(move.toTable);
      if (to && !to.runningHandId && to.table) {
        to.versionBase += to.table.version + 1;
        to.turnBase += to.maxTurnSeen + 1;
        to.maxTurnSeen = 0;
        to.table = null;
      }
      const from = this.live.get(move.fromTable);
      if (from && from.table) {
        from.versionBase += from.table.version + 1;
        from.turnBase += from.maxTurnSeen + 1;
        from.maxTurnSeen = 0;
        from.table = null;
      }
    }
  }

  private allIdle(): boolean {
    return [...this.live.values()].every((l) => !l.runningHandId && !l.awaitingCommitHandId);
  }

  private index(): Map<string, { entryId: string; table: number }> {
    if (this.seatIndex !== null) return this.seatIndex;
    const index = new Map<string, { entryId: string; table: number }>();
    const tableOfEntry = new Map<string, number>();
    for (const [t, seats] of this.director.tables) for (const entryId of seats.values()) tableOfEntry.set(entryId, t);
    for (const e of this.director.entries.values())
      if (e.active) index.set(e.playerId, { entryId: e.entryId, table: tableOfEntry.get(e.entryId) ?? -1 });
    this.seatIndex = index;
    return index;
  }

  private entryOf(playerId: string): string | null {
    return this.index().get(playerId)?.entryId ?? null;
  }

  private findTable(playerId: string): [number, LiveTable] | null {
    const found = this.index().get(playerId);
    if (found === undefined || found.table === -1) return null;
    return [found.table, this.live.get(found.table) ?? this.fresh()];
  }

  private tableOf(playerId: string): [number, LiveTable] {
    const found = this.findTable(playerId);
    if (!found)
      throw new DomainError('game-action-refused', 'You have no seat in this tournament.', {
        extensions: { reason: 'not-seated' },
      });
    return found;
  }

  /** The game in the views of a stud, draw or mixed tournament: the tournament's and the current level's (002 HORSE-02, 8GAME-05). */
  private gameView(): PublicTableView['game'] | null {
    if (this.game.kind === 'flop') return null;
    const levels = this.setup.definition.levels;
    const reading = readClock(levels, this.director.elapsedMs);
    const line = tournamentGameLine(this.game, reading.levelIndex, reading.levelIndex === levels.length - 1);
    // A tournament's mix changes with the level, not after a count of hands: no hand counter; the game after
    // this level's is named (D-2040) and the time to it is the player's `nextGameInMs`.
    return {
      variant: line.variant,
      name: line.name,
      currentVariant: line.currentVariant ?? line.variant,
      currentName: line.currentName ?? line.name,
      handOfGame: null,
      handsOfGame: null,
      nextVariant: line.nextVariant,
      nextName: line.nextName,
    };
  }

  /** The tournament channel's version grows with any change at any table. */
  private bump(): void {
    const signature = [...this.live].map(([t, l]) => `${t}:${l.versionBase + (l.table?.version ?? 0)}`).join(',');
    if (signature !== this.lastSignature) {
      this.lastSignature = signature;
      this.floorVersion++;
    }
  }
}

/** What the director reads of a finished live hand: the flop engine's final state, or a stud or draw hand's results (D-2072). */
function finishedHandOf(hand: CompletedHand): FinishedHand {
  if (hand.finalState !== undefined) return hand.finalState;
  assert(hand.rakeMinor === 0n, 'a tournament hand takes no rake');
  return {
    config: { handId: hand.handId },
    result: {
      players: hand.results.map((r) => {
        const after = hand.stacksAfter.find((s) => s.seat === r.seat);
        assert(after !== undefined, `seat ${r.seat} of hand ${hand.handId} has its stack after the hand`);
        return {
          seat: r.seat,
          startingStack: after.stackMinor - r.wonMinor + r.putInMinor,
          endingStack: after.stackMinor,
          won: r.wonMinor,
        };
      }),
    },
  };
}
