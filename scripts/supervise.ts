import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { SeedReport } from '../prisma/seed.ts';

interface ServiceSpec {
  name: string;
  portVariable: string;
  port: number;
  what: string;
}

export interface SuperviseOptions {
  root: string;
  env: NodeJS.ProcessEnv;
  services: readonly ServiceSpec[];
  seeded: SeedReport;
  readyTimeoutMs?: number;
}

const colours = [36, 32, 33, 35, 34, 96, 92];
const levelNames: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/**
 * Runs every service as a child process with its log lines prefixed by its name, waits until
 * each answers /health/ready, prints where to go, and on Ctrl-C (or SIGTERM) stops them all
 * and waits for them. If one dies, the rest are stopped too: a half-running platform misleads.
 */
export async function superviseServices(options: SuperviseOptions): Promise<number> {
  const tsx = path.join(options.root, 'node_modules', '.bin', 'tsx');
  const width = Math.max(...options.services.map((s) => s.name.length));
  const children = new Map<string, ChildProcess>();
  let stopping = false;
  let resolveDone!: (code: number) => void;
  const done = new Promise<number>((resolve) => (resolveDone = resolve));

  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping every service…');
    await Promise.all([...children.values()].map((child) => stopChild(child)));
    resolveDone(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  options.services.forEach((service, index) => {
    const prefix = `\x1b[${colours[index % colours.length]}m${service.name.padEnd(width)}\x1b[0m |`;
    const child = spawn(tsx, [path.join(options.root, 'apps', service.name, 'src', 'server.ts')], {
      cwd: options.root,
      env: { ...options.env, [service.portVariable]: String(portOf(service, options.env)) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(service.name, child);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`${prefix} ${formatLogLine(line)}`));
    }
    child.on('exit', (code, signal) => {
      children.delete(service.name);
      if (!stopping) {
        console.error(`${prefix} exited (${signal ?? `code ${code}`}); stopping the others.`);
        void stopAll(1);
      }
    });
  });

  const ready = await waitUntilReady(options, options.readyTimeoutMs ?? 60_000, () => stopping);
  if (ready && !stopping) printWelcome(options);
  if (!ready && !stopping) {
    console.error('Not every service became ready in time; stopping.');
    void stopAll(1);
  }
  return done;
}

function portOf(service: ServiceSpec, env: NodeJS.ProcessEnv): number {
  return Number(env[service.portVariable] ?? service.port);
}

async function waitUntilReady(options: SuperviseOptions, timeoutMs: number, stopped: () => boolean): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(options.services);
  while (pending.size > 0 && Date.now() < deadline && !stopped()) {
    for (const service of [...pending]) {
      const url = `http://127.0.0.1:${portOf(service, options.env)}/health/ready`;
      const ok = await fetch(url, { signal: AbortSignal.timeout(1_000) }).then((r) => r.ok, () => false);
      if (ok) pending.delete(service);
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return pending.size === 0;
}

function printWelcome(options: SuperviseOptions): void {
  const lines = [
    '',
    'The platform is running. Ctrl-C stops everything.',
    '',
    ...options.services.map((s) => {
      const base = `http://127.0.0.1:${portOf(s, options.env)}`;
      return `  ${s.name.padEnd(17)} ${base}/docs   ${s.what}`;
    }),
    '',
    'Each service: /health/live, /health/ready, /openapi.json (OpenAPI 3.1), /docs (Swagger UI).',
    ...options.seeded.lines,
    '',
  ];
  console.log(lines.join('\n'));
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Pino JSON → `12:00:01 INFO message key=value`; anything else is printed as it is. */
function formatLogLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    const { level, time, msg, pid: _pid, hostname: _host, service: _service, ...rest } = entry;
    const clock = typeof time === 'number' ? new Date(time).toISOString().slice(11, 19) : '';
    const details = Object.entries(rest)
      .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(' ');
    return `${clock} ${levelNames[level as number] ?? level} ${msg ?? ''} ${details}`.trimEnd();
  } catch {
    return line;
  }
}
