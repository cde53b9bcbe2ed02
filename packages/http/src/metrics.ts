import { timingSafeEqual } from 'node:crypto';
import { useBusinessMetrics, type BusinessEvent } from '@casino/core';
import { pgPoolOf, type Db } from '@casino/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Registry, collectDefaultMetrics, type LabelValues, type Metric } from 'prom-client';
import { z } from 'zod';

/**
 * The process's Prometheus metrics (issue 22, D-2201..D-2204). One registry per process: in
 * production a process is one app; in tests several apps share it, and each serves all of it.
 */
export interface ProcessMetrics {
  registry: Registry;
  /** A gauge read when Prometheus scrapes (queue depths, the scheduler's lag); `read` may query. */
  gaugeOnScrape(
    name: string,
    help: string,
    labelNames: readonly string[],
    read: (set: GaugeSetter) => Promise<void> | void,
  ): void;
}

export type GaugeSetter = (labels: LabelValues<string>, value: number) => void;

/** The Prometheus counter of each business event, named as the dashboards know them. */
const businessCounters: Record<BusinessEvent, { name: string; help: string; label: string }> = {
  'bet-confirmed': { name: 'casino_bets_confirmed_total', help: 'Stakes accepted on a round, by game', label: 'game' },
  'deposit-credited': {
    name: 'casino_deposits_credited_total',
    help: "Deposits credited to a player's wallet, by channel",
    label: 'channel',
  },
  'webhook-received': {
    name: 'casino_webhooks_received_total',
    help: 'Signed provider webhooks answered, by outcome (duplicate: a delivery seen before)',
    label: 'outcome',
  },
  'limit-refused': {
    name: 'casino_limit_refusals_total',
    help: 'Stakes and deposits refused by a self-limitation measure, by measure',
    label: 'measure',
  },
  'alert-raised': { name: 'casino_alerts_raised_total', help: 'AML alerts raised or fired again, by rule', label: 'rule' },
  'ledger-posting': {
    name: 'casino_ledger_postings_total',
    help: 'Balanced ledger transactions written (replays excluded), by kind',
    label: 'kind',
  },
};

/** Seconds; the hot paths answer in milliseconds, the slow exports in seconds. */
const latencyBuckets = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The hot instruments, kept lean (D-2204): prom-client's own Histogram and Counter hash their label
 * object on every observation (a string built, labels validated), several microseconds a request.
 * These keep one series object per label combination, found through nested maps, and only build
 * label objects when Prometheus scrapes. The registry formats them like its own (`get()`).
 */
interface Series {
  labels: Record<string, string>;
  buckets: Float64Array;
  sum: number;
  count: number;
}

class LeanHistogram {
  readonly type = 'histogram';
  private readonly all: Series[] = [];
  private readonly byKey = new Map<string, Map<string, Map<number, Series>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
  ) {}

  /** One observation of `value` for (route, method, status); no allocation once the series exists. */
  observe(route: string, method: string, status: number, value: number): void {
    let byMethod = this.byKey.get(route);
    if (!byMethod) this.byKey.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(status) },
        buckets: new Float64Array(this.bounds.length),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
      this.all.push(series);
    }
    const { bounds } = this;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        series.buckets[i]!++;
        break;
      }
    }
    series.sum += value;
    series.count++;
  }

  get() {
    const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
    for (const series of this.all) {
      let cumulative = 0;
      for (let i = 0; i < this.bounds.length; i++) {
        cumulative += series.buckets[i]!;
        values.push({ labels: { ...series.labels, le: this.bounds[i]! }, value: cumulative, metricName: `${this.name}_bucket` });
      }
      values.push({ labels: { ...series.labels, le: '+Inf' }, value: series.count, metricName: `${this.name}_bucket` });
      values.push({ labels: series.labels, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels: series.labels, value: series.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: 'sum' };
  }
}

class LeanCounter {
  readonly type = 'counter';
  private readonly counts = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelName: string,
  ) {}

  inc(label: string): void {
    this.counts.set(label, (this.counts.get(label) ?? 0) + 1);
  }

  get() {
    const values = [...this.counts].map(([label, value]) => ({ labels: { [this.labelName]: label }, value }));
    return { name: this.name, help: this.help, type: this.type, values, aggregator: 'sum' };
  }
}

