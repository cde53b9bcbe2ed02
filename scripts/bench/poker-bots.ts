/**
 * The bots of `npm run bench:poker-tables`, in a process of their own so that their CPU is not the
 * service's: each bot is one player with one WebSocket to its table, acting at once (zero think time)
 * whenever its private view offers it a decision, over the real HTTP interface.
 *
 * Input: a JSON file (argv[2]) with the service's base URL, the players, the window and how actions
 * are sent (`commands`: `ws`, the socket's `act` message, D-1786; `rest`, POST …/actions). Output: a
 * line `window-open` and a line `window-closed` as the measured window starts and ends (the bench
 * reads the service's CPU at those moments), then one JSON line with the counts, the latencies
 * (action sent → the next pushed table state) and this process's CPU time in the window.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

interface BotPlan {
  base: string;
  warmupS: number;
  measureS: number;
  buyIn: string;
  currency: string;
  /** `base`: the instance this player's table is played through (BENCH_INSTANCES); the plan's otherwise. */
  players: Array<{ token: string; tableId: string; seat: number; base?: string }>;
  commands: 'ws' | 'rest';
}

interface Legal {
  fold: boolean;
  check: boolean;
  callMinor: string | null;
  betMinMinor: string | null;
  betMaxMinor: string | null;
  raiseMinMinor: string | null;
  raiseMaxMinor: string | null;
  allIn: boolean;
}

interface SeatView {
  seat: number;
  legal: Legal | null;
}

interface TableView {
  version: number;
  handNumber: number;
  toAct: { seat: number; turn: number } | null;
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as BotPlan;

let windowOpen = false;
let windowClosed = false;
let actions = 0;
let errors = 0;
/** Actions the table refused because the bot acted on a view a push had already replaced (409 turn, 422 amounts). */
let stale = 0;
let firstError: string | null = null;
/** Pushes received (table and seat views, welcomes); the answers to `act` messages are not counted. */
let messages = 0;
const latencies: number[] = [];
/** Per table: the hand number when the window opened and the last one seen before it closed. */
const hands = new Map<string, { atOpen: number | null; last: number }>();

/** A tiny deterministic generator: the bots' choices need not be secure, only varied. */
let seed = 0x2545f491;
function random(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x1_0000_0000;
}

function minorToAmount(minor: string): string {
  const value = BigInt(minor);
  const whole = value / 100n;
  const cents = (value % 100n).toString().padStart(2, '0');
  return `${whole}.${cents}`;
}

const money = (minor: string) => ({ amount: minorToAmount(minor), currency: plan.currency });

/** Mostly calls and checks so hands reach the river, some folds, some minimum raises. */
function choose(legal: Legal): { action: string; amount?: { amount: string; currency: string } } {
  const r = random();
  if (r < 0.12 && legal.fold && !legal.check) return { action: 'fold' };
  if (r < 0.22 && legal.raiseMinMinor) return { action: 'raise', amount: money(legal.raiseMinMinor) };
  if (r < 0.22 && legal.betMinMinor) return { action: 'bet', amount: money(legal.betMinMinor) };
  if (legal.check) return { action: 'check' };
  if (legal.callMinor) return { action: 'call' };
  return { action: 'fold' };
}

class Bot {
  private socket: WebSocket | null = null;
  private table: TableView | null = null;
  private mine: SeatView | null = null;
  private busy = false;
  /**
   * Set when a private view offering a decision arrives. The driver publishes a change's table view
   * before the private views on one connection, so the table view is current when this comes; acting on
   * a table view alone could pair it with the private view of an earlier turn.
   */
  private decisionOffered = false;
  /** Set while an action is in flight: the table version it was sent at and when. */
  private pending: { version: number; sentAt: number } | null = null;

  private readonly base: string;

  constructor(private readonly player: BotPlan['players'][number]) {
    this.base = player.base ?? plan.base;
  }

