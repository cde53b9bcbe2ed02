import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { SeedReport } from '../prisma/seed.ts';

export interface ServiceSpec {
  name: string;
  portVariable: string;
  port: number;
  what: string;
  /** The script to run; default apps/<name>/src/server.ts (tests run small fixtures). */
  entry?: string;
}

/** What the supervisor does when a service exits on its own (decision D-1441). */
export interface RestartPolicy {
  /** Pause before the first restart; doubled for each crash in a row, up to delayMsMax. */
  delayMsMin: number;
  delayMsMax: number;
  /** More restarts of one service than this within windowMs: give up and stop the platform. */
  restartsMax: number;
  windowMs: number;
}

export const defaultRestartPolicy: RestartPolicy = {
  delayMsMin: 1_000,
  delayMsMax: 30_000,
  restartsMax: 5,
  windowMs: 10 * 60_000,
};

export interface SuperviseOptions {
  root: string;
  env: NodeJS.ProcessEnv;
  services: readonly ServiceSpec[];
  seeded: SeedReport;
  /** Every service must answer /health/ready within this, or the platform stops. */
  readyTimeoutMs?: number;
  restart?: Partial<RestartPolicy>;
  /** Stops everything when aborted, as Ctrl-C does (tests). */
  signal?: AbortSignal;
  /** Where the supervisor's own lines and the services' lines go (console.log / console.error). */
  log?: (line: string) => void;
}

const colours = [36, 32, 33, 35, 34, 96, 92];
const levelNames: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// Services wait up to DEPENDENCY_WAIT_MS_MAX (60 s) for PostgreSQL and Redis, and may be restarted.
const readyTimeoutMsDefault = 5 * 60_000;
const pendingNoticeIntervalMs = 30_000;
const readyPollIntervalMs = 300;

interface Slot {
  spec: ServiceSpec;
  prefix: string;
  child: ChildProcess | null;
  ready: boolean;
  crashesInARow: number;
  /** performance.now() of each restart, for the budget. */
  restartsMs: number[];
  restartTimer: NodeJS.Timeout | null;
}

/**
 * Runs every service as a child process with its log lines prefixed by its name, waits until
 * each answers /health/ready, prints where to go, and on Ctrl-C (or SIGTERM) stops them all and
 * waits for them. A service that exits on its own is started again after a pause that grows with
 * each crash in a row, while the others keep running (issue 14, item 11); one that keeps crashing
 * beyond its restart budget stops the platform, because a half-running platform misleads.
 */
export function superviseServices(options: SuperviseOptions): Promise<number> {
  return new Supervisor(options).run();
}

class Supervisor {
  private readonly policy: RestartPolicy;
  private readonly info: (line: string) => void;
  private readonly warn: (line: string) => void;
  private readonly slots: Slot[];
  private readonly timers: NodeJS.Timeout[] = [];
  private stopping = false;
  private welcomed = false;
  private resolveDone!: (code: number) => void;
  private readonly onSignal = () => void this.stopAll(0);

  constructor(private readonly options: SuperviseOptions) {
    this.policy = { ...defaultRestartPolicy, ...options.restart };
    this.info = options.log ?? ((line) => console.log(line));
    this.warn = options.log ?? ((line) => console.error(line));
    const width = Math.max(...options.services.map((s) => s.name.length));
    this.slots = options.services.map((spec, index) => ({
      spec,
      prefix: `\x1b[${colours[index % colours.length]}m${spec.name.padEnd(width)}\x1b[0m |`,
      child: null,
      ready: false,
      crashesInARow: 0,
      restartsMs: [],
      restartTimer: null,
    }));
  }

  run(): Promise<number> {
    const done = new Promise<number>((resolve) => (this.resolveDone = resolve));
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
    this.options.signal?.addEventListener('abort', this.onSignal, { once: true });
    for (const slot of this.slots) this.start(slot);
    const readyTimeoutMs = this.options.readyTimeoutMs ?? readyTimeoutMsDefault;
    const pending = () =>
      this.slots
        .filter((s) => !s.ready)
        .map((s) => s.spec.name)
        .join(', ');
    this.timers.push(
      setInterval(() => {
        if (!this.welcomed) this.info(`Still waiting for: ${pending()} (their lines above say why).`);
      }, pendingNoticeIntervalMs),
      setTimeout(() => {
        if (this.welcomed) return;
        this.warn(`Not every service became ready within ${formatMs(readyTimeoutMs)}: ${pending()}; stopping.`);
        void this.stopAll(1);
      }, readyTimeoutMs),
    );
    return done;
  }

