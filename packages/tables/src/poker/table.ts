import { poker, type Rng } from '@casino/games';
import { engineSettings } from './engine-settings.ts';
import {
  allInEquityView,
  allInRunOutStreetDue,
  completedHand,
  engineAction,
  engineCall,
  planHand,
  tableDecision,
  type RunningHand,
} from './hand.ts';
import type { PokerRuleProfile, PokerTableDefinition } from './profile.ts';
import type {
  CompletedHand,
  PlayerCommand,
  PokerTableSetup,
  PrivateSeatView,
  PublicTableView,
  SeatState,
  TableEffect,
} from './runtime-types.ts';
import {
  newSeatRecord,
  refusal,
  seatIntent,
  seatSnapshot,
  settleSeatAfterHand,
  sitBackIn,
  sitIn,
  sitOut,
  sitOutHandCounted,
  topUpTiming,
  wantsIn,
  type SeatRecord,
} from './seats.ts';
import { fixedLimitHandJackpot, handJackpot, jackpotOf, withJackpot } from './jackpot.ts';
import { chooseRuns, declineForEveryone, runItOffered, seatsToAnswer } from './run-it.ts';
import { legalActionsOf, privateView, publicView, type ViewSource } from './views.ts';
import {
  dealFixedLimitHand,
  fixedLimitButtonSeat,
  fixedLimitCommandOf,
  fixedLimitCompletedHand,
  fixedLimitPositions,
  fixedLimitSeatView,
  fixedLimitTableView,
  tableGameView,
  type FixedRunningHand,
  type TablePositions,
} from './fixed-limit-running.ts';
import { nextMixedTableHand, tableGameOf, type TableGame } from './table-games.ts';

/**
 * One poker cash table in the memory of the instance that drives it (issue 16). Pure: no I/O, no
 * clock (every call that needs the time is given `now`), randomness only from `options.rngForHand`.
 * Chips move only inside the engine during a hand; what touches money leaves as an effect, and the
 * table learns that it happened from the driver (`chipsAdded`, `seatReleased`, `handCommitted`).
 * The lifecycle is the contract in runtime-types.ts; the rules come from the profile as data.
 *
 * Every call is validated before anything changes: a refused command throws the game service's
 * `game-action-refused` problem (the reason in `extensions.reason`) and leaves the table as it was.
 * After every call the chips the table holds (Σ stacks + pending chips) equal what came in (buy-ins,
 * top-ups) less what went out (releases, rake): `TableInvariantViolation` otherwise, a bug.
 */

export interface PokerTableOptions {
  /** The generator for one hand: a first hand's button draw and the shuffle (production: `cryptoRng`). */
  readonly rngForHand: (handId: string) => Rng;
  /** The id of the hand with this number (unique per table and hand). */
  readonly newHandId: (handNumber: number) => string;
  /** Pause after a committed hand before the next deal, so the clients see the showdown. */
  readonly handPauseMs: number;
  /** Hands a busted player keeps the seat where the profile sets no sit-out maximum (D-1655). */
  readonly bustedSeatHandsMax?: number;
  /**
   * The all-in run-out shown street by street (003:R-ALLIN-09, R-TOUR-13; D-2038): when no more betting
   * is possible with two or more hands in, the hands are turned up, each street waits this long before
   * it is dealt and the view carries each hand's exact equity. Absent: the board is dealt at once.
   */
  readonly allInRunOut?: { readonly streetDelayMs: number };
}

export const bustedSeatHandsMaxDefault = 10;

/** What a table tells the clients (pushes); the views carry the state, these say what changed. */
export type TableEvent =
  | { readonly kind: 'state'; readonly version: number }
  | { readonly kind: 'hand-started'; readonly handId: string; readonly handNumber: number }
  /** The engine's operation records a call produced (posts, actions, cards dealt, showdown, payout). */
  | { readonly kind: 'operations'; readonly handId: string; readonly operations: readonly poker.Operation[] }
  /** The same for a stud or draw hand (issue 20): the fixed-limit engine's records. */
  | {
      readonly kind: 'fixed-limit-operations';
      readonly handId: string;
      readonly operations: readonly poker.FixedLimitOperation[];
    }
  | { readonly kind: 'hand-ended'; readonly handId: string; readonly voided: boolean };

export interface TableStep {
  readonly events: readonly TableEvent[];
  /** For the driver, in order; each that moves money is one ledger transaction. */
  readonly effects: readonly TableEffect[];
}

export interface SeatPlayerInput {
  readonly seat: number;
  readonly playerId: string;
  readonly alias: string;
  readonly stackMinor: bigint;
  /** Rather wait for the big blind than post to come in at once (000-001:BTN-08, 003:R-ENTRY-02). */
  readonly waitForBigBlind: boolean;
}

/** Why the table removes a player when the hand ends (000-001:T-77, RG-03). */
export type RemovalReason = 'staff-block' | 'self-exclusion' | 'panic-button' | 'register-listing' | 'playing-time-used-up';

export class TableInvariantViolation extends Error {
  override readonly name = 'TableInvariantViolation';
}

export class PokerTable {
  readonly tableId: string;
  readonly profile: PokerRuleProfile;
  readonly definition: PokerTableDefinition;
  private readonly options: PokerTableOptions;
  private readonly seatRecords = new Map<number, SeatRecord>();
  /** `seatRecords` by seat, kept until a seat is taken or freed: read several times per action (D-1852). */
  private sortedRecords: readonly SeatRecord[] | null = null;
  private handNumber: number;
  private previous: poker.Positions | null;
  /** The running hand; null between hands. */
  private hand: RunningHand | null = null;
  /** The last finished hand, shown until the next is dealt. */
  private lastHand: RunningHand | null = null;
  /** What the table deals (issue 20): a flop game, a stud or draw game, or a mixed rotation. */
  private readonly tableGame: TableGame;
  /** The running stud or draw hand (never at once with `hand`), and the last one, shown until the next deal. */
  private fixed: FixedRunningHand | null = null;
  private lastFixed: FixedRunningHand | null = null;
  /** A mixed table: where the rotation stands (the last hand dealt's game and count, D-2013); null before its first hand. */
  private mixed: poker.MixedPosition | null;
  /** The finished hand the driver has not committed yet: nothing is dealt until it has. */
  private awaitingCommit: { readonly handId: string; readonly completedAtMs: number } | null = null;
  private nextHandAtMs = 0;
  /** Counts the turns to act; a command naming an older turn is refused (a second action for one turn). */
  private turn = 0;
  private versionNumber = 0;
  /** Σ buy-ins + top-ups confirmed − releases − rake: what Σ stacks + pending chips must equal. */
  private chipsHeldMinor = 0n;
  /** Effects owed from the set-up (seats that were leaving when the last driver stopped). */
  private owedEffects: TableEffect[] = [];
  private events: TableEvent[] = [];
  private effects: TableEffect[] = [];
  private changed = false;

