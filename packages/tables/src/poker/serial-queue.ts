import { assert } from '@casino/core';

/**
 * One table's commands, one at a time (issue 16): the in-memory hand is never touched by two commands
 * at once, so two requests for the same turn are applied in arrival order and the second sees the
 * turn taken. A chain of promises: each task starts when the previous one has settled, whatever its
 * outcome. Bounded, so a table flooded with requests refuses the excess instead of queueing without end.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly depthMax: number) {
    assert(Number.isInteger(depthMax) && depthMax > 0, 'SerialQueue: depthMax must be a positive integer');
  }

  /** How many tasks are queued or running. */
  get depth(): number {
    return this.waiting;
  }

  /** Whether one more task fits; the caller refuses the request otherwise (table-unavailable, retry later). */
  hasRoom(): boolean {
    return this.waiting < this.depthMax;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    assert(this.hasRoom(), 'SerialQueue.run: the queue is full (check hasRoom first)');
    return this.append(task);
  }

  /** Queued whatever the depth: shutting down must reach every table, however busy. */
  runLast<T>(task: () => Promise<T>): Promise<T> {
    return this.append(task);
  }

  private append<T>(task: () => Promise<T>): Promise<T> {
    this.waiting++;
    const result = this.tail.then(task, task);
    this.tail = result.then(
      () => this.waiting--,
      () => this.waiting--,
    );
    return result;
  }

  /** Settles when everything queued so far has run. */
  async drained(): Promise<void> {
    await this.tail;
  }
}
