/**
 * The bots of `npm run bench:speed-poker` (issue 18), in a process of their own so that their CPU is
 * not the service's: each bot is one player of the pool with one WebSocket to it, acting at once (zero
 * think time) whenever the push of its hand (`poker-seat`, `view.speed`) offers it a decision, over the
 * socket's `act` message (D-1786). About a third of the decisions are folds; the time from sending a
 * fold to the push of the bot's next hand (a new table number) is the fold → next deal latency.
 *
 * Input: a JSON file (argv[2]) with the service's base URL, the pool, the players and the window.
 * Output: a line `window-open` and a line `window-closed` as the measured window starts and ends, then
 * one JSON line with the counts, the latencies and this process's CPU time in the window.
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
  poolId: string;
  players: Array<{ token: string }>;
}

interface Legal {
  fold: boolean;
  check: boolean;
  callMinor: string | null;
  betMinMinor: string | null;
  raiseMinMinor: string | null;
}

interface SeatView {
  legal: Legal | null;
  speed: {
    status: string;
    table: { number: number; handId: string | null; view: { toAct: { turn: number } | null } } | null;
  };
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as BotPlan;
const wsBase = plan.base.replace(/^http/, 'ws');

let windowOpen = false;
let windowClosed = false;
let actions = 0;
let folds = 0;
let errors = 0;
let stale = 0;
let firstError: string | null = null;
let messages = 0;
const latencies: number[] = [];
/** Hands first seen while the window was open. */
const handsInWindow = new Set<string>();
const handsSeen = new Set<string>();

let seed = 0x2545f491;
function random(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x1_0000_0000;
}

function minorToAmount(minor: string): string {
  const value = BigInt(minor);
  return `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
}

const money = (minor: string) => ({ amount: minorToAmount(minor), currency: plan.currency });

/** Fast-fold play: many folds (each one a new hand at once), some calls and checks, a few minimum raises. */
function choose(legal: Legal): { action: string; amount?: { amount: string; currency: string } } {
  const r = random();
  if (r < 0.35 && legal.fold && !legal.check) return { action: 'fold' };
  if (r < 0.45 && legal.raiseMinMinor) return { action: 'raise', amount: money(legal.raiseMinMinor) };
  if (r < 0.45 && legal.betMinMinor) return { action: 'bet', amount: money(legal.betMinMinor) };
  if (legal.check) return { action: 'check' };
  if (legal.callMinor) return { action: 'call' };
  return { action: 'fold' };
}

class Bot {
  private socket: WebSocket | null = null;
  private mine: SeatView | null = null;
  private busy = false;
  /** The fold in flight: the table left and when it was sent. */
  private folded: { table: number; sentAt: number; inWindow: boolean } | null = null;
  private sentInWindow = false;

  constructor(private readonly player: BotPlan['players'][number]) {}

  async sit(): Promise<void> {
    const key = randomUUID();
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(`${plan.base}/v1/poker/tables/${plan.poolId}/seats`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.player.token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ buyIn: { amount: plan.buyIn, currency: plan.currency } }),
      });
      const body = await response.text();
      if (response.status === 201) return;
      // 503: the pool's queue is full for a moment on a loaded machine; the same key is safe to send again.
      if ((response.status !== 503 && response.status !== 409) || attempt >= 20)
        throw new Error(`sit refused: ${response.status} ${body}`);
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
  }

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${wsBase}/v1/tables/${plan.poolId}/stream`, {
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
      snapshot?: { mine: SeatView | null };
      commandId?: string;
      problem?: { status: number };
    };
    if (message.type === 'poker-act' || (message.type === 'error' && message.commandId !== undefined)) {
      this.answered(message.type === 'poker-act' ? 200 : (message.problem?.status ?? 0), JSON.stringify(message.problem));
      return;
    }
    messages++;
    if (message.type === 'welcome') this.see(message.snapshot!.mine);
    else if (message.type === 'poker-seat') this.see(message.view as SeatView | null);
    this.maybeAct();
  }

  private see(view: SeatView | null): void {
    this.mine = view;
    const table = view?.speed.table ?? null;
    if (table?.handId && !handsSeen.has(table.handId)) {
      handsSeen.add(table.handId);
      if (windowOpen && !windowClosed) handsInWindow.add(table.handId);
    }
    if (this.folded && table !== null && table.number !== this.folded.table) {
      if (this.folded.inWindow && !windowClosed) latencies.push(performance.now() - this.folded.sentAt);
      this.folded = null;
    }
  }

  private maybeAct(): void {
    const mine = this.mine;
    if (windowClosed || this.busy || !mine?.legal || !mine.speed.table?.view.toAct) return;
    const choice = choose(mine.legal);
    const turn = mine.speed.table.view.toAct.turn;
    this.busy = true;
    this.sentInWindow = windowOpen && !windowClosed;
    if (choice.action === 'fold') {
      this.folded = { table: mine.speed.table.number, sentAt: performance.now(), inWindow: this.sentInWindow };
      if (this.sentInWindow) folds++;
    }
    // The decision is taken: wait for the next push before acting again.
    this.mine = { ...mine, legal: null };
    this.socket!.send(JSON.stringify({ type: 'act', commandId: randomUUID(), action: { ...choice, turn } }));
  }

  private answered(status: number, body: string): void {
    if (status === 200) {
      if (this.sentInWindow && !windowClosed) actions++;
    } else if (status === 409 || status === 422) stale++;
    else {
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
// Connect first (the pushes of the first hands reach the bots), then buy in, in small batches.
for (let i = 0; i < bots.length; i += 100) await Promise.all(bots.slice(i, i + 100).map((bot) => bot.connect()));
for (let i = 0; i < bots.length; i += 25) await Promise.all(bots.slice(i, i + 25).map((bot) => bot.sit()));

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

latencies.sort((a, b) => a - b);
const percentile = (p: number) =>
  latencies.length === 0 ? Number.NaN : latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!;
process.stdout.write(
  `${JSON.stringify({
    actions,
    folds,
    errors,
    stale,
    firstError,
    hands: handsInWindow.size,
    messages: messagesInWindow,
    p50: percentile(50),
    p99: percentile(99),
    samples: latencies.length,
    windowMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
  })}\n`,
);
process.exit(0);