  constructor(setup: PokerTableSetup, options: PokerTableOptions) {
    this.tableId = setup.tableId;
    this.profile = setup.profile;
    this.definition = setup.definition;
    this.options = options;
    this.handNumber = setup.handNumber;
    this.previous = setup.previousPositions;
    if (setup.definition.profileId !== setup.profile.id) throw new Error('the table belongs to another profile');
    const tableGame = tableGameOf(setup.definition.variant);
    if (tableGame === null) throw new Error(`table ${setup.tableId}: unknown variant ${setup.definition.variant}`);
    this.tableGame = tableGame;
    this.mixed = tableGame.kind === 'mixed' ? ((setup.previousPositions as TablePositions | null)?.mixed ?? null) : null;
    for (const seat of setup.seats) {
      if (this.seatRecords.has(seat.seat) || seat.seat < 1 || seat.seat > setup.definition.seatsMax || seat.stackMinor < 0n)
        throw new Error(`bad seat ${seat.seat} in the set-up of table ${setup.tableId}`);
      const record = newSeatRecord({
        ...seat,
        waitForBigBlind: false,
        timeBankMs: this.timeBankMs(),
        hasPlayed: seat.status !== 'joining',
      });
      this.sortedRecords = null;
      this.seatRecords.set(seat.seat, record);
      this.chipsHeldMinor += seat.stackMinor;
      if (seat.status === 'leaving') record.releaseReason = 'left';
      else if (seat.stackMinor === 0n) Object.assign(record, { status: 'sitting-out', busted: true });
    }
    // Seats on their way out when the table stopped are released at the first tick.
    this.collectOwedReleases();
  }

  get version(): number {
    return this.versionNumber;
  }

  /** The running hand's id, or null between hands. */
  get runningHandId(): string | null {
    return this.hand?.handId ?? this.fixed?.handId ?? null;
  }

  /** The hand being played, if any (the driver marks it running in the store before anyone sees it). */
  runningHand(): { readonly handId: string; readonly handNumber: number } | null {
    const hand = this.hand ?? this.fixed;
    return hand === null ? null : { handId: hand.handId, handNumber: hand.handNumber };
  }

  seats(): SeatState[] {
    return this.records().map(seatSnapshot);
  }

  /** The seat of a seated player (also while their release is being committed), or null. */
  seatOf(playerId: string): number | null {
    return this.records().find((record) => record.playerId === playerId)?.seat ?? null;
  }

  seatedPlayerIds(): string[] {
    return this.records().map((record) => record.playerId);
  }

  /**
   * The seat a newcomer would get before the driver takes the buy-in: the one asked for if it is
   * free, else the lowest free seat. Refused: already seated, seat taken, no such seat, table full.
   */
  chooseSeat(playerId: string, wanted?: number): number {
    if (this.seatOf(playerId) !== null) throw refusal('already-seated', 'the player already has a seat at this table');
    if (wanted !== undefined) {
      if (!Number.isInteger(wanted) || wanted < 1 || wanted > this.definition.seatsMax)
        throw refusal('no-such-seat', `the table has seats 1 to ${this.definition.seatsMax}`, 'seat');
      if (this.seatRecords.has(wanted)) throw refusal('seat-taken', `seat ${wanted} is taken`, 'seat');
      return wanted;
    }
    for (let seat = 1; seat <= this.definition.seatsMax; seat++) if (!this.seatRecords.has(seat)) return seat;
    throw refusal('table-full', 'every seat is taken');
  }

  /** A player sits down after the driver committed the buy-in (its range is the driver's check). */
  seatPlayer(input: SeatPlayerInput, _now: Date): TableStep {
    return this.step(() => {
      if (!Number.isInteger(input.seat) || input.seat < 1 || input.seat > this.definition.seatsMax)
        throw refusal('no-such-seat', `the table has seats 1 to ${this.definition.seatsMax}`, 'seat');
      if (this.seatRecords.has(input.seat)) throw refusal('seat-taken', `seat ${input.seat} is taken`, 'seat');
      if (this.records().some((record) => record.playerId === input.playerId))
        throw refusal('already-seated', 'the player already has a seat at this table');
      if (input.stackMinor <= 0n) throw refusal('amount-not-positive', 'a buy-in must be positive', 'stackMinor');
      this.changed = true;
      this.sortedRecords = null;
      this.seatRecords.set(
        input.seat,
        newSeatRecord({
          seat: input.seat,
          playerId: input.playerId,
          alias: input.alias,
          stackMinor: input.stackMinor,
          status: 'joining',
          waitForBigBlind: input.waitForBigBlind,
          timeBankMs: this.timeBankMs(),
          hasPlayed: false,
        }),
      );
      this.chipsHeldMinor += input.stackMinor;
    });
  }

  command(playerId: string, command: PlayerCommand, now: Date): TableStep {
    return this.step(() => {
      const record = this.recordOf(playerId);
      switch (command.kind) {
        case 'act':
          return this.fixed !== null ? this.fixedCommand(record, command, now) : this.act(record, command, now);
        case 'draw':
          return this.fixedCommand(record, command, now);
        case 'time-bank':
          return this.useTimeBank(record);
        case 'sit-out':
        case 'sit-in':
          this.changed = true;
          return command.kind === 'sit-out' ? sitOut(record) : sitIn(record);
        case 'leave':
          return this.leave(record, now);
        case 'top-up':
          return this.topUp(record, command.amountMinor);
        case 'show':
        case 'muck':
          return this.showOrMuck(record, command.kind, now);
        case 'run-count':
          return this.chooseRunCount(record, command.count, now);
      }
    });
  }