interface Instruments extends ProcessMetrics {
  httpDuration: LeanHistogram;
  pools: Map<Db, string>;
}

let instruments: Instruments | undefined;

/** The process's registry and instruments, made on first use (the business port installed then). */
export function processMetrics(): ProcessMetrics {
  return instrumentsOfProcess();
}

function instrumentsOfProcess(): Instruments {
  if (instruments) return instruments;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new LeanHistogram(
    'http_request_duration_seconds',
    'HTTP requests by route pattern, method and status: the rate, the latency and the errors (status_code 5xx)',
    latencyBuckets,
  );
  registry.registerMetric(httpDuration as unknown as Metric);
  const counters = new Map<BusinessEvent, LeanCounter>();
  for (const [event, spec] of Object.entries(businessCounters) as Array<
    [BusinessEvent, (typeof businessCounters)[BusinessEvent]]
  >) {
    const counter = new LeanCounter(spec.name, spec.help, spec.label);
    registry.registerMetric(counter as unknown as Metric);
    counters.set(event, counter);
  }
  useBusinessMetrics({ count: (event, label) => counters.get(event)!.inc(label) });
  const pools = new Map<Db, string>();
  const made: Instruments = {
    registry,
    httpDuration,
    pools,
    gaugeOnScrape(name, help, labelNames, read) {
      if (registry.getSingleMetric(name)) registry.removeSingleMetric(name);
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          await read((labels, value) => this.set(labels, value));
        },
      });
    },
  };
  made.gaugeOnScrape(
    'casino_db_pool_connections',
    'PostgreSQL pool connections of this process, by state (waiting: queries queued for a connection)',
    ['service', 'state'],
    (set) => {
      const totals = new Map<string, { total: number; idle: number; waiting: number }>();
      for (const [db, service] of pools) {
        const pool = pgPoolOf(db);
        const sum = totals.get(service) ?? { total: 0, idle: 0, waiting: 0 };
        sum.total += pool.totalCount;
        sum.idle += pool.idleCount;
        sum.waiting += pool.waitingCount;
        totals.set(service, sum);
      }
      for (const [service, sum] of totals) {
        set({ service, state: 'idle' }, sum.idle);
        set({ service, state: 'busy' }, sum.total - sum.idle);
        set({ service, state: 'waiting' }, sum.waiting);
      }
    },
  );
  instruments = made;
  return made;
}

/** The database pool of an app, in `casino_db_pool_connections` until the app closes. */
export function observeDatabasePool(app: FastifyInstance, db: Db, service: string): void {
  const { pools } = instrumentsOfProcess();
  pools.set(db, service);
  app.addHook('onClose', async () => void pools.delete(db));
}

export interface MetricsPluginOptions {
  /** When set, `/metrics` answers only `Authorization: Bearer <token>` (METRICS_TOKEN, D-2202). */
  token?: string;
}

const routeUnmatched = 'unmatched';

/**
 * `/metrics` in Prometheus' text format, and one histogram observation per answered request under its
 * route pattern (`/v1/rounds/:roundId/actions`, never the raw URL). The per-request cost is three map
 * lookups and a few additions: no label object, no string built, no I/O (D-2204).
 */
async function metricsPlugin(app: FastifyInstance, options: MetricsPluginOptions): Promise<void> {
  const { registry, httpDuration } = instrumentsOfProcess();
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    httpDuration.observe(request.routeOptions.url ?? routeUnmatched, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : null;
  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (text format); a bearer token when METRICS_TOKEN is set',
        response: { 200: z.string(), 401: z.string() },
      },
    },
    async (request, reply) => {
      if (expected) {
        const given = Buffer.from(request.headers.authorization ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          return reply.code(401).type('text/plain; charset=utf-8').send('a bearer token is required\n');
        }
      }
      const text = await registry.metrics();
      return reply.type(registry.contentType).send(text);
    },
  );
}

export default fp(metricsPlugin, { name: 'casino-metrics' });