  async sit(): Promise<void> {
    const response = await fetch(`${this.base}/v1/poker/tables/${this.player.tableId}/seats`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.player.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        seat: this.player.seat,
        buyIn: { amount: plan.buyIn, currency: plan.currency },
        waitForBigBlind: false,
      }),
    });
    if (response.status !== 200 && response.status !== 201)
      throw new Error(`sit refused: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  }

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${this.base.replace(/^http/, 'ws')}/v1/tables/${this.player.tableId}/stream`, {
        headers: { authorization: `Bearer ${this.player.token}` },
      });
      this.socket = socket;
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.on('message', (data) => this.onMessage(String(data)));
    });
  }

  private onMessage(text: string): void {
    const message = JSON.parse(text) as {
      type: string;
      view?: unknown;
      snapshot?: { table: TableView; mine: SeatView | null };
      commandId?: string;
      problem?: { status: number; detail?: string };
    };
    if (message.type === 'poker-act' || (message.type === 'error' && message.commandId !== undefined)) {
      this.answered(message.type === 'poker-act' ? 200 : (message.problem?.status ?? 0), JSON.stringify(message.problem));
      return;
    }
    messages++;
    if (message.type === 'poker-table' || message.type === 'welcome') {
      const view = message.type === 'welcome' ? message.snapshot!.table : (message.view as TableView);
      if (!this.table || view.version > this.table.version) this.table = view;
      if (message.type === 'welcome') {
        this.mine = message.snapshot!.mine;
        this.decisionOffered = this.mine?.legal != null;
      }
      this.countHand(view.handNumber);
      if (this.pending && view.version > this.pending.version) {
        if (this.sentInWindow && !windowClosed) latencies.push(performance.now() - this.pending.sentAt);
        this.pending = null;
      }
    } else if (message.type === 'poker-seat') {
      this.mine = message.view as SeatView;
      this.decisionOffered = this.mine?.legal != null;
    }
    this.maybeAct();
  }

  private countHand(handNumber: number): void {
    const entry = hands.get(this.player.tableId) ?? { atOpen: null, last: 0 };
    if (windowClosed) return;
    entry.last = Math.max(entry.last, handNumber);
    if (windowOpen && entry.atOpen === null) entry.atOpen = entry.last;
    hands.set(this.player.tableId, entry);
  }

  private maybeAct(): void {
    if (windowClosed || this.busy || !this.decisionOffered || !this.table?.toAct || !this.mine?.legal) return;
    if (this.table.toAct.seat !== this.player.seat) return;
    const turn = this.table.toAct.turn;
    const choice = choose(this.mine.legal);
    this.decisionOffered = false;
    this.busy = true;
    const sentAt = performance.now();
    this.pending = { version: this.table.version, sentAt };
    this.sentInWindow = windowOpen && !windowClosed;
    if (plan.commands === 'ws') {
      this.socket!.send(JSON.stringify({ type: 'act', commandId: randomUUID(), action: { ...choice, turn } }));
      return;
    }
    void fetch(`${this.base}/v1/poker/tables/${this.player.tableId}/actions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.player.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ ...choice, turn }),
    })
      .then(async (response) => this.answered(response.status, await response.text()))
      .catch((error: unknown) => {
        errors++;
        firstError ??= (error as Error).message;
        this.busy = false;
        this.maybeAct();
      });
  }

  /** Whether the action in flight was sent inside the measured window (an action counts when it was sent in it and accepted). */
  private sentInWindow = false;

  private answered(status: number, body: string): void {
    if (status === 200) {
      if (this.sentInWindow && !windowClosed) actions++;
    } else if (status === 409 || status === 422) {
      // The turn moved on, or the legal amounts changed, before this bot's view caught up.
      stale++;
    } else {
      errors++;
      firstError ??= `${status} ${body.slice(0, 200)}`;
    }
    this.busy = false;
    this.maybeAct();
  }

  close(): void {
    this.socket?.close();
  }
}

const bots = plan.players.map((player) => new Bot(player));
// Sit in small batches: a thousand buy-ins at once would only measure the ledger's queue.
for (let i = 0; i < bots.length; i += 50) await Promise.all(bots.slice(i, i + 50).map((bot) => bot.sit()));
for (let i = 0; i < bots.length; i += 100) await Promise.all(bots.slice(i, i + 100).map((bot) => bot.connect()));

await new Promise((resolve) => setTimeout(resolve, plan.warmupS * 1000));
process.stdout.write('window-open\n');
windowOpen = true;
const messagesAtOpen = messages;
const cpuAtOpen = process.cpuUsage();
const openedAt = performance.now();
await new Promise((resolve) => setTimeout(resolve, plan.measureS * 1000));
windowClosed = true;
const windowMs = performance.now() - openedAt;
const cpu = process.cpuUsage(cpuAtOpen);
process.stdout.write('window-closed\n');
const messagesInWindow = messages - messagesAtOpen;
for (const bot of bots) bot.close();

let handsPlayed = 0;
// Hands dealt in the window: the last hand number seen before it closed less the one when it opened, per table.
for (const entry of hands.values()) if (entry.atOpen !== null) handsPlayed += entry.last - entry.atOpen;
latencies.sort((a, b) => a - b);
const percentile = (p: number) =>
  latencies.length === 0 ? Number.NaN : latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!;
process.stdout.write(
  `${JSON.stringify({
    actions,
    errors,
    stale,
    firstError,
    hands: handsPlayed,
    messages: messagesInWindow,
    p50: percentile(50),
    p99: percentile(99),
    samples: latencies.length,
    windowMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
  })}\n`,
);
process.exit(0);
