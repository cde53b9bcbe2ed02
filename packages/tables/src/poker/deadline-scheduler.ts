import { assert } from '@casino/core';

/**
 * One timer per instance for every table it drives (issue 16): each table is due at its
 * `nextDeadline()` (a turn's clock, the pause between hands); a binary heap keeps them ordered and a
 * single `setTimeout` waits for the earliest. Rescheduling pushes a new entry and leaves the old one
 * in the heap: it is skipped when popped (its deadline is no longer the table's), so an update costs
 * O(log n) and no scan ever walks every table.
 */
export class DeadlineScheduler {
  private readonly heap: Array<{ atMs: number; tableId: string }> = [];
  /** The table's current deadline; a heap entry with another value is stale. */
  private readonly current = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private timerAtMs: number | null = null;
  private stopped = false;

  /**
   * @param nowMs the driver's clock (tests move a manual clock and call `runDue`).
   * @param onDue called for each table whose deadline has passed; it queues the tick on the table.
   */
  constructor(
    private readonly nowMs: () => number,
    private readonly onDue: (tableId: string) => void,
    private readonly wakeDelayMsMax = 60_000,
  ) {}

  get size(): number {
    return this.current.size;
  }

  schedule(tableId: string, at: Date | null): void {
    if (at === null) {
      this.current.delete(tableId);
      return;
    }
    const atMs = at.getTime();
    assert(Number.isFinite(atMs), 'DeadlineScheduler.schedule: invalid deadline');
    if (this.current.get(tableId) === atMs) return;
    this.current.set(tableId, atMs);
    this.push({ atMs, tableId });
    this.arm();
  }

  forget(tableId: string): void {
    this.current.delete(tableId);
  }

  /** Calls `onDue` for every table due by now; returns how many. The timer calls it, tests too. */
  runDue(): number {
    const now = this.nowMs();
    let due = 0;
    while (this.heap.length > 0 && this.heap[0]!.atMs <= now) {
      const entry = this.pop()!;
      if (this.current.get(entry.tableId) !== entry.atMs) continue;
      this.current.delete(entry.tableId);
      due++;
      this.onDue(entry.tableId);
    }
    this.compact();
    this.arm();
    return due;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAtMs = null;
  }

  private arm(): void {
    if (this.stopped || this.heap.length === 0) return;
    const atMs = this.heap[0]!.atMs;
    if (this.timer && this.timerAtMs !== null && this.timerAtMs <= atMs) return;
    if (this.timer) clearTimeout(this.timer);
    // A manual clock in tests does not move by itself: the wake-up is capped, and runDue re-arms.
    const delayMs = Math.min(Math.max(atMs - this.nowMs(), 0), this.wakeDelayMsMax);
    this.timerAtMs = atMs;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAtMs = null;
      this.runDue();
    }, delayMs);
    this.timer.unref();
  }

  /** Stale entries pile up when deadlines move often; rebuild once they outnumber live ones. */
  private compact(): void {
    if (this.heap.length <= 64 || this.heap.length <= 4 * this.current.size) return;
    const live = this.heap.filter((entry) => this.current.get(entry.tableId) === entry.atMs);
    this.heap.length = 0;
    for (const entry of live) this.push(entry);
  }

  private push(entry: { atMs: number; tableId: string }): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.atMs <= heap[i]!.atMs) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  }

  private pop(): { atMs: number; tableId: string } | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < heap.length && heap[left]!.atMs < heap[smallest]!.atMs) smallest = left;
        if (right < heap.length && heap[right]!.atMs < heap[smallest]!.atMs) smallest = right;
        if (smallest === i) break;
        [heap[smallest], heap[i]] = [heap[i]!, heap[smallest]!];
        i = smallest;
      }
    }
    return top;
  }
}
