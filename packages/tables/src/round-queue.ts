import { DomainError } from '@casino/core';

/**
 * One round's actions one after another in this process (issue 22, D-2272). Every action locks the
 * round's row first, so two actions of one round never run at once anyway; without this queue the later
 * ones each take a pooled connection and wait on the row lock inside PostgreSQL, holding the connection
 * idle, and at 500 players (125 four-seat rounds) those waits held the pool while other rounds' actions
 * ran out of their 2 s wait for a connection (503). Queued here, a round's waiting actions hold nothing;
 * only the action at the front asks the pool. The row lock stays the guarantee (exactly once per action
 * id, limits, state): another instance's actions still queue on it.
 */
export class RoundQueue {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly queued = new Map<string, number>();

  constructor(private readonly waitingMax: number) {}

  async run<T>(roundId: string, task: () => Promise<T>): Promise<T> {
    const ahead = this.queued.get(roundId) ?? 0;
    if (ahead > this.waitingMax) {
      throw new DomainError('service-unavailable', 'Too many actions are waiting for this round; send it again shortly.');
    }
    const previous = this.tails.get(roundId);
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    this.tails.set(roundId, mine);
    this.queued.set(roundId, ahead + 1);
    try {
      if (previous) await previous;
      return await task();
    } finally {
      done();
      const left = this.queued.get(roundId)! - 1;
      if (left === 0) {
        this.queued.delete(roundId);
        this.tails.delete(roundId);
      } else this.queued.set(roundId, left);
    }
  }

  /** Rounds with actions running or waiting in this process (tests). */
  get size(): number {
    return this.queued.size;
  }
}
