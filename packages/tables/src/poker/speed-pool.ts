import { DomainError, newId } from '@casino/core';
import type { Rng } from '@casino/games';
import type { PokerRuleProfile, PokerTableDefinition } from './profile.ts';
import type { DrivenTable, RemovalReason } from './room-ports.ts';
import type {
  CompletedHand,
  PlayerCommand,
  PokerTableSetup,
  PrivateSeatView,
  PublicTableView,
  SeatStatus,
  TableEffect,
} from './runtime-types.ts';
import { refusal } from './seats.ts';
import { PokerTable, TableInvariantViolation, type TableStep } from './table.ts';

/**
 * A speed-poker pool (issue 18, D-1801..D-1806): one poker table row (one lease, one queue, one
 * escrow) whose players are dealt hand by hand at tables of the pool, each hand at a fresh in-memory
 * `PokerTable` that lives for that one hand. After a fold (at their turn, or before it where the
 * profile allows: 004:GAM-PT-06, T-141) a player is out of that hand at once and is dealt into the
 * next hand that forms at another table (000-001:TBL-10); the blinds they owe follow them, because the
 * pool, not the seat, counts the hands since each player last posted the big blind (000-001:BTN-12,
 * T-14). Pure like `PokerTable`: no I/O, the time is given, randomness from `rng`.
 *
 * Chips: a player's chips are in exactly one place at a time in the pool's memory: free (waiting for a
 * hand) or at the table of the hand they are live in. A folded player's chips leave the table at once
 * (what they put in stays in that hand's pot), so Σ free chips + Σ what each running table holds for
 * its live players and its pot = what came in (buy-ins) less what went out (releases, rake). The store
 * records every hand as a change of its players' stacks (stack − put in + won, store-speed-pool.ts),
 * so the pool's one escrow equals the sum of its stored stacks after every committed hand, whatever
 * order the hands end in; a hand never committed (a crash) changed nothing stored: void by construction.
 * A hand's players take their chips back when it ends, not when it is committed (D-1807): the room
 * commits the ended hands off the pool's queue, in the order they ended.
 */

export interface SpeedPoolOptions {
  /** The shuffles' generator (production: `cryptoRng`). */
  readonly rng: Rng;
  readonly newHandId?: () => string;
}

/**
 * A hand's turns are numbered per pool: table number × this + the table's own turn, so an action meant
 * for a hand the player has left can never be taken for a turn of the next one (`turn-mismatch`).
 */
export const speedTurnsPerTable = 100_000;

type Blind = 'small' | 'big' | null;

interface PoolTable {
  readonly number: number;
  readonly table: PokerTable;
  readonly seatOf: Map<string, number>;
  readonly blindOf: Map<string, Blind>;
  handId: string | null;
  /** Chips the players brought to this hand. */
  readonly startChipsMinor: bigint;
  /** Chips of players who folded and left this hand for the pool (what they had not put in). */
  leftChipsMinor: bigint;
  /** What each player who left had when they left (one who left before their turn may still get chips back). */
  readonly leftWith: Map<string, bigint>;
  /** The hand's rake, once it ended. */
  rakeMinor: bigint;
  completed: boolean;
}

interface Member {
  readonly poolSeat: number;
  readonly playerId: string;
  readonly alias: string;
  /** Chips not in a hand: valid while `current` is null. */
  chipsMinor: bigint;
  /**
   * Chips a hand the player had left gave them at its end while they played another (they folded before
   * their turn and everyone else folded too: the pot is theirs): added when the current hand ends (table stakes).
   */
  pendingMinor: bigint;
  /** The hand the player is live in (dealt and not folded). */
  current: PoolTable | null;
  /** Hands the player was dealt into that are not yet committed: the seat is released only when none is left. */
  readonly open: Set<PoolTable>;
  sittingOut: boolean;
  leaving: 'left' | 'removed' | 'busted' | null;
  released: boolean;
  /** Hands dealt to the player since they last posted the big blind (000-001:BTN-12: the blinds follow the player). */
  handsSinceBigBlind: number;
  waitingSinceMs: number;
  connected: boolean;
  /** The table of the hand the player last left (shown with the next hand: the move). */
  lastTable: number | null;
}

