/**
 * `npm run bench:poker`: speed of the poker evaluator and engine on one core (this process is
 * single-threaded). A measurement, not a test: it exits 0 whether or not the target is met (1 only
 * when the benchmark itself fails). Method and results: docs/performance.md, "Poker engine (issue 8)".
 *
 * - 7-card evaluations: random 7-card hands (a seeded shuffle per hand, made before timing) are
 *   read as card numbers, packed and evaluated, as a caller holding cards would do. The checked
 *   entry points (`evaluateHigh`, `highRanking.strength`) are timed too, for comparison.
 * - Omaha Hi/Lo showdowns: N players (BENCH_OMAHA_PLAYERS, default 6) with four hole cards and a
 *   full board: each player's best high and best 8-or-better low through the `HandRanking`
 *   interface the engine uses, then the high and the low winners.
 * - Engine hands: whole no-limit Hold'em hands through the state machine, six players, random legal
 *   decisions, showdown and chip pushing included.
 *
 * Environment: BENCH_SECONDS (3, per measurement), BENCH_WARMUP_SECONDS (1), BENCH_OMAHA_PLAYERS (6).
 * Ends with `bench:poker evals_7card_per_s=<n> omaha_hilo_showdowns_per_s=<n>`.
 */
import os from 'node:os';
import { poker, SeededRng, shuffle, standardDeck, type Card, type Rng } from '@casino/games';

const {
  cardHighBit,
  cardLowBit,
  evaluateHigh,
  evaluateHighPacked,
  findWinners,
  highRanking,
  legalActions,
  noLimitHoldem,
  omahaHighRanking,
  omahaLow8Ranking,
  act,
  pendingDecision,
  runPendingStep,
  startHand,
  aceToFiveLowRanking,
  aceToFiveLow8Ranking,
  badugiRanking,
  deuceToSevenLowRanking,
  sevenE32Ranking,
  sokoRanking,
} = poker;

const targetEvalsPerS = 20_000_000;

interface Config {
  seconds: number;
  warmupS: number;
  omahaPlayers: number;
}

function readConfig(): Config {
  const number = (name: string, fallback: number, min: number, max: number): number => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isFinite(value) || value < min || value > max)
      throw new Error(`${name} must be a number in [${min}, ${max}], got "${process.env[name]}"`);
    return value;
  };
  return {
    seconds: number('BENCH_SECONDS', 3, 0.1, 600),
    warmupS: number('BENCH_WARMUP_SECONDS', 1, 0, 60),
    omahaPlayers: Math.round(number('BENCH_OMAHA_PLAYERS', 6, 2, 10)),
  };
}

/**
 * Runs `batch` (which does `perBatch` operations) until `seconds` have passed and returns
 * operations per second. The checksum keeps the optimiser from dropping the work.
 */
function measure(seconds: number, perBatch: number, batch: () => number): { perS: number; checksum: number } {
  let checksum = 0;
  let operations = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let now = started;
  while (now < deadline) {
    checksum = (checksum + batch()) | 0;
    operations += perBatch;
    now = performance.now();
  }
  return { perS: operations / ((now - started) / 1000), checksum };
}

function timed(config: Config, perBatch: number, batch: () => number): number {
  if (config.warmupS > 0) measure(config.warmupS, perBatch, batch);
  return measure(config.seconds, perBatch, batch).perS;
}

/** `count` random hands of `size` distinct cards, flattened. */
function randomHands(rng: Rng, count: number, size: number): Uint8Array {
  const cards = new Uint8Array(count * size);
  const deck = standardDeck();
  for (let hand = 0; hand < count; hand++) {
    const dealt = shuffle(deck, rng);
    for (let k = 0; k < size; k++) cards[hand * size + k] = dealt[k]!;
  }
  return cards;
}

const sevenCardHands = 1 << 18;

