/**
 * `bench:games`' players (issue 22, D-2265): the HTTP clients of one betting window in a process of
 * their own, so the game service (the bench's main process) has its event loop and its CPU to itself
 * and the clients' cost (HTTP, JSON) is measured apart from the service's. Started by games.ts with
 * `fork`; gets { base, players, warmupS, measureS } as its first message, tells the parent when the
 * measured window opens and closes (the parent samples CPU then), and answers the run's result.
 */
import { newId } from '@casino/core';
import { benchHttpClient } from './http-client.ts';
import { runClients, runPaced } from './workload.ts';

export interface BenchPlayer {
  playerId: string;
  token: string;
  tableId: string;
  roundId: string | null;
}

export interface ClientsPlan {
  base: string;
  players: BenchPlayer[];
  warmupS: number;
  measureS: number;
  /** Set: bets arrive at this rate (open loop, `runPaced`); unset: each player bets again as soon as answered. */
  ratePerS?: number;
}

export type ClientsMessage =
  | { kind: 'window'; edge: 'start' | 'end' }
  | { kind: 'result'; ops: number; errors: number; firstError: string | null; seconds: number; latenciesMs: number[] };

/** One bet over HTTP: place and confirm 1 CZK on red; a round that closed meanwhile is replaced by the table's next. */
export function betPlacer(base: string, sockets: number): (player: BenchPlayer) => Promise<void> {
  const request = benchHttpClient(sockets);
  const bet = JSON.stringify({
    kind: 'place-bets',
    bets: [{ kind: 'outside', position: 'red', stake: { amount: '1.00', currency: 'CZK' } }],
    confirm: true,
  });
  return async (player) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (!player.roundId) {
        const read = await request(`${base}/v1/tables/${player.tableId}`, {
          headers: { authorization: `Bearer ${player.token}` },
        });
        const table = JSON.parse(read.text) as { round: { roundId: string } | null };
        player.roundId = table.round?.roundId ?? null;
        if (!player.roundId) continue;
      }
      const response = await request(`${base}/v1/rounds/${player.roundId}/actions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json', 'idempotency-key': newId() },
        body: bet,
      });
      if (response.status === 200) return;
      const problem = JSON.parse(response.text) as { type: string; reason?: string };
      // The round closed between two bets: the next round is already open.
      if (problem.reason === 'round-over' || problem.reason === 'wrong-phase' || problem.reason === 'time-over')
        player.roundId = null;
      else throw new Error(`bet refused: ${JSON.stringify(problem)}`);
    }
    throw new Error('no open round found');
  };
}

async function runPlan(plan: ClientsPlan): Promise<void> {
  const send = (message: ClientsMessage) => process.send!(message);
  const placeBet = betPlacer(plan.base, plan.players.length);
  // Each player's bets are sequential, as at a real table: each operation takes an idle player.
  const idle = [...plan.players];
  const timing = {
    warmupS: plan.warmupS,
    measureS: plan.measureS,
    onWindowStart: () => send({ kind: 'window', edge: 'start' }),
    onWindowEnd: () => send({ kind: 'window', edge: 'end' }),
  };
  const bet = async () => {
    const player = idle.shift()!;
    try {
      await placeBet(player);
    } finally {
      idle.push(player);
    }
  };
  const run =
    plan.ratePerS === undefined
      ? await runClients(plan.players.length, timing, bet)
      : await runPaced(plan.players.length, plan.ratePerS, timing, bet);
  // Disconnecting only once the result is written: a large result (an open-loop window's latencies) still being
  // written when the channel closes would be lost.
  await new Promise<void>((resolve, reject) => {
    process.send!(
      {
        kind: 'result',
        ops: run.ops,
        errors: run.errors,
        firstError: run.firstError,
        seconds: run.seconds,
        latenciesMs: Array.from(run.latenciesMs),
      } satisfies ClientsMessage,
      undefined,
      {},
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

if (process.send) {
  process.once('message', (plan: ClientsPlan) => {
    runPlan(plan).then(
      () => process.disconnect(),
      (error: unknown) => {
        console.error(`bench:games clients failed: ${(error as Error).stack ?? String(error)}`);
        process.exit(1);
      },
    );
  });
}
