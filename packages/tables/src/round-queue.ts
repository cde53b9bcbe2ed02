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

/** An action waiting in a `RoundQueue` that the action ahead of it may take into its batch; `outcome` once decided. */
export interface Waiting<R extends BatchableRequest, O> {
  readonly request: R;
  outcome?: O;
}

interface BatchableRequest {
  readonly roundId: string;
  readonly playerId: string;
}

/**
 * The bet confirmations waiting for their round in this process, so the one at the front of the round's
 * queue takes the others with it into one transaction (issue 22, D-1855): group commit without a timer,
 * batches form only while a round's actions already wait, so a lone action waits for nothing. One action
 * per player in a batch: each player's self-limits are decided on a read no other stake of the batch
 * changed; a player's second action waits for the next batch.
 */
export class StakeBatches<R extends BatchableRequest, O> {
  private readonly byRound = new Map<string, Array<Waiting<R, O>>>();

  /** Registers an action before it queues. */
  join(request: R): Waiting<R, O> {
    const waiting: Waiting<R, O> = { request };
    const list = this.byRound.get(request.roundId);
    if (list) list.push(waiting);
    else this.byRound.set(request.roundId, [waiting]);
    return waiting;
  }

  /** The action at the front of its queue and up to `max - 1` waiting behind it, in their order, one per player. */
  take(leader: Waiting<R, O>, max: number): Array<Waiting<R, O>> {
    const list = this.byRound.get(leader.request.roundId) ?? [];
    const batch = [leader];
    const players = new Set([leader.request.playerId]);
    for (const waiting of list) {
      if (batch.length >= max) break;
      if (waiting === leader || players.has(waiting.request.playerId)) continue;
      players.add(waiting.request.playerId);
      batch.push(waiting);
    }
    for (const waiting of batch) this.leave(waiting);
    return batch;
  }

  /** Forgets an action taken into a batch, finished, or refused by the queue before it ran. */
  leave(waiting: Waiting<R, O>): void {
    const list = this.byRound.get(waiting.request.roundId);
    if (!list) return;
    const index = list.indexOf(waiting);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0) this.byRound.delete(waiting.request.roundId);
  }

  /** Actions of one round waiting to be taken into a batch (tests). */
  waitingFor(roundId: string): number {
    return this.byRound.get(roundId)?.length ?? 0;
  }

  /** Actions waiting, all rounds (tests). */
  get size(): number {
    let size = 0;
    for (const list of this.byRound.values()) size += list.length;
    return size;
  }
}
