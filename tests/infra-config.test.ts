/**
 * The deployment descriptions give every service the configuration it needs: each app's own config
 * loader must accept what docker-compose.yml passes it, no URL may point at the container itself,
 * and every variable a service requires (no default) must be a key of the Kubernetes ConfigMap or
 * Secret its Deployment reads.
 */
import { readFileSync } from 'node:fs';
import { adminApiConfigSchema, loadAdminApiConfig } from '@casino/admin-api';
import { consoleConfigSchema, loadConsoleConfig } from '@casino/console';
import { gameServiceConfigSchema, loadGameServiceConfig } from '@casino/game-service';
import { loadPaymentsGatewayConfig, paymentsGatewayConfigSchema } from '@casino/payments-gateway';
import { loadPlayerApiConfig, playerApiConfigSchema } from '@casino/player-api';
import { loadSandboxConfig, sandboxConfigSchema } from '@casino/sandbox';
import { loadWebConfig, webConfigSchema } from '@casino/web';
import { loadWorkerConfig, workerConfigSchema } from '@casino/worker';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import type { z } from 'zod';

const root = new URL('../', import.meta.url);
const readText = (rel: string): string => readFileSync(new URL(rel, root), 'utf8');

type Env = Record<string, string | undefined>;
const services: Array<{ name: string; schema: z.ZodObject; load: (env: Env) => Record<string, unknown> }> = [
  { name: 'player-api', schema: playerApiConfigSchema, load: loadPlayerApiConfig },
  { name: 'admin-api', schema: adminApiConfigSchema, load: loadAdminApiConfig },
  { name: 'game-service', schema: gameServiceConfigSchema, load: loadGameServiceConfig },
  { name: 'payments-gateway', schema: paymentsGatewayConfigSchema, load: loadPaymentsGatewayConfig },
  { name: 'sandbox', schema: sandboxConfigSchema, load: loadSandboxConfig },
  { name: 'worker', schema: workerConfigSchema, load: loadWorkerConfig },
  // The browser apps (D-2150).
  { name: 'web', schema: webConfigSchema, load: loadWebConfig },
  { name: 'console', schema: consoleConfigSchema, load: loadConsoleConfig },
];

interface ComposeService {
  environment?: Record<string, string | number> | string[];
}
const compose = parse(readText('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };

/** `${VAR:-default}` as compose resolves it when VAR is not set in the shell. */
function resolveComposeValue(value: string): string {
  return value.replace(/\$\{[A-Z0-9_]+(?::?-([^}]*))?\}/g, (_m, fallback: string | undefined) => fallback ?? '');
}

function composeEnv(service: string): Env {
  const env = compose.services[service]?.environment ?? {};
  const pairs = Array.isArray(env)
    ? env.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])
    : Object.entries(env);
  return Object.fromEntries(pairs.map(([k, v]) => [k, resolveComposeValue(String(v))]));
}

/** Variables of a schema without a default: the service does not start without them. */
function requiredVariables(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);
}

function k8sKeys(file: string): string[] {
  return parseAllDocuments(readText(`infra/k8s/base/${file}`)).flatMap((doc) => {
    const o = doc.toJS() as { data?: Record<string, string>; stringData?: Record<string, string> } | null;
    return [...Object.keys(o?.data ?? {}), ...Object.keys(o?.stringData ?? {})];
  });
}

const loopback = /^[a-z][a-z0-9+.-]*:\/\/(127\.|localhost|\[::1\])/i;

describe('infra: configuration of the deployed services', () => {
  describe.each(services.map((s) => [s.name, s] as const))('%s', (name, service) => {
    it(`infra: ${name} starts with the environment docker-compose.yml gives it, and reaches no other service at its own loopback address`, () => {
      const config = service.load(composeEnv(name));
      // PUBLIC_BASE_URL is a link for people's browsers on the host, not a service the container calls.
      const pointingAtItself = Object.entries(config)
        .filter(([key, value]) => key !== 'PUBLIC_BASE_URL' && typeof value === 'string' && loopback.test(value))
        .map(([key]) => key);
      expect(pointingAtItself).toEqual([]);
    });

    it(`infra: every variable ${name} requires is a key of the casino-config ConfigMap or the casino-secrets Secret`, () => {
      const provided = new Set([...k8sKeys('configmap.yaml'), ...k8sKeys('secret.example.yaml')]);
      expect(requiredVariables(service.schema).filter((v) => !provided.has(v))).toEqual([]);
    });
  });
});