/** What a player of a pool sees beyond `PrivateSeatView`: where they are in the pool (`poker-seat` pushes). */
export interface SpeedSeatView {
  readonly poolSeat: number;
  readonly status: 'waiting' | 'playing' | 'sitting-out' | 'leaving';
  /** The player's chips: free chips while waiting, the stack at the table while in a hand. */
  readonly chipsMinor: string;
  readonly handsSinceBigBlind: number;
  /** The hand the player is in, at which table, the blind they posted there, the table's public view. */
  readonly table: {
    readonly number: number;
    readonly handId: string | null;
    readonly seat: number;
    readonly blind: Blind;
    readonly view: PublicTableView;
  } | null;
  /** The table the player left last (a fold, or the end of the hand): a new `table.number` is the move. */
  readonly movedFrom: number | null;
}

export type SpeedPrivateView = PrivateSeatView & { readonly speed: SpeedSeatView };

export class SpeedPool implements DrivenTable {
  /** D-1807: the room commits the pool's ended hands off its queue; the players play on meanwhile. */
  readonly commitsOffQueue = true;
  readonly poolId: string;
  private readonly profile: PokerRuleProfile;
  /** The profile as each hand's table plays it: leaving is folding (the pool holds the chips). */
  private readonly tableProfile: PokerRuleProfile;
  private readonly definition: PokerTableDefinition;
  private readonly tableDefinition: PokerTableDefinition;
  private readonly tableSeats: number;
  private readonly fillWaitMs: number;
  private readonly foldBeforeTurn: boolean;
  private readonly members = new Map<string, Member>();
  private readonly bySeat = new Map<number, Member>();
  /** Players waiting for a hand, in the order they started waiting. */
  private readonly waiting = new Set<Member>();
  private readonly running = new Map<number, PoolTable>();
  private readonly byHandId = new Map<string, PoolTable>();
  private handNumber: number;
  private tableNumber = 0;
  /** Buy-ins − releases − rake: what the pool must hold. */
  private chipsHeldMinor = 0n;
  private readonly dirty = new Set<string>();
  private owed: TableEffect[] = [];
  private readonly newHandId: () => string;

  constructor(
    setup: PokerTableSetup,
    private readonly options: SpeedPoolOptions,
  ) {
    const pool = setup.definition.speedPool;
    if (!pool) throw new Error(`table ${setup.tableId} is not a speed pool`);
    const speed = setup.profile.speedPoker ?? null;
    if (speed === null) throw new Error(`profile ${setup.profile.id} offers no speed poker`);
    this.poolId = setup.tableId;
    this.profile = setup.profile;
    this.tableProfile = Object.freeze({ ...setup.profile, leave: 'any-time' as const });
    this.definition = setup.definition;
    this.tableDefinition = Object.freeze({ ...setup.definition, seatsMax: pool.tableSeats, speedPool: null });
    this.tableSeats = pool.tableSeats;
    this.fillWaitMs = pool.fillWaitMs;
    this.foldBeforeTurn = speed.foldBeforeTurn;
    this.handNumber = setup.handNumber;
    this.newHandId = options.newHandId ?? (() => newId());
    for (const seat of setup.seats) {
      // The stored stacks are those after the last committed hands: every player starts free.
      const member = this.addMember(seat.seat, seat.playerId, seat.alias, seat.stackMinor, 0);
      if (seat.status === 'leaving') member.leaving = 'left';
      else if (seat.status === 'sitting-out') member.sittingOut = true;
    }
    for (const member of this.members.values()) this.releaseIfDue(member, this.owed);
  }

  // ---- the room's port ----

  chooseSeat(playerId: string, wanted: number | undefined): number {
    if (this.members.has(playerId)) throw new DomainError('already-seated', 'You are already in this pool.');
    if (wanted !== undefined) {
      if (!Number.isInteger(wanted) || wanted < 1 || wanted > this.definition.seatsMax)
        throw new DomainError('validation-failed', `Seats are 1 to ${this.definition.seatsMax}.`, { field: 'body.seat' });
      if (this.bySeat.has(wanted)) throw new DomainError('seat-taken', `Seat ${wanted} is taken.`, { field: 'body.seat' });
      return wanted;
    }
    for (let seat = 1; seat <= this.definition.seatsMax; seat++) if (!this.bySeat.has(seat)) return seat;
    throw new DomainError('table-full', `The pool holds ${this.definition.seatsMax} players: try again later.`);
  }

