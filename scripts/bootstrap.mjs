#!/usr/bin/env node
// Entry point of the README's commands (`npm start`, `npm test`). Plain JavaScript with no
// dependencies, because it runs before they are installed: it checks Node, installs the
// workspace when needed, generates the Prisma client, then hands over to scripts/platform.ts.
// `run <script.ts> [args…]` does the same preparation, then runs that script with tsx: the
// `bench:*`, `verify:*`, `sim:*` and `docs:requirements` npm scripts go through it, so they work on
// a fresh clone (they import the Prisma client, which is generated, not committed).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv[2] ?? 'start';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node.js ${process.versions.node} is too old: this project needs Node 20.19 or newer (Prisma 7 requires it).`);
  process.exit(1);
}

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function mtime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

// Install when node_modules is missing or older than the lockfile.
const installedMarker = path.join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installedMarker) || mtime(path.join(root, 'package-lock.json')) > mtime(installedMarker)) {
  console.log('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

// Generate the Prisma client when it is missing or older than the schema. The CLI wants a
// schema-engine binary it downloads from the internet; `generate` does not use it, so point it
// at a harmless executable (migrations run through scripts/migrate.ts, docs/decisions.md D-001).
const generatedClient = path.join(root, 'packages', 'db', 'src', 'generated', 'client.ts');
if (mtime(path.join(root, 'prisma', 'schema.prisma')) > mtime(generatedClient) || command === 'generate') {
  run('npx', ['prisma', 'generate'], {
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/bin/true',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  });
}
if (command === 'generate') process.exit(0);

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
if (command === 'run') {
  const [script, ...args] = process.argv.slice(3);
  if (!script) {
    console.error('usage: node scripts/bootstrap.mjs run <script.ts> [arguments…]');
    process.exit(2);
  }
  const result = spawnSync(tsx, [path.resolve(root, script), ...args], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
const child = spawn(tsx, [path.join(root, 'scripts', 'platform.ts'), command, ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
});
// Ctrl-C reaches the whole process group; platform.ts decides how to stop. Forward signals sent
// to this process alone (kill <pid>) so they reach it too.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
