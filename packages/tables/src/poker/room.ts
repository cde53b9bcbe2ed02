import { assert, DomainError, isDomainError, newId, type Clock } from '@casino/core';
import { isPoolExhaustedError, type Redis } from '@casino/db';
import type { TableBroadcaster } from '../context.ts';
import { DeadlineScheduler } from './deadline-scheduler.ts';
import { Forwarding, NotHolder, unavailable } from './forwarding.ts';
import { RecentCommands, type CommandOutcome } from './recent-commands.ts';
import {
  isLeaseLost,
  type ChipPurchaseKind,
  type ChipPurchasePayment,
  type ChipPurchaseReceipt,
  type DrivenTable,
  type DrivenTableFactory,
  type PokerRoomStore,
  type RemovalReason,
  type TableLease,
} from './room-ports.ts';
import type { PokerLobbyEntry, PokerRoom, SitRequest, TableSnapshot } from './room-types.ts';
import type { CompletedHand, PlayerCommand, TableEffect } from './runtime-types.ts';
import { SerialQueue } from './serial-queue.ts';
import { earlier, TableWaitingList } from './waiting-list.ts';

/**
 * The poker room's driver (issue 16; ARCHITECTURE.md "Scaling beyond one machine"). Each table is
 * driven by the one game-service instance that holds its lease (a fencing token in PostgreSQL): the
 * running hand lives in that instance's memory as a `DrivenTable`, fed one command at a time by the
 * table's queue. Money and the durable record are written at hand boundaries through the store,
 * each write committed before the table is told. A request for a table driven elsewhere is forwarded
 * over Redis to its holder; a table nobody drives is claimed on demand or by the periodic scan, and
 * an interrupted hand found then is voided, every chip back, no rake (000-001:FAIL-01, 003:R-TECH-01,
 * 004:AMB-43).
 */
export interface PokerRoomOptions {
  store: PokerRoomStore;
  createTable: DrivenTableFactory;
  redis: Redis;
  /** Redis keys and channels of the game service live under this prefix. */
  prefix: string;
  broadcaster: TableBroadcaster;
  clock: Clock;
  /** Unique per running process: leases name it, forwarded requests are published on its channel. */
  instanceId: string;
  /** A lease lapses this long after its last renewal; renewed every third of it. */
  leaseTtlMs: number;
  /** How long a forwarded request waits for the holder before 503 table-unavailable. */
  forwardTimeoutMs: number;
  /** How often the leases are renewed; a third of the time to live unless a test stands for a paused process. */
  renewIntervalMs?: number;
  /** How often the instance looks for tables nobody drives. */
  claimScanIntervalMs: number;
  /** Tables one instance drives at most (STYLE: limit everything); more are left to the other instances. */
  tablesPerInstanceMax?: number;
  /**
   * False for a process that only routes (the worker removing a listed player): it never takes a
   * lease; a table nobody drives is `table-unavailable` there until a game-service instance claims it.
   */
  drives?: boolean;
  log: RoomLog;
}

export interface RoomLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Requests between instances, and what the holder runs on the table's queue. */
type RoomRequest =
  | { op: 'snapshot'; viewerPlayerId: string | null }
  | { op: 'sit'; playerId: string; request: SitRequest; commandId: string }
  | { op: 'command'; playerId: string; command: PlayerCommand; commandId: string; quiet?: true }
  | { op: 'chat'; playerId: string; text: string }
  | { op: 'remove'; playerId: string; reason: RemovalReason }
  | { op: 'connection'; playerId: string; connected: boolean }
  | { op: 'wait-join' | 'wait-leave'; playerId: string }
  | { op: 'buy-chips'; playerId: string; kind: ChipPurchaseKind; commandId: string; payment?: ChipPurchasePayment };

interface Held {
  readonly tableId: string;
  readonly lease: TableLease;
  readonly table: DrivenTable;
  readonly queue: SerialQueue;
  readonly commands: RecentCommands;
  /** What each player was last sent (their private view as JSON): an unchanged view is not sent again. */
  readonly sentPrivate: Map<string, string>;
  sentVersion: number | null;
  /** The hand the store knows as running (marked before anyone saw it). */
  markedHandId: string | null;
  dropped: boolean;
  /** The table's waiting list (issue 18, 003:R-TBL-04); null where its profile has none. */
  readonly waiting: TableWaitingList | null;
  /** A speed pool's hand commits, in the order the hands ended, off the table's queue (D-1807); null for a table. */
  readonly commits: SerialQueue | null;
  /** A speed pool's ended hands not yet taken by a commit: the next commit takes them all, in order (D-1870). */
  readonly handsToCommit: CompletedHand[];
}