  /**
   * A disconnected player keeps the seat; their turns run out on the clock (003:#65 R-TECH-05).
   * Anyone without a seat (a spectator) changes nothing.
   */
  setConnected(playerId: string, connected: boolean): TableStep {
    return this.step(() => {
      const record = this.records().find((entry) => entry.playerId === playerId && !entry.released);
      if (record === undefined || record.connected === connected) return;
      this.changed = true;
      record.connected = connected;
    });
  }

  /** Applies what is due at `now`: owed effects, the time-out of the player to act, the next deal. */
  tick(now: Date): TableStep {
    return this.step(() => {
      if (this.owedEffects.length > 0) {
        this.changed = true;
        this.effects.push(...this.owedEffects);
        this.owedEffects = [];
      }
      if (this.hand !== null) {
        if (this.hand.deadlineMs === null || now.getTime() < this.hand.deadlineMs) return;
        if (this.hand.runOutWaiting === true) {
          // The all-in run-out's pause is over: the next street is dealt (D-2038).
          this.changed = true;
          this.hand.runOutWaiting = false;
          this.hand.deadlineMs = null;
          return this.advance(this.hand, { state: this.hand.state, events: [] }, now, true);
        }
        // Silence at the run-it-twice step is a refusal: the board runs once (D-1820).
        if (seatsToAnswer(this.hand.state) !== null) {
          this.changed = true;
          return this.advance(this.hand, declineForEveryone(this.hand.state), now);
        }
        this.timeOut(this.hand, now);
        return;
      }
      if (this.fixed !== null) {
        if (this.fixed.deadlineMs !== null && now.getTime() >= this.fixed.deadlineMs) this.fixedTimeOut(this.fixed, now);
        return;
      }
      if (this.awaitingCommit === null && now.getTime() >= this.nextHandAtMs && this.canDeal()) this.startHand(now);
    });
  }

  /** When the driver should call `tick` next (a time in the past: now); null = only after a change. */
  nextDeadline(): Date | null {
    if (this.owedEffects.length > 0) return new Date(0);
    const hand = this.hand ?? this.fixed;
    if (hand !== null) return hand.deadlineMs === null ? null : new Date(hand.deadlineMs);
    if (this.awaitingCommit !== null || !this.canDeal()) return null;
    return new Date(this.nextHandAtMs);
  }

  /** The driver committed the finished hand (record, stacks, rake in one transaction): the next may be dealt. */
  handCommitted(handId: string): TableStep {
    return this.step(() => {
      if (this.awaitingCommit?.handId !== handId) throw new Error(`hand ${handId} is not awaiting its commit`);
      this.changed = true;
      this.nextHandAtMs = this.awaitingCommit.completedAtMs + this.options.handPauseMs;
      this.awaitingCommit = null;
    });
  }

  /** The driver committed a top-up: the chips play from now, or from the next hand for a player in this one. */
  chipsAdded(seat: number, amountMinor: bigint): TableStep {
    return this.step(() => {
      const record = this.seatRecords.get(seat);
      if (record === undefined || amountMinor <= 0n || amountMinor > record.inFlightTopUpMinor)
        throw new Error(`no top-up of ${amountMinor} is on its way to seat ${seat}`);
      this.changed = true;
      record.inFlightTopUpMinor -= amountMinor;
      this.chipsHeldMinor += amountMinor;
      // Table stakes (002:PK-POT-01, 004:GAM-P-06): chips bought during a hand wait for the next.
      if (this.inRunningHand(record)) record.pendingChipsMinor += amountMinor;
      else record.stackMinor += amountMinor;
      if (record.busted && record.stackMinor > 0n && record.releaseReason === null) sitBackIn(record);
      this.releaseIfDue(record);
    });
  }

  /**
   * The driver could not make a top-up (self-limits, funds): the table forgets it (all of the
   * seat's top-ups on their way when no amount is given).
   */
  topUpRefused(seat: number, amountMinor?: bigint): TableStep {
    return this.step(() => {
      const record = this.seatRecords.get(seat);
      const amount = amountMinor ?? record?.inFlightTopUpMinor ?? 0n;
      if (record === undefined || amount <= 0n || amount > record.inFlightTopUpMinor)
        throw new Error(`no top-up of ${amount} is on its way to seat ${seat}`);
      this.changed = true;
      record.inFlightTopUpMinor -= amount;
      this.releaseIfDue(record);
    });
  }

  /** The driver committed a release (escrow back to the wallet): the seat is free. */
  seatReleased(seat: number): TableStep {
    return this.step(() => {
      const record = this.seatRecords.get(seat);
      if (record === undefined || !record.released) throw new Error(`seat ${seat} is not being released`);
      this.changed = true;
      this.sortedRecords = null;
      this.seatRecords.delete(seat);
    });
  }

  /**
   * A player must go (staff block, self-exclusion, panic button, register listing, playing time
   * used up): a hand they are in is finished first, then the seat is released with the chips
   * credited (000-001:T-77 RG-03); at once when they are in no hand. Idempotent: a player already
   * removed, or without a seat (gone meanwhile), changes nothing.
   */
  removePlayerAtHandEnd(playerId: string, _reason: RemovalReason): TableStep {
    return this.step(() => {
      const record = this.records().find((entry) => entry.playerId === playerId && !entry.released);
      if (record === undefined || record.releaseReason === 'removed') return;
      this.changed = true;
      record.releaseReason = 'removed';
      record.queuedTopUpMinor = 0n;
      record.status = 'leaving';
      this.releaseIfDue(record);
    });
  }

