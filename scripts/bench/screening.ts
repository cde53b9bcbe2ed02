/**
 * `npm run bench:screening`: sanctions/PEP screening speed against a 100,000-entry fictional list,
 * on one core (one Node process, one screening at a time). A measurement, not a test: it always
 * exits 0 unless the benchmark itself fails. Method and results: docs/performance.md.
 *
 * What is timed is `ScreeningIndex.screen` (blocking, Jaro-Winkler scoring, date of birth and
 * nationality), the work of one screening once the in-memory index is built. The index is built
 * once per list revision (packages/compliance screening-lists.ts); its build time is printed too.
 *
 * Environment: BENCH_ENTRIES (100000), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (1).
 */
import os from 'node:os';
import {
  defaultComplianceRules,
  entryContentHash,
  fictionalSampleEntries,
  generateFictionalEntries,
  ScreeningIndex,
  type ScreenedPerson,
} from '@casino/compliance';

const entries = Number(process.env.BENCH_ENTRIES ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);

const czechFirst = ['Jan', 'Petr', 'Jana', 'Eva', 'Tomáš', 'Lucie', 'Martin', 'Kateřina', 'Jiří', 'Tereza', 'Pavel', 'Veronika'];
const czechSurnames = [
  'Novák',
  'Svoboda',
  'Dvořáková',
  'Černý',
  'Procházka',
  'Kučerová',
  'Veselý',
  'Horáková',
  'Němec',
  'Marek',
  'Pokorná',
  'Král',
];

/** Queries: mostly ordinary (unlisted) players, and every tenth a listed name reordered or misspelt. */
function queries(count: number, listed: readonly { primaryName: string }[]): ScreenedPerson[] {
  const out: ScreenedPerson[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 10 === 0) {
      const words = listed[(i * 7919) % listed.length]!.primaryName.split(' ');
      const reordered = [...words].reverse().join(' ');
      out.push({ fullName: i % 20 === 0 ? reordered : reordered.replace(/[aeiou]/, 'y') });
    } else {
      out.push({
        fullName: `${czechFirst[i % czechFirst.length]} ${czechSurnames[(i * 5) % czechSurnames.length]}`,
        dateOfBirth: `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
        citizenship: 'CZ',
      });
    }
  }
  return out;
}

function percentile(sortedMs: number[], p: number): number {
  return sortedMs[Math.min(sortedMs.length - 1, Math.floor((p / 100) * sortedMs.length))] ?? Number.NaN;
}

const list = [...fictionalSampleEntries, ...generateFictionalEntries(entries - fictionalSampleEntries.length)];
const buildStart = performance.now();
const index = new ScreeningIndex(
  list.map((e) => ({ ...e, listCode: 'bench', listKind: 'SANCTIONS' as const, contentHash: entryContentHash(e) })),
);
const buildMs = performance.now() - buildStart;
const options = {
  scoreBpsMin: defaultComplianceRules.screening.reviewScoreBpsMin,
  candidatesMax: defaultComplianceRules.screening.candidatesMax,
  matchesMax: defaultComplianceRules.screening.matchesPerAlertMax,
};
const workload = queries(10_000, list);

console.log(`bench:screening ${new Date().toISOString()}`);
console.log(
  `machine: ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, Node ${process.version}`,
);
console.log(
  `list: ${index.entryCount} fictional entries, index built in ${buildMs.toFixed(0)} ms; review threshold ${options.scoreBpsMin} bps; one core, one screening at a time`,
);

let cursor = 0;
const warmupEnd = performance.now() + warmupSeconds * 1000;
while (performance.now() < warmupEnd) index.screen(workload[cursor++ % workload.length]!, options);

const latenciesMs: number[] = [];
let hits = 0;
const end = performance.now() + seconds * 1000;
const started = performance.now();
while (performance.now() < end) {
  const t0 = performance.now();
  if (index.screen(workload[cursor++ % workload.length]!, options).length > 0) hits++;
  latenciesMs.push(performance.now() - t0);
}
const elapsedS = (performance.now() - started) / 1000;
latenciesMs.sort((a, b) => a - b);
const rate = latenciesMs.length / elapsedS;
console.log(`screenings: ${latenciesMs.length} in ${elapsedS.toFixed(1)} s, ${hits} with a match at or above the threshold`);
console.log(
  `latency ms: p50 ${percentile(latenciesMs, 50).toFixed(2)}, p90 ${percentile(latenciesMs, 90).toFixed(2)}, p99 ${percentile(latenciesMs, 99).toFixed(2)}, max ${latenciesMs.at(-1)!.toFixed(2)}`,
);
console.log(
  `targets: >= 200 screenings/s ${rate >= 200 ? 'met' : 'NOT met'}, p99 < 50 ms ${percentile(latenciesMs, 99) < 50 ? 'met' : 'NOT met'} (the machine is shared: numbers are understated)`,
);
console.log(`bench:screening screenings_per_s=${Math.round(rate)} p99_ms=${percentile(latenciesMs, 99).toFixed(2)}`);
