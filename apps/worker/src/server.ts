import { bootService } from '@casino/http';
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
    });
    app.log.info({ workerId: runtime.workerId, jobs: jobs.map((j) => j.topic) }, 'worker started');
    return () => runtime.stop();
  },
});
