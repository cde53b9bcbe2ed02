/**
 * `npm run verify:poker-7card`: evaluates every one of the 133,784,560 seven-card hands of a
 * 52-card deck with the production high evaluator and compares the category counts and the number
 * of distinct values with the known frequencies. Exits 1 on any difference. The 2,598,960 five-card
 * hands are a test (packages/games/src/poker/evaluator/high-evaluator.exhaustive.test.ts); this is
 * the same proof for seven cards, too slow for every test run (a few seconds to a minute).
 */
import { poker } from '@casino/games';

const { cardHighBit, cardLowBit, evaluateHighPacked, highKinds } = poker;

/** Seven-card frequencies (best five of seven), e.g. Wikipedia "Poker probability", 7-card table. */
const expectedCounts: Readonly<Record<(typeof highKinds)[number], number>> = {
  'straight-flush': 41_584,
  'four-of-a-kind': 224_848,
  'full-house': 3_473_184,
  flush: 4_047_644,
  straight: 6_180_020,
  'three-of-a-kind': 6_461_620,
  'two-pair': 31_433_400,
  'one-pair': 58_627_800,
  'high-card': 23_294_460,
};
const expectedRoyalFlushes = 4_324;
const expectedHands = 133_784_560;
/** Distinct values seven-card hands take: 7,462 five-card classes minus those no best-of-seven can be (e.g. 7-5-4-3-2 high). */
const expectedDistinctValues = 4_824;

const levelShift = 20;
const royalFlushValue = (highKinds.indexOf('straight-flush') << levelShift) | (12 << 16);

interface Tally {
  hands: number;
  byLevel: Float64Array;
  royalFlushes: number;
  seen: Uint8Array;
}

/** Nested loops over card numbers, packing incrementally so each hand costs two ORs and one evaluation. */
function enumerate(): Tally {
  const byLevel = new Float64Array(highKinds.length);
  const seen = new Uint8Array(1 << 24);
  let hands = 0;
  let royalFlushes = 0;
  for (let a = 0; a < 46; a++) {
    const la = cardLowBit[a]!,
      ha = cardHighBit[a]!;
    for (let b = a + 1; b < 47; b++) {
      const lb = la | cardLowBit[b]!,
        hb = ha | cardHighBit[b]!;
      for (let c = b + 1; c < 48; c++) {
        const lc = lb | cardLowBit[c]!,
          hc = hb | cardHighBit[c]!;
        for (let d = c + 1; d < 49; d++) {
          const ld = lc | cardLowBit[d]!,
            hd = hc | cardHighBit[d]!;
          for (let e = d + 1; e < 50; e++) {
            const le = ld | cardLowBit[e]!,
              he = hd | cardHighBit[e]!;
            for (let f = e + 1; f < 51; f++) {
              const lf = le | cardLowBit[f]!,
                hf = he | cardHighBit[f]!;
              for (let g = f + 1; g < 52; g++) {
                const value = evaluateHighPacked(lf | cardLowBit[g]!, hf | cardHighBit[g]!, 7);
                byLevel[value >>> levelShift]!++;
                seen[value] = 1;
                if (value === royalFlushValue) royalFlushes++;
              }
              hands += 51 - f;
            }
          }
        }
      }
    }
  }
  return { hands, byLevel, royalFlushes, seen };
}

function main(): void {
  const started = performance.now();
  const tally = enumerate();
  const seconds = (performance.now() - started) / 1000;
  const distinct = tally.seen.reduce((count, flag) => count + flag, 0);
  const rows: [string, number, number][] = highKinds.map((kind, level) => [kind, tally.byLevel[level]!, expectedCounts[kind]]);
  rows.reverse();
  rows.push(['  of which royal flush', tally.royalFlushes, expectedRoyalFlushes]);
  rows.push(['hands', tally.hands, expectedHands]);
  rows.push(['distinct values', distinct, expectedDistinctValues]);
  const format = (n: number): string => n.toLocaleString('en-US').padStart(12);
  let failures = 0;
  for (const [name, actual, expected] of rows) {
    const ok = actual === expected;
    if (!ok) failures++;
    console.log(`${name.padEnd(24)} ${format(actual)}  expected ${format(expected)}  ${ok ? 'ok' : 'DIFFERENT'}`);
  }
  console.log(
    `\n${tally.hands.toLocaleString('en-US')} seven-card hands in ${seconds.toFixed(1)} s (${Math.round(tally.hands / seconds).toLocaleString('en-US')} hands/s including the enumeration)`,
  );
  console.log(
    failures === 0
      ? 'verify:poker-7card: every count matches the known frequencies'
      : `verify:poker-7card: ${failures} count(s) differ`,
  );
  process.exitCode = failures === 0 ? 0 : 1;
}

main();
