import { timingSafeEqual } from 'node:crypto';
import { useBusinessMetrics, type BusinessEvent } from '@casino/core';
import { pgPoolOf, type Db } from '@casino/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type LabelValues } from 'prom-client';
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

interface Instruments extends ProcessMetrics {
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
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
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status: the rate, the latency and the errors (status_code 5xx)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });
  const counters = new Map<BusinessEvent, Counter<string>>();
  for (const [event, spec] of Object.entries(businessCounters) as Array<
    [BusinessEvent, (typeof businessCounters)[BusinessEvent]]
  >) {
    counters.set(event, new Counter({ name: spec.name, help: spec.help, labelNames: [spec.label], registers: [registry] }));
  }
  // Children by label value, so a report is a map lookup and an add: no label object per event.
  const children = new Map<BusinessEvent, Map<string, { inc(): void }>>();
  useBusinessMetrics({
    count(event, label) {
      let byLabel = children.get(event);
      if (!byLabel) children.set(event, (byLabel = new Map()));
      let child = byLabel.get(label);
      if (!child) byLabel.set(label, (child = counters.get(event)!.labels(label)));
      child.inc();
    },
  });
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
 * route pattern (`/v1/rounds/:roundId/actions`, never the raw URL). The per-request cost is a few map
 * lookups and one `observe` on a cached child: no label object, no string built, no I/O (D-2204).
 */
async function metricsPlugin(app: FastifyInstance, options: MetricsPluginOptions): Promise<void> {
  const { registry, httpDuration } = instrumentsOfProcess();
  type Child = ReturnType<typeof httpDuration.labels>;
  const byRoute = new Map<string, Map<string, Map<number, Child>>>();
  const childFor = (route: string, method: string, status: number): Child => {
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let child = byStatus.get(status);
    if (!child) byStatus.set(status, (child = httpDuration.labels(method, route, String(status))));
    return child;
  };
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    childFor(request.routeOptions.url ?? routeUnmatched, request.method, reply.statusCode).observe(reply.elapsedTime / 1000);
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