  seatPlayer(
    seat: { seat: number; playerId: string; alias: string; stackMinor: bigint; waitForBigBlind: boolean },
    now: Date,
  ): TableEffect[] {
    if (this.members.has(seat.playerId) || this.bySeat.has(seat.seat))
      throw new Error(`pool ${this.poolId}: seat ${seat.seat} or player ${seat.playerId} is taken`);
    this.addMember(seat.seat, seat.playerId, seat.alias, seat.stackMinor, now.getTime());
    return this.afterChange(now, []);
  }

  command(playerId: string, command: PlayerCommand, now: Date): TableEffect[] {
    const member = this.memberOrRefuse(playerId);
    const effects: TableEffect[] = [];
    switch (command.kind) {
      case 'act':
        this.act(member, command, now, effects);
        break;
      case 'show':
      case 'muck':
      case 'time-bank':
        this.runAt(this.currentOrRefuse(member), (table) => table.command(playerId, command, now), now, effects);
        break;
      case 'sit-out':
        if (member.leaving !== null) throw refusal('already-leaving', 'you are leaving the pool');
        if (member.sittingOut) throw refusal('already-sitting-out', 'you are sitting out');
        member.sittingOut = true;
        this.waiting.delete(member);
        break;
      case 'sit-in':
        if (!member.sittingOut) throw refusal('not-sitting-out', 'you are not sitting out');
        member.sittingOut = false;
        this.enqueue(member, now);
        break;
      case 'leave':
        if (member.leaving !== null) throw refusal('already-leaving', 'you are leaving the pool');
        this.leave(member, 'left', now, effects);
        break;
      case 'top-up':
        // D-1804: a pool takes no top-ups; the player leaves and buys in again.
        throw refusal('top-up-not-now', 'a speed-poker pool takes no top-ups: leave the pool and buy in again');
    }
    this.dirty.add(playerId);
    return this.afterChange(now, effects);
  }

  tick(now: Date): TableEffect[] {
    const effects: TableEffect[] = [...this.owed];
    this.owed = [];
    for (const table of [...this.running.values()]) {
      const due = table.table.nextDeadline();
      if (due !== null && due.getTime() <= now.getTime()) this.runAt(table, (t) => t.tick(now), now, effects);
    }
    return this.afterChange(now, effects);
  }

  nextDeadline(): Date | null {
    if (this.owed.length > 0) return new Date(0);
    let next: number | null = null;
    for (const table of this.running.values()) {
      const due = table.table.nextDeadline();
      if (due !== null && !table.completed && (next === null || due.getTime() < next)) next = due.getTime();
    }
    const oldest = this.oldestWaiting();
    if (oldest !== null && this.waiting.size >= 2) {
      const fill = oldest.waitingSinceMs + this.fillWaitMs;
      if (next === null || fill < next) next = fill;
    }
    return next === null ? null : new Date(next);
  }

  chipsAdded(seat: number): TableEffect[] {
    throw new Error(`pool ${this.poolId}: no top-up is on its way to seat ${seat}`);
  }

  topUpRefused(seat: number): TableEffect[] {
    throw new Error(`pool ${this.poolId}: no top-up is on its way to seat ${seat}`);
  }

  seatReleased(seat: number): TableEffect[] {
    const member = this.bySeat.get(seat);
    if (member === undefined || !member.released) throw new Error(`pool ${this.poolId}: seat ${seat} is not being released`);
    this.bySeat.delete(seat);
    this.members.delete(member.playerId);
    return [];
  }

  /**
   * The hand's commit is stored (D-1807: the room commits a pool's hands off its queue, in the order
   * they ended). Its players took their chips back when the hand ended (`handEnded`); what waited for
   * the commit is the release of a leaving or busted player's seat, whose stored stack is final only
   * when every hand they were dealt into is committed.
   */
  handCommitted(handId: string, now: Date): TableEffect[] {
    const table = this.byHandId.get(handId);
    if (table === undefined || !table.completed)
      throw new Error(`pool ${this.poolId}: hand ${handId} is not awaiting its commit`);
    this.byHandId.delete(handId);
    const effects: TableEffect[] = [];
    for (const playerId of table.seatOf.keys()) {
      const member = this.members.get(playerId);
      if (member === undefined) continue;
      member.open.delete(table);
      this.dirty.add(playerId);
      this.releaseIfDue(member, effects);
    }
    return this.afterChange(now, effects);
  }

