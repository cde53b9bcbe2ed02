// Static checks of the deployment files: infra/k8s, docker-compose.yml, infra/Dockerfile,
// .dockerignore. Nothing is built or started; the files are parsed and their rules asserted.
// Run alone with `npm test -- tests/infra.test.ts` (the root config's globalSetup wants the
// DATABASE_URL that `npm test` discovers, even though this file never touches a database).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

const root = new URL('../', import.meta.url);
/** The base: what production runs. Overlays add to it; the development one adds the sandbox. */
const k8sDir = new URL('infra/k8s/base/', root);
const developmentDir = new URL('infra/k8s/overlays/development/', root);

/** The deployable processes: name, port variable, default port. */
const apps = [
  { name: 'player-api', portVar: 'PLAYER_API_PORT', port: 3001 },
  { name: 'admin-api', portVar: 'ADMIN_API_PORT', port: 3002 },
  { name: 'game-service', portVar: 'GAME_SERVICE_PORT', port: 3003 },
  { name: 'payments-gateway', portVar: 'PAYMENTS_GATEWAY_PORT', port: 3004 },
  { name: 'sandbox', portVar: 'SANDBOX_PORT', port: 3005, overlay: 'development' },
  { name: 'worker', portVar: 'WORKER_PORT', port: 3006 },
  // The browser apps (D-2150): backends-for-frontend in front of the APIs, `fronts` by their Services.
  {
    name: 'web',
    portVar: 'WEB_PORT',
    port: 3000,
    fronts: { PLAYER_API_URL: 'http://player-api:3001', GAME_SERVICE_URL: 'http://game-service:3003' },
  },
  { name: 'console', portVar: 'CONSOLE_PORT', port: 3007, fronts: { ADMIN_API_URL: 'http://admin-api:3002' } },
] as const;
const services = apps.filter((a) => !('fronts' in a));
const frontends = apps.filter((a) => 'fronts' in a);

// ---- minimal shapes of what we read (the parsers return untyped data) -------------------

