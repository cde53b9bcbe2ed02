import { countPendingOutboxMessages, type Db } from '@casino/db';
import { bootService, processMetrics, tracingConfigured } from '@casino/http';
import type { Queue } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';
import { buildWorkerHealthApp } from './app.ts';
import { loadWorkerConfig } from './config.ts';
import { registeredJobs } from './jobs.ts';
import { startWorkerRuntime } from './runtime.ts';
import { scheduledTasks } from './schedules.ts';

await bootService({
  service: 'worker',
  loadConfig: () => loadWorkerConfig(),
  port: (config) => config.WORKER_PORT,
  build: (config, connections) => buildWorkerHealthApp(config, connections),
  afterListen: async (config, connections, app) => {
    const jobs = registeredJobs(config, connections.redis, app.log);
    const runtime = await startWorkerRuntime({
      db: connections.db,
      redisUrl: config.REDIS_URL,
      queuePrefix: 'casino',
      jobs,
      schedules: scheduledTasks(config),
      logger: app.log,
      relayIntervalMs: config.OUTBOX_RELAY_INTERVAL_MS,
      relayBatchSizeMax: config.OUTBOX_BATCH_SIZE_MAX,
      heartbeatIntervalMs: config.HEARTBEAT_INTERVAL_MS,
      concurrency: config.WORKER_CONCURRENCY,
      ...(tracingConfigured() ? { telemetry: new BullMQOtel({ tracerName: 'casino-worker' }) } : {}),
    });
    observeQueues(runtime.queues, connections.db);
    app.log.info({ workerId: runtime.workerId, jobs: jobs.map((j) => j.topic) }, 'worker started');
    return () => runtime.stop();
  },
});

/** Queue depths by state and the outbox's backlog, read when Prometheus scrapes (issue 22). */
function observeQueues(queues: Queue[], db: Db): void {
  const metrics = processMetrics();
  metrics.gaugeOnScrape('casino_queue_jobs', 'BullMQ jobs by queue and state', ['queue', 'state'], async (set) => {
    for (const queue of queues) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized');
      for (const [state, count] of Object.entries(counts)) set({ queue: queue.name, state }, count);
    }
  });
  metrics.gaugeOnScrape('casino_outbox_pending_messages', 'Outbox messages not yet relayed to BullMQ', [], async (set) =>
    set({}, await countPendingOutboxMessages(db)),
  );
}