  /** Hands that ended and wait for their commit (the room's commit queue; tests). */
  handsAwaitingCommit(): number {
    let ended = 0;
    for (const table of this.byHandId.values()) if (table.completed) ended++;
    return ended;
  }

  removeAtHandEnd(playerId: string, reason: RemovalReason, now: Date): TableEffect[] {
    const member = this.members.get(playerId);
    if (member === undefined || member.released || member.leaving === 'removed') return [];
    const effects: TableEffect[] = [];
    void reason;
    this.leave(member, 'removed', now, effects);
    this.dirty.add(playerId);
    return this.afterChange(now, effects);
  }

  /** The pool stores no per-hand seat statuses: its players' statuses are the pool's (D-1803). */
  seatStatuses(): { seat: number; status: SeatStatus }[] {
    return [];
  }

  connectionChanged(playerId: string, connected: boolean, now: Date): TableEffect[] {
    const member = this.members.get(playerId);
    if (member === undefined || member.connected === connected) return [];
    member.connected = connected;
    const effects: TableEffect[] = [];
    if (member.current !== null) this.runAt(member.current, (table) => table.setConnected(playerId, connected), now, effects);
    return this.afterChange(now, effects);
  }

  seatOf(playerId: string): number | null {
    const member = this.members.get(playerId);
    return member === undefined ? null : member.poolSeat;
  }

  seatedPlayerIds(): string[] {
    return [...this.members.keys()];
  }

  /** The players whose view may have changed since the last call: the room pushes only theirs (600 players, one table changed). */
  changedPlayerIds(): string[] {
    const changed = [...this.dirty];
    this.dirty.clear();
    return changed;
  }

  /** Hands run concurrently and are void by construction when lost (D-1803): the store marks none. */
  runningHand(): { handId: string; handNumber: number } | null {
    return null;
  }

  /**
   * The pool's public view is its settings only (version 1 for ever): 600 sockets watch one pool, so a
   * change per action would be 600 frames; each player's hand comes in their own `poker-seat` push.
   */
  publicView(): PublicTableView {
    return Object.freeze({
      tableId: this.poolId,
      version: 1,
      handId: null,
      handNumber: 0,
      buttonSeat: null,
      seats: [],
      board: [],
      potsMinor: [],
      toAct: null,
      lastResult: null,
      runOuts: [],
      runItOffer: null,
    });
  }

  privateView(playerId: string): SpeedPrivateView | null {
    const member = this.members.get(playerId);
    if (member === undefined) return null;
    const table = member.current;
    const mine = table === null ? null : table.table.privateView(playerId);
    const view = table === null ? null : withPoolTurns(table.table.publicView(), table.number);
    const stack = table === null ? member.chipsMinor : liveStackMinor(table, playerId);
    return Object.freeze({
      seat: mine?.seat ?? member.poolSeat,
      holeCards: mine?.holeCards ?? [],
      legal: mine?.legal ?? null,
      speed: Object.freeze({
        poolSeat: member.poolSeat,
        status: member.leaving !== null ? 'leaving' : member.sittingOut ? 'sitting-out' : table !== null ? 'playing' : 'waiting',
        chipsMinor: stack.toString(),
        handsSinceBigBlind: member.handsSinceBigBlind,
        table:
          table === null || view === null
            ? null
            : {
                number: table.number,
                handId: table.handId,
                seat: table.seatOf.get(playerId)!,
                blind: table.blindOf.get(playerId) ?? null,
                view,
              },
        movedFrom: member.lastTable,
      }),
    });
  }

  // ---- for tests and the bench ----

  /** Chips the pool holds by its own count, and the chips it finds (they must be equal). */
  chipCount(): { heldMinor: bigint; foundMinor: bigint; members: number; tablesRunning: number; waiting: number } {
    let found = 0n;
    for (const member of this.members.values()) {
      if (member.released) continue;
      found += member.pendingMinor + (member.current === null ? member.chipsMinor : 0n);
    }
    for (const table of this.running.values()) found += table.startChipsMinor - table.leftChipsMinor - table.rakeMinor;
    return {
      heldMinor: this.chipsHeldMinor,
      foundMinor: found,
      members: this.members.size,
      tablesRunning: this.running.size,
      waiting: this.waiting.size,
    };
  }

  // ---- inside ----