function benchSevenCards(config: Config, rng: Rng): { rawPerS: number; checkedPerS: number; rankingPerS: number } {
  const cards = randomHands(rng, sevenCardHands, 7);
  const raw = (): number => {
    let sum = 0;
    for (let o = 0; o < cards.length; o += 7) {
      const a = cards[o]!,
        b = cards[o + 1]!,
        c = cards[o + 2]!,
        d = cards[o + 3]!,
        e = cards[o + 4]!,
        f = cards[o + 5]!,
        g = cards[o + 6]!;
      const low =
        cardLowBit[a]! | cardLowBit[b]! | cardLowBit[c]! | cardLowBit[d]! | cardLowBit[e]! | cardLowBit[f]! | cardLowBit[g]!;
      const high =
        cardHighBit[a]! |
        cardHighBit[b]! |
        cardHighBit[c]! |
        cardHighBit[d]! |
        cardHighBit[e]! |
        cardHighBit[f]! |
        cardHighBit[g]!;
      sum = (sum + evaluateHighPacked(low, high, 7)) | 0;
    }
    return sum;
  };
  const arrays: Card[][] = [];
  for (let o = 0; o < cards.length; o += 7) arrays.push(Array.from(cards.subarray(o, o + 7)));
  const checked = (): number => {
    let sum = 0;
    for (const hand of arrays) sum = (sum + evaluateHigh(hand)) | 0;
    return sum;
  };
  const holes = arrays.map((hand) => hand.slice(0, 2));
  const boards = arrays.map((hand) => hand.slice(2));
  const ranking = (): number => {
    let sum = 0;
    for (let k = 0; k < holes.length; k++) sum = (sum + highRanking.strength(holes[k]!, boards[k]!)!.value) | 0;
    return sum;
  };
  return {
    rawPerS: timed(config, sevenCardHands, raw),
    checkedPerS: timed(config, sevenCardHands, checked),
    rankingPerS: timed(config, sevenCardHands, ranking),
  };
}

const omahaDeals = 1 << 13;

function benchOmahaHiLo(config: Config, rng: Rng): number {
  const players = config.omahaPlayers;
  const deals = Array.from({ length: omahaDeals }, () => {
    const deck = shuffle(standardDeck(), rng);
    return {
      holes: Array.from({ length: players }, (_, p) => deck.slice(4 * p, 4 * p + 4)),
      board: deck.slice(4 * players, 4 * players + 5),
    };
  });
  const showdowns = (): number => {
    let sum = 0;
    for (const deal of deals) {
      const highs = deal.holes.map((hole) => omahaHighRanking.strength(hole, deal.board));
      const lows = deal.holes.map((hole) => omahaLow8Ranking.strength(hole, deal.board));
      sum = (sum + findWinners(highs)[0]! + (findWinners(lows)[0] ?? 0)) | 0;
    }
    return sum;
  };
  return timed(config, omahaDeals, showdowns);
}

const engineHands = 200;

/** Whole hands with random legal decisions: calls and checks mostly, some raises, folds and all-ins. */
function playRandomHand(rng: Rng, handNumber: number): number {
  const stakes = {
    smallBlind: 50n,
    bigBlind: 100n,
    ante: 0n,
    anteMode: 'none' as const,
    straddle: 0n,
    rake: { rateBps: 500, capPerHand: 300n, noFlopNoDrop: true },
    contributionMax: null,
  };
  const players = Array.from({ length: 6 }, (_, k) => ({ seat: k + 1, name: `P${k + 1}`, stack: 10_000n }));
  let state = startHand({
    handId: `bench-${handNumber}`,
    variant: noLimitHoldem,
    stakes,
    seatCount: 6,
    buttonSeat: (handNumber % 6) + 1,
    players,
    rng,
  }).state;
  for (let steps = 0; state.phase !== 'complete'; steps++) {
    if (steps > 500) throw new Error('a benchmark hand did not end');
    const decision = pendingDecision(state);
    if (decision.kind === 'step') state = runPendingStep(state, decision.step).state;
    else if (decision.kind === 'action') {
      const legal = legalActions(state)!;
      const roll = rng.intBelow(20);
      if (roll === 0 && legal.allIn !== null) state = act(state, decision.seat, { kind: 'all-in' }).state;
      else if (roll < 3 && legal.raise) state = act(state, decision.seat, { kind: 'raise', to: legal.raise.min }).state;
      else if (roll < 5 && legal.bet) state = act(state, decision.seat, { kind: 'bet', amount: legal.bet.min }).state;
      else if (roll < 7 && !legal.check) state = act(state, decision.seat, { kind: 'fold' }).state;
      else state = act(state, decision.seat, { kind: legal.check ? 'check' : 'call' }).state;
    } else throw new Error(`unexpected decision ${decision.kind}`);
  }
  return Number(state.result!.rake);
}

