import { isIP } from 'node:net';
import { z } from 'zod';
import { assert } from './assert.ts';

/**
 * Configuration is parsed once, at start-up, from the environment. A bad
 * configuration fails fast with one message naming every bad variable, so an
 * operator fixes them all in one go. Values of sensitive variables and
 * passwords inside URLs never reach that message (it ends up in logs).
 */

export interface ConfigProblem {
  readonly variable: string;
  readonly message: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly ConfigProblem[]) {
    const lines = problems.map((p) => `  - ${p.variable}: ${p.message}`);
    super(`Invalid configuration:\n${lines.join('\n')}`);
    this.problems = problems;
  }
}

// Broader than SECRET|PASSWORD|KEY|TOKEN on purpose: over-redacting a value
// costs a little debugging, under-redacting leaks a credential into logs.
const SENSITIVE_NAME = /SECRET|PASS|KEY|TOKEN|CREDENTIAL|PRIVATE/i;
const SENSITIVE_QUERY_PARAM = /([?&][^=&#]*(?:pass|secret|token|key)[^=&#]*=)[^&#]*/gi;
const MAX_SHOWN_VALUE_CHARS = 80;

export function isSensitiveVariableName(name: string): boolean {
  return SENSITIVE_NAME.test(name);
}

/**
 * Masks the password of a URL ("postgres://user:***@host/db") and sensitive
 * query parameters ("?password=***"). Works on the raw text rather than via
 * `new URL` so that malformed URLs, which are exactly the ones shown in error
 * messages, are masked too. The user info is taken to end at the last "@",
 * which over-masks rather than leak a password containing "@" or "/".
 */
export function redactUrl(url: string): string {
  let result = url;
  const schemeEnd = result.indexOf('://');
  const at = result.lastIndexOf('@');
  if (schemeEnd >= 0 && at > schemeEnd) {
    const authorityStart = schemeEnd + 3;
    const colon = result.indexOf(':', authorityStart);
    if (colon >= 0 && colon < at) {
      result = `${result.slice(0, colon + 1)}***${result.slice(at)}`;
    }
  }
  return result.replace(SENSITIVE_QUERY_PARAM, '$1***');
}

function displayValue(variable: string, raw: string): string {
  if (isSensitiveVariableName(variable)) return '<redacted>';
  const masked = redactUrl(raw);
  const clipped = masked.length > MAX_SHOWN_VALUE_CHARS ? `${masked.slice(0, MAX_SHOWN_VALUE_CHARS)}…` : masked;
  // JSON quoting shows stray whitespace and neutralises newlines (log injection).
  return JSON.stringify(clipped);
}

function describeIssues(issues: readonly z.core.$ZodIssue[], input: Record<string, string | undefined>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const variable = issue.path.length > 0 ? issue.path.map(String).join('.') : '(configuration)';
    // One line per variable: the first failed expectation is enough to act on.
    if (seen.has(variable)) continue;
    seen.add(variable);
    const raw = input[variable];
    const message = raw === undefined ? `required, ${issue.message}` : `${issue.message}, got ${displayValue(variable, raw)}`;
    problems.push({ variable, message });
  }
  return problems;
}

/**
 * Parses the variables named by `schema` from `env`. An empty variable counts
 * as unset (compose files and CI often write `FOO=` for "not set"). Returns a
 * frozen object; throws ConfigError listing every bad variable.
 */
export function parseConfig<S extends z.ZodObject>(schema: S, env: Record<string, string | undefined> = process.env): z.infer<S> {
  const input: Record<string, string | undefined> = {};
  for (const variable of Object.keys(schema.shape)) {
    const raw = env[variable];
    input[variable] = raw === '' ? undefined : raw;
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new ConfigError(describeIssues(result.error.issues, input));
  }
  // Frozen: configuration is read-only after start-up.
  Object.freeze(result.data);
  return result.data;
}

/** A variable read from the environment: a string (or unset) in, T out. */
export type EnvVar<T> = z.ZodType<T, string | undefined>;

/**
 * Core of every field builder. `expectation` is the human sentence used in
 * ConfigError ("expected an integer between 1 and 65535"); `parse` returns
 * undefined for an invalid value. Without a fallback the variable is required.
 */
function envVar<T>(expectation: string, parse: (raw: string) => T | undefined, fallback?: { value: T }): EnvVar<T> {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T => {
      const value = raw === undefined ? fallback?.value : parse(raw);
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: expectation });
        return z.NEVER;
      }
      return value;
    });
}