interface K8sObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: Record<string, unknown>;
}
interface ContainerPort {
  name?: string;
  containerPort: number;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: unknown;
}
interface Probe {
  httpGet?: { path?: string; port?: number | string };
}
interface Container {
  name: string;
  image?: string;
  ports?: ContainerPort[];
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
}
interface PodSpec {
  containers: Container[];
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
}
interface Deployment extends K8sObject {
  spec: {
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
}
interface Service extends K8sObject {
  spec: {
    type?: string;
    selector: Record<string, string>;
    ports: Array<{ name?: string; port: number; targetPort?: number | string }>;
  };
}
interface Kustomization {
  namespace?: string;
  resources?: string[];
  patches?: Array<{ path?: string }>;
  labels?: Array<{ pairs: Record<string, string> }>;
  commonLabels?: Record<string, string>;
}
interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> | string[] };
  environment?: Record<string, string | number> | string[];
  ports?: Array<string | { target: number; published?: number | string }>;
  volumes?: Array<string | { source?: string; target: string }>;
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[] | string };
}
interface Compose {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

// ---- helpers ------------------------------------------------------------------------------

const readText = (rel: string | URL): string => readFileSync(typeof rel === 'string' ? new URL(rel, root) : rel, 'utf8');

function readK8s(file: string, dir: URL = k8sDir): K8sObject[] {
  return parseAllDocuments(readText(new URL(file, dir)))
    .map((doc) => {
      // Throw rather than expect(): this also runs while suites are being collected.
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
      return doc.toJS() as K8sObject | null;
    })
    .filter((o): o is K8sObject => o !== null && typeof o === 'object');
}

const kustomization = parse(readText(new URL('kustomization.yaml', k8sDir))) as Kustomization;
const resources = kustomization.resources ?? [];

/** Manifests in infra/k8s, other than the kustomization and `*.example.yaml` files. */
const manifestFiles = readdirSync(k8sDir).filter(
  (f) => /\.ya?ml$/.test(f) && !/^kustomization\.ya?ml$/.test(f) && !/\.example\.ya?ml$/.test(f),
);
const allK8sFiles = readdirSync(k8sDir).filter((f) => /\.ya?ml$/.test(f));
const development = parse(readText(new URL('kustomization.yaml', developmentDir))) as Kustomization;
const developmentResources = development.resources ?? [];
const developmentFiles = readdirSync(developmentDir).filter((f) => /\.ya?ml$/.test(f) && !/^kustomization\.ya?ml$/.test(f));

// Compose uses YAML merge keys (`<<: *app-env`), which YAML 1.2 only honours on request.
const compose = parse(readText('docker-compose.yml'), { merge: true }) as Compose;

/** Resolves a probe/service port (name or number) against the container's declared ports. */
function resolvePort(port: number | string | undefined, declared: ContainerPort[]): number | undefined {
  if (typeof port === 'number') return declared.some((p) => p.containerPort === port) ? port : undefined;
  if (typeof port === 'string' && /^\d+$/.test(port)) return resolvePort(Number(port), declared);
  return declared.find((p) => p.name === port)?.containerPort;
}

function envMap(env: ComposeService['environment']): Record<string, string> {
  if (env === undefined) return {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
}

function buildArgs(build: ComposeService['build']): Record<string, string> {
  const args = build?.args;
  if (args === undefined) return {};
  if (Array.isArray(args)) return envMap(args);
  return args;
}

/** Container port published on the host → container port, from short or long syntax. */
function publishedPorts(svc: ComposeService): Array<{ published: number; target: number }> {
  return (svc.ports ?? []).map((p) => {
    if (typeof p === 'string') {
      const parts = p.split(':');
      const target = Number(parts.at(-1)?.split('/')[0]);
      const published = parts.length >= 2 ? Number(parts.at(-2)) : target;
      return { published, target };
    }
    return { published: Number(p.published ?? p.target), target: p.target };
  });
}

function dependsOnCondition(svc: ComposeService, dep: string): string | undefined {
  const d = svc.depends_on;
  if (d === undefined) return undefined;
  if (Array.isArray(d)) return d.includes(dep) ? 'service_started' : undefined;
  const entry = d[dep];
  return entry === undefined ? undefined : (entry.condition ?? 'service_started');
}

const healthcheckText = (svc: ComposeService): string => {
  const t = svc.healthcheck?.test;
  return Array.isArray(t) ? t.join(' ') : (t ?? '');
};

/** What counts as an obvious placeholder or dev-only value for a secret. */
const placeholder = /change-?me|placeholder|example|dev-only|<[^>]+>|^$/i;

// ---- Kubernetes ---------------------------------------------------------------------------

describe('infra/k8s', () => {
  it('infra: kustomization.yaml targets namespace casino and sets a common label on everything', () => {
    expect(kustomization.namespace).toBe('casino');
    const labelPairs = {
      ...kustomization.commonLabels,
      ...Object.assign({}, ...(kustomization.labels ?? []).map((l) => l.pairs)),
    };
    expect(Object.keys(labelPairs).length).toBeGreaterThan(0);
    const ns = readK8s('namespace.yaml').find((o) => o.kind === 'Namespace');
    expect(ns?.metadata?.name).toBe('casino');
  });

  it('infra: every manifest in infra/k8s is listed in kustomization.yaml (no orphans), every listed one exists, and *.example.yaml files are never applied', () => {
    for (const file of manifestFiles) expect(resources, `${file} is not in kustomization.yaml`).toContain(file);
    for (const res of resources) expect(existsSync(new URL(res, k8sDir)), `${res} is listed but missing`).toBe(true);
    expect(new Set(resources).size, 'duplicate entries in resources').toBe(resources.length);
    for (const file of allK8sFiles.filter((f) => /\.example\.ya?ml$/.test(f))) expect(resources).not.toContain(file);
  });

  it('infra: every listed manifest parses and every object has apiVersion, kind and metadata.name', () => {
    for (const file of resources) {
      const objects = readK8s(file);
      expect(objects.length, `${file} has no objects`).toBeGreaterThan(0);
      for (const o of objects) {
        expect(o.apiVersion, `${file}`).toBeTruthy();
        expect(o.kind, `${file}`).toBeTruthy();
        expect(o.metadata?.name, `${file} ${o.kind}`).toBeTruthy();
      }
    }
  });

  describe.each(apps.map((a) => [a.name, a] as const))('%s', (_name, app) => {
    const file = `${app.name}.yaml`;
    // The sandbox is deployed by the development overlay only (issue 14 (13)).
    const dir = 'overlay' in app ? developmentDir : k8sDir;
    const listed = 'overlay' in app ? developmentResources : resources;
    const objects = existsSync(new URL(file, dir)) ? readK8s(file, dir) : [];
    const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata?.name === app.name) as Deployment | undefined;
    const service = objects.find((o) => o.kind === 'Service' && o.metadata?.name === app.name) as Service | undefined;
    const container =
      deployment?.spec.template.spec.containers.find((c) => c.name === app.name) ?? deployment?.spec.template.spec.containers[0];

    it(`infra: ${app.name} has a Deployment and a ClusterIP Service in ${'overlay' in app ? 'infra/k8s/overlays/development' : 'infra/k8s/base'}/${file}, listed in its kustomization.yaml`, () => {
      expect(listed).toContain(file);
      expect(deployment, 'Deployment').toBeDefined();
      expect(service, 'Service').toBeDefined();
      expect(service?.spec.type ?? 'ClusterIP').toBe('ClusterIP');
      expect(container?.image).toBe(`casino/${app.name}:latest`);
    });

    it(`infra: ${app.name}'s Deployment probes /health/live and /health/ready on its own port ${app.port}, the value of ${app.portVar}`, () => {
      const ports = container?.ports ?? [];
      expect(ports.map((p) => p.containerPort)).toContain(app.port);
      expect(container?.livenessProbe?.httpGet?.path).toBe('/health/live');
      expect(container?.readinessProbe?.httpGet?.path).toBe('/health/ready');
      expect(resolvePort(container?.livenessProbe?.httpGet?.port, ports)).toBe(app.port);
      expect(resolvePort(container?.readinessProbe?.httpGet?.port, ports)).toBe(app.port);
      const env = container?.env ?? [];
      expect(env.find((e) => e.name === app.portVar)?.value).toBe(String(app.port));
      expect(env.find((e) => e.name === 'HOST')?.value).toBe('0.0.0.0');
    });

    if ('fronts' in app) {
      it(`D-2150: ${app.name}'s Deployment fronts its APIs by their Services and reads neither the database password nor the JWT secret (no casino-secrets envFrom)`, () => {
        const env = container?.env ?? [];
        for (const [variable, url] of Object.entries(app.fronts)) expect(env.find((e) => e.name === variable)?.value).toBe(url);
        expect((container?.envFrom ?? []).some((e) => e.secretRef)).toBe(false);
        expect((container?.envFrom ?? []).map((e) => e.configMapRef?.name)).toContain('casino-config');
      });
    }

    it(`infra: ${app.name}'s Service selects its pods and forwards port ${app.port} to the container port`, () => {
      const podLabels = deployment?.spec.template.metadata.labels ?? {};
      const selector = service?.spec.selector ?? {};
      expect(Object.keys(selector).length).toBeGreaterThan(0);
      for (const [k, v] of Object.entries(selector)) expect(podLabels[k]).toBe(v);
      for (const [k, v] of Object.entries(deployment?.spec.selector.matchLabels ?? {})) expect(podLabels[k]).toBe(v);
      const svcPort = service?.spec.ports.find((p) => p.port === app.port);
      expect(svcPort, `Service port ${app.port}`).toBeDefined();
      expect(resolvePort(svcPort?.targetPort ?? svcPort?.port, container?.ports ?? [])).toBe(app.port);
    });

    it(`infra: ${app.name} runs non-root with resources, a grace period and config from casino-config${'fronts' in app ? '' : '/casino-secrets'}`, () => {
      const pod = deployment?.spec.template.spec;
      expect(pod?.securityContext?.runAsNonRoot).toBe(true);
      expect(pod?.securityContext?.runAsUser).toBeGreaterThan(0);
      expect(pod?.terminationGracePeriodSeconds).toBeGreaterThan(5);
      expect(container?.securityContext?.allowPrivilegeEscalation).toBe(false);
      expect(container?.resources?.requests?.cpu).toBeTruthy();
      expect(container?.resources?.requests?.memory).toBeTruthy();
      expect(container?.resources?.limits?.memory).toBeTruthy();
      const refs = (container?.envFrom ?? []).map((r) => r.configMapRef?.name ?? r.secretRef?.name);
      // The browser apps hold no data and get no secrets (D-2150; checked above).
      expect(refs).toEqual(expect.arrayContaining('fronts' in app ? ['casino-config'] : ['casino-config', 'casino-secrets']));
    });
  });

  it('infra: a migrate Job runs scripts/migrate.ts as non-root and is listed in kustomization.yaml', () => {
    expect(resources).toContain('migrate-job.yaml');
    const job = readK8s('migrate-job.yaml').find((o) => o.kind === 'Job');
    const pod = (
      job?.spec as { template?: { spec?: PodSpec & { containers: Array<Container & { command?: string[]; args?: string[] }> } } }
    )?.template?.spec;
    expect(pod?.securityContext?.runAsNonRoot).toBe(true);
    const cmd = [...(pod?.containers[0]?.command ?? []), ...(pod?.containers[0]?.args ?? [])].join(' ');
    expect(cmd).toContain('scripts/migrate.ts');
  });

  it('issue 14 (13): the base deploys no sandbox: no manifest, no object, no image and no address of it', () => {
    expect(resources).not.toContain('sandbox.yaml');
    expect(existsSync(new URL('sandbox.yaml', k8sDir))).toBe(false);
    for (const file of resources) {
      expect(JSON.stringify(readK8s(file)), `${file} names the sandbox`).not.toMatch(/sandbox/i);
    }
    const config = readK8s('configmap.yaml').find((o) => o.kind === 'ConfigMap');
    for (const key of ['MF_REGISTERS_URL', 'NOTIFICATIONS_URL', 'PSP_URL'])
      expect(config?.data?.[key], key).toMatch(/^https:\/\//);
    expect(config?.data).not.toHaveProperty('SANDBOX_URL');
  });

  it('issue 14 (13): the development overlay is the base plus the sandbox, with the integrations pointed at it', () => {
    expect(developmentResources).toEqual(['../../base', 'sandbox.yaml']);
    expect(development.namespace).toBe('casino');
    for (const file of developmentFiles) {
      expect(
        [...developmentResources, ...(development.patches ?? []).map((p) => p.path)],
        `${file} is not used by the overlay`,
      ).toContain(file);
    }
    const patch = (development.patches ?? [])
      .flatMap((p) => (p.path ? readK8s(p.path, developmentDir) : []))
      .find((o) => o.kind === 'ConfigMap');
    expect(patch?.metadata?.name).toBe('casino-config');
    for (const key of ['SANDBOX_URL', 'MF_REGISTERS_URL', 'NOTIFICATIONS_URL', 'PSP_URL'])
      expect(patch?.data?.[key], key).toBe('http://sandbox:3005');
    expect(patch?.data?.BEHIND_TLS).toBe('false');
  });

  it('infra: no secret value other than obvious placeholders appears in infra/k8s (Secrets hold change-me text, nothing else inlines credentials)', () => {
    const secretKey = /SECRET|PASSWORD|PASSWD|TOKEN|API_?KEY|PRIVATE|CREDENTIAL|DATABASE_URL/i;
    const everyFile = [
      ...allK8sFiles.map((file) => ({ dir: k8sDir, file })),
      ...developmentFiles.map((file) => ({ dir: developmentDir, file })),
    ];
    for (const { dir, file } of everyFile) {
      const text = readText(new URL(file, dir));
      expect(text, `${file}: private key material`).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----/);
      // A URL with user:password@ is a credential unless the password is a placeholder.
      for (const m of text.matchAll(/[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:([^\s@]+)@/gi)) {
        expect(m[1], `${file}: credential in URL`).toMatch(placeholder);
      }
      for (const o of readK8s(file, dir)) {
        if (o.kind === 'Secret') {
          for (const [k, v] of Object.entries(o.stringData ?? {})) expect(v, `${file} ${k}`).toMatch(placeholder);
          for (const [k, v] of Object.entries(o.data ?? {})) {
            expect(Buffer.from(v, 'base64').toString('utf8'), `${file} ${k}`).toMatch(placeholder);
          }
        } else if (o.kind === 'ConfigMap') {
          for (const k of Object.keys(o.data ?? {}))
            expect(k, `${file}: secret-looking key in a ConfigMap`).not.toMatch(secretKey);
        } else {
          // Any literal env value with a secret-looking name must come from a Secret instead.
          const walk = (node: unknown): void => {
            if (Array.isArray(node)) return node.forEach(walk);
            if (node === null || typeof node !== 'object') return;
            const rec = node as Record<string, unknown>;
            if (typeof rec.name === 'string' && 'value' in rec && secretKey.test(rec.name)) {
              throw new Error(`${file}: env ${rec.name} has a literal value; use secretKeyRef/secretRef`);
            }
            Object.values(rec).forEach(walk);
          };
          walk(o);
        }
      }
    }
    const example = readK8s('secret.example.yaml');
    expect(example.some((o) => o.kind === 'Secret')).toBe(true);
    expect(readText(new URL('secret.example.yaml', k8sDir))).toMatch(/example/i);
  });
});

// ---- docker compose -----------------------------------------------------------------------

describe('docker-compose.yml', () => {
  const composeServices = compose.services;
  const namedVolume = (svc: ComposeService): string[] =>
    (svc.volumes ?? []).map((v) => (typeof v === 'string' ? (v.split(':')[0] ?? '') : (v.source ?? '')));

  it('infra: compose has postgres 16 and redis 7 with healthchecks (pg_isready, redis-cli ping) and named volumes', () => {
    const pg = composeServices.postgres;
    const redis = composeServices.redis;
    expect(pg?.image).toMatch(/^postgres:16(\b|[.-])/);
    expect(redis?.image).toMatch(/^redis:7(\b|[.-])/);
    expect(healthcheckText(pg ?? {})).toContain('pg_isready');
    expect(healthcheckText(redis ?? {})).toContain('redis-cli ping');
    for (const svc of [pg, redis]) {
      const vols = namedVolume(svc ?? {});
      expect(vols.length).toBeGreaterThan(0);
      for (const v of vols) expect(Object.keys(compose.volumes ?? {})).toContain(v);
    }
    expect(envMap(pg?.environment).POSTGRES_DB).toBe('casino');
  });

  it('infra: compose has a one-shot migrate service that runs migrate then seed after postgres is healthy', () => {
    const migrate = composeServices.migrate;
    expect(migrate?.build?.dockerfile).toBe('infra/Dockerfile');
    expect(dependsOnCondition(migrate ?? {}, 'postgres')).toBe('service_healthy');
    const cmd = Array.isArray((migrate as { command?: unknown })?.command)
      ? (migrate as { command: string[] }).command.join(' ')
      : String((migrate as { command?: unknown })?.command ?? '');
    expect(cmd).toMatch(/scripts\/migrate\.ts[\s\S]*prisma\/seed\.ts/);
  });

  describe.each(services.map((a) => [a.name, a] as const))('%s', (_name, app) => {
    const svc = composeServices[app.name];

    it(`infra: compose service ${app.name} is built from infra/Dockerfile with APP=${app.name} and waits for healthy postgres/redis and a finished migrate`, () => {
      expect(svc, `service ${app.name}`).toBeDefined();
      expect(svc?.build?.context ?? '.').toMatch(/^\.\/?$/);
      expect(svc?.build?.dockerfile).toBe('infra/Dockerfile');
      expect(buildArgs(svc?.build).APP).toBe(app.name);
      expect(dependsOnCondition(svc ?? {}, 'postgres')).toBe('service_healthy');
      expect(dependsOnCondition(svc ?? {}, 'redis')).toBe('service_healthy');
      expect(dependsOnCondition(svc ?? {}, 'migrate')).toBe('service_completed_successfully');
    });

    it(`infra: compose service ${app.name} listens on 0.0.0.0:${app.port} (${app.portVar}), publishes it and healthchecks /health/ready`, () => {
      const env = envMap(svc?.environment);
      expect(env[app.portVar]).toBe(String(app.port));
      expect(env.HOST).toBe('0.0.0.0');
      expect(env.DATABASE_URL).toMatch(/^postgres(ql)?:\/\/[^@]+@postgres:5432\/casino$/);
      expect(env.REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
      expect(env.SANDBOX_URL).toBe('http://sandbox:3005');
      expect(env.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:-[^}]{32,}\}$/);
      expect(env.JWT_SECRET).toMatch(placeholder);
      expect(publishedPorts(svc ?? {})).toContainEqual({ published: app.port, target: app.port });
      expect(healthcheckText(svc ?? {})).toContain(`:${app.port}/health/ready`);
    });
  });

  describe.each(frontends.map((a) => [a.name, a] as const))('%s', (_name, app) => {
    const svc = composeServices[app.name];

    it(`D-2150: compose service ${app.name} is built from infra/Dockerfile with APP=${app.name}, fronts its APIs by service name and starts once they are healthy`, () => {
      expect(svc, `service ${app.name}`).toBeDefined();
      expect(svc?.build?.dockerfile).toBe('infra/Dockerfile');
      expect(buildArgs(svc?.build).APP).toBe(app.name);
      const env = envMap(svc?.environment);
      for (const [variable, url] of Object.entries(app.fronts)) {
        expect(env[variable], variable).toBe(url);
        expect(dependsOnCondition(svc ?? {}, new URL(url).hostname), url).toBe('service_healthy');
      }
    });

    it(`D-2150: compose service ${app.name} listens on 0.0.0.0:${app.port} (${app.portVar}), healthchecks /health/ready and gets no database, Redis or JWT secret`, () => {
      const env = envMap(svc?.environment);
      expect(env[app.portVar]).toBe(String(app.port));
      expect(env.HOST).toBe('0.0.0.0');
      for (const secret of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'PII_ENCRYPTION_KEY', 'PSP_WEBHOOK_SECRETS'])
        expect(env, secret).not.toHaveProperty(secret);
      expect(publishedPorts(svc ?? {})).toContainEqual({ published: app.port, target: app.port });
      expect(healthcheckText(svc ?? {})).toContain(`:${app.port}/health/ready`);
    });
  });

  it('D-2151: the APIs believe X-Forwarded-For from the compose network, through which the browser apps reach them', () => {
    for (const app of services) expect(envMap(composeServices[app.name]?.environment).TRUSTED_PROXIES).toMatch(/uniquelocal/);
  });
});

