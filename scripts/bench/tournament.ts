/**
 * `npm run bench:tournament` (issue 19): a multi-table tournament of BENCH_ENTRIES (default 1,000) entries
 * with bots (zero think time, a fast structure), table balancing included. A measurement, not a test: it
 * exits 0 whatever the numbers, and ends with one line
 * `bench:tournament entries=… wall_s=… hands_per_s=… balancing_moves=… chip_violations=… pool_violations=…`.
 *
 * BENCH_MODE=live (the default) runs it on the live room path: a scratch database and Redis, every entry
 * registered through `registerForTournament` (buy-in and fee in the ledger, under the self-limits), the
 * start seating it for live play, the tournament room (`createTournamentRoom`: the cash tables' room
 * driver, its lease, its queue and pushes) driving the floor, and bots acting on what the room pushes to
 * them (`poker-seat` views with legal actions) through `room.command`, as the REST route and the socket
 * do. The clock is a manual one: when nobody can act it moves on by the pause between hands and the room
 * runs what is due. Checks: chips conserved at every new level (the state persisted at the hand
 * boundary), and at the end the prizes equal the pool plus the overlay, the pool account is empty and the
 * ledger has no invariant violation. `wall_s` counts from the start of play (the registrations are timed
 * on their own line). BENCH_MODE=director runs the pure director alone (no database, no room).
 * BENCH_GAME=horse (live mode only) plays a HORSE tournament instead (CZ-PS's profile, 8-max, antes from the
 * first level, the game changing with each level, D-2070): the stud hands' bots bring in, call or check.
 */
import { ManualClock, newId, type AccountId } from '@casino/core';
import { createRedis } from '@casino/db';
import { createTestDatabase } from '@casino/db/testing';
import { SeededRng } from '@casino/games';
import * as ledger from '@casino/ledger';
import { czechProfile } from '@casino/limits';
import { pokerRuleProfiles } from '@casino/operator';
import { tournament, type TournamentDefinition, type TournamentRuleProfile } from '@casino/tables';
import { fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding } from '@casino/tables/poker-testing';
import os from 'node:os';

const entries = Number(process.env.BENCH_ENTRIES ?? 1_000);
const mode = process.env.BENCH_MODE ?? 'live';
if (mode !== 'live' && mode !== 'director') throw new Error(`BENCH_MODE is live or director, got "${mode}"`);
/** Tournament clock between two hands of a table (and per idle step of the live run): 15 s, as the director mode. */
const handClockMs = 15_000;
/** Registrations in flight at once in the live run. */
const registrationConcurrency = 2;
const game = process.env.BENCH_GAME ?? 'holdem';
if (game !== 'holdem' && game !== 'horse') throw new Error(`BENCH_GAME is holdem or horse, got "${game}"`);
if (game === 'horse' && mode !== 'live') throw new Error('BENCH_GAME=horse runs on the live room path only (BENCH_MODE=live)');
if (!Number.isInteger(entries) || entries < 12)
  throw new Error(`BENCH_ENTRIES must be a whole number ≥ 12 (the paid places), got "${process.env.BENCH_ENTRIES}"`);

const rules: TournamentRuleProfile = {
  profileId: 'CZ-FO',
  formats: ['freeze-out', 'multi-table', 'guaranteed'],
  fee: {
    feeMax: null,
    feeOfStartFeeBpsMax: null,
    startFeeMax: null,
    feeOfBuyInBpsMin: null,
    feeOfBuyInBpsMax: null,
    capsPerPurchase: false,
  },
  sitAndGoSeats: { min: 2, max: 360 },
  handForHand: 'bubble-window',
  rebuy: { onlyWithNoChips: false, autoOffer: false },
  addOn: { priceEqualsStartFee: false, zeroChipsAllowed: false },
  guarantee: {
    collectedOfGuaranteeBpsToStartMin: null,
    prizesOfStakesBpsMax: null,
    cancellationPaysGuaranteeAfterLateRegistration: true,
  },
  bounty: { knockoutShareBps: null, progressiveShareBps: null, progressivePaidBps: null },
  cancel: {
    sitAndGo: 'buy-in-back-eliminated-pool-equal',
    headsUp: 'buy-in-back',
    multiTable: 'buy-in-back-half-equal-half-chips',
    twister: null,
  },
  prizeCredit: 'at-end',
  lateRegistration: true,
  tournamentCountLimits: false,
  allInEquityDisplay: null,
};