function benchEngine(config: Config, rng: Rng): number {
  let handNumber = 0;
  return timed(config, engineHands, () => {
    let sum = 0;
    for (let k = 0; k < engineHands; k++) sum = (sum + playRandomHand(rng, handNumber++)) | 0;
    return sum;
  });
}

const rankingHands = 4096;

/** Issue 20's rankings through `HandRanking.strength`, one line each (evaluations/s). */
function benchVariantRankings(config: Config, rng: Rng): { name: string; perS: number }[] {
  const deck32 = standardDeck().filter((card) => card >> 2 >= 5);
  const deal = (deck: readonly number[], size: number): number[][] =>
    Array.from({ length: rankingHands }, () => shuffle(deck, rng).slice(0, size));
  const cases: { name: string; ranking: poker.HandRanking; hands: number[][] }[] = [
    { name: 'Badugi, 4 cards (badugiRanking)', ranking: badugiRanking, hands: deal(standardDeck(), 4) },
    { name: 'Sökö, 5 cards (sokoRanking)', ranking: sokoRanking, hands: deal(standardDeck(), 5) },
    { name: '7-E 32-card, 5 cards (sevenE32Ranking)', ranking: sevenE32Ranking, hands: deal(deck32, 5) },
    { name: '2-7 lowball, 5 cards (deuceToSevenLowRanking)', ranking: deuceToSevenLowRanking, hands: deal(standardDeck(), 5) },
    { name: 'Razz, best of 7 (aceToFiveLowRanking)', ranking: aceToFiveLowRanking, hands: deal(standardDeck(), 7) },
    { name: 'Stud Hi/Lo low, best of 7 (aceToFiveLow8Ranking)', ranking: aceToFiveLow8Ranking, hands: deal(standardDeck(), 7) },
  ];
  return cases.map(({ name, ranking, hands }) => ({
    name,
    perS: timed(config, rankingHands, () => {
      let sum = 0;
      for (const hand of hands) sum = (sum + (ranking.strength(hand, [])?.value ?? 0)) | 0;
      return sum;
    }),
  }));
}

function main(): void {
  const config = readConfig();
  const rate = (perS: number): string => Math.round(perS).toLocaleString('en-US');
  console.log(`bench:poker ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, Node ${process.version}, one thread`,
  );
  console.log(`run: ${config.seconds} s measured + ${config.warmupS} s warm-up per measurement\n`);
  const rng = new SeededRng('bench:poker');
  const seven = benchSevenCards(config, rng);
  console.log(`7-card high, cards packed and evaluated (evaluateHighPacked): ${rate(seven.rawPerS)} evaluations/s`);
  console.log(`7-card high, checked array entry point (evaluateHigh):        ${rate(seven.checkedPerS)} evaluations/s`);
  console.log(`7-card high, HandRanking interface (highRanking.strength):   ${rate(seven.rankingPerS)} evaluations/s`);
  const omaha = benchOmahaHiLo(config, rng);
  console.log(
    `Omaha Hi/Lo showdowns, ${config.omahaPlayers} players (high + 8-or-better low each, both winners): ${rate(omaha)} showdowns/s`,
  );
  for (const { name, perS } of benchVariantRankings(config, rng)) console.log(`${name}: ${rate(perS)} evaluations/s`);
  const hands = benchEngine(config, rng);
  console.log(`engine: whole NL Hold'em hands, 6 players, random legal play: ${rate(hands)} hands/s`);
  const met = seven.rawPerS >= targetEvalsPerS;
  console.log(
    `\ntarget: >= ${rate(targetEvalsPerS)} 7-card evaluations/s on one core: ${rate(seven.rawPerS)} -> ${met ? 'MET' : 'NOT MET'}`,
  );
  console.log(`bench:poker evals_7card_per_s=${Math.round(seven.rawPerS)} omaha_hilo_showdowns_per_s=${Math.round(omaha)}`);
}

main();