  private addMember(poolSeat: number, playerId: string, alias: string, stackMinor: bigint, nowMs: number): Member {
    const member: Member = {
      poolSeat,
      playerId,
      alias,
      chipsMinor: stackMinor,
      pendingMinor: 0n,
      current: null,
      open: new Set(),
      sittingOut: false,
      leaving: null,
      released: false,
      // A newcomer owes the big blind (000-001:T-08: a new player posts a normal big blind).
      handsSinceBigBlind: this.tableSeats,
      waitingSinceMs: nowMs,
      connected: true,
      lastTable: null,
    };
    this.members.set(playerId, member);
    this.bySeat.set(poolSeat, member);
    this.chipsHeldMinor += stackMinor;
    this.enqueue(member, new Date(nowMs));
    this.dirty.add(playerId);
    return member;
  }

  private act(member: Member, command: Extract<PlayerCommand, { kind: 'act' }>, now: Date, effects: TableEffect[]): void {
    const table = this.currentOrRefuse(member);
    let turn: number | undefined;
    if (command.turn !== undefined) {
      if (Math.floor(command.turn / speedTurnsPerTable) !== table.number)
        throw refusal('turn-mismatch', `turn ${command.turn} belongs to another hand; you are at table ${table.number}`, 'turn');
      turn = command.turn % speedTurnsPerTable;
    }
    const seat = table.seatOf.get(member.playerId)!;
    const toAct = table.table.publicView().toAct;
    if (command.action === 'fold' && toAct?.seat !== seat && this.foldBeforeTurn) {
      if (this.isAllIn(table, member.playerId)) throw refusal('not-your-turn', 'you are all-in: the hand plays out');
      // 004:GAM-PT-06, T-141: folding before one's turn; the table folds the hand when the turn comes.
      this.runAt(table, (t) => t.command(member.playerId, { kind: 'leave' }, now), now, effects);
      if (member.current === table) this.detach(member, table, now);
      return;
    }
    const forTable: PlayerCommand = turn === undefined ? { ...command } : { ...command, turn };
    this.runAt(table, (t) => t.command(member.playerId, forTable, now), now, effects);
  }

  private leave(member: Member, why: 'left' | 'removed', now: Date, effects: TableEffect[]): void {
    member.leaving = why;
    this.waiting.delete(member);
    const table = member.current;
    if (table !== null) {
      // Leaving mid-hand is folding (000-001:A-41); the chips come back to the pool at once, the seat
      // is released when every hand the player was in is committed (D-1802).
      this.runAt(table, (t) => t.command(member.playerId, { kind: 'leave' }, now), now, effects);
      if (member.current === table && !this.isAllIn(table, member.playerId)) this.detach(member, table, now);
    }
    this.releaseIfDue(member, effects);
  }

  /** An all-in player cannot fold: they stay in the hand to its end, and leave then. */
  private isAllIn(table: PoolTable, playerId: string): boolean {
    const seat = table.seatOf.get(playerId);
    return table.table.publicView().seats.some((s) => s.seat === seat && s.allIn);
  }

  /** Runs one step of a hand's table and takes its effects: the hand's end goes to the room, a folded player back to the pool. */
  private runAt(table: PoolTable, run: (table: PokerTable) => TableStep, now: Date, effects: TableEffect[]): void {
    const step = run(table.table);
    if (step.events.length > 0) for (const playerId of table.seatOf.keys()) this.dirty.add(playerId);
    for (const event of step.events) if (event.kind === 'hand-started') table.handId = event.handId;
    for (const effect of step.effects) {
      if (effect.kind === 'hand-complete') {
        table.completed = true;
        table.rakeMinor = effect.hand.rakeMinor;
        this.chipsHeldMinor -= effect.hand.rakeMinor;
        effects.push({ ...effect, hand: { ...effect.hand, poolTableNumber: table.number } satisfies CompletedHand });
        this.handEnded(table, effect.hand.handId, now);
      }
      // 'release-seat' of a player who left the hand: the pool holds the chips (detach), nothing to pay out.
      // 'top-up': the hand's table never has one (the pool takes none).
    }
    if (table.completed) return;
    // A player folded (by their action, by the clock, by leaving): out of this hand and on to the next.
    const seats = table.table.publicView().seats;
    for (const seat of seats) {
      if (!seat.folded) continue;
      const playerId = [...table.seatOf].find(([, s]) => s === seat.seat)?.[0];
      const member = playerId === undefined ? undefined : this.members.get(playerId);
      if (member !== undefined && member.current === table) this.detach(member, table, now);
    }
  }