  /** Controlled shutdown: the running hand is voided, every chip back, no rake (D-817, 000-001:A-29). */
  voidRunningHand(): TableStep {
    return this.step(() => {
      if (this.fixed !== null) {
        this.changed = true;
        return this.endFixedHand(this.fixed, { voided: true, now: null });
      }
      const hand = this.hand;
      if (hand === null) throw refusal('no-hand-running', 'no hand is running');
      this.changed = true;
      const transition = poker.voidHand(hand.state);
      hand.state = transition.state;
      this.events.push({ kind: 'operations', handId: hand.handId, operations: transition.events });
      this.endHand(hand, { voided: true, now: null });
    });
  }

  /**
   * The views are built once per state (a push, the command's answer and every seat's view read the
   * same one): the cache is emptied whenever a step runs, since any step may change what they show.
   */
  private viewCache: { public?: PublicTableView; legal?: ReturnType<typeof legalActionsOf> } = {};

  publicView(): PublicTableView {
    return (this.viewCache.public ??= this.buildPublicView());
  }

  private buildPublicView(): PublicTableView {
    const shownFixed = this.shownFixedHand();
    const game = tableGameView(this.definition, this.fixed, this.hand?.state.config.variant.id ?? null, this.mixed);
    if (shownFixed !== null)
      return fixedLimitTableView({
        tableId: this.tableId,
        version: this.versionNumber,
        handNumber: this.handNumber,
        seats: this.records(),
        running: this.fixed !== null,
        hand: shownFixed,
        turn: this.turn,
        game,
      });
    const view = this.withAllInRunOut(publicView(this.viewSource()));
    // A plain flop table's view is as it was; the others name their game (a mix: the one being dealt).
    return this.tableGame.kind === 'flop' ? view : Object.freeze({ ...view, game });
  }

  /**
   * A table showing the all-in run-out (003:R-ALLIN-09, D-2038): while the hand waits for its next
   * street, the hands in are face up and each carries its exact equity (computed once per street).
   */
  private withAllInRunOut(view: PublicTableView): PublicTableView {
    if (this.options.allInRunOut === undefined) return view;
    const hand = this.hand;
    if (hand === null || hand.runOutWaiting !== true) return Object.freeze({ ...view, allInEquity: null });
    const boardLength = hand.state.boards[0]!.length;
    if (hand.runOutEquity?.boardLength !== boardLength) hand.runOutEquity = { boardLength, view: allInEquityView(hand.state) };
    const equity = hand.runOutEquity.view;
    const seats = view.seats.map((seat) => {
      const shown = equity.seats.find((entry) => entry.seat === seat.seat);
      return shown === undefined ? seat : { ...seat, shownCards: shown.cards };
    });
    return Object.freeze({ ...view, seats, allInEquity: equity });
  }

  /** The stud or draw hand the views show: the running one, or the last one until the next deal. */
  private shownFixedHand(): FixedRunningHand | null {
    return this.fixed ?? (this.hand === null && this.lastHand === null ? this.lastFixed : null);
  }

  /** Null for a player without a seat here. */
  privateView(playerId: string): PrivateSeatView | null {
    const shownFixed = this.shownFixedHand();
    if (shownFixed !== null) {
      const record = this.records().find((entry) => entry.playerId === playerId && !entry.released);
      return record === undefined ? null : fixedLimitSeatView(record, shownFixed, this.fixed !== null);
    }
    const source = this.viewSource();
    if (!('legal' in this.viewCache)) this.viewCache.legal = legalActionsOf(source);
    return privateView(source, playerId, this.viewCache.legal ?? null);
  }

  // ---- commands ----

  private act(record: SeatRecord, command: Extract<PlayerCommand, { kind: 'act' }>, now: Date): void {
    const hand = this.handOrRefuse();
    if (!this.inRunningHand(record)) throw refusal('not-in-hand', 'you are not dealt in this hand');
    if (command.turn !== undefined && command.turn !== this.turn)
      throw refusal('turn-mismatch', `turn ${command.turn} is over; this is turn ${this.turn}`, 'turn');
    if (record.foldOnTurn) throw refusal('already-leaving', 'you left this hand');
    this.verifyTurn(hand, record);
    const transition = engineCall(() => poker.act(hand.state, record.seat, engineAction(command)));
    this.changed = true;
    (hand.actionDelays ??= []).push({
      seat: record.seat,
      delayMs: Math.max(0, now.getTime() - (hand.turnStartedAtMs ?? now.getTime())),
    });
    this.spendTimeBank(hand, record, now);
    this.advance(hand, transition, now);
  }

  /** 003:R-TIME-03: the player to act extends their deadline once by what is left of their time bank. */
  private useTimeBank(record: SeatRecord): void {
    const hand = this.fixed ?? this.handOrRefuse();
    if (this.fixed !== null) {
      if (this.fixed.hand.seatToAct() !== record.seat) throw refusal('not-your-turn', 'it is not your turn');
    } else this.verifyTurn(this.handOrRefuse(), record);
    if (record.timeBankMs <= 0) throw refusal('no-time-bank', 'no time bank is left');
    if (hand.timeBankFromMs !== null) throw refusal('time-bank-already-used', 'the time bank already runs for this turn');
    this.changed = true;
    hand.timeBankFromMs = hand.deadlineMs;
    hand.deadlineMs = hand.deadlineMs! + record.timeBankMs;
  }

  private leave(record: SeatRecord, now: Date): void {
    if (record.releaseReason !== null) throw refusal('already-leaving', 'you are leaving the table');
    this.changed = true;
    record.releaseReason = 'left';
    record.queuedTopUpMinor = 0n;
    record.status = 'leaving';
    const hand = this.hand;
    if ((hand === null && this.fixed === null) || !this.inRunningHand(record)) return this.releaseIfDue(record);
    // 'after-hand' (003:R-WAL-06, R-END-01): the player stays in the hand and plays it out.
    if (this.profile.leave === 'after-hand') return;
    // 'any-time' (000-001:A-41): leaving is folding; the engine folds in turn, so the table folds
    // for the player at their turn. The chips are credited when the hand ends.
    record.foldOnTurn = true;
    if (this.fixed !== null) return this.advanceFixed(this.fixed, [], now);
    if (hand === null) return;
    const decision = poker.pendingDecision(hand.state);
    if (decision.kind === 'action' && decision.seat === record.seat) {
      this.spendTimeBank(hand, record, now);
      this.advance(hand, poker.fold(hand.state, record.seat), now);
    }
  }