const holdemDefinition: TournamentDefinition = {
  name: 'bench',
  profileId: 'CZ-FO',
  variant: 'holdem/no-limit',
  currency: 'CZK',
  kind: 'scheduled',
  seatsPerTable: 9,
  entrantsMin: 12,
  entrantsMax: entries,
  entry: { startFeeMinor: 10_000n, feeMinor: 1_000n, chips: 1_500n },
  levels: Array.from({ length: 20 }, (_, i) => ({
    smallBlind: 10n << BigInt(i),
    bigBlind: 20n << BigInt(i),
    ante: i >= 2 ? 5n << BigInt(i) : 0n,
    durationMs: 180_000,
    breakAfterMs: 0,
  })),
  payouts: [{ entrantsMin: 12, placesBps: [2_500, 1_600, 1_200, 1_000, 800, 700, 600, 500, 400, 300, 200, 200] }],
  ...tournament.freezeOut,
  guaranteeMinor: BigInt(entries) * 12_000n,
  handForHandAbovePaidMax: 5,
};

/** BENCH_GAME=horse: the same field in a HORSE tournament (CZ-PS offers the mix; stud deals to 8; antes from level 1, D-2071). */
const definition: TournamentDefinition =
  game === 'horse'
    ? {
        ...holdemDefinition,
        name: 'bench HORSE',
        profileId: 'CZ-PS',
        variant: 'mixed/horse',
        seatsPerTable: 8,
        levels: holdemDefinition.levels.map((level, i) => ({ ...level, ante: 2n << BigInt(i) })),
      }
    : holdemDefinition;

function runDirector(): void {
  const rng = new SeededRng(Number(process.env.BENCH_SEED ?? 19));
  const director = new tournament.TournamentDirector({
    definition,
    rules,
    entries: Array.from({ length: entries }, (_, i) => ({ entryId: `e${i}`, playerId: `p${i}` })),
    rng,
    newHandId: (table, n) => `t${table}-${n}`,
  });
  const bot = tournament.randomBot(rng, 10);
  let hands = 0;
  let chipViolations = 0;
  const started = process.hrtime.bigint();
  for (let rounds = 0; !director.isOver(); rounds++) {
    if (rounds > tournament.playRoundsMax) throw new Error('the tournament did not end');
    for (const table of [...director.tables.keys()])
      if (director.tables.has(table) && director.canDeal(table)) {
        director.playHand(table, bot);
        hands += 1;
      }
    director.elapsedMs += 15_000; // a hand every 15 s of tournament clock
    if (director.chipViolation() !== 0n) chipViolations += 1;
  }
  const wallS = Number(process.hrtime.bigint() - started) / 1e9;
  const pool = director.poolFromStartFees();
  const prizes = [...director.prizes().values()].reduce((s, p) => s + p, 0n);
  const poolViolations = prizes === pool.collectedMinor + pool.overlayMinor ? 0 : 1;
  const moves = director.events.filter((e) => e.kind === 'move').length;
  const handsPerS = Math.round(hands / wallS);

  console.log(
    'method: pure director, bots (10 % shove, 10 % call), 9-max, levels 3 min of clock, blinds doubling, 15 s of clock per round',
  );
  console.log(`entries      ${entries}`);
  console.log(`hands        ${hands}`);
  console.log(`wall         ${wallS.toFixed(1)} s`);
  console.log(`hands/s      ${handsPerS}`);
  console.log(`moves        ${moves}`);
  console.log(`pool         ${pool.collectedMinor} + overlay ${pool.overlayMinor} = prizes ${prizes} (minor units)`);
  console.log(
    `bench:tournament entries=${entries} wall_s=${wallS.toFixed(1)} hands_per_s=${handsPerS} balancing_moves=${moves} chip_violations=${chipViolations} pool_violations=${poolViolations}`,
  );
}

/** A stud or draw turn of the HORSE run (`roll` in 0..99): the bring-in (a fifth completes), else 20 % call, else check or fold. */
function fixedBotAction(
  legal: NonNullable<NonNullable<tournament.TournamentSeatView['fixedLimit']>['legal']>,
  roll: number,
): 'call' | 'check' | 'fold' | 'bring-in' | 'complete' {
  if (legal.kind === 'bring-in') return roll < 20 ? 'complete' : 'bring-in';
  if (legal.check) return 'check';
  return roll < 60 ? 'call' : 'fold';
}