  /**
   * The hand ended (D-1807): its players still in it take their chips back to the pool at once and
   * wait for their next hand, without waiting for its commit. Safe because the room commits a pool's
   * hands in the order they ended and stops at the first that fails: the stored stacks are always
   * those after a prefix of the ended hands, and a player's loss in a hand never exceeds the chips
   * the hands before it (committed by then) gave them, so no stored stack goes below zero.
   */
  private handEnded(table: PoolTable, handId: string, now: Date): void {
    table.table.handCommitted(handId);
    this.running.delete(table.number);
    const stacks = new Map(table.table.seats().map((s) => [s.playerId, s.stackMinor + s.pendingChipsMinor]));
    let liveMinor = 0n;
    for (const playerId of table.seatOf.keys()) {
      const member = this.members.get(playerId);
      if (member === undefined) continue;
      const endingMinor = stacks.get(playerId) ?? 0n;
      if (member.current === table) {
        member.chipsMinor = endingMinor + member.pendingMinor;
        member.pendingMinor = 0n;
        liveMinor += endingMinor;
        member.current = null;
        member.lastTable = table.number;
        this.enqueue(member, now);
      } else {
        // Left before their turn and the others all folded: what the hand gave back is theirs.
        const extraMinor = endingMinor - (table.leftWith.get(playerId) ?? endingMinor);
        liveMinor += extraMinor;
        if (member.current === null) member.chipsMinor += extraMinor;
        else member.pendingMinor += extraMinor;
        if (member.current === null) this.enqueue(member, now);
      }
      this.dirty.add(playerId);
    }
    if (liveMinor !== table.startChipsMinor - table.leftChipsMinor - table.rakeMinor)
      throw new TableInvariantViolation(
        `pool ${this.poolId} table ${table.number}: its players take ${liveMinor} back, ${table.startChipsMinor} came, ${table.leftChipsMinor} left, ${table.rakeMinor} raked`,
      );
  }

  /** The player leaves the hand (folded, or folding at their turn): their chips not put in come back to the pool. */
  private detach(member: Member, table: PoolTable, now: Date): void {
    const chips = liveStackMinor(table, member.playerId);
    member.chipsMinor = chips + member.pendingMinor;
    member.pendingMinor = 0n;
    member.current = null;
    member.lastTable = table.number;
    table.leftChipsMinor += chips;
    table.leftWith.set(member.playerId, chips);
    this.dirty.add(member.playerId);
    this.enqueue(member, now);
  }

  private enqueue(member: Member, now: Date): void {
    if (member.current !== null || member.sittingOut || member.leaving !== null || member.released || member.chipsMinor <= 0n)
      return;
    if (this.waiting.has(member)) return;
    member.waitingSinceMs = now.getTime();
    this.waiting.add(member);
  }

  private releaseIfDue(member: Member, effects: TableEffect[]): void {
    if (member.released || member.current !== null || member.open.size > 0) return;
    if (member.leaving === null && member.chipsMinor <= 0n) member.leaving = 'busted';
    if (member.leaving === null) return;
    member.released = true;
    this.waiting.delete(member);
    this.chipsHeldMinor -= member.chipsMinor;
    effects.push({
      kind: 'release-seat',
      seat: member.poolSeat,
      playerId: member.playerId,
      stackMinor: member.chipsMinor,
      reason: member.leaving,
    });
  }

  /** Deals every hand that can form now: a full table at once, a short one after `fillWaitMs` of waiting. */
  private afterChange(now: Date, effects: TableEffect[]): TableEffect[] {
    for (let guard = 0; guard < 10_000; guard++) {
      const oldest = this.oldestWaiting();
      if (oldest === null || this.waiting.size < 2) break;
      const full = this.waiting.size >= this.tableSeats;
      if (!full && now.getTime() < oldest.waitingSinceMs + this.fillWaitMs) break;
      this.deal(now, effects);
    }
    // The rake of completed hands leaves the pool's count when the hand ends (the table took it).
    return effects;
  }

  private oldestWaiting(): Member | null {
    for (const member of this.waiting) return member;
    return null;
  }