  /**
   * Top-up timing is the profile's (000-001:ACC-05 UI-09, 003:R-WAL-05, 002:PK-CASH-04,
   * 004:GAM-PC-03); the stack after it stays within the buy-in maximum (000-001:A-25).
   */
  private topUp(record: SeatRecord, amountMinor: bigint): void {
    const when = topUpTiming(record, amountMinor, {
      timing: this.profile.topUp,
      inHand: this.inRunningHand(record),
      buyInMaxMinor: this.definition.buyInMaxMinor,
    });
    this.changed = true;
    if (when === 'at-hand-end') {
      record.queuedTopUpMinor += amountMinor;
      return;
    }
    record.inFlightTopUpMinor += amountMinor;
    this.effects.push({ kind: 'top-up', seat: record.seat, playerId: record.playerId, amountMinor });
  }

  /** The engine shows and mucks by itself (automations); a manual choice is offered only if it ever asks. */
  private showOrMuck(record: SeatRecord, kind: 'show' | 'muck', now: Date): void {
    if (this.fixed !== null)
      throw refusal('show-not-offered', 'a stud or draw hand shows in order and mucks where allowed by itself (D-2050)');
    const hand = this.handOrRefuse();
    const decision = poker.pendingDecision(hand.state);
    if (decision.kind !== 'show-or-muck' || decision.seat !== record.seat)
      throw refusal('show-not-offered', 'there is nothing to show or muck now');
    const transition = engineCall(() =>
      kind === 'show' ? poker.showHand(hand.state, record.seat) : poker.muckHand(hand.state, record.seat),
    );
    this.changed = true;
    this.advance(hand, transition, now);
  }

  /** Run it twice (run-it.ts): a remaining all-in player's answer; a "1" settles it for everyone. */
  private chooseRunCount(record: SeatRecord, count: number, now: Date): void {
    const hand = this.handOrRefuse();
    if (!this.inRunningHand(record)) throw refusal('not-in-hand', 'you are not dealt in this hand');
    const transition = chooseRuns(hand.state, record.seat, count);
    this.changed = true;
    this.advance(hand, transition, now);
  }

  // ---- the hand ----

  private startHand(now: Date): void {
    const handNumber = this.handNumber + 1;
    const handId = this.options.newHandId(handNumber);
    const rng = this.options.rngForHand(handId);
    const records = this.records();
    const mixed = this.nextMixedPosition(records);
    const game = mixed?.game ?? this.tableGame;
    if (game.kind === 'fixed-limit')
      return this.startFixedHand({ handNumber, handId, rng, game, records, now, mixed: mixed?.position ?? null });
    if (game.kind === 'mixed') throw new Error(`table ${this.tableId}: a rotation is not a game`);
    const settings = engineSettings(this.profile, this.flopDefinition(game, mixed?.position ?? null), now);
    const plan = planHand({
      seats: records,
      seatCount: this.definition.seatsMax,
      buttonRule: this.profile.engine.buttonRule,
      headsUpBlinds: settings.rules.headsUpBlinds,
      smallBlind: settings.stakes.smallBlind,
      bigBlind: settings.stakes.bigBlind,
      previous: this.previous,
      rng,
    });
    if (plan === null) throw new Error('two players want in but the planner dealt nobody');
    const transition = poker.startHand({
      handId,
      variant: settings.variant,
      stakes: settings.stakes,
      rules: settings.rules,
      seatCount: this.definition.seatsMax,
      buttonSeat: plan.buttonSeat,
      players: plan.dealtIn.map((seat) => {
        const record = this.seatRecords.get(seat)!;
        return { seat, name: record.alias, stack: record.stackMinor };
      }),
      blinds: plan.blinds,
      rng,
      // An all-in run-out shown street by street: the table deals the board itself, so it can wait (D-2038).
      ...(this.options.allInRunOut === undefined
        ? {}
        : { automations: poker.allAutomations.filter((step) => step !== 'board-dealing') }),
    });
    this.changed = true;
    this.handNumber = handNumber;
    this.previous = plan.positions;
    if (mixed !== null) this.mixed = mixed.position;
    this.recordEntries(records, plan);
    const hand: RunningHand = { handId, handNumber, state: transition.state, deadlineMs: null, timeBankFromMs: null };
    this.hand = hand;
    this.lastHand = null;
    this.lastFixed = null;
    this.events.push({ kind: 'hand-started', handId, handNumber });
    this.advance(hand, transition, now);
  }

  /** Who came in, who missed the blinds or the button (000-001:BTN-09..11), who sat out one more hand. */
  private recordEntries(records: readonly SeatRecord[], plan: Pick<poker.HandPlan, 'missed' | 'dealtIn'>): void {
    for (const missed of plan.missed) {
      const record = this.seatRecords.get(missed.seat)!;
      record.missedBigBlind ||= missed.bigBlind;
      record.missedButton ||= missed.button;
    }
    for (const record of records) {
      if (plan.dealtIn.includes(record.seat)) {
        Object.assign(record, { hasPlayed: true, returning: false, missedBigBlind: false, missedButton: false, sitOutHands: 0 });
        if (record.status === 'joining') record.status = 'playing';
        continue;
      }
      if (wantsIn(seatIntent(record)) || record.releaseReason !== null || record.inFlightTopUpMinor > 0n) continue;
      record.releaseReason = sitOutHandCounted(record, this.profile.sitOutHandsMax, this.bustedSeatHandsMax());
      if (record.releaseReason !== null) {
        record.status = 'leaving';
        this.releaseIfDue(record);
      }
    }
  }