export const pokerRoomLimits = {
  /** Commands queued on one table before it refuses more (503, retry): a flood cannot grow memory without end. */
  queueDepthMax: 256,
  /** Command ids remembered per table for exactly-once retries. */
  commandIdsRemembered: 1_024,
  /** Effects one command may cause (a hand's end releases at most every seat): more is a bug. */
  effectsPerCommandMax: 64,
  /** Tables claimed per scan. */
  claimsPerScanMax: 50,
  /** Holders remembered for routing. */
  holderCacheMax: 10_000,
  /** Times a request is re-routed when its holder changed under it. */
  routeAttemptsMax: 3,
  /** Ended hands of a speed pool waiting for their commit (D-1807); at this many the pool's queue waits for them. */
  commitsPendingMax: 128,
  /** Attempts of a speed pool's commit that finds no free connection in time before the pool is dropped (D-1872). */
  poolCommitAttemptsMax: 10,
  /** Commits of a speed pool in its queue: the one running and the one gathering the hands that end meanwhile (D-1870). */
  poolCommitsQueued: 2,
} as const;

/** A due table whose queue is full is ticked this much later. */
const onDueRetryMs = 50;

/** How long a route may use a table's cached lobby entry (its settings; the seats taken may be that old). */
const tableEntryCacheMs = 5_000;

export class PokerRoomDriver implements PokerRoom {
  private readonly held = new Map<string, Held>();
  private readonly claiming = new Map<string, Promise<boolean>>();
  private readonly holders = new Map<string, string>();
  private readonly scheduler: DeadlineScheduler;
  private readonly forwarding: Forwarding;
  private renewTimer: NodeJS.Timeout | null = null;
  private scanTimer: NodeJS.Timeout | null = null;
  private lastRenewalAtMs = 0;
  private state: 'new' | 'running' | 'stopped' = 'new';
  private starting: Promise<void> | null = null;
  private readonly background = new Set<Promise<unknown>>();

  constructor(private readonly options: PokerRoomOptions) {
    assert(options.leaseTtlMs >= 300, 'PokerRoom: leaseTtlMs must be at least 300');
    assert(options.forwardTimeoutMs > 0, 'PokerRoom: forwardTimeoutMs must be positive');
    assert(options.claimScanIntervalMs > 0, 'PokerRoom: claimScanIntervalMs must be positive');
    assert(options.instanceId.length > 0, 'PokerRoom: instanceId must not be empty');
    this.scheduler = new DeadlineScheduler(
      () => options.clock.now().getTime(),
      (tableId) => this.onDue(tableId),
    );
    this.forwarding = new Forwarding({
      redis: options.redis,
      prefix: options.prefix,
      instanceId: options.instanceId,
      timeoutMs: options.forwardTimeoutMs,
      serve: (tableId, body) => this.serve(tableId, body as RoomRequest),
      onError: (error) => options.log.warn({ err: error }, 'poker room: forwarding failed'),
    });
  }

  get instanceId(): string {
    return this.options.instanceId;
  }

  /** The tables this instance drives now (tests, health). */
  drivenTableIds(): string[] {
    return [...this.held.keys()];
  }

  /** Idempotent: a second call waits for the first (the subscription must be up before anything is forwarded). */
  start(): Promise<void> {
    this.starting ??= this.begin();
    return this.starting;
  }

  private async begin(): Promise<void> {
    assert(this.state === 'new', 'PokerRoom.start: a stopped room does not start again');
    await this.forwarding.start();
    this.state = 'running';
    if (this.options.drives === false) return;
    this.lastRenewalAtMs = this.options.clock.now().getTime();
    const renewIntervalMs = this.options.renewIntervalMs ?? Math.floor(this.options.leaseTtlMs / 3);
    this.renewTimer = setInterval(() => this.track(this.renewLeases()), renewIntervalMs);
    this.renewTimer.unref();
    this.scanTimer = setInterval(() => this.track(this.claimTablesNeedingDriver()), this.options.claimScanIntervalMs);
    this.scanTimer.unref();
    this.track(this.claimTablesNeedingDriver());
  }

