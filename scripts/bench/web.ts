/**
 * `npm run bench:web`: what the player's web page weighs and how soon the lobby can be used (issue 17).
 * A measurement, not a test: it exits 0 whatever the numbers.
 *
 * (1) The page bundle: every file Vite writes into apps/web/dist (built first when stale), raw and
 *     gzip-compressed, the way a browser downloads it.
 * (2) The lobby's time to interactive, from Chromium's own performance API, against a running platform
 *     (`npm start` in another terminal): headless Debian Chromium logs in as the seeded demo player, then
 *     opens the lobby BENCH_RUNS times with a cold cache, reading the navigation entry (`domInteractive`,
 *     `domContentLoadedEventEnd`, `loadEventEnd`) and `performance.now()` when the first table's "Play"
 *     link is on the screen (the lobby answered through the web app's proxy and React rendered it).
 *
 * Environment: WEB_URL (http://127.0.0.1:3000), BENCH_RUNS (5), CHROMIUM_PATH (/usr/bin/chromium).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWebPage, distDir, pageIsStale } from '@casino/web';
import { chromium } from 'playwright-core';

const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3000';
const runs = Number(process.env.BENCH_RUNS ?? 5);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (pageIsStale()) await buildWebPage({ quiet: true });
let raw = 0;
let gzip = 0;
console.log(`Page bundle (apps/web/dist), ${os.cpus().length} cores, Node ${process.versions.node}:`);
for (const file of files(distDir).sort()) {
  const content = readFileSync(file);
  const zipped = gzipSync(content, { level: 9 }).length;
  raw += statSync(file).size;
  gzip += zipped;
  console.log(`  ${path.relative(distDir, file).padEnd(34)} ${kb(content.length).padStart(11)} ${kb(zipped).padStart(11)} gzip`);
}
console.log(`  ${'total'.padEnd(34)} ${kb(raw).padStart(11)} ${kb(gzip).padStart(11)} gzip`);

const reachable = await fetch(`${webUrl}/health/ready`).then(
  (r) => r.ok,
  () => false,
);
if (!reachable || !existsSync(chromiumPath)) {
  console.log(
    reachable
      ? `\nNo Chromium at ${chromiumPath} (apt-get install -y chromium): the lobby's time to interactive was not measured.`
      : `\nNo web app at ${webUrl} (run \`npm start\`, or set WEB_URL): the lobby's time to interactive was not measured.`,
  );
  console.log(`bench:web: bundle ${kb(raw)} (${kb(gzip)} gzip); lobby not measured`);
  process.exit(0);
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
});
const results: Array<{ interactive: number; contentLoaded: number; load: number; lobby: number }> = [];
try {
  for (let run = 0; run < runs; run++) {
    // A fresh profile each run: the login page is the cold load, the measured lobby load a returning one.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${webUrl}/login`);
    await page.getByLabel('E-mail').fill('demo.player@casino.example');
    await page.getByLabel('Heslo').fill('demo-player-password');
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hry' }).waitFor({ timeout: 60_000 });
    // The measured navigation: the lobby opened from its address (the session cookie brings the token).
    await page.goto(`${webUrl}/`, { waitUntil: 'commit' });
    await page
      .getByRole('link', { name: /^Hrát / })
      .first()
      .waitFor({ timeout: 60_000 });
    const lobby = (await page.evaluate('performance.now()')) as number;
    const nav = (await page.evaluate(
      `(() => { const n = performance.getEntriesByType('navigation')[0]; return { interactive: n.domInteractive, contentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd }; })()`,
    )) as { interactive: number; contentLoaded: number; load: number };
    results.push({ ...nav, lobby });
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(`\nLobby at ${webUrl}, ${runs} cold loads, headless Chromium (ms from navigation start, median / worst):`);
for (const key of ['interactive', 'contentLoaded', 'load', 'lobby'] as const) {
  const values = results.map((r) => r[key]);
  const label = {
    interactive: 'domInteractive',
    contentLoaded: 'DOMContentLoaded end',
    load: 'load event end',
    lobby: 'lobby tables on screen',
  }[key];
  console.log(
    `  ${label.padEnd(24)} ${median(values).toFixed(0).padStart(6)} / ${Math.max(...values)
      .toFixed(0)
      .padStart(6)}`,
  );
}
console.log(
  `bench:web: bundle ${kb(raw)} (${kb(gzip)} gzip); lobby interactive in ${median(results.map((r) => r.interactive)).toFixed(0)} ms, tables on screen in ${median(results.map((r) => r.lobby)).toFixed(0)} ms (median of ${runs})`,
);