  /**
   * One new hand at a new table. The players who have waited longest are dealt in; the big blind goes
   * to the one who has gone longest without posting it, the small blind to the next (000-001:BTN-12,
   * T-14: the blinds a player owes follow them from table to table). Seats: 1 the button, 2 the small
   * blind, 3 the big blind (heads-up: 1 the button on the small blind, 2 the big blind).
   */
  private deal(now: Date, effects: TableEffect[]): void {
    const dealt: Member[] = [];
    for (const member of this.waiting) {
      dealt.push(member);
      if (dealt.length === this.tableSeats) break;
    }
    for (const member of dealt) this.waiting.delete(member);
    const byDebt = dealt
      .map((member, order) => ({ member, order }))
      .sort((a, b) => b.member.handsSinceBigBlind - a.member.handsSinceBigBlind || a.order - b.order)
      .map((entry) => entry.member);
    const [big, small, ...rest] = byDebt as [Member, Member, ...Member[]];
    const inSeatOrder = byDebt.length === 2 ? [small, big] : [rest[0]!, small, big, ...rest.slice(1)];
    const number = ++this.tableNumber;
    const seats = inSeatOrder.map((member, index) => ({
      seat: index + 1,
      playerId: member.playerId,
      alias: member.alias,
      stackMinor: member.chipsMinor,
      status: 'playing' as const,
    }));
    const handNumber = this.handNumber;
    const table = new PokerTable(
      {
        tableId: this.poolId,
        profile: this.tableProfile,
        definition: this.tableDefinition,
        seats,
        handNumber,
        previousPositions: null,
      },
      { rngForHand: () => buttonOnSeatOne(this.options.rng), newHandId: this.newHandId, handPauseMs: 0 },
    );
    const poolTable: PoolTable = {
      number,
      table,
      seatOf: new Map(seats.map((s) => [s.playerId, s.seat])),
      blindOf: new Map<string, Blind>([
        [big.playerId, 'big'],
        [small.playerId, 'small'],
      ]),
      handId: null,
      startChipsMinor: seats.reduce((sum, s) => sum + s.stackMinor, 0n),
      leftChipsMinor: 0n,
      leftWith: new Map(),
      rakeMinor: 0n,
      completed: false,
    };
    for (const member of dealt) {
      member.current = poolTable;
      member.open.add(poolTable);
      member.handsSinceBigBlind = member === big ? 0 : member.handsSinceBigBlind + 1;
      this.dirty.add(member.playerId);
    }
    this.running.set(number, poolTable);
    this.handNumber += 1;
    this.runAt(poolTable, (t) => t.tick(now), now, effects);
    if (poolTable.handId === null) throw new TableInvariantViolation(`pool ${this.poolId} table ${number}: no hand was dealt`);
    this.byHandId.set(poolTable.handId, poolTable);
  }

  private memberOrRefuse(playerId: string): Member {
    const member = this.members.get(playerId);
    if (member === undefined || member.released) throw refusal('not-seated', 'you are not in this pool');
    return member;
  }

  private currentOrRefuse(member: Member): PoolTable {
    if (member.current === null) throw refusal('no-hand-running', 'you are waiting for your next hand');
    return member.current;
  }
}

/** A player's chips at a hand's table now (during the hand the engine holds them: what they have not put in). */
function liveStackMinor(table: PoolTable, playerId: string): bigint {
  const seat = table.seatOf.get(playerId);
  const shown = table.table.publicView().seats.find((s) => s.seat === seat);
  if (shown !== undefined) return BigInt(shown.stackMinor);
  const record = table.table.seats().find((s) => s.playerId === playerId);
  return record === undefined ? 0n : record.stackMinor + record.pendingChipsMinor;
}

/** The first hand's button draw lands on seat 1 (the pool placed the players); the shuffle is the real generator's. */
function buttonOnSeatOne(rng: Rng): Rng {
  let first = true;
  return {
    intBelow(bound: number): number {
      if (first) {
        first = false;
        return 0;
      }
      return rng.intBelow(bound);
    },
  };
}

/** The table's public view with the pool's turn numbers (`speedTurnsPerTable`). */
function withPoolTurns(view: PublicTableView, tableNumber: number): PublicTableView {
  if (view.toAct === null) return view;
  return { ...view, toAct: { ...view.toAct, turn: tableNumber * speedTurnsPerTable + view.toAct.turn } };
}