  /**
   * Runs the hand on from an engine transition to the next decision a player must make: the
   * table answers what it decides itself (run the board once, D-1658; fold for a player who left),
   * then starts the clock of the player to act, or ends the hand.
   */
  private advance(hand: RunningHand, transition: poker.Transition, now: Date, streetReleased = false): void {
    let state = transition.state;
    const operations = [...transition.events];
    let released = streetReleased;
    for (let steps = 0; ; steps++) {
      if (steps > 1_000) throw new TableInvariantViolation(`hand ${hand.handId} does not settle`);
      if (this.options.allInRunOut !== undefined && allInRunOutStreetDue(state)) {
        if (!released) {
          // Each street of an all-in run-out waits, the hands face up (003:R-ALLIN-09, D-2038).
          hand.state = state;
          hand.runOutWaiting = true;
          hand.deadlineMs = now.getTime() + this.options.allInRunOut.streetDelayMs;
          hand.timeBankFromMs = null;
          this.events.push({ kind: 'operations', handId: hand.handId, operations });
          return;
        }
        released = false;
      }
      const next = tableDecision(
        state,
        (seat) => this.seatRecords.get(seat)?.foldOnTurn === true,
        runItOffered(this.profile, this.definition),
      );
      if (next === null) break;
      state = next.state;
      operations.push(...next.events);
    }
    hand.state = state;
    this.events.push({ kind: 'operations', handId: hand.handId, operations });
    if (poker.pendingDecision(state).kind === 'action') {
      this.turn += 1;
      hand.deadlineMs = now.getTime() + this.profile.clock.actionTimeMs;
      hand.turnStartedAtMs = now.getTime();
      hand.timeBankFromMs = null;
      return;
    }
    if (seatsToAnswer(state) !== null) {
      // The agreement step (000-001:RIT-02, UI-08): the players have the profile's time to answer,
      // counted once from the offer (an answer does not restart it).
      const answering = transition.events.some((operation) => operation.kind === 'run-count-chosen');
      if (!answering) hand.deadlineMs = now.getTime() + (this.profile.runItTwice?.agreementMs ?? 0);
      hand.timeBankFromMs = null;
      return;
    }
    this.endHand(hand, { voided: false, now });
  }

  /** The clock ran out: the profile's time-out action (000-001:T-23 TIME-02, 003:#64 R-TIME-02). */
  private timeOut(hand: RunningHand, now: Date): void {
    const decision = poker.pendingDecision(hand.state);
    if (decision.kind !== 'action') throw new TableInvariantViolation('a deadline without a player to act');
    const record = this.seatRecords.get(decision.seat)!;
    this.changed = true;
    this.spendTimeBank(hand, record, now);
    // A disconnected player who timed out sits out from the next hand, so the blinds do not eat
    // their stack while they are away (D-1653); back, they sit in again (the 'sit-in' command).
    if (!record.connected && (record.status === 'playing' || record.status === 'joining')) record.status = 'sitting-out';
    this.advance(hand, poker.timeOut(hand.state, decision.seat), now);
  }

  private endHand(hand: RunningHand, how: { readonly voided: boolean; readonly now: Date | null }): void {
    const result = hand.state.result;
    if (result === null) throw new TableInvariantViolation(`hand ${hand.handId} ended without a result`);
    // The bad-beat jackpot's drop leaves the winners' stacks with the rake (000-001:JP-02, RAKE-08).
    const jackpotSettings = how.voided ? null : jackpotOf(this.profile, this.definition);
    const jackpot = jackpotSettings === null ? null : handJackpot(jackpotSettings, this.definition, hand.state);
    const completed = how.voided
      ? null
      : withJackpot(this.withTablePositions(completedHand(hand, this.records())), jackpot, jackpotSettings);
    for (const player of result.players) this.seatRecords.get(player.seat)!.stackMinor = player.endingStack;
    for (const drop of jackpot?.dropBySeat ?? []) this.seatRecords.get(drop.seat)!.stackMinor -= drop.amountMinor;
    this.chipsHeldMinor -= result.rake + (jackpot?.dropMinor ?? 0n);
    this.hand = null;
    this.lastHand = hand;
    if (completed !== null) {
      this.effects.push({ kind: 'hand-complete', hand: completed });
      this.awaitingCommit = { handId: hand.handId, completedAtMs: how.now!.getTime() };
    }
    this.events.push({ kind: 'hand-ended', handId: hand.handId, voided: how.voided });
    for (const record of this.records()) this.settleAfterHand(record);
  }

  /** Pending chips join the stack; queued top-ups go to the driver; busted players sit out; leavers go. */
  private settleAfterHand(record: SeatRecord): void {
    const amountMinor = settleSeatAfterHand(record, this.definition.buyInMaxMinor);
    if (amountMinor > 0n) {
      record.inFlightTopUpMinor += amountMinor;
      this.effects.push({ kind: 'top-up', seat: record.seat, playerId: record.playerId, amountMinor });
    }
    this.releaseIfDue(record);
  }

  // ---- stud, draw and mixed games (issue 20, D-2020) ----

  /** A mixed table's next hand: the rotation's position and its game (002 HORSE-02/03, 8GAME-03, D-2013); null elsewhere. */
  private nextMixedPosition(
    records: readonly SeatRecord[],
  ): { readonly position: poker.MixedPosition; readonly game: TableGame } | null {
    if (this.tableGame.kind !== 'mixed') return null;
    const occupiedSeats = records.filter((record) => wantsIn(seatIntent(record))).map((record) => record.seat);
    const firstButtonSeat = this.previous?.buttonSeat ?? occupiedSeats[0]!;
    return nextMixedTableHand(
      this.tableGame.rotation,
      this.mixed,
      { seatCount: this.definition.seatsMax, occupiedSeats },
      firstButtonSeat,
    );
  }

  /**
   * The definition a flop hand is dealt with: the table's, and at a mixed table the game's variant, no
   * ante (the ante is the stud games'), and for a big-bet game (NLHE, PLO) the lower stake set: half
   * the limit blinds (002 PK-STR-07, 8GAME-06, AMB-MIXED-BLINDS; D-2029).
   */
  private flopDefinition(game: TableGame, position: poker.MixedPosition | null): PokerTableDefinition {
    if (position === null) return this.definition;
    const bigBet = position.stakes === 'big-bet';
    const half = (amount: bigint): bigint => (amount / 2n > 0n ? amount / 2n : 1n);
    return {
      ...this.definition,
      variant: game.id,
      anteMinor: 0n,
      straddleMinor: 0n,
      ...(bigBet
        ? { smallBlindMinor: half(this.definition.smallBlindMinor), bigBlindMinor: half(this.definition.bigBlindMinor) }
        : {}),
    };
  }

