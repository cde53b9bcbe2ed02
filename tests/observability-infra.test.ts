import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { services } from '../scripts/services.ts';

/**
 * Issue 22: the deployments are scraped, compose can start Prometheus and Grafana, and the dashboard
 * asks only for metrics the apps expose (a renamed metric breaks this test, not a panel in production).
 */
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
// Every process `npm start` runs is deployed, the two browser apps (web, console) included (D-2150).
const deployed = services;

describe('watching the platform (issue 22)', () => {
  for (const service of deployed) {
    const file =
      service.name === 'sandbox' ? 'infra/k8s/overlays/development/sandbox.yaml' : `infra/k8s/base/${service.name}.yaml`;
    it(`issue 22: ${service.name}'s pods are annotated for Prometheus to scrape /metrics on port ${service.port}`, () => {
      const deployment = parseAllDocuments(read(file))
        .map((d) => d.toJS() as { kind?: string; spec?: { template?: { metadata?: { annotations?: Record<string, string> } } } })
        .find((d) => d.kind === 'Deployment');
      expect(deployment?.spec?.template?.metadata?.annotations).toEqual({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(service.port),
        'prometheus.io/path': '/metrics',
      });
    });
  }

  it("issue 22: compose's observability profile runs Prometheus scraping every app, and Grafana provisioned with the dashboard", () => {
    const compose = parse(read('docker-compose.yml')) as {
      services: Record<string, { profiles?: string[]; volumes?: string[] }>;
    };
    for (const name of ['prometheus', 'grafana', 'jaeger']) expect(compose.services[name]?.profiles).toEqual(['observability']);
    expect(compose.services.grafana?.volumes).toContain('./infra/grafana/dashboards:/var/lib/grafana/dashboards:ro');
    const prometheus = parse(read('infra/prometheus/prometheus.yml')) as {
      scrape_configs: Array<{ metrics_path: string; static_configs: Array<{ targets: string[] }> }>;
    };
    const targets = prometheus.scrape_configs.flatMap((c) => c.static_configs.flatMap((s) => s.targets));
    expect(targets.sort()).toEqual(deployed.map((s) => `${s.name}:${s.port}`).sort());
    expect(prometheus.scrape_configs.every((c) => c.metrics_path === '/metrics')).toBe(true);
  });

  it('issue 22: every metric the Grafana dashboard queries is one the code defines (or prom-client’s process metrics)', () => {
    const dashboard = JSON.parse(read('infra/grafana/dashboards/casino.json')) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    const queried = new Set(
      dashboard.panels.flatMap((p) =>
        p.targets.flatMap((t) => [...t.expr.matchAll(/\b(casino_[a-z_]+|http_[a-z_]+)/g)].map((m) => m[1]!)),
      ),
    );
    const code = ['packages/http/src/metrics.ts', 'apps/worker/src/server.ts', 'apps/game-service/src/app.ts']
      .map(read)
      .join('\n');
    const defined = new Set([...code.matchAll(/'((?:casino|http)_[a-z_]+)'/g)].map((m) => m[1]!));
    const unknown = [...queried].filter((name) => !defined.has(name) && !defined.has(name.replace(/_(bucket|count|sum)$/, '')));
    expect(queried.size).toBeGreaterThan(8);
    expect(unknown).toEqual([]);
  });
});
