/**
 * Issue 22 (D-2284): the round trips and statements of a poker cash table's buy-in and top-up, on the
 * two-statement path (store-money-one-call.ts) and on the ORM transaction it falls back to, through the
 * counting proxy (roundtrips.ts) on a scratch database. A measurement, not a test.
 *
 * `node scripts/bootstrap.mjs run scripts/bench/poker-money-wire.ts`; BENCH_WIRE_LOG=1 prints the
 * statements of one buy-in and one top-up on each path; BENCH_POKER_WIRE_ROUNDS (20) buy-ins per path.
 * Ends with `bench:poker-money buy_in_round_trips=… top_up_round_trips=… orm_buy_in_round_trips=… orm_top_up_round_trips=…`.
 */
import { ManualClock } from '@casino/core';
import { createDb } from '@casino/db';
import { acquireTableLease, buyIn, createPokerTable, topUp, type PokerStoreContext } from '@casino/tables';
import { fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, storeContext } from '@casino/tables/poker-testing';
import { startCountingProxy } from './roundtrips.ts';
import { Cleanup, createScratchFromTemplate, randomBenchName } from './scratch-db.ts';

const env = process.env;
const databaseUrl = env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/casino';
const rounds = Number(env.BENCH_POKER_WIRE_ROUNDS ?? 20);

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  process.once('SIGINT', () => void cleanup.runAll().then(() => process.exit(130)));
  try {
    const url = await createScratchFromTemplate(databaseUrl, randomBenchName(), cleanup);
    const setupDb = createDb({ databaseUrl: url, poolMax: 2, applicationName: 'bench-poker-money-setup' });
    const proxy = await startCountingProxy(url);
    const db = createDb({ databaseUrl: proxy.url, poolMax: 2, applicationName: 'bench-poker-money' });
    cleanup.add('close connections', async () => {
      await db.$disconnect();
      await setupDb.$disconnect();
      await proxy.close();
    });
    const clock = new ManualClock(new Date());
    const funding = await openFunding(setupDb);
    const oneCall: PokerStoreContext = storeContext(db, clock, 'bench-poker-money');
    const orm: PokerStoreContext = { ...oneCall, oneCallMoney: false };

    const measure = async (ctx: PokerStoreContext, label: string) => {
      let buyInTrips = 0;
      let topUpTrips = 0;
      for (let i = 0; i < rounds + 1; i++) {
        const table = await createPokerTable(setupDb, {
          definition: noLimitDefinition,
          profile: fixtureProfileOf(noLimitDefinition),
          now: clock.now(),
        });
        const lease = await acquireTableLease(setupDb, {
          tableId: table.id,
          instanceId: ctx.instanceId,
          ttlMs: 600_000,
          now: clock.now(),
        });
        const player = await fundedPlayer(setupDb, funding, clock, '1000.00');
        const leased = { tableId: table.id, epoch: lease!.epoch, playerId: player.playerId, seat: 1 };
        const log = i === rounds && env.BENCH_WIRE_LOG;
        proxy.reset();
        await buyIn(ctx, { ...leased, alias: 'wire', amountMinor: 5_000n });
        if (i > 0) buyInTrips += proxy.counts.roundTrips; // the first warms the process's caches
        if (log)
          console.log(`${label} buy-in (${proxy.counts.roundTrips} round trips):\n  ${proxy.statements.map(short).join('\n  ')}`);
        proxy.reset();
        await topUp(ctx, { ...leased, amountMinor: 1_000n, requestId: `wire-${i}` });
        if (i > 0) topUpTrips += proxy.counts.roundTrips;
        if (log)
          console.log(`${label} top-up (${proxy.counts.roundTrips} round trips):\n  ${proxy.statements.map(short).join('\n  ')}`);
      }
      return { buyIn: buyInTrips / rounds, topUp: topUpTrips / rounds };
    };
    const fast = await measure(oneCall, 'two-statement path');
    const slow = await measure(orm, 'ORM transaction');
    console.log(`round trips per buy-in: ${fast.buyIn.toFixed(1)} (ORM transaction ${slow.buyIn.toFixed(1)})`);
    console.log(`round trips per top-up: ${fast.topUp.toFixed(1)} (ORM transaction ${slow.topUp.toFixed(1)})`);
    console.log(
      `bench:poker-money buy_in_round_trips=${fast.buyIn.toFixed(1)} top_up_round_trips=${fast.topUp.toFixed(1)} ` +
        `orm_buy_in_round_trips=${slow.buyIn.toFixed(1)} orm_top_up_round_trips=${slow.topUp.toFixed(1)}`,
    );
  } finally {
    await cleanup.runAll();
  }
}

const short = (sql: string) => sql.replace(/\s+/g, ' ').slice(0, 140);

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