  /**
   * Deals a stud or draw hand. Stud: every player who wants in is dealt in (no blinds, so none is
   * missed); the button moves one player on, except through the stud games of a mix, where it stays
   * frozen (002 HORSE-03, D-2013). Draw: the flop tables' planner decides who is dealt in, the
   * button and who posts what, by the profile's button rule (a newcomer waits for the big blind or
   * posts one, a returning player posts what he missed: 000-001:BTN-08..11, D-2051).
   */
  private startFixedHand(options: {
    readonly handNumber: number;
    readonly handId: string;
    readonly rng: Rng;
    readonly game: Extract<TableGame, { kind: 'fixed-limit' }>;
    readonly records: readonly SeatRecord[];
    readonly now: Date;
    readonly mixed: poker.MixedPosition | null;
  }): void {
    const plan = options.game.game.family === 'draw' ? this.planDrawHand(options.records, options.rng) : null;
    const dealtIn = plan?.dealtIn ?? options.records.filter((record) => wantsIn(seatIntent(record))).map((record) => record.seat);
    const frozen = options.mixed !== null && options.game.game.family === 'stud';
    const buttonSeat =
      plan?.buttonSeat ??
      fixedLimitButtonSeat({
        dealtIn,
        previousButtonSeat: this.previous?.buttonSeat ?? null,
        moves: !frozen,
        rng: options.rng,
      });
    const running = dealFixedLimitHand({
      handId: options.handId,
      handNumber: options.handNumber,
      game: options.game,
      buttonSeat,
      seats: dealtIn.map((seat) => this.seatRecords.get(seat)!),
      profile: this.profile,
      definition: this.definition,
      rng: options.rng,
      ...(plan === null ? {} : { blinds: plan.blinds }),
    });
    this.changed = true;
    this.handNumber = options.handNumber;
    if (!frozen) this.previous = plan?.positions ?? fixedLimitPositions(running);
    if (options.mixed !== null) this.mixed = options.mixed;
    this.recordEntries(options.records, plan ?? { missed: [], dealtIn });
    this.fixed = running;
    this.hand = null;
    this.lastHand = null;
    this.lastFixed = null;
    this.events.push({ kind: 'hand-started', handId: options.handId, handNumber: options.handNumber });
    this.advanceFixed(running, [...running.hand.state.log], options.now);
  }

  /**
   * A draw hand's plan: the flop tables' planner with the profile's button rule and heads-up rule and
   * the table's blinds (at a mixed table the limit stake set, D-2029), from the last flop or draw
   * hand's positions, so waiting for the big blind and missed-blind posts work as at the flop tables.
   */
  private planDrawHand(records: readonly SeatRecord[], rng: Rng): poker.HandPlan {
    const plan = planHand({
      seats: records,
      seatCount: this.definition.seatsMax,
      buttonRule: this.profile.engine.buttonRule,
      headsUpBlinds: this.profile.engine.tableRules.headsUpBlinds,
      smallBlind: this.definition.smallBlindMinor,
      bigBlind: this.definition.bigBlindMinor,
      previous: this.previous,
      rng,
    });
    if (plan === null) throw new Error('two players want in but the planner dealt nobody');
    return plan;
  }

  /** A player's bet or draw in a stud or draw hand; the hand validates it (`game-action-refused`, nothing changes). */
  private fixedCommand(record: SeatRecord, command: Extract<PlayerCommand, { kind: 'act' | 'draw' }>, now: Date): void {
    const running = this.fixed;
    if (running === null) {
      if (this.hand === null) throw refusal('no-hand-running', 'no hand is running');
      throw refusal('not-drawing', 'this is not a draw game: bet, call, check or fold', 'kind');
    }
    if (!running.hand.inHand(record.seat)) throw refusal('not-in-hand', 'you are not dealt in this hand');
    if (command.turn !== undefined && command.turn !== this.turn)
      throw refusal('turn-mismatch', `turn ${command.turn} is over; this is turn ${this.turn}`, 'turn');
    if (record.foldOnTurn) throw refusal('already-leaving', 'you left this hand');
    const operations = running.hand.command(record.seat, fixedLimitCommandOf(command));
    this.changed = true;
    (running.actionDelays ??= []).push({
      seat: record.seat,
      delayMs: Math.max(0, now.getTime() - (running.turnStartedAtMs ?? now.getTime())),
    });
    this.spendTimeBank(running, record, now);
    this.advanceFixed(running, operations, now);
  }

  /** The clock ran out in a stud or draw hand: stand pat, bring in, or the profile's time-out action (D-2022). */
  private fixedTimeOut(running: FixedRunningHand, now: Date): void {
    const seat = running.hand.seatToAct();
    if (seat === null) throw new TableInvariantViolation('a deadline without a player to act');
    const record = this.seatRecords.get(seat)!;
    this.changed = true;
    this.spendTimeBank(running, record, now);
    if (!record.connected && (record.status === 'playing' || record.status === 'joining')) record.status = 'sitting-out';
    this.advanceFixed(running, running.hand.timeOut(this.profile.engine.tableRules.timeOutAction), now);
  }

  /** Runs a stud or draw hand on to the next player's decision (a player who left is timed out), or ends it. */
  private advanceFixed(running: FixedRunningHand, operations: poker.FixedLimitOperation[], now: Date): void {
    for (let steps = 0; ; steps++) {
      if (steps > 1_000) throw new TableInvariantViolation(`hand ${running.handId} does not settle`);
      const seat = running.hand.seatToAct();
      if (seat === null || this.seatRecords.get(seat)?.foldOnTurn !== true) break;
      operations.push(...running.hand.timeOut('fold'));
    }
    this.events.push({ kind: 'fixed-limit-operations', handId: running.handId, operations });
    if (running.hand.seatToAct() !== null) {
      this.turn += 1;
      running.deadlineMs = now.getTime() + this.profile.clock.actionTimeMs;
      running.turnStartedAtMs = now.getTime();
      running.timeBankFromMs = null;
      return;
    }
    this.endFixedHand(running, { voided: false, now });
  }

