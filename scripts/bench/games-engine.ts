/**
 * `npm run bench:games-engine`: how many rounds per second the pure engines play on one core, with
 * the production randomness (a fresh round seed, its commitment and the AES-CTR round stream per
 * round). Roulette: four seats with a typical mix of inside, outside and racetrack bets, confirmed,
 * spun and settled. Blackjack: five boxes played to settlement by basic strategy. A measurement,
 * not a test: it exits 0 whatever the numbers. BENCH_SECONDS (default 5) per engine.
 */
import os from 'node:os';
import {
  applyBlackjackActions,
  applyRouletteAction,
  basicStrategy,
  createRoundSeed,
  legalDecisions,
  openBlackjackRound,
  openRouletteRound,
  reelClassicBlackjack,
  roundRng,
  type BlackjackAction,
  type BlackjackStateView,
  type RouletteAction,
  type RouletteBetRequest,
  type RouletteTableLimits,
} from '@casino/games';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
if (!Number.isFinite(seconds) || seconds <= 0)
  throw new Error(`BENCH_SECONDS must be a positive number, got "${process.env.BENCH_SECONDS}"`);

const rouletteLimits: RouletteTableLimits = {
  unitMinor: 10n,
  insideMinimumMinor: 10n,
  outsideMinimumMinor: 10n,
  straightMaximumMinor: 100_000n,
  outsideMaximumMinor: 500_000n,
  positionMaximumMinor: 100_000_000n,
};
const bets: RouletteBetRequest[] = [
  { kind: 'inside', numbers: [17], stakeMinor: 1_000n },
  { kind: 'inside', numbers: [17, 20], stakeMinor: 2_000n },
  { kind: 'outside', position: 'red', stakeMinor: 5_000n },
  { kind: 'outside', position: 'dozen-2', stakeMinor: 2_000n },
  { kind: 'neighbours', centre: 0, perSide: 2, chipMinor: 100n },
  { kind: 'announced', name: 'voisins-du-zero', chipMinor: 100n },
];

function rouletteRound(): void {
  const { seed, commitment } = createRoundSeed();
  let state = openRouletteRound({
    roundId: 'bench',
    variant: 'french',
    limits: rouletteLimits,
    seedCommitment: commitment,
  }).state;
  const actions: RouletteAction[] = [];
  for (let seat = 1; seat <= 4; seat++) actions.push({ kind: 'place-bets', seat, bets }, { kind: 'confirm-bets', seat });
  actions.push({ kind: 'close-betting' }, { kind: 'spin' });
  for (const action of actions) state = applyRouletteAction(state, action, roundRng(seed)).state;
}

const strategy = basicStrategy(reelClassicBlackjack);

function blackjackDecision(state: BlackjackStateView): BlackjackAction | null {
  if (state.phase === 'settled') return null;
  if (state.phase === 'insurance') {
    const box = state.boxes.find((entry) => entry.insurance === 'pending' || entry.evenMoney === 'pending')!;
    return box.evenMoney === 'pending'
      ? { kind: 'even-money', seat: box.seat, take: false }
      : { kind: 'insurance', seat: box.seat, take: false };
  }
  const { seat, hand: index } = state.turn!;
  const box = state.boxes.find((entry) => entry.seat === seat)!;
  const hand = box.hands[index]!;
  const decision = strategy.decide(
    { cards: hand.cards, fromSplit: hand.fromSplit, handsInBox: box.hands.length },
    state.dealerCards[0]!,
    legalDecisions(state, seat),
  );
  return decision === 'split' || decision === 'surrender'
    ? { kind: decision, seat }
    : { kind: decision, seat, reconfirmed: true };
}

function blackjackRound(): void {
  const { seed, commitment } = createRoundSeed();
  const opened = openBlackjackRound({
    roundId: 'bench',
    rules: reelClassicBlackjack,
    limits: { unitMinor: 10n, stakeMinimumMinor: 10n, stakeMaximumMinor: 1_000_000n },
    seedCommitment: commitment,
  }).state;
  const betting: BlackjackAction[] = [];
  for (let seat = 1; seat <= 5; seat++)
    betting.push({ kind: 'place-bet', seat, stakeMinor: 1_000n }, { kind: 'confirm-bet', seat });
  betting.push({ kind: 'close-betting' });
  applyBlackjackActions(opened, (state) => betting.shift() ?? blackjackDecision(state), roundRng(seed));
}

function measure(name: string, round: () => void): number {
  for (let k = 0; k < 200; k++) round(); // warm-up
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let rounds = 0;
  while (performance.now() < deadline) {
    round();
    rounds += 1;
  }
  const rate = rounds / ((performance.now() - started) / 1000);
  console.log(`${name}: ${rounds} rounds in ${seconds} s, ${Math.round(rate)} rounds/s`);
  return rate;
}

console.log(
  `bench:games-engine: ${os.availableParallelism()} CPUs, load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}, Node ${process.version}`,
);
const roulette = measure('roulette (French, 4 seats × 6 bets, confirm, close, spin, settle)', rouletteRound);
const blackjack = measure('blackjack (Classic, 5 boxes, basic strategy to settlement)', blackjackRound);
console.log(`bench:games-engine roulette_rounds_per_s=${Math.round(roulette)} blackjack_rounds_per_s=${Math.round(blackjack)}`);
