import { createRedis, defineJob, enqueueOutboxMessage, handleOnce, transaction, type JobDefinition } from '@casino/db';
import { Queue } from 'bullmq';
import { createTestConnections, type TestConnections } from '@casino/http/testing';
import { waitFor } from '@casino/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startWorkerRuntime, systemQueueName, type ScheduledTask, type WorkerRuntime } from './runtime.ts';

let connections: TestConnections;
beforeAll(async () => {
  connections = await createTestConnections();
});
afterAll(async () => {
  await connections?.close();
});

const silent = { warn: () => undefined, error: () => undefined };

/** A consumer whose visible effect is one worker_heartbeat row per handled message. */
function recordingJob(behaviour: { failFirstAttempts: number } = { failFirstAttempts: 0 }): JobDefinition & { calls: number } {
  const job = {
    calls: 0,
    ...defineJob({
      topic: 'test.recorded',
      version: 1,
      payload: z.object({ label: z.string() }),
      async handle(payload, { messageId, db }) {
        job.calls++;
        if (job.calls <= behaviour.failFirstAttempts) throw new Error('simulated crash while handling');
        await handleOnce(db, 'test.recorded', messageId, (tx) =>
          tx.workerHeartbeat.create({ data: { workerId: payload.label, beatAt: new Date() } }),
        );
      },
    }),
  };
  return job;
}

function start(
  jobs: JobDefinition[],
  workerId: string,
  queuePrefix = connections.redisKeyPrefix,
  schedules: ScheduledTask[] = [],
): Promise<WorkerRuntime> {
  return startWorkerRuntime({
    db: connections.db,
    redisUrl: connections.redisUrl,
    queuePrefix,
    jobs,
    schedules,
    logger: silent,
    relayIntervalMs: 100,
    relayBatchSizeMax: 10,
    heartbeatIntervalMs: 60_000,
    concurrency: 2,
    workerId,
  });
}

// Bounded by time, not by a number of attempts, so a busy machine does not fail it (issue 14 (11)).
async function eventually(check: () => Promise<boolean>): Promise<void> {
  await waitFor(check, { what: 'the worker to get there', intervalMs: 100 });
}

const rowsLabelled = (label: string) => connections.db.workerHeartbeat.count({ where: { workerId: label } });

describe('worker: outbox delivery', () => {
  it('delivers a message written while no worker ran, once the worker starts again', async () => {
    const first = await start([recordingJob()], 'worker-1');
    await first.stop();

    await transaction(connections.db, (tx) =>
      enqueueOutboxMessage(tx, { topic: 'test.recorded', payload: { label: 'while-down' } }),
    );
    expect(await rowsLabelled('while-down')).toBe(0);

    const second = await start([recordingJob()], 'worker-2');
    await eventually(async () => (await rowsLabelled('while-down')) === 1);
    await eventually(async () => (await connections.db.outboxMessage.count({ where: { relayedAt: null } })) === 0);
    await second.stop();
  });

  it('handles a message whose first handling crashed when the restarted worker picks it up, exactly once', async () => {
    const crashing = recordingJob({ failFirstAttempts: 1_000 });
    const first = await start([crashing], 'worker-crashing');
    await transaction(connections.db, (tx) =>
      enqueueOutboxMessage(tx, { topic: 'test.recorded', payload: { label: 'after-restart' } }),
    );
    await eventually(async () => crashing.calls >= 1);
    await first.stop();
    expect(await rowsLabelled('after-restart')).toBe(0);

    // The retry is scheduled with backoff; the restarted worker runs it.
    const healthy = recordingJob();
    const second = await start([healthy], 'worker-restarted');
    await eventually(async () => (await rowsLabelled('after-restart')) === 1);
    await second.stop();
    expect(await rowsLabelled('after-restart')).toBe(1);
  });

  it('does not repeat the effect when the same message is delivered twice', async () => {
    const job = recordingJob();
    const runtime = await start([job], 'worker-dup');
    const messageId = await transaction(connections.db, (tx) =>
      enqueueOutboxMessage(tx, { topic: 'test.recorded', payload: { label: 'twice' } }),
    );
    await eventually(async () => (await rowsLabelled('twice')) === 1);

    // Redeliver as a relay that crashed before commit would: same message, new job.
    await runtime.outboxQueue.add(
      'test.recorded',
      { messageId, topic: 'test.recorded', version: 1, payload: { label: 'twice' } },
      { jobId: `${messageId}-again` },
    );
    await eventually(async () => job.calls >= 2);
    await runtime.stop();
    expect(await rowsLabelled('twice')).toBe(1);
  });

  it('beats a heartbeat on the repeatable schedule', async () => {
    // A queue prefix of its own: the schedule the earlier runtimes created has its next beat a minute away.
    const runtime = await start([], 'worker-heart', `${connections.redisKeyPrefix}:heartbeat`);
    await eventually(async () => (await connections.db.workerHeartbeat.count({ where: { workerId: 'worker-heart' } })) === 1);
    await runtime.stop();
  });

  it('removes at start a schedule an earlier release registered and this one no longer has', async () => {
    const prefix = `${connections.redisKeyPrefix}:retired`;
    const retired: ScheduledTask = { name: 'retired-task', everyMs: 60_000, run: async () => undefined };
    await (await start([], 'worker-old-release', prefix, [retired])).stop();
    const runtime = await start([], 'worker-new-release', prefix, []);
    const queue = new Queue(systemQueueName, {
      connection: createRedis({ redisUrl: connections.redisUrl, connectionName: 'test-schedulers', maxRetriesPerRequest: null }),
      prefix,
    });
    try {
      expect((await queue.getJobSchedulers()).map((s) => s.key).sort()).toEqual(['heartbeat']);
    } finally {
      await queue.close();
      await runtime.stop();
    }
  });

  it('runs every registered scheduled task on its interval', async () => {
    let runs = 0;
    const task: ScheduledTask = { name: 'test-task', everyMs: 200, run: async () => void runs++ };
    const runtime = await start([], 'worker-scheduled', `${connections.redisKeyPrefix}:scheduled`, [task]);
    await eventually(async () => runs >= 2);
    await runtime.stop();
  });
});