/** The bots' choice on their turn (`roll` in 0..99): 10 % all-in, 10 % call, else check (or fold when a check is not legal). */
function botAction(
  legal: NonNullable<tournament.TournamentSeatView['legal']>,
  roll: number, // 0..99
): 'all-in' | 'call' | 'check' | 'fold' {
  if (roll < 10 && legal.allIn) return 'all-in';
  if (roll < 20 && legal.callMinor !== null) return 'call';
  return legal.check ? 'check' : 'fold';
}

async function runLive(): Promise<void> {
  // Only the server part of DATABASE_URL is used: the run has its own scratch database, dropped at the end.
  const testDb = await createTestDatabase(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/casino');
  const redis = createRedis({ redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', connectionName: 'bench-tournament' });
  const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));
  const pokerProfile =
    game === 'horse'
      ? pokerRuleProfiles['CZ-PS']
      : { ...fixtureProfileOf(noLimitDefinition), id: 'CZ-FO' as const, seats: { min: 2, max: 10 } };
  const ctx: tournament.TournamentStoreContext = {
    db: testDb.db,
    clock,
    limits: { clock, profile: czechProfile },
    rules: { HR: rules, AT: rules, 'CZ-PS': { ...rules, profileId: 'CZ-PS' }, SE: rules, 'CZ-FO': rules },
    poker: { HR: pokerProfile, AT: pokerProfile, 'CZ-PS': pokerProfile, SE: pokerProfile, 'CZ-FO': pokerProfile },
  };
  const latest = new Map<string, tournament.TournamentSeatView | null>();
  const handIds = new Set<string>();
  const room = tournament.createTournamentRoom({
    store: ctx,
    instanceId: `bench:${newId()}`,
    redis,
    prefix: `bench-tournament:${newId()}`,
    broadcaster: {
      toTable: async () => undefined,
      toPlayer: async (playerId, message) => {
        if (message.type !== 'poker-seat') return;
        const view = message.view as tournament.TournamentSeatView | null;
        latest.set(playerId, view);
        if (view?.table.handId) handIds.add(view.table.handId);
      },
    },
    // The manual clock jumps 15 s per idle step: the lease must outlive the run in its time.
    leaseTtlMs: 30 * 86_400_000,
    forwardTimeoutMs: 10_000,
    claimScanIntervalMs: 3_600_000,
    log: {
      info: () => undefined,
      warn: (o: object, m: string) => console.warn(m, o),
      error: (o: object, m: string) => console.error(m, o),
    },
    rng: new SeededRng(Number(process.env.BENCH_SEED ?? 19)),
    handPauseMs: handClockMs,
  });
  try {
    await room.start();
    const funding = await openFunding(testDb.db);
    const { tournamentId } = await tournament.createTournament(ctx, { definition });
    const registrationStarted = process.hrtime.bigint();
    // Players are made and registered two at a time (each registration still locks the tournament row, one after another).
    let next = 0;
    const registerNext = async (): Promise<void> => {
      while (next < entries) {
        next += 1;
        const p = await fundedPlayer(testDb.db, funding, clock, '1000.00');
        await tournament.registerForTournament(ctx, { tournamentId, playerId: p.playerId });
      }
    };
    await Promise.all(Array.from({ length: registrationConcurrency }, () => registerNext()));
    const registrationS = Number(process.hrtime.bigint() - registrationStarted) / 1e9;
    await tournament.startTournament(ctx, tournamentId, { live: { rng: new SeededRng(5) } });
    const cpuBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    if ((await room.claimTablesNeedingDriver()) !== 1) throw new Error('the room did not claim the tournament');
    const chipsBought = BigInt(entries) * definition.entry.chips;
    const stored = async () => {
      const [row] = await testDb.db.$queryRaw<[{ status: string; live_state: unknown }]>`
        SELECT status::text AS status, live_state FROM tournament WHERE id = ${tournamentId}::uuid`;
      return { status: row.status, state: tournament.liveStateFromJson(row.live_state) };
    };
    const rng = new SeededRng(Number(process.env.BENCH_SEED ?? 19) + 1);
    let chipViolations = 0;
    let levelChecked = -1;
    let commands = 0;
    let idleSteps = 0;
    for (let step = 0; ; step++) {
      if (step > 2_000_000) throw new Error('the tournament did not end');
      const toAct = [...latest].filter(([, view]) => (view?.legal || view?.fixedLimit?.legal) && view.table.toAct);
      if (toAct.length === 0) {
        const { status, state } = await stored();
        if (status !== 'RUNNING') break;
        const level = Math.max(...[...latest.values()].map((v) => v?.level.index ?? 0));
        if (level > levelChecked) {
          // Chips conserved at the hand boundary of every new level (000-001:ACC-09).
          levelChecked = level;
          const held = state.director.entries.reduce((sum, e) => sum + e.chips + e.pendingChips, 0n);
          if (held !== chipsBought) chipViolations += 1;
        }
        clock.advanceMs(handClockMs);
        idleSteps += 1;
        await room.runDue();
        continue;
      }
      await Promise.all(
        toAct.map(async ([playerId, view]) => {
          latest.set(playerId, null);
          commands += 1;
          const turn = view!.table.toAct!.turn;
          const fixed = view!.fixedLimit?.legal ?? null;
          const action = fixed === null ? botAction(view!.legal!, rng.intBelow(100)) : fixedBotAction(fixed, rng.intBelow(100));
          const command = { kind: 'act' as const, action, turn };
          await room.command(tournamentId, playerId, command).catch((error: unknown) => {
            if (!(error instanceof Error && 'code' in error)) throw error;
          });
        }),
      );
    }
    const wallS = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = process.cpuUsage(cpuBefore);
    const { state } = await stored();
    // Every hand dealt is seen in its players' pushed views.
    const hands = handIds.size;
    const moves = state.director.moves;
    const [money] = await testDb.db.$queryRaw<[{ prizes: bigint; collected: bigint; overlay: bigint; pool: string }]>`
      SELECT (SELECT coalesce(sum(prize_minor + bounty_minor), 0)::bigint FROM tournament_entry WHERE tournament_id = t.id) AS prizes,
             (SELECT coalesce(sum(paid_start_minor), 0)::bigint FROM tournament_entry WHERE tournament_id = t.id) AS collected,
             t.overlay_minor AS overlay, t.pool_account_id::text AS pool
      FROM tournament t WHERE t.id = ${tournamentId}::uuid`;
    const poolLeft = (await ledger.balance(testDb.db, money.pool as AccountId)).toMinor();
    const invariants = await ledger.findInvariantViolations(testDb.db);
    const poolViolations =
      (money.prizes === money.collected + money.overlay ? 0 : 1) + (poolLeft === 0n ? 0 : 1) + (invariants.length === 0 ? 0 : 1);
    const handsPerS = Math.round(hands / wallS);
    console.log(
      `method: live room path (createTournamentRoom, scratch database, Redis), bots acting on their pushed views through room.command; ${game === 'horse' ? 'HORSE (CZ-PS), 8-max' : "NL Hold'em, 9-max"}, levels 3 min of clock, blinds doubling, ${handClockMs / 1000} s of clock between hands`,
    );
    console.log(
      `entries      ${entries} (registered in ${registrationS.toFixed(1)} s: ${((registrationS * 1000) / entries).toFixed(1)} ms each)`,
    );
    console.log(`hands        ${hands}`);
    console.log(`commands     ${commands} (bot actions), idle clock steps ${idleSteps}`);
    console.log(`wall         ${wallS.toFixed(1)} s (play, from the start to the winner)`);
    console.log(
      `cpu          ${((cpu.user + cpu.system) / 1000 / hands).toFixed(2)} ms of this process per hand (user + system)`,
    );
    console.log(`hands/s      ${handsPerS}`);
    console.log(`moves        ${moves}`);
    console.log(
      `pool         ${money.collected} + overlay ${money.overlay} = prizes ${money.prizes} (minor units); pool left ${poolLeft}; ledger invariant violations ${invariants.length}`,
    );
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `bench:tournament ${game === 'horse' ? 'game=horse ' : ''}entries=${entries} wall_s=${wallS.toFixed(1)} hands_per_s=${handsPerS} balancing_moves=${moves} chip_violations=${chipViolations} pool_violations=${poolViolations}`,
    );
  } finally {
    await room.stop();
    redis.disconnect();
    await testDb.drop();
  }
}

if (mode === 'director') runDirector();
else await runLive();
