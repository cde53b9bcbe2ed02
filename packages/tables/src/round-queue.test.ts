import { isDomainError } from '@casino/core';
import { describe, expect, it } from 'vitest';
import { RoundQueue } from './round-queue.ts';

/** A task that runs until `finish` is called, recording when it starts. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish,
    task: async () => {
      log.push(`start ${name}`);
      await finished;
      log.push(`end ${name}`);
      return name;
    },
  };
}

describe("a round's actions queued in the process (issue 22, D-2272)", () => {
  it("issue 22: one round's actions run one at a time in arrival order, another round's at once; a failing action does not block the next", async () => {
    const queue = new RoundQueue(8);
    const log: string[] = [];
    const a1 = gate(log, 'a1');
    const a2 = gate(log, 'a2');
    const b1 = gate(log, 'b1');
    const first = queue.run('round-a', a1.task);
    const failing = queue.run('round-a', async () => {
      log.push('start a-failing');
      throw new Error('refused');
    });
    const second = queue.run('round-a', a2.task);
    const other = queue.run('round-b', b1.task);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['start a1', 'start b1']);
    b1.finish();
    a1.finish();
    await expect(first).resolves.toBe('a1');
    await expect(failing).rejects.toThrow('refused');
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['start a1', 'start b1', 'end b1', 'end a1', 'start a-failing', 'start a2']);
    a2.finish();
    await expect(second).resolves.toBe('a2');
    await expect(other).resolves.toBe('b1');
    expect(queue.size).toBe(0);
  });

  it('issue 22: past its bound of waiting actions a round answers service-unavailable (503) at once instead of queueing without end', async () => {
    const queue = new RoundQueue(2);
    const log: string[] = [];
    const running = gate(log, 'running');
    const accepted = [
      queue.run('round-a', running.task),
      queue.run('round-a', async () => 'w1'),
      queue.run('round-a', async () => 'w2'),
    ];
    let refusal: unknown;
    try {
      await queue.run('round-a', async () => 'one too many');
    } catch (error) {
      refusal = error;
    }
    expect(isDomainError(refusal) && refusal.code).toBe('service-unavailable');
    running.finish();
    expect(await Promise.all(accepted)).toEqual(['running', 'w1', 'w2']);
    expect(queue.size).toBe(0);
  });
});