  /** Graceful: stop taking commands, void running hands (every chip back), let the leases go. */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    await this.starting?.catch(() => undefined);
    this.state = 'stopped';
    this.stopTimers();
    await Promise.allSettled([...this.background]);
    const tables = [...this.held.values()];
    await Promise.allSettled(tables.map((held) => held.queue.runLast(() => this.letGo(held))));
    await this.forwarding.close();
  }

  /**
   * As if the process died (tests of takeover): timers and the Redis subscription stop, nothing is
   * written; the leases lapse on their own and another instance voids the running hands.
   */
  async halt(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    this.stopTimers();
    for (const held of this.held.values()) held.dropped = true;
    this.held.clear();
    await this.forwarding.close();
  }

  /** Ticks every table whose deadline has passed by the room's clock (tests with a manual clock; the timer does it otherwise). */
  async runDue(): Promise<number> {
    const due = this.scheduler.runDue();
    await this.drained();
    return due;
  }

  /** Settles when every table's queue and commits are idle (a commit's follow-up runs on the queue, and may commit again). */
  private async drained(): Promise<void> {
    for (let round = 0; round < 1_000; round++) {
      const tables = [...this.held.values()];
      await Promise.all(tables.map((held) => held.queue.drained()));
      await Promise.all(tables.map((held) => held.commits?.drained()));
      if (tables.every((held) => held.queue.depth === 0 && (held.commits?.depth ?? 0) === 0)) return;
    }
  }

  /** One pass of the claim scan (tests; the timer runs it otherwise). */
  async claimTablesNeedingDriver(): Promise<number> {
    if (this.state !== 'running') return 0;
    const now = this.options.clock.now();
    let claimed = 0;
    try {
      const tableIds = await this.options.store.findTablesNeedingDriver({ now, limit: pokerRoomLimits.claimsPerScanMax });
      for (const tableId of tableIds) if (!this.held.has(tableId) && (await this.claim(tableId))) claimed++;
    } catch (error) {
      this.options.log.warn({ err: error }, 'poker room: claim scan failed; retried at the next scan');
    }
    return claimed;
  }

  /** One renewal of every lease held, in one statement (tests; the timer runs it every ttl/3). */
  async renewLeases(): Promise<void> {
    const leases = [...this.held.values()].map((held) => held.lease);
    const now = this.options.clock.now();
    if (leases.length === 0) {
      this.lastRenewalAtMs = now.getTime();
      return;
    }
    try {
      const lost = new Set(
        await this.options.store.renewTableLeases({
          instanceId: this.options.instanceId,
          leases,
          ttlMs: this.options.leaseTtlMs,
          now,
        }),
      );
      this.lastRenewalAtMs = now.getTime();
      for (const lease of leases) if (lost.has(lease.tableId)) this.dropLease(lease, 'lease not renewed');
    } catch (error) {
      this.options.log.warn({ err: error }, 'poker room: lease renewal failed');
      // Past the time to live another instance may drive these tables already: stop before it does.
      if (now.getTime() - this.lastRenewalAtMs >= (this.options.leaseTtlMs * 2) / 3) {
        for (const lease of leases) this.dropLease(lease, 'lease renewal failing');
      }
    }
  }

  lobby(): Promise<PokerLobbyEntry[]> {
    return this.options.store.lobby();
  }

  private tableEntries: { readonly atMs: number; readonly byId: ReadonlyMap<string, PokerLobbyEntry> } | null = null;
  private tableEntriesLoading: Promise<ReadonlyMap<string, PokerLobbyEntry>> | null = null;

  async table(tableId: string): Promise<PokerLobbyEntry | null> {
    const fresh = this.tableEntries !== null && Date.now() - this.tableEntries.atMs < tableEntryCacheMs;
    const known = fresh ? this.tableEntries!.byId.get(tableId) : undefined;
    if (known) return known;
    // A table opened since the last read (or none read yet): read the lobby once for every waiting caller.
    this.tableEntriesLoading ??= this.options.store
      .lobby()
      .then((entries) => {
        const byId = new Map(entries.map((entry) => [entry.tableId, entry]));
        this.tableEntries = { atMs: Date.now(), byId };
        return byId;
      })
      .finally(() => (this.tableEntriesLoading = null));
    return (await this.tableEntriesLoading).get(tableId) ?? null;
  }

  async snapshot(tableId: string, viewerPlayerId: string | null): Promise<TableSnapshot> {
    return (await this.route(tableId, { op: 'snapshot', viewerPlayerId })) as TableSnapshot;
  }

  async sit(
    tableId: string,
    playerId: string,
    request: SitRequest,
    options: { commandId?: string } = {},
  ): Promise<TableSnapshot> {
    const commandId = options.commandId ?? newId();
    return (await this.route(tableId, { op: 'sit', playerId, request, commandId })) as TableSnapshot;
  }

  async command(
    tableId: string,
    playerId: string,
    command: PlayerCommand,
    options: { commandId?: string } = {},
  ): Promise<TableSnapshot> {
    const commandId = options.commandId ?? newId();
    return (await this.route(tableId, { op: 'command', playerId, command, commandId })) as TableSnapshot;
  }

  async buyChips(
    tableId: string,
    playerId: string,
    kind: ChipPurchaseKind,
    options: { commandId: string } & ChipPurchasePayment,
  ): Promise<ChipPurchaseReceipt> {
    const { commandId, ...payment } = options;
    return (await this.route(tableId, { op: 'buy-chips', playerId, kind, commandId, payment })) as ChipPurchaseReceipt;
  }

  async submit(tableId: string, playerId: string, command: PlayerCommand, options: { commandId: string }): Promise<void> {
    await this.route(tableId, { op: 'command', playerId, command, commandId: options.commandId, quiet: true });
  }

  async chat(tableId: string, playerId: string, text: string): Promise<void> {
    await this.route(tableId, { op: 'chat', playerId, text });
  }

  /**
   * Staff and compliance: every seat of the player is released at the end of its running hand, the
   * chips credited. Every table is asked even if one fails; the first failure is thrown afterwards so
   * the caller's job retries (asking twice is harmless: a player already leaving stays leaving).
   */
  async removePlayerEverywhere(playerId: string, reason: RemovalReason): Promise<void> {
    const tableIds = await this.options.store.findSeatsOfPlayer(playerId);
    const failures: unknown[] = [];
    for (const tableId of tableIds) {
      try {
        await this.route(tableId, { op: 'remove', playerId, reason });
      } catch (error) {
        if (isDomainError(error) && error.code === 'not-seated') continue;
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  }

  /** Joins the waiting list of a full table (003:R-TBL-04): the player's place (1 = next) and the list's length. */
  async joinWaitingList(tableId: string, playerId: string): Promise<{ place: number; length: number }> {
    return (await this.route(tableId, { op: 'wait-join', playerId })) as { place: number; length: number };
  }

  /** Leaves the waiting list; a running seat offer is declined and goes to the next. */
  async leaveWaitingList(tableId: string, playerId: string): Promise<void> {
    await this.route(tableId, { op: 'wait-leave', playerId });
  }

  async connectionChanged(tableId: string, playerId: string, connected: boolean): Promise<void> {
    await this.route(tableId, { op: 'connection', playerId, connected });
  }

  // Routing: this instance, the holder over Redis, or a claim when nobody drives the table.

  private async route(tableId: string, request: RoomRequest): Promise<unknown> {
    if (this.state !== 'running') throw new DomainError('table-unavailable', 'The poker room is not running here.');
    for (let attempt = 0; attempt < pokerRoomLimits.routeAttemptsMax; attempt++) {
      const held = this.held.get(tableId);
      try {
        if (held) return await this.runHere(held, request);
        const holder = await this.resolveHolder(tableId);
        if (holder === null || holder === this.options.instanceId) {
          if (this.options.drives === false) throw toDomainError503(tableId);
          await this.claim(tableId);
          continue;
        }
        return await this.forwarding.forward(holder, tableId, request);
      } catch (error) {
        if (!(error instanceof NotHolder) && !(isDomainError(error) && error.code === 'table-unavailable')) throw error;
        this.holders.delete(tableId);
        if (!(error instanceof NotHolder)) throw error;
      }
    }
    throw toDomainError503(tableId);
  }

  private async resolveHolder(tableId: string): Promise<string | null> {
    const cached = this.holders.get(tableId);
    if (cached !== undefined) return cached;
    const holder = await this.options.store.findTableHolder({ tableId, now: this.options.clock.now() });
    if (holder !== null) {
      if (this.holders.size >= pokerRoomLimits.holderCacheMax) this.holders.clear();
      this.holders.set(tableId, holder);
    }
    return holder;
  }

  /** A request forwarded here by another instance. */
  private async serve(tableId: string, request: RoomRequest): Promise<unknown> {
    const held = this.held.get(tableId);
    if (!held || this.state !== 'running') throw new NotHolder(`${this.options.instanceId} does not drive ${tableId}`);
    return this.runHere(held, request);
  }

  private runHere(held: Held, request: RoomRequest): Promise<unknown> {
    if (!held.queue.hasRoom()) throw toDomainError503(held.tableId);
    // A purchase is exactly once in the store (its command id recorded with the payment), across takeovers too.
    if (request.op !== 'sit' && request.op !== 'command') return held.queue.run(() => this.apply(held, request));
    const playerId = request.playerId;
    const seen = held.commands.get(request.commandId);
    const quiet = request.op === 'command' && request.quiet === true;
    if (seen) return seen.then((outcome) => this.replay(held, playerId, outcome, quiet));
    const result = held.queue.run(() => this.apply(held, request));
    held.commands.remember(
      request.commandId,
      result.then(
        (): CommandOutcome => ({ ok: true }),
        (error: unknown): CommandOutcome => ({ ok: false, error }),
      ),
    );
    return result;
  }

  /** A command id seen before: its first outcome again, nothing applied twice. */
  private replay(held: Held, playerId: string, outcome: CommandOutcome, quiet: boolean): TableSnapshot | null {
    if (!outcome.ok) throw outcome.error;
    if (held.dropped) throw new NotHolder(`${held.tableId} changed hands`);
    return quiet ? null : this.snapshotOf(held, playerId, this.options.clock.now());
  }

  // The table's queue: one request at a time, money committed before the table is told.

  private async apply(held: Held, request: RoomRequest): Promise<unknown> {
    if (held.dropped) throw new NotHolder(`${held.tableId} changed hands`);
    return this.guard(held, async () => {
      const now = this.options.clock.now();
      switch (request.op) {
        case 'snapshot':
          return this.snapshotOf(held, request.viewerPlayerId, now);
        case 'sit':
          return this.seat(held, request, now);
        case 'command': {
          const refusals = await this.settle(held, held.table.command(request.playerId, request.command, now), now);
          // A top-up the store refused at once (limits, funds) is the command's answer; one queued to hand end is not.
          if (request.command.kind === 'top-up' && refusals.length > 0) throw refusals[0];
          return request.quiet ? null : this.snapshotOf(held, request.playerId, now);
        }
        case 'chat':
          return this.sendChat(held, request.playerId, request.text, now);
        case 'buy-chips':
          return this.buyChipsHere(held, request, now);
        case 'remove':
          await this.settle(held, held.table.removeAtHandEnd(request.playerId, request.reason, now), now);
          return null;
        case 'connection':
          await this.settle(held, held.table.connectionChanged(request.playerId, request.connected, now), now);
          return null;
        case 'wait-join':
        case 'wait-leave': {
          if (!held.waiting)
            throw new DomainError('waiting-list-refused', 'This table has no waiting list.', {
              extensions: { reason: 'no-waiting-list', rule: '003:R-TBL-04' },
            });
          const answer =
            request.op === 'wait-join'
              ? await held.waiting.join(request.playerId, held.table, now)
              : await held.waiting.leave(request.playerId);
          await this.settle(held, [], now);
          return answer;
        }
      }
    });
  }

  private async seat(held: Held, request: Extract<RoomRequest, { op: 'sit' }>, now: Date): Promise<TableSnapshot> {
    held.waiting?.checkSeatFor(request.playerId, held.table, now);
    const seat = held.table.chooseSeat(request.playerId, request.request.seat);
    const bought = await this.options.store.buyIn(held.lease, {
      playerId: request.playerId,
      seat,
      amountMinor: request.request.buyInMinor,
      ...(request.request.fromWallet === undefined ? {} : { fromWallet: request.request.fromWallet }),
      now,
    });
    const effects = held.table.seatPlayer(
      {
        seat,
        playerId: request.playerId,
        alias: bought.alias,
        stackMinor: bought.stackMinor,
        waitForBigBlind: request.request.waitForBigBlind,
      },
      now,
    );
    await held.waiting?.seated(request.playerId);
    await this.settle(held, effects, now);
    return this.snapshotOf(held, request.playerId, now);
  }

  /** Checked by the table, paid and persisted by the store, then applied (money committed before the table is told). */
  private async buyChipsHere(
    held: Held,
    request: Extract<RoomRequest, { op: 'buy-chips' }>,
    now: Date,
  ): Promise<ChipPurchaseReceipt> {
    const { table } = held;
    const { store } = this.options;
    if (!table.planPurchase || !table.purchased || !store.buyChips)
      throw new DomainError('game-action-refused', 'Chips are bought at tournaments only.', {
        extensions: { reason: 'not-a-tournament' },
      });
    const bought = await store.buyChips(held.lease, {
      playerId: request.playerId,
      kind: request.kind,
      commandId: request.commandId,
      ...(request.payment ? { payment: request.payment } : {}),
      plan: () => table.planPurchase!(request.playerId, request.kind, now),
      now,
    });
    await this.settle(held, bought.receipt.replayed ? [] : table.purchased(bought.plan, bought.alias, now), now);
    return bought.receipt;
  }

  private sendChat(held: Held, playerId: string, text: string, now: Date): null {
    const seat = held.table.seatOf(playerId);
    if (seat === null) throw new DomainError('not-seated', 'Only a seated player can chat; spectators watch.');
    this.publish(
      this.options.broadcaster.toTable(held.tableId, { type: 'chat', tableId: held.tableId, seat, text, at: now.toISOString() }),
    );
    return null;
  }

  /**
   * Runs the table's effects in order, each committed before the table hears of it; what the table
   * answers is run next. Returns the store's refusals (a top-up over a limit). Then the running hand
   * is marked in the store, the views pushed and the table's next deadline scheduled.
   */
  private async settle(held: Held, effects: TableEffect[], now: Date): Promise<unknown[]> {
    const pending = [...effects];
    const refusals: unknown[] = [];
    const released = new Set<string>();
    const { store } = this.options;
    for (let done = 0; pending.length > 0; done++) {
      assert(done < pokerRoomLimits.effectsPerCommandMax, 'PokerRoom.settle: a command caused too many effects');
      const effect = pending.shift()!;
      switch (effect.kind) {
        case 'top-up':
          try {
            await store.topUp(held.lease, {
              playerId: effect.playerId,
              seat: effect.seat,
              amountMinor: effect.amountMinor,
              requestId: newId(),
              now,
            });
            pending.push(...held.table.chipsAdded(effect.seat, effect.amountMinor, now));
          } catch (error) {
            if (!isDomainError(error)) throw error;
            refusals.push(error);
            pending.push(...held.table.topUpRefused(effect.seat, effect.amountMinor, now));
          }
          break;
        case 'release-seat':
          await store.releaseSeat(held.lease, { ...effect, now });
          released.add(effect.playerId);
          pending.push(...held.table.seatReleased(effect.seat, now));
          break;
        case 'hand-complete': {
          if (held.commits) {
            await this.commitOffQueue(held, held.commits, effect.hand);
            break;
          }
          const seatStatuses = held.table.seatStatuses();
          const { stoppingPlayerIds } = await store.commitHand(held.lease, { hand: effect.hand, seatStatuses, now });
          if (held.markedHandId === effect.hand.handId) held.markedHandId = null;
          pending.push(...held.table.handCommitted(effect.hand.handId, now));
          // Playing time used up or excluded (004:GAM-P-07 …): the seat goes as a removal at hand end does.
          for (const playerId of stoppingPlayerIds) pending.push(...held.table.removeAtHandEnd(playerId, 'time-limit', now));
          break;
        }
        case 'checkpoint':
          assert(store.checkpoint !== undefined, 'a table that checkpoints has a store that writes it');
          await store.checkpoint(held.lease, { now });
          break;
      }
    }
    const running = held.table.runningHand();
    if (running && running.handId !== held.markedHandId) {
      await store.markHandRunning(held.lease, { ...running, now });
      held.markedHandId = running.handId;
    }
    if (held.waiting) {
      for (const offer of await held.waiting.offer(held.table, now)) {
        const expiresAt = offer.expiresAt?.toISOString() ?? null;
        this.publish(
          this.options.broadcaster.toPlayer(offer.playerId, { type: 'poker-seat-offer', tableId: held.tableId, expiresAt }),
        );
      }
    }
    this.pushViews(held, now, released);
    this.scheduler.schedule(held.tableId, earlier(held.table.nextDeadline(), held.waiting?.nextDeadline() ?? null));
    return refusals;
  }

  /**
   * D-1807: a speed pool's ended hand is committed off the pool's queue, after every hand that ended
   * before it (its players already play on: the pool's memory holds their chips); the pool hears of
   * the commit on its queue, where a leaving player's seat is released. The first commit that fails
   * drops the table as any failure does, and the hands queued after it are never committed, so the
   * stored stacks are always those after a prefix of the ended hands (speed-pool.ts `handEnded`).
   *
   * D-1870: the hands that end while a commit runs are committed together by the next one, in one
   * transaction and in the order they ended, so the database keeps up with a busy pool (one commit per
   * hand could not: its queue filled and the pool stalled). A batch is all or nothing: one that fails
   * leaves the stored stacks after the hands before it, still a prefix. Past `commitsPendingMax` hands
   * waiting, the pool's queue waits for the commits in its queue (two at most), not for each hand's.
   */
  private async commitOffQueue(held: Held, commits: SerialQueue, hand: CompletedHand): Promise<void> {
    if (held.handsToCommit.length >= pokerRoomLimits.commitsPendingMax) await commits.drained();
    held.handsToCommit.push(hand);
    // A commit is queued and has not started yet: it takes this hand too.
    if (held.handsToCommit.length > 1) return;
    const { store } = this.options;
    const committed = commits.run(async () => {
      const hands = held.handsToCommit.splice(0);
      // An earlier commit failed (the table is dropped): these hands are void by construction (D-1803).
      if (held.dropped) return;
      try {
        const { stoppingPlayerIds } = await this.guard(held, () => this.commitPoolHandsPatiently(held, hands));
        const told = held.queue.runLast(async () => {
          for (const [index, ended] of hands.entries())
            await this.afterCommit(held, ended.handId, index === hands.length - 1 ? stoppingPlayerIds : []);
        });
        this.track(told);
      } catch (error) {
        // guard dropped the table for anything but a domain error; a refused commit must stop the chain too.
        if (!held.dropped) {
          this.dropLease(held.lease, 'hand commit refused');
          await store.releaseTableLease(held.lease).catch(() => undefined);
        }
        throw error;
      }
    });
    this.track(committed);
  }

  /**
   * D-1872: a pool's commit that found no free connection in time (the pool's wait, or the start of a
   * transaction, ran out: nothing was written) tries again rather than dropping the pool, which would
   * void every uncommitted hand of hundreds of players and move the pool to another instance over a
   * moment's load. Each attempt waits the pool's own connection timeout; a hand committed by an attempt
   * whose later part failed is answered as replayed by the next (a commit is exactly once per hand id).
   */
  private async commitPoolHandsPatiently(
    held: Held,
    hands: readonly CompletedHand[],
  ): Promise<{ stoppingPlayerIds: readonly string[] }> {
    const { store, clock, log } = this.options;
    for (let attempt = 1; ; attempt++) {
      try {
        return store.commitPoolHands
          ? await store.commitPoolHands(held.lease, { hands, now: clock.now() })
          : await this.commitEach(held, hands);
      } catch (error) {
        if (attempt >= pokerRoomLimits.poolCommitAttemptsMax || held.dropped || !isPoolExhaustedError(error)) throw error;
        log.warn(
          { err: error, tableId: held.tableId, hands: hands.length, attempt },
          'poker room: no connection for a pool commit; trying again',
        );
      }
    }
  }

  /** A store without `commitPoolHands` (tests' fakes): the hands one at a time, in order; who must stop after any of them. */
  private async commitEach(held: Held, hands: readonly CompletedHand[]): Promise<{ stoppingPlayerIds: readonly string[] }> {
    const stopping = new Set<string>();
    for (const hand of hands) {
      const { stoppingPlayerIds } = await this.options.store.commitHand(held.lease, {
        hand,
        seatStatuses: [],
        now: this.options.clock.now(),
      });
      for (const playerId of stoppingPlayerIds) stopping.add(playerId);
    }
    return { stoppingPlayerIds: [...stopping] };
  }

  /** On the pool's queue: the commit is stored; players out of playing time go as at a table (004:GAM-P-07). */
  private async afterCommit(held: Held, handId: string, stoppingPlayerIds: readonly string[]): Promise<void> {
    if (held.dropped) return;
    await this.guard(held, async () => {
      const now = this.options.clock.now();
      const effects = held.table.handCommitted(handId, now);
      for (const playerId of stoppingPlayerIds) effects.push(...held.table.removeAtHandEnd(playerId, 'time-limit', now));
      await this.settle(held, effects, now);
    });
  }

  /**
   * One publish per change of the public view, one per player whose private view changed (an
   * unchanged one is skipped: a busy room runs thousands of actions a second). Publishes are not
   * awaited: one Redis connection keeps them in order, and the table's queue moves on.
   */
  private pushViews(held: Held, now: Date, released: ReadonlySet<string>): void {
    const { broadcaster } = this.options;
    const view = held.table.publicView(now);
    if (view.version !== held.sentVersion) {
      held.sentVersion = view.version;
      this.publish(broadcaster.toTable(held.tableId, { type: 'poker-table', tableId: held.tableId, view }));
    }
    for (const playerId of held.table.changedPlayerIds?.() ?? held.table.seatedPlayerIds()) {
      const mine = held.table.privateView(playerId, now);
      const json = JSON.stringify(mine);
      if (held.sentPrivate.get(playerId) === json) continue;
      held.sentPrivate.set(playerId, json);
      // The view is serialised once (D-1850): the message around it is the text JSON.stringify makes of
      // { type, tableId, view }, the same bytes.
      this.publish(
        broadcaster.toPlayerText
          ? broadcaster.toPlayerText(playerId, seatMessageText(held.tableId, json))
          : broadcaster.toPlayer(playerId, { type: 'poker-seat', tableId: held.tableId, view: mine }),
      );
    }
    for (const playerId of released) {
      if (held.table.seatOf(playerId) !== null) continue;
      held.sentPrivate.delete(playerId);
      this.publish(broadcaster.toPlayer(playerId, { type: 'poker-seat', tableId: held.tableId, view: null }));
    }
  }

  private snapshotOf(held: Held, viewerPlayerId: string | null, now: Date): TableSnapshot {
    const mine = viewerPlayerId === null ? null : held.table.privateView(viewerPlayerId, now);
    const offer = viewerPlayerId === null ? null : (held.waiting?.offerOf(viewerPlayerId, now) ?? null);
    return { table: held.table.publicView(now), mine, ...(offer ? { seatOffer: { expiresAt: offer.toISOString() } } : {}) };
  }

  private onDue(tableId: string): void {
    const held = this.held.get(tableId);
    if (!held || held.dropped) return;
    if (!held.queue.hasRoom()) {
      // Flooded: the tick waits its turn a little later rather than being lost.
      this.scheduler.schedule(tableId, new Date(this.options.clock.now().getTime() + onDueRetryMs));
      return;
    }
    const tick = held.queue.run(async () => {
      if (held.dropped) return;
      await this.guard(held, async () => {
        const now = this.options.clock.now();
        await this.settle(held, held.table.tick(now), now);
      });
    });
    this.track(tick.catch((error: unknown) => this.options.log.error({ err: error, tableId }, 'poker room: tick failed')));
  }

  /**
   * A lost lease drops the table from memory at once (another instance drives it; NotHolder makes the
   * caller look it up again). Any other failure leaves the in-memory table in doubt: it is dropped and
   * its lease let go, so the next driver starts from the stored state and voids the hand.
   */
  private async guard<T>(held: Held, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isLeaseLost(error)) {
        this.dropLease(held.lease, 'lease lost');
        throw new NotHolder(`${held.tableId} changed hands`);
      }
      if (isDomainError(error) || error instanceof NotHolder) throw error;
      this.options.log.error({ err: error, tableId: held.tableId }, 'poker room: table failed; dropped, its hand will be voided');
      this.dropLease(held.lease, 'table failed');
      await this.options.store
        .releaseTableLease(held.lease)
        .catch((release: unknown) => this.options.log.warn({ err: release }, 'poker room: releasing a failed table'));
      throw error;
    }
  }

  // Leases: claim, take over (voiding the interrupted hand), drop, let go.

  private claim(tableId: string): Promise<boolean> {
    const inFlight = this.claiming.get(tableId);
    if (inFlight) return inFlight;
    const claim = this.takeOver(tableId).finally(() => this.claiming.delete(tableId));
    this.claiming.set(tableId, claim);
    return claim;
  }

  private async takeOver(tableId: string): Promise<boolean> {
    const { store, instanceId, leaseTtlMs, clock, log } = this.options;
    if (this.state !== 'running' || this.held.has(tableId)) return this.held.has(tableId);
    if (this.held.size >= (this.options.tablesPerInstanceMax ?? Number.POSITIVE_INFINITY)) return false;
    const lease = await store.acquireTableLease({ tableId, instanceId, ttlMs: leaseTtlMs, now: clock.now() });
    if (!lease) return false;
    try {
      const voided = await store.voidInterruptedHand(lease, { now: clock.now() });
      const { setup } = await store.loadTableForDriving(lease);
      const table = this.options.createTable(setup);
      const held: Held = {
        tableId,
        lease,
        table,
        // A speed pool's queue takes one command per player in flight (hundreds of players, issue 18). A
        // tournament floor's setup (issue 19) has no table definition: the default depth.
        queue: new SerialQueue(Math.max(pokerRoomLimits.queueDepthMax, (setup.definition?.seatsMax ?? 0) + 64)),
        commands: new RecentCommands(pokerRoomLimits.commandIdsRemembered),
        sentPrivate: new Map(),
        sentVersion: null,
        markedHandId: null,
        dropped: false,
        waiting:
          setup.profile.waitingList && store.waitingLists
            ? new TableWaitingList(store.waitingLists, lease, setup.profile.waitingList, setup.definition.seatsMax)
            : null,
        commits: table.commitsOffQueue === true ? new SerialQueue(pokerRoomLimits.poolCommitsQueued) : null,
        handsToCommit: [],
      };
      this.held.set(tableId, held);
      this.holders.set(tableId, instanceId);
      if (voided) this.announceVoided(tableId, voided);
      log.info({ tableId, epoch: lease.epoch, voidedHandId: voided?.handId ?? null }, 'poker room: table taken');
      await held.queue.run(() => this.guard(held, () => this.settle(held, [], clock.now())));
      return true;
    } catch (error) {
      this.dropLease(lease, 'take-over failed');
      log.error({ err: error, tableId }, 'poker room: taking the table over failed; left to the next scan');
      await store.releaseTableLease(lease).catch(() => undefined);
      return false;
    }
  }

  /** The players of a voided hand are told (their chips are back as they were when it began). */
  private announceVoided(tableId: string, voided: { handId: string; playerIds: string[] }): void {
    for (const playerId of voided.playerIds) {
      this.publish(this.options.broadcaster.toPlayer(playerId, { type: 'poker-hand-voided', tableId, handId: voided.handId }));
    }
  }

  private dropLease(lease: TableLease, why: string): void {
    const held = this.held.get(lease.tableId);
    if (!held || held.lease !== lease) return;
    held.dropped = true;
    this.held.delete(lease.tableId);
    this.holders.delete(lease.tableId);
    this.scheduler.forget(lease.tableId);
    this.options.log.warn({ tableId: lease.tableId, why }, 'poker room: table dropped');
  }

  /** Graceful stop of one table: its running hand voided (every chip back), its lease released. */
  private async letGo(held: Held): Promise<void> {
    if (held.dropped) return;
    const { store, clock, log } = this.options;
    // A pool's ended hands are committed first (D-1807); their follow-ups, queued behind this, find the table gone.
    await held.commits?.drained();
    held.dropped = true;
    this.held.delete(held.tableId);
    this.scheduler.forget(held.tableId);
    try {
      const voided = await store.voidInterruptedHand(held.lease, { now: clock.now() });
      if (voided) this.announceVoided(held.tableId, voided);
      await store.releaseTableLease(held.lease);
    } catch (error) {
      // The lease lapses on its own; the next driver voids the hand.
      log.warn({ err: error, tableId: held.tableId }, 'poker room: letting a table go failed');
    }
  }

  private stopTimers(): void {
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (this.scanTimer) clearInterval(this.scanTimer);
    this.renewTimer = null;
    this.scanTimer = null;
    this.scheduler.stop();
  }

  private publish(sent: Promise<void>): void {
    sent.catch((error: unknown) => this.options.log.warn({ err: error }, 'poker room: push failed'));
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) => this.options.log.error({ err: error }, 'poker room: background work failed'));
    this.background.add(tracked);
    void tracked.finally(() => this.background.delete(tracked));
  }
}

function toDomainError503(tableId: string): DomainError {
  const wire = unavailable(tableId);
  return new DomainError('table-unavailable', wire.detail);
}

/** `JSON.stringify({ type: 'poker-seat', tableId, view })` with the view already serialised (`viewJson`). */
export function seatMessageText(tableId: string, viewJson: string): string {
  return `{"type":"poker-seat","tableId":${JSON.stringify(tableId)},"view":${viewJson}}`;
}
