import { hostname } from 'node:os';
import {
  createRedis,
  recordWorkerHeartbeat,
  relayOutboxBatch,
  type Db,
  type JobDefinition,
  type OutboxMessage,
  type Redis,
} from '@casino/db';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { Queue, Worker, type Job, type Telemetry } from 'bullmq';

export const outboxQueueName = 'outbox';
/** More schedules than any release registers; the stale-schedule sweep reads at most this many. */
const schedulersMax = 1_000;

export const systemQueueName = 'system';

export interface WorkerRuntimeOptions {
  db: Db;
  redisUrl: string;
  /** BullMQ key prefix; one per environment, and one per test file. */
  queuePrefix: string;
  jobs: JobDefinition[];
  /** Repeatable work on a fixed interval (the heartbeat is always among them). */
  schedules: ScheduledTask[];
  logger: LogSink;
  relayIntervalMs: number;
  relayBatchSizeMax: number;
  heartbeatIntervalMs: number;
  concurrency: number;
  workerId?: string;
  /** BullMQ's OpenTelemetry (bullmq-otel) when traces are on: a job's span continues the relay's trace. */
  telemetry?: Telemetry;
}

/** Work the worker runs every `everyMs` on one of its processes (BullMQ job schedulers). */
export interface ScheduledTask {
  name: string;
  everyMs: number;
  run(db: Db): Promise<unknown>;
}

/** The part of a pino/Fastify logger the runtime writes to. */
export interface LogSink {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WorkerRuntime {
  workerId: string;
  outboxQueue: Queue;
  /** Every queue this runtime feeds (their depths are metrics). */
  queues: Queue[];
  /** Relays once now (tests use it instead of waiting for the interval). */
  relayNow(): Promise<number>;
  stop(): Promise<void>;
}

interface OutboxJobData {
  messageId: string;
  topic: string;
  version: number;
  payload: unknown;
}

/**
 * The worker: relays the outbox to BullMQ, runs the handlers of the registered jobs, and beats
 * a heartbeat on a repeatable schedule. Delivery is at-least-once end to end: the relay may
 * publish a message twice (crash before commit) and BullMQ retries failed jobs; the job id is
 * the outbox message id, so a message still in the queue is not added twice.
 */
export async function startWorkerRuntime(options: WorkerRuntimeOptions): Promise<WorkerRuntime> {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}`;
  const connection = () =>
    createRedis({ redisUrl: options.redisUrl, connectionName: `worker:${workerId}`, maxRetriesPerRequest: null });
  const connections: Redis[] = [connection(), connection(), connection(), connection()];
  const [outboxQueueConnection, outboxWorkerConnection, systemQueueConnection, systemWorkerConnection] = connections as [
    Redis,
    Redis,
    Redis,
    Redis,
  ];
  const prefix = options.queuePrefix;
  const telemetry = options.telemetry ? { telemetry: options.telemetry } : {};

  const outboxQueue = new Queue<OutboxJobData>(outboxQueueName, { connection: outboxQueueConnection, prefix, ...telemetry });
  const jobsByTopic = new Map(options.jobs.map((j) => [j.topic, j]));
  const outboxWorker = new Worker<OutboxJobData>(outboxQueueName, (job) => runJob(job, jobsByTopic, options.db), {
    connection: outboxWorkerConnection,
    prefix,
    concurrency: options.concurrency,
    ...telemetry,
  });
  outboxWorker.on('failed', (job, error) => options.logger.warn({ jobId: job?.id, topic: job?.name, err: error }, 'job failed'));

  const schedules = new Map<string, ScheduledTask>([
    ['heartbeat', { name: 'heartbeat', everyMs: options.heartbeatIntervalMs, run: (db) => recordWorkerHeartbeat(db, workerId) }],
    ...options.schedules.map((task) => [task.name, task] as const),
  ]);
  const systemQueue = new Queue(systemQueueName, { connection: systemQueueConnection, prefix, ...telemetry });
  for (const task of schedules.values())
    await systemQueue.upsertJobScheduler(task.name, { every: task.everyMs }, { name: task.name });
  // A schedule an earlier release registered and this one no longer has would fire forever.
  for (const scheduler of await systemQueue.getJobSchedulers(0, schedulersMax)) {
    if (!schedules.has(scheduler.key)) await systemQueue.removeJobScheduler(scheduler.key);
  }
  const systemWorker = new Worker(
    systemQueueName,
    async (job) => {
      const task = schedules.get(job.name);
      if (!task) throw new Error(`No scheduled task ${job.name}`);
      await task.run(options.db);
    },
    { connection: systemWorkerConnection, prefix, ...telemetry },
  );
  systemWorker.on('failed', (job, error) => options.logger.warn({ task: job?.name, err: error }, 'scheduled task failed'));

  // One span per relayed message (a no-op unless tracing is on): the job's spans hang under it.
  const tracer = trace.getTracer('casino-outbox-relay');
  const publish = (message: OutboxMessage) =>
    tracer.startActiveSpan(
      `outbox relay ${message.topic}`,
      { kind: SpanKind.PRODUCER, attributes: { 'messaging.system': 'bullmq', 'messaging.destination.name': outboxQueueName } },
      async (span) => {
        try {
          await enqueue(message);
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  const enqueue = async (message: OutboxMessage) => {
    await outboxQueue.add(
      message.topic,
      { messageId: message.id, topic: message.topic, version: message.version, payload: message.payload },
      {
        jobId: message.id,
        attempts: 8,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: { age: 86_400 },
        removeOnFail: false,
      },
    );
  };
  const relayNow = () => relayOutboxBatch(options.db, publish, { batchSizeMax: options.relayBatchSizeMax, retryDelayMs: 5_000 });
  const relayLoop = startLoop(relayNow, options.relayIntervalMs, (error) =>
    options.logger.error({ err: error }, 'outbox relay failed'),
  );

  return {
    workerId,
    outboxQueue,
    queues: [outboxQueue, systemQueue],
    relayNow,
    async stop() {
      await relayLoop.stop();
      await Promise.all([outboxWorker.close(), systemWorker.close()]);
      await Promise.all([outboxQueue.close(), systemQueue.close()]);
      for (const c of connections) c.disconnect();
    },
  };
}

async function runJob(job: Job<OutboxJobData>, jobsByTopic: Map<string, JobDefinition>, db: Db): Promise<void> {
  const definition = jobsByTopic.get(job.data.topic);
  if (!definition) throw new Error(`No handler for topic ${job.data.topic}`);
  if (definition.version !== job.data.version) {
    throw new Error(
      `Topic ${job.data.topic} payload version ${job.data.version} is not handled (handler is v${definition.version})`,
    );
  }
  const payload = definition.payload.parse(job.data.payload);
  await definition.handle(payload, { messageId: job.data.messageId, db });
}

/** Runs `step` every `intervalMs` (after the previous run ends) until stopped. */
function startLoop(
  step: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = step()
      .then(() => undefined, onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