function withDefault<T>(defaultValue: T | undefined): { value: T } | undefined {
  return defaultValue === undefined ? undefined : { value: defaultValue };
}

function describeIntRange(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `expected an integer between ${min} and ${max}`;
  if (min !== undefined) return `expected an integer >= ${min}`;
  if (max !== undefined) return `expected an integer <= ${max}`;
  return 'expected an integer';
}

/** Decimal integer only: "0x50", "1e3", " 80" and "80.0" are all rejected. */
export function intVar(defaultValue: number | undefined, bounds: { min?: number; max?: number } = {}): EnvVar<number> {
  const { min, max } = bounds;
  const parse = (raw: string): number | undefined => {
    if (!/^-?\d+$/.test(raw)) return undefined;
    const value = Number(raw);
    if (!Number.isSafeInteger(value)) return undefined;
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) return undefined;
    return value;
  };
  assert(
    defaultValue === undefined || parse(String(defaultValue)) !== undefined,
    `intVar default ${defaultValue} is out of bounds`,
  );
  return envVar(describeIntRange(min, max), parse, withDefault(defaultValue));
}

export function portVar(defaultPort: number): EnvVar<number> {
  return intVar(defaultPort, { min: 1, max: 65535 });
}

/** Only the literal words, so a typo like "flase" fails instead of meaning false. */
export function boolVar(defaultValue?: boolean): EnvVar<boolean> {
  const words: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };
  const parse = (raw: string): boolean | undefined => (Object.hasOwn(words, raw) ? words[raw] : undefined);
  return envVar('expected one of true, false, 1, 0', parse, withDefault(defaultValue));
}

export function enumVar<const T extends readonly [string, ...string[]]>(values: T, defaultValue?: T[number]): EnvVar<T[number]> {
  const allowed: ReadonlySet<string> = new Set(values);
  assert(defaultValue === undefined || allowed.has(defaultValue), `enumVar default ${defaultValue} is not allowed`);
  const parse = (raw: string): T[number] | undefined => (allowed.has(raw) ? raw : undefined);
  return envVar(`expected one of ${values.join(', ')}`, parse, withDefault(defaultValue));
}

/** An absolute URL whose scheme is one of `protocols` (given as "redis" or "redis:"). Returned as text. */
export function urlVar(defaultUrl: string | undefined, protocols: readonly string[]): EnvVar<string> {
  assert(protocols.length > 0, 'urlVar needs at least one protocol');
  const schemes = protocols.map((p) => p.replace(/:$/, '').toLowerCase());
  const parse = (raw: string): string | undefined => {
    if (!URL.canParse(raw)) return undefined;
    return schemes.includes(new URL(raw).protocol.slice(0, -1)) ? raw : undefined;
  };
  assert(defaultUrl === undefined || parse(defaultUrl) !== undefined, 'urlVar default must match its protocols');
  const expectation = `expected a ${schemes.map((s) => `${s}://`).join(' or ')} URL`;
  return envVar(expectation, parse, withDefault(defaultUrl));
}

/** Always required: a default secret would end up being the production secret. */
export function secretVar(minLength: number): EnvVar<string> {
  assert(Number.isSafeInteger(minLength) && minLength >= 1, 'secretVar minLength must be a positive integer');
  const parse = (raw: string): string | undefined => (raw.length >= minLength ? raw : undefined);
  return envVar(`at least ${minLength} characters`, parse);
}