  /** A stud or draw hand's end: the stacks after it and the rake, or (voided) every chip where it was. */
  private endFixedHand(running: FixedRunningHand, how: { readonly voided: boolean; readonly now: Date | null }): void {
    this.fixed = null;
    this.lastFixed = running;
    running.deadlineMs = null;
    if (!how.voided) {
      const outcome = running.hand.outcome();
      // The bad-beat jackpot of a stud or draw table (D-2052): the drop leaves the winners' stacks with the rake.
      const jackpotSettings = jackpotOf(this.profile, this.definition);
      const jackpot =
        jackpotSettings === null ? null : fixedLimitHandJackpot(jackpotSettings, this.definition, running.hand, outcome);
      for (const result of outcome.results) this.seatRecords.get(result.seat)!.stackMinor = result.stackAfterMinor;
      for (const drop of jackpot?.dropBySeat ?? []) this.seatRecords.get(drop.seat)!.stackMinor -= drop.amountMinor;
      this.chipsHeldMinor -= outcome.rakeMinor + (jackpot?.dropMinor ?? 0n);
      const completed = withJackpot(
        fixedLimitCompletedHand(running, this.records(), this.tablePositions()),
        jackpot,
        jackpotSettings,
      );
      this.effects.push({ kind: 'hand-complete', hand: completed });
      this.awaitingCommit = { handId: running.handId, completedAtMs: how.now!.getTime() };
    }
    this.events.push({ kind: 'hand-ended', handId: running.handId, voided: how.voided });
    for (const record of this.records()) this.settleAfterHand(record);
  }

  /** The positions a hand's commit stores: the planner's, with a mixed table's rotation position. */
  private tablePositions(): TablePositions | null {
    if (this.previous === null) return null;
    return this.mixed === null ? this.previous : { ...this.previous, mixed: this.mixed };
  }

  private withTablePositions(hand: CompletedHand): CompletedHand {
    return this.tableGame.kind === 'mixed' ? { ...hand, tablePositions: this.tablePositions() } : hand;
  }

  // ---- seats ----

  private releaseIfDue(record: SeatRecord): void {
    if (record.releaseReason === null || record.released || this.inRunningHand(record) || record.inFlightTopUpMinor > 0n) return;
    record.released = true;
    record.status = 'leaving';
    record.queuedTopUpMinor = 0n;
    const stackMinor = record.stackMinor + record.pendingChipsMinor;
    this.chipsHeldMinor -= stackMinor;
    const reason = record.releaseReason;
    const effect: TableEffect = { kind: 'release-seat', seat: record.seat, playerId: record.playerId, stackMinor, reason };
    this.effects.push(effect);
  }

  private collectOwedReleases(): void {
    for (const record of this.records()) {
      this.releaseIfDue(record);
    }
    this.owedEffects = this.effects;
    this.effects = [];
  }

  private spendTimeBank(hand: { timeBankFromMs: number | null }, record: SeatRecord, now: Date): void {
    if (hand.timeBankFromMs === null) return;
    const usedMs = Math.max(0, now.getTime() - hand.timeBankFromMs);
    record.timeBankMs = Math.max(0, record.timeBankMs - usedMs);
    hand.timeBankFromMs = null;
  }

  private canDeal(): boolean {
    return this.records().map(seatIntent).filter(wantsIn).length >= 2;
  }

  private bustedSeatHandsMax(): number {
    return this.options.bustedSeatHandsMax ?? bustedSeatHandsMaxDefault;
  }

  private timeBankMs(): number {
    return this.profile.clock.timeBankMs === null ? 0 : this.definition.timeBankMs;
  }

  // ---- helpers ----

  private step(run: () => void): TableStep {
    this.events = [];
    this.effects = [];
    this.changed = false;
    this.viewCache = {};
    try {
      run();
    } finally {
      this.viewCache = {};
    }
    if (this.changed) {
      this.versionNumber += 1;
      this.events.push({ kind: 'state', version: this.versionNumber });
    }
    this.assertChipsHeld();
    const step = { events: this.events, effects: this.effects };
    this.events = [];
    this.effects = [];
    return step;
  }

  private assertChipsHeld(): void {
    let held = 0n;
    for (const record of this.records()) {
      if (record.released) continue;
      if (record.stackMinor < 0n || record.pendingChipsMinor < 0n)
        throw new TableInvariantViolation(`seat ${record.seat}: negative chips`);
      held += record.stackMinor + record.pendingChipsMinor;
    }
    if (held !== this.chipsHeldMinor)
      throw new TableInvariantViolation(`table ${this.tableId} holds ${held} chips, ${this.chipsHeldMinor} came in net`);
  }

  private records(): readonly SeatRecord[] {
    return (this.sortedRecords ??= [...this.seatRecords.values()].sort((a, b) => a.seat - b.seat));
  }

  private recordOf(playerId: string): SeatRecord {
    const record = this.records().find((entry) => entry.playerId === playerId && !entry.released);
    if (record === undefined) throw refusal('not-seated', 'you have no seat at this table');
    return record;
  }

  private handOrRefuse(): RunningHand {
    if (this.hand === null) throw refusal('no-hand-running', 'no hand is running');
    return this.hand;
  }

  private inRunningHand(record: SeatRecord): boolean {
    if (this.fixed !== null) return this.fixed.hand.inHand(record.seat);
    return this.hand !== null && this.hand.state.players.some((player) => player.seat === record.seat);
  }

  private verifyTurn(hand: RunningHand, record: SeatRecord): void {
    const decision = poker.pendingDecision(hand.state);
    if (decision.kind !== 'action' || decision.seat !== record.seat) throw refusal('not-your-turn', 'it is not your turn');
  }

  private viewSource(): ViewSource {
    return {
      tableId: this.tableId,
      version: this.versionNumber,
      seats: this.records(),
      handNumber: this.handNumber,
      hand: this.hand ?? this.lastHand,
      running: this.hand !== null,
      turn: this.turn,
    };
  }
}