  private start(slot: Slot): void {
    const child = spawnService(slot.spec, this.options);
    slot.child = child;
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => this.info(`${slot.prefix} ${formatLogLine(line)}`));
    }
    child.on('exit', (code, signal) => this.onExit(slot, signal ?? `code ${code}`));
    void waitUntilReady(slot, child, this.options.env, () => this.stopping).then((ready) => ready && this.onReady(slot));
  }

  private onReady(slot: Slot): void {
    slot.ready = true;
    slot.crashesInARow = 0;
    if (this.welcomed) {
      this.info(`${slot.prefix} is ready again.`);
    } else if (this.slots.every((s) => s.ready)) {
      this.welcomed = true;
      printWelcome(this.options, this.info);
    }
  }

  private onExit(slot: Slot, exit: string): void {
    slot.child = null;
    slot.ready = false;
    if (this.stopping) return;
    const nowMs = performance.now();
    slot.restartsMs = slot.restartsMs.filter((ms) => nowMs - ms < this.policy.windowMs);
    if (slot.restartsMs.length >= this.policy.restartsMax) {
      this.warn(
        `${slot.prefix} exited (${exit}) after ${slot.restartsMs.length} restarts within ${formatMs(this.policy.windowMs)}; giving up and stopping the others.`,
      );
      void this.stopAll(1);
      return;
    }
    slot.crashesInARow += 1;
    const delayMs = Math.min(this.policy.delayMsMax, this.policy.delayMsMin * 2 ** Math.min(slot.crashesInARow - 1, 16));
    this.warn(
      `${slot.prefix} exited (${exit}); restarting it in ${formatMs(delayMs)} ` +
        `(restart ${slot.restartsMs.length + 1} of at most ${this.policy.restartsMax} within ${formatMs(this.policy.windowMs)}).`,
    );
    slot.restartTimer = setTimeout(() => {
      slot.restartTimer = null;
      // A Ctrl-C may have arrived during the pause (it reaches the services too): its stop wins.
      if (this.stopping) return;
      slot.restartsMs.push(performance.now());
      this.start(slot);
    }, delayMs);
  }

  private async stopAll(code: number): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    for (const slot of this.slots) if (slot.restartTimer) clearTimeout(slot.restartTimer);
    this.info('\nStopping every service…');
    await Promise.all(this.slots.map((slot) => (slot.child ? stopChild(slot.child) : undefined)));
    // Only now: a second Ctrl-C (bootstrap.mjs forwards one too) must not kill this process early.
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
    this.resolveDone(code);
  }
}

function spawnService(spec: ServiceSpec, options: SuperviseOptions): ChildProcess {
  const entry = spec.entry ?? path.join(options.root, 'apps', spec.name, 'src', 'server.ts');
  const runner = entry.endsWith('.ts') ? path.join(options.root, 'node_modules', '.bin', 'tsx') : process.execPath;
  return spawn(runner, [entry], {
    cwd: options.root,
    env: { ...options.env, [spec.portVariable]: String(portOf(spec, options.env)) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function portOf(service: ServiceSpec, env: NodeJS.ProcessEnv): number {
  return Number(env[service.portVariable] ?? service.port);
}

/** Polls one child's /health/ready until it answers 200 (true), or it exits or the platform stops (false). */
async function waitUntilReady(slot: Slot, child: ChildProcess, env: NodeJS.ProcessEnv, stopped: () => boolean): Promise<boolean> {
  const url = `http://127.0.0.1:${portOf(slot.spec, env)}/health/ready`;
  while (!stopped() && slot.child === child) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    // The answer may come from this child only while it is still the slot's child.
    if (ok && slot.child === child && !stopped()) return true;
    await new Promise((resolve) => setTimeout(resolve, readyPollIntervalMs));
  }
  return false;
}

function formatMs(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.round(ms / 100) / 10} s`;
}

function printWelcome(options: SuperviseOptions, info: (line: string) => void): void {
  // The page a newcomer opens comes first (issue 17); the APIs' Swagger UI after it.
  const web = options.services.find((s) => s.name === 'web');
  const staffConsole = options.services.find((s) => s.name === 'console');
  const lines = [
    '',
    'The platform is running. Ctrl-C stops everything.',
    ...(web ? ['', `  Open the player web app: http://127.0.0.1:${portOf(web, options.env)}/`] : []),
    ...(staffConsole
      ? [`  Open the back-office console (staff below): http://127.0.0.1:${portOf(staffConsole, options.env)}/`]
      : []),
    '',
    ...options.services
      .filter((s) => s !== web && s !== staffConsole)
      .map((s) => {
        const base = `http://127.0.0.1:${portOf(s, options.env)}`;
        return `  ${s.name.padEnd(17)} ${base}/docs   ${s.what}`;
      }),
    '',
    'Each service: /health/live, /health/ready, /openapi.json (OpenAPI 3.1), /docs (Swagger UI).',
    ...options.seeded.lines,
    '',
  ];
  info(lines.join('\n'));
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