/** The address a server binds to: a hostname or an IP literal (containers set 0.0.0.0). */
export function hostVar(defaultHost = '127.0.0.1'): EnvVar<string> {
  const parse = (raw: string): string | undefined => (/^[A-Za-z0-9.:-]{1,253}$/.test(raw) ? raw : undefined);
  return envVar('expected a hostname or IP address to bind to, such as 127.0.0.1 or 0.0.0.0', parse, { value: defaultHost });
}

/** proxy-addr's names for address ranges, spelled out so every reader of the list means the same. */
const proxyRangeNames: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** One proxy: an IPv4 or IPv6 address, or a range in CIDR notation with a prefix that fits it. */
function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * The proxies whose X-Forwarded-For a service believes (D-1766): comma-separated addresses, CIDR
 * ranges, or the names `loopback`, `linklocal`, `uniquelocal`; `none` trusts nobody. Returned as
 * addresses and ranges only (the names spelled out). Default `loopback`: on one machine the web
 * app's server forwards from 127.0.0.1; behind an ingress, list the ingress's addresses.
 */
export function trustedProxiesVar(defaultList = 'loopback'): EnvVar<string[]> {
  const parse = (raw: string): string[] | undefined => {
    const entries = raw
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length === 1 && entries[0] === 'none') return [];
    const expanded: string[] = [];
    for (const entry of entries) {
      const named = proxyRangeNames[entry];
      if (named) expanded.push(...named);
      else if (isProxyAddress(entry)) expanded.push(entry);
      else return undefined;
    }
    return expanded.length > 0 ? expanded : undefined;
  };
  return envVar(
    'expected comma-separated IP addresses or CIDR ranges of proxies, or loopback, linklocal, uniquelocal, or none',
    parse,
    { value: parse(defaultList)! },
  );
}

export const nodeEnvironments = ['development', 'test', 'production'] as const;
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Shared by every app; extend it with `baseConfigSchema.extend({ ... })`. */
export const baseConfigSchema = z.object({
  NODE_ENV: enumVar(nodeEnvironments, 'development'),
  LOG_LEVEL: enumVar(logLevels, 'info'),
  DATABASE_URL: urlVar('postgresql://postgres@127.0.0.1:5432/casino', ['postgres', 'postgresql']),
  REDIS_URL: urlVar('redis://127.0.0.1:6379', ['redis', 'rediss']),
  JWT_SECRET: secretVar(32),
  /** When set, `/metrics` answers only `Authorization: Bearer <it>` (D-2202); unset, anyone who reaches the port reads it. */
  METRICS_TOKEN: secretVar(32).optional(),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

/**
 * How long start-up waits for PostgreSQL and Redis that accept connections but are slow to answer
 * (a busy machine); refused connections ("not running") are reported after a few quick retries
 * whatever this says (issue 14, item 11). Read by every service and by `npm start` / `npm test`.
 */
export const dependencyWaitSchema = z.object({
  DEPENDENCY_WAIT_MS_MAX: intVar(60_000, { min: 1_000, max: 3_600_000 }),
});

/**
 * Connections in one process's database pool unless DATABASE_POOL_MAX says otherwise. The sizing
 * rule (docs/operations.md, Database connections, D-1434): a request or job holds one connection at a
 * time, so a pool of 10 serves 10 at once and queues the rest for up to 2 s before answering 503
 * with Retry-After; and the pools of every instance together stay below PostgreSQL's
 * max_connections (100 by default) with room for migrations and an operator's psql.
 */
export const databasePoolMaxDefault = 10;

/** Every HTTP service: the base plus the address it binds to; each app adds its own port. */
export const serviceConfigSchema = baseConfigSchema.extend({
  HOST: hostVar(),
  ...dependencyWaitSchema.shape,
  /** TLS terminates in front of the service (ingress, proxy): send Strict-Transport-Security. */
  BEHIND_TLS: boolVar(false),
  /** The proxies whose X-Forwarded-For names the client (rate limits, audit); see trustedProxiesVar. */
  TRUSTED_PROXIES: trustedProxiesVar(),
  DATABASE_POOL_MAX: intVar(databasePoolMaxDefault, { min: 1, max: 200 }),
});

export type ServiceConfig = z.infer<typeof serviceConfigSchema>;
