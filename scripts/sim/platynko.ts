/**
 * `npm run sim:platynko -- [--rounds <n>] [--seats <1..4>] [--seed <text>] [--through draw|round]`: the
 * exact RTP of Plátýnko (every draw the rng can make, enumerated and settled by the engine) and a
 * simulation of <n> rounds in which each seat bets the table minimum on one random card, with a 95 %
 * confidence interval (004:GAM-PL-01, T-121). A measurement, not a test: it exits 0 whatever the
 * numbers (1 only on bad arguments). The last line is machine-readable:
 * `sim:platynko exact_rtp=<percent> simulated_rtp=<percent> rounds=<n>`. Method: docs/games.md.
 */
import os from 'node:os';
import {
  exactPlatynkoRtp,
  fractionToNumber,
  platynkoSeatsMax,
  platynkoSimulationRoundsMax,
  roundRng,
  simulatePlatynko,
  testRoundSeed,
} from '@casino/games';

interface Arguments {
  readonly rounds: number;
  readonly seats: number;
  readonly seed: string;
  readonly through: 'draw' | 'round';
}

function fail(message: string): never {
  console.error(`sim:platynko: ${message}`);
  console.error(
    `usage: npm run sim:platynko -- [--rounds <1..${platynkoSimulationRoundsMax}>] [--seats <1..${platynkoSeatsMax}>] [--seed <text>] [--through draw|round]`,
  );
  process.exit(1);
}

function readArguments(argv: readonly string[]): Arguments {
  const values = new Map<string, string>();
  for (let k = 0; k < argv.length; k += 2) {
    const name = argv[k]!;
    if (!name.startsWith('--') || argv[k + 1] === undefined) fail(`expected "--name value" pairs, got "${name}"`);
    values.set(name.slice(2), argv[k + 1]!);
  }
  const rounds = Number((values.get('rounds') ?? '1000000').replaceAll('_', ''));
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > platynkoSimulationRoundsMax)
    fail(`--rounds must be an integer from 1 to ${platynkoSimulationRoundsMax}`);
  const seats = Number(values.get('seats') ?? platynkoSeatsMax);
  if (!Number.isInteger(seats) || seats < 1 || seats > platynkoSeatsMax) fail(`--seats must be 1 to ${platynkoSeatsMax}`);
  const through = values.get('through') ?? 'draw';
  if (through !== 'draw' && through !== 'round') fail('--through is draw or round');
  return { rounds, seats, seed: values.get('seed') ?? Math.random().toString(36).slice(2, 10), through };
}

const percent = (value: number, digits = 4): string => (value * 100).toFixed(digits);

function main(): void {
  const args = readArguments(process.argv.slice(2));
  console.log(
    `sim:platynko: ${args.rounds} rounds × ${args.seats} seats, one single-card bet per seat, seed "${args.seed}", through the ${args.through === 'draw' ? "engine's draw and settlement" : 'round state machine'}`,
  );
  console.log(
    `machine: ${os.availableParallelism()} CPUs, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  const exact = exactPlatynkoRtp();
  const exactNet = exactPlatynkoRtp('net-odds');
  console.log(
    `exact RTP ${exact.numerator}/${exact.denominator} = ${percent(fractionToNumber(exact))} % (odds as total return, 004:GAM-PL-08); read as net odds it would be ${exactNet.numerator}/${exactNet.denominator} = ${percent(fractionToNumber(exactNet))} %, rejected`,
  );
  const step = Math.max(1, Math.floor(args.rounds / 10));
  let played = 0;
  const started = performance.now();
  const result = simulatePlatynko({
    rounds: args.rounds,
    seats: args.seats,
    rng: roundRng(testRoundSeed(`sim:platynko:${args.seed}`)),
    through: args.through,
    onRound: () => {
      played += 1;
      if (played % step === 0 && played < args.rounds) process.stderr.write(`  ${played} rounds…\n`);
    },
  });
  const elapsedMs = performance.now() - started;
  const [low, high] = result.confidence95;
  const inside = low <= fractionToNumber(exact) && fractionToNumber(exact) <= high;
  console.log(
    `simulated RTP ${percent(result.rtp)} % over ${result.bets} bets (95 % CI ${percent(low)} % to ${percent(high)} %, the exact RTP is ${inside ? 'inside' : 'OUTSIDE'} it)`,
  );
  console.log(`${Math.round(result.rounds / (elapsedMs / 1000))} rounds per second (${(elapsedMs / 1000).toFixed(1)} s)`);
  console.log(
    `sim:platynko exact_rtp=${percent(fractionToNumber(exact))} simulated_rtp=${percent(result.rtp)} rounds=${result.rounds}`,
  );
}

main();