// ---- image --------------------------------------------------------------------------------

describe('infra/Dockerfile and .dockerignore', () => {
  const dockerfile = readText('infra/Dockerfile');
  const instructions = dockerfile.split('\n').filter((l) => !l.trimStart().startsWith('#'));
  const code = instructions.join('\n');

  it('infra: the Dockerfile has deps, build and runtime stages on node:20-bookworm-slim and the runtime runs as node under tini', () => {
    expect(code).toMatch(/node:20-bookworm-slim/);
    for (const stage of ['deps', 'build', 'runtime']) expect(code).toMatch(new RegExp(`^FROM \\S+ AS ${stage}$`, 'm'));
    expect(code).toMatch(/npm ci\b/);
    expect(code).toMatch(/PRISMA_SCHEMA_ENGINE_BINARY=\/bin\/true npx prisma generate/);
    expect(code).toMatch(/npx tsc -p tsconfig\.json --noEmit/);
    const runtime = code.slice(code.search(/^FROM \S+ AS runtime$/m));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^ENV NODE_ENV=production/m);
    expect(runtime).toMatch(/^ARG APP$/m);
    expect(runtime).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    // The server must be tini's direct child (exec, one node process with the tsx loader):
    // through npx, SIGTERM dies in npm's intermediate `sh -c` and shutdown is never graceful.
    expect(runtime).toContain('CMD ["sh", "-c", "exec node --import tsx apps/$APP/src/server.ts"]');
    expect(runtime).not.toMatch(/^CMD .*npx/m);
    // D-2150: the browser apps' pages are built in the image, before the runtime copies /app.
    const build = code.slice(code.search(/^FROM \S+ AS build$/m), code.search(/^FROM \S+ AS runtime$/m));
    for (const app of frontends) expect(build).toContain(`npm run build -w @casino/${app.name}`);
    // No credentials baked into the image.
    expect(code).not.toMatch(/^(ENV|ARG)\s+(JWT_SECRET|DATABASE_URL)/m);
  });

  it('infra: .dockerignore keeps node_modules, .git, .env, the generated Prisma client, logs, exports and coverage out of the context', () => {
    const ignored = readText('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['node_modules', '.git', '.env', 'packages/db/src/generated', '*.log', 'exports', 'coverage']) {
      expect(ignored, entry).toContain(entry);
    }
  });
});
