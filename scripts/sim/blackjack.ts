/**
 * `npm run sim:blackjack -- --preset <name> --hands <n> [--seed <text>]`: plays <n> hands of a rule
 * set through the blackjack engine with its basic strategy, one box against the dealer, every hand
 * from a freshly shuffled shoe, and prints the RTP with a 95 % confidence interval, the hands per
 * second, the exact RTP of the same strategy and the RTP the seed states (`--chart` also prints the
 * basic strategy it plays). A measurement, not a test:
 * it exits 0 whatever the numbers (1 only on bad arguments). Method: docs/games.md.
 */
import os from 'node:os';
import {
  basicStrategy,
  blackjackPresets,
  exactRtp,
  roundRng,
  simulateBlackjack,
  simulationHandsMax,
  statedRtp,
  strategyChart,
  testRoundSeed,
} from '@casino/games';

interface Arguments {
  readonly preset: string;
  readonly hands: number;
  readonly seed: string;
  readonly chart: boolean;
}

function fail(message: string): never {
  console.error(`sim:blackjack: ${message}`);
  console.error(
    `usage: npm run sim:blackjack -- --preset <${Object.keys(blackjackPresets).join('|')}> --hands <2..${simulationHandsMax}> [--seed <text>] [--chart]`,
  );
  process.exit(1);
}

function readArguments(argv: readonly string[]): Arguments {
  const values = new Map<string, string>();
  const chart = argv.includes('--chart');
  argv = argv.filter((arg) => arg !== '--chart');
  for (let k = 0; k < argv.length; k += 2) {
    const name = argv[k]!;
    if (!name.startsWith('--') || argv[k + 1] === undefined) fail(`expected "--name value" pairs, got "${name}"`);
    values.set(name.slice(2), argv[k + 1]!);
  }
  const preset = values.get('preset') ?? fail('--preset is required');
  if (!blackjackPresets[preset]) fail(`unknown preset "${preset}"`);
  const hands = Number((values.get('hands') ?? '1000000').replaceAll('_', ''));
  if (!Number.isInteger(hands) || hands < 2 || hands > simulationHandsMax)
    fail(`--hands must be an integer from 2 to ${simulationHandsMax}`);
  return { preset, hands, seed: values.get('seed') ?? Math.random().toString(36).slice(2, 10), chart };
}

const percent = (value: number, digits = 3): string => `${(value * 100).toFixed(digits)} %`;

function main(): void {
  const args = readArguments(process.argv.slice(2));
  const rules = blackjackPresets[args.preset]!;
  const stated = statedRtp[rules.id]!;
  console.log(`sim:blackjack ${rules.id} (${rules.name}, ${rules.source}): ${args.hands} hands, seed "${args.seed}"`);
  console.log(
    `machine: ${os.availableParallelism()} CPUs, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  console.log(
    `${rules.decks} decks shuffled before every hand; basic strategy played through the engine; insurance and even money declined`,
  );
  const strategy = basicStrategy(rules);
  if (args.chart)
    console.log(
      `basic strategy (H hit, S stand, D double else hit, Ds double else stand, P split, R surrender else hit, Rs surrender else stand):\n${strategyChart(rules)}`,
    );
  const exact = exactRtp(rules, strategy);
  const step = Math.max(1, Math.floor(args.hands / 10));
  let played = 0;
  const result = simulateBlackjack({
    rules,
    hands: args.hands,
    rng: roundRng(testRoundSeed(`sim:blackjack:${args.seed}`)),
    strategy,
    onHand: () => {
      played += 1;
      if (played % step === 0 && played < args.hands) process.stderr.write(`  ${played} hands…\n`);
    },
  });
  const [low, high] = result.confidence95;
  console.log(
    `RTP ${percent(result.rtp)} (95 % CI ${percent(low)} to ${percent(high)}), σ per hand ${result.standardDeviationPerHand.toFixed(3)}, return on all stakes ${percent(result.returnOnAllStakes)}`,
  );
  console.log(
    `exact RTP of the same strategy ${percent(exact.rtp)} (${low <= exact.rtp && exact.rtp <= high ? 'inside' : 'OUTSIDE'} the interval); stated by the seed ${percent(stated.rtp, 2)} (${stated.requirement})`,
  );
  console.log(`${Math.round(result.handsPerSecond)} hands per second (${(result.elapsedMs / 1000).toFixed(1)} s)`);
  console.log(
    `sim:blackjack preset=${rules.id} hands=${result.hands} rtp=${result.rtp.toFixed(5)} ci95_low=${low.toFixed(5)} ci95_high=${high.toFixed(5)} exact_rtp=${exact.rtp.toFixed(5)} stated_rtp=${stated.rtp} hands_per_s=${Math.round(result.handsPerSecond)}`,
  );
}

main();
