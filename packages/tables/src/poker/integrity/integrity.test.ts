import {
  defaultComplianceRules,
  MonitoringEventSchema,
  monitoringEventTopic,
  monitorEvent,
  systemActor,
} from '@casino/compliance';
import { isDomainError, ManualClock, Money, newId } from '@casino/core';
import { createRedis, type Redis } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { czechProfile } from '@casino/limits';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TableBroadcaster } from '../../context.ts';
import { createPokerRoom } from '../create-room.ts';
import { pokerIntegrityDefaults, type PokerIntegrityRules, type PokerRuleProfile, type PokerRuleProfileId } from '../profile.ts';
import type { PokerRoomDriver } from '../room.ts';
import { createPokerTable, escrowAndStacks } from '../store.ts';
import { fixtureProfiles } from '../testing/profiles.ts';
import { balanceOf, fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, type Funding } from '../testing.ts';
import {
  anonymousLabel,
  chooseAlias,
  clawBackPokerWinnings,
  decidePrivateTableOrder,
  invitePlayers,
  joinPrivateTable,
  liftSuspension,
  orderPrivateTable,
  privateTablesHiddenFrom,
  removeSeparation,
  replaceAlias,
  separatePlayers,
  setPokerTableAnonymous,
  shareAmongLosers,
  stopPrivateTable,
  suspendPlayer,
  type PokerIntegrityContext,
} from './index.ts';

/**
 * Issue 18: the poker room's integrity on a real database and Redis, through the room driver the
 * game service runs: aliases and anonymous tables, private tables, suspensions, "not together",
 * clawback, and the bot and fold-dumping monitoring rules raising alerts from real hand records.
 */
let testDb: TestDatabase;
let redis: Redis;
let funding: Funding;
const clock = new ManualClock(new Date('2026-11-26T12:00:00Z'));
const prefix = `poker-integrity-test:${newId()}`;
const handPauseMs = 1_000;
// The test rooms: CZ-FO plays SE's integrity rules (private tables, clawback to the losers), AT runs anonymous tables.
const seLike: PokerIntegrityRules = {
  aliasRequired: false,
  anonymousTables: false,
  privateTables: { orderDaysAheadMin: 1, orderDaysAheadMax: 90 },
  clawbackTo: 'losers',
};
const integrity: Partial<Record<PokerRuleProfileId, PokerIntegrityRules>> = {
  'CZ-FO': seLike,
  AT: { ...pokerIntegrityDefaults, anonymousTables: true },
  // SE's alias rule (003:R-ALIAS-01) on the HR fixture, whose stakes the test definition meets.
  HR: { ...pokerIntegrityDefaults, aliasRequired: true },
};
const profiles = Object.fromEntries(
  fixtureProfiles.map((p) => [p.id, integrity[p.id] ? { ...p, integrity: integrity[p.id] } : p]),
) as Record<PokerRuleProfileId, PokerRuleProfile>;
const mails: Array<{ to: string; subject: string; text: string }> = [];
let ctx: PokerIntegrityContext;
const staff = systemActor('integrity-test');
const rooms: PokerRoomDriver[] = [];
const quiet = { info: () => undefined, warn: () => undefined, error: (o: object, m: string) => console.error(m, o) };

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  redis = createRedis({ redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', connectionName: 'poker-integrity-test' });
  ctx = {
    db: testDb.db,
    clock,
    rulesOf: (id) => profiles[id].integrity ?? pokerIntegrityDefaults,
    sendEmail: async (_tx, email) => void mails.push(email),
  };
});
afterEach(async () => {
  await Promise.all(rooms.splice(0).map((room) => room.stop()));
});
afterAll(async () => {
  redis?.disconnect();
  await testDb?.drop();
});

async function startRoom(): Promise<PokerRoomDriver> {
  const broadcaster: TableBroadcaster = { toTable: async () => undefined, toPlayer: async () => undefined };
  const room = createPokerRoom({
    store: { db: testDb.db, clock, limits: { clock, profile: czechProfile }, instanceId: `integrity:${newId()}` },
    profiles,
    redis,
    prefix,
    broadcaster,
    leaseTtlMs: 3_000,
    forwardTimeoutMs: 2_000,
    claimScanIntervalMs: 600_000,
    log: quiet,
    handPauseMs,
  });
  rooms.push(room);
  await room.start();
  return room;
}

async function newTable(definition = noLimitDefinition): Promise<string> {
  const { id } = await createPokerTable(testDb.db, { definition, profile: fixtureProfileOf(definition), now: clock.now() });
  return id;
}

const player = () => fundedPlayer(testDb.db, funding, clock, '500.00');
const sit = (room: PokerRoomDriver, tableId: string, playerId: string) =>
  room.sit(tableId, playerId, { buyInMinor: 5_000n, waitForBigBlind: false });
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => {
      if (isDomainError(error)) return (error.extensions?.['reason'] as string | undefined) ?? error.code;
      throw error;
    },
  );
const walletMinor = async (wallet: string) => Money.of(await balanceOf(testDb.db, wallet), 'CZK').toMinor();

/** Deals the next hand and lets `loser` fold it to the other player (raising first when the other acts first). */
async function foldHand(
  room: PokerRoomDriver,
  tableId: string,
  loser: string,
  other: string,
  delaysMs: { loser: number; other: number },
) {
  clock.advanceMs(handPauseMs);
  await room.runDue();
  for (let guard = 0; guard < 4; guard++) {
    const { table } = await room.snapshot(tableId, null);
    if (table.toAct === null) return;
    const seatOfLoser = (await room.snapshot(tableId, loser)).mine!.seat;
    if (table.toAct.seat === seatOfLoser) {
      clock.advanceMs(delaysMs.loser);
      await room.command(tableId, loser, { kind: 'act', action: 'fold', turn: table.toAct.turn });
      return;
    }
    clock.advanceMs(delaysMs.other);
    const { mine } = await room.snapshot(tableId, other);
    const raiseTo = BigInt(mine!.legal!.raiseMinMinor!);
    await room.command(tableId, other, { kind: 'act', action: 'raise', amountMinor: raiseTo, turn: table.toAct.turn });
  }
  throw new Error('the hand did not end in a fold');
}

const handIdsOf = async (tableId: string) =>
  (
    await testDb.db.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM poker_hand WHERE table_id = ${tableId}::uuid AND status = 'COMPLETED' ORDER BY hand_number`
  ).map((r) => r.id);

const auditActions = async (subjectId: string) =>
  (await testDb.db.auditLogEntry.findMany({ where: { subjectId }, orderBy: { seq: 'asc' } })).map((e) => e.action);

describe('aliases and anonymous tables (issue 18)', () => {
  it('003:R-ALIAS-01 003:S-75 000-001:FAIR-07 an alias is chosen once: changing it, another player taking it in any case, or one holding the own name is refused', async () => {
    const a = await player();
    const b = await player();
    expect(await outcome(chooseAlias(ctx, { playerId: a.playerId, alias: 'RiverRat' }))).toBe('accepted');
    expect(await outcome(chooseAlias(ctx, { playerId: a.playerId, alias: 'RiverRat2' }))).toBe('alias-already-chosen');
    expect(await outcome(chooseAlias(ctx, { playerId: b.playerId, alias: 'riverrat' }))).toBe('alias-taken');
    const [named] = await testDb.db.$queryRaw<
      Array<{ first_name: string }>
    >`SELECT first_name FROM player WHERE id = ${b.playerId}::uuid`;
    expect(await outcome(chooseAlias(ctx, { playerId: b.playerId, alias: `${named!.first_name}99` }))).toBe('alias-not-allowed');
    expect(await outcome(chooseAlias(ctx, { playerId: b.playerId, alias: 'a' }))).toBe('alias-not-allowed');
  });

  it('003:R-ALIAS-01 two players asking for the same alias at once: exactly one gets it', async () => {
    const players = await Promise.all([player(), player(), player(), player()]);
    const results = await Promise.all(players.map((p) => outcome(chooseAlias(ctx, { playerId: p.playerId, alias: 'SameName' }))));
    expect(results.filter((r) => r === 'accepted')).toHaveLength(1);
    expect(results.filter((r) => r === 'alias-taken')).toHaveLength(3);
  });

  it('003:R-ALIAS-02 staff replace an unsuitable alias with one they assign, audited; the player still cannot change it', async () => {
    const a = await player();
    await chooseAlias(ctx, { playerId: a.playerId, alias: 'BrandName' });
    const replaced = await replaceAlias(ctx, staff, { playerId: a.playerId, alias: 'Player77', reason: 'a trademark' });
    expect(replaced.alias).toBe('Player77');
    expect(await outcome(chooseAlias(ctx, { playerId: a.playerId, alias: 'Other' }))).toBe('alias-already-chosen');
    expect(await auditActions(a.playerId)).toContain('poker.alias-replaced');
  });

  it('003:R-ALIAS-03 000-001:TBL-08 the table edge shows the alias; without one a pseudonym, never the name; a profile requiring aliases refuses a seat without one', async () => {
    const room = await startRoom();
    const tableId = await newTable();
    const a = await player();
    const b = await player();
    await chooseAlias(ctx, { playerId: a.playerId, alias: 'TableEdge' });
    await sit(room, tableId, a.playerId);
    const { table } = await sit(room, tableId, b.playerId);
    expect(table.seats.map((s) => s.alias).sort()).toEqual([
      `Player ${b.playerId.replaceAll('-', '').slice(-6).toUpperCase()}`,
      'TableEdge',
    ]);
    // A room that seats only players with an alias (aliasRequired).
    const seTable = await newTable({ ...noLimitDefinition, profileId: 'HR', name: 'Alias room' });
    const c = await player();
    expect(await outcome(sit(room, seTable, c.playerId))).toBe('alias-required');
    await chooseAlias(ctx, { playerId: c.playerId, alias: 'SwedeOne' });
    expect(await outcome(sit(room, seTable, c.playerId))).toBe('accepted');
  }, 120_000);

  it('000-001:TBL-08 UI-03 A-45 an anonymous table shows per-table labels, different at every table, while the hand records and monitoring carry the real player ids', async () => {
    const room = await startRoom();
    expect(await outcome(setPokerTableAnonymous(ctx, { tableId: await newTable(), anonymous: true }))).toBe(
      'poker-table-invalid',
    );
    const atDefinition = { ...noLimitDefinition, profileId: 'AT' as const, name: 'Wien anonym' };
    const first = await newTable(atDefinition);
    const second = await newTable(atDefinition);
    await setPokerTableAnonymous(ctx, { tableId: first, anonymous: true });
    await setPokerTableAnonymous(ctx, { tableId: second, anonymous: true });
    const a = await player();
    const b = await player();
    await chooseAlias(ctx, { playerId: a.playerId, alias: 'KnownFace' });
    for (const tableId of [first, second]) {
      await sit(room, tableId, a.playerId);
      await sit(room, tableId, b.playerId);
    }
    const labels = async (tableId: string) => (await room.snapshot(tableId, null)).table.seats.map((s) => s.alias).sort();
    expect(await labels(first)).toEqual([anonymousLabel(first, a.playerId), anonymousLabel(first, b.playerId)].sort());
    expect(await labels(first)).not.toContain('KnownFace');
    expect(anonymousLabel(first, a.playerId)).not.toBe(anonymousLabel(second, a.playerId));
    await foldHand(room, first, a.playerId, b.playerId, { loser: 10, other: 10 });
    const [handId] = await handIdsOf(first);
    const recorded = await testDb.db.$queryRaw<Array<{ player_id: string }>>`
      SELECT player_id FROM poker_hand_player WHERE hand_id = ${handId}::uuid ORDER BY player_id`;
    expect(recorded.map((r) => r.player_id)).toEqual([a.playerId, b.playerId].sort());
    const played = (await testDb.db.outboxMessage.findMany({ where: { topic: monitoringEventTopic } }))
      .map((m) => MonitoringEventSchema.parse(m.payload))
      .filter((e) => e.kind === 'poker-play' && e.handId === handId);
    expect(played.map((e) => e.playerId).sort()).toEqual([a.playerId, b.playerId].sort());
  }, 120_000);
});

describe('private tables (issue 18)', () => {
  it('003:R-PRIV-01 R-PRIV-02 R-PRIV-03 R-PRIV-04 S-92 S-93 a player orders a private table copying a standard one: for tomorrow yes, for today no, never without accepting the terms, never where the room offers none', async () => {
    const template = await newTable();
    const a = await player();
    const order = (gameDay: string, termsAccepted = true, templateTableId = template) =>
      outcome(
        orderPrivateTable(ctx, {
          playerId: a.playerId,
          templateTableId,
          name: 'Family night',
          gameDay,
          seatsMax: 4,
          termsAccepted,
        }),
      );
    expect(await order('2026-11-26')).toBe('too-late');
    expect(await order('2026-11-27', false)).toBe('terms-not-accepted');
    expect(await order('2027-06-01')).toBe('too-far-ahead');
    expect(await order('2026-11-27', true, await newTable({ ...noLimitDefinition, profileId: 'HR', name: 'HR' }))).toBe(
      'not-offered',
    );
    expect(await order('2026-11-27')).toBe('accepted');
  });

  it('003:R-PRIV-05 R-PRIV-06 R-PRIV-07 R-PRIV-08 S-93 staff approve: the table copies the template, the orderer is mailed the password; only the invited and password holders sit, on the game day, and see it listed; a wrong password is refused', async () => {
    const room = await startRoom();
    const template = await newTable();
    const [orderer, invited, withPassword, stranger] = await Promise.all([player(), player(), player(), player()]);
    const ordered = await orderPrivateTable(ctx, {
      playerId: orderer.playerId,
      templateTableId: template,
      name: 'Club evening',
      gameDay: '2026-11-27',
      seatsMax: 4,
      termsAccepted: true,
    });
    const { order, password } = await decidePrivateTableOrder(ctx, staff, {
      orderId: ordered.orderId,
      approve: true,
      reason: 'name fine',
    });
    const tableId = order.tableId!;
    expect(order.status).toBe('APPROVED');
    expect(mails.at(-1)!.text).toContain(password!);
    expect(await auditActions(order.orderId)).toEqual(['poker.private-table-approved']);
    const stored = await room.table(tableId);
    expect(stored).toMatchObject({ name: 'Club evening', seatsMax: 4, bigBlindMinor: '100', profileId: 'CZ-FO' });

    await invitePlayers(ctx, { playerId: orderer.playerId, orderId: order.orderId, emails: [await emailOf(invited.playerId)] });
    // Listed only to its members.
    expect((await privateTablesHiddenFrom(testDb.db, stranger.playerId)).has(tableId)).toBe(true);
    expect((await privateTablesHiddenFrom(testDb.db, invited.playerId)).has(tableId)).toBe(false);
    // The day before the game day nobody sits.
    expect(await outcome(sit(room, tableId, orderer.playerId))).toBe('private-table-not-open');
    clock.advanceMs(12 * 3_600_000); // 2026-11-27 00:00 Prague
    expect(await outcome(sit(room, tableId, stranger.playerId))).toBe('private-table');
    expect(await outcome(joinPrivateTable(ctx, { playerId: stranger.playerId, tableId, password: 'WRONGWRONG' }))).toBe(
      'wrong-password',
    );
    expect(await outcome(sit(room, tableId, invited.playerId))).toBe('accepted');
    await joinPrivateTable(ctx, { playerId: withPassword.playerId, tableId, password: password!.toLowerCase() });
    expect(await outcome(sit(room, tableId, withPassword.playerId))).toBe('accepted');
    expect(await outcome(sit(room, tableId, orderer.playerId))).toBe('accepted');
    expect((await privateTablesHiddenFrom(testDb.db, withPassword.playerId)).has(tableId)).toBe(false);

    // R-PRIV-09: staff stop private play at once; the table is closed to newcomers and hidden.
    await stopPrivateTable(ctx, staff, { orderId: order.orderId, reason: 'abusive chat' });
    expect((await privateTablesHiddenFrom(testDb.db, invited.playerId)).has(tableId)).toBe(true);
    const [row] = await testDb.db.$queryRaw<
      Array<{ status: string }>
    >`SELECT status::text FROM poker_table WHERE id = ${tableId}::uuid`;
    expect(row!.status).toBe('CLOSED');
    clock.advanceMs(-12 * 3_600_000);
  }, 120_000);

  it('003:R-PRIV-06 an unsuitable name is declined with the reason mailed to the orderer; a decided order is not decided again', async () => {
    const template = await newTable();
    const a = await player();
    const ordered = await orderPrivateTable(ctx, {
      playerId: a.playerId,
      templateTableId: template,
      name: 'Rude words',
      gameDay: '2026-11-28',
      seatsMax: 6,
      termsAccepted: true,
    });
    const { order } = await decidePrivateTableOrder(ctx, staff, {
      orderId: ordered.orderId,
      approve: false,
      reason: 'an offensive name',
    });
    expect(order).toMatchObject({ status: 'DECLINED', tableId: null });
    expect(mails.at(-1)!.text).toContain('an offensive name');
    expect(await outcome(decidePrivateTableOrder(ctx, staff, { orderId: ordered.orderId, approve: true, reason: 'x' }))).toBe(
      'conflict',
    );
  });
});

async function emailOf(playerId: string): Promise<string> {
  return (await testDb.db.player.findUniqueOrThrow({ where: { id: playerId }, select: { email: true } })).email;
}

describe('game integrity (issue 18)', () => {
  it('004:T-152 TEC-07 GAM-P-08 003:R-COND-I 000-001:TBL-13 FAIR-02 FAIR-10 a suspended player cannot sit; one seated is removed at the end of the hand with the chips credited; lifted after the investigation they sit again', async () => {
    const room = await startRoom();
    const tableId = await newTable();
    const a = await player();
    const b = await player();
    await sit(room, tableId, a.playerId);
    await sit(room, tableId, b.playerId);
    clock.advanceMs(handPauseMs);
    await room.runDue();
    await suspendPlayer(ctx, staff, { playerId: a.playerId, scope: 'poker', reason: 'suspected bot' });
    // Still seated while the hand runs; at its end the seat goes and the stack is back in the wallet.
    expect((await room.snapshot(tableId, a.playerId)).mine).not.toBeNull();
    const { table } = await room.snapshot(tableId, null);
    const toAct = table.toAct!;
    const actor = (await room.snapshot(tableId, a.playerId)).mine!.seat === toAct.seat ? a : b;
    await room.command(tableId, actor.playerId, { kind: 'act', action: 'fold', turn: toAct.turn });
    expect((await room.snapshot(tableId, a.playerId)).mine).toBeNull();
    const { escrowMinor, stacksMinor } = await escrowAndStacks(testDb.db, tableId);
    expect(escrowMinor).toBe(stacksMinor);
    expect(await walletMinor(a.wallet)).toBeGreaterThanOrEqual(44_900n);
    expect(await outcome(sit(room, tableId, a.playerId))).toBe('suspended');
    expect(await outcome(sit(room, await newTable(), a.playerId))).toBe('suspended');
    await liftSuspension(ctx, staff, { playerId: a.playerId, reason: 'investigation found nothing' });
    expect(await outcome(sit(room, tableId, a.playerId))).toBe('accepted');
    expect(await auditActions(a.playerId)).toEqual(['poker.player-suspended', 'poker.player-suspension-lifted']);
  }, 120_000);

  it('000-001:TBL-11 FAIR-14 T-15 003:R-COND-K S-89 a pair kept apart: one seated, the other is refused at that table and sits elsewhere; both sitting at once at an empty table, only one gets in; removed, they may sit together', async () => {
    const room = await startRoom();
    const [x, y] = await Promise.all([player(), player()]);
    const separation = await separatePlayers(ctx, staff, { playerIds: [y.playerId, x.playerId], reason: 'suspected collusion' });
    const tableId = await newTable();
    await sit(room, tableId, x.playerId);
    expect(await outcome(sit(room, tableId, y.playerId))).toBe('not-together');
    expect(await outcome(sit(room, await newTable(), y.playerId))).toBe('accepted');

    const empty = await newTable();
    const [p, q] = await Promise.all([player(), player()]);
    await separatePlayers(ctx, staff, { playerIds: [p.playerId, q.playerId], reason: 'suspected collusion' });
    const results = await Promise.all([outcome(sit(room, empty, p.playerId)), outcome(sit(room, empty, q.playerId))]);
    expect(results.sort()).toEqual(['accepted', 'not-together']);

    await removeSeparation(ctx, staff, { separationId: separation.separationId, reason: 'cleared' });
    expect(await outcome(sit(room, tableId, y.playerId))).toBe('accepted');
  }, 120_000);

  it('003:R-COND-J S-90 000-001:FAIR-11 ACC-14 staff claw back winnings: SE pays them back to the losers in one ledger transaction; elsewhere they are held; a hand is clawed back once', async () => {
    const room = await startRoom();
    const tableId = await newTable();
    const [cheat, victim] = await Promise.all([player(), player()]);
    await sit(room, tableId, cheat.playerId);
    await sit(room, tableId, victim.playerId);
    for (let hand = 0; hand < 3; hand++) await foldHand(room, tableId, victim.playerId, cheat.playerId, { loser: 10, other: 10 });
    await room.command(tableId, cheat.playerId, { kind: 'leave' });
    await room.command(tableId, victim.playerId, { kind: 'leave' });
    const hands = await handIdsOf(tableId);
    const cheatBefore = await walletMinor(cheat.wallet);
    const victimBefore = await walletMinor(victim.wallet);
    const clawback = await clawBackPokerWinnings(ctx, staff, {
      playerId: cheat.playerId,
      handIds: hands,
      reason: 'chip dumping found',
    });
    expect(clawback.paidTo).toBe('losers');
    expect(clawback.distribution).toEqual([{ playerId: victim.playerId, amountMinor: clawback.amountMinor }]);
    expect(clawback.amountMinor).toBeGreaterThan(0n);
    expect(await walletMinor(cheat.wallet)).toBe(cheatBefore - clawback.amountMinor);
    expect(await walletMinor(victim.wallet)).toBe(victimBefore + clawback.amountMinor);
    const posted = await ledger.findTransaction(testDb.db, clawback.ledgerTransactionId);
    expect(posted!.kind).toBe('CLAWBACK');
    expect(await outcome(clawBackPokerWinnings(ctx, staff, { playerId: cheat.playerId, handIds: hands, reason: 'again' }))).toBe(
      'conflict',
    );
    expect(await auditActions(cheat.playerId)).toContain('poker.winnings-clawed-back');

    // HR holds clawed-back winnings in the operator's suspense account.
    const hrTable = await newTable({ ...noLimitDefinition, profileId: 'HR', name: 'HR clawback' });
    const [c, d] = await Promise.all([player(), player()]);
    await chooseAlias(ctx, { playerId: c.playerId, alias: 'HeldOne' });
    await chooseAlias(ctx, { playerId: d.playerId, alias: 'HeldTwo' });
    await sit(room, hrTable, c.playerId);
    await sit(room, hrTable, d.playerId);
    await foldHand(room, hrTable, d.playerId, c.playerId, { loser: 10, other: 10 });
    const held = await clawBackPokerWinnings(ctx, staff, {
      playerId: c.playerId,
      handIds: await handIdsOf(hrTable),
      reason: 'bot',
    });
    expect(held).toMatchObject({ paidTo: 'operator', distribution: [] });
  }, 120_000);

  it('003:S-90 the winnings of a hand are shared among its losers in proportion to their losses, the odd units to the biggest loser', () => {
    const rows = [
      { hand_id: 'h1', player_id: 'cheat', net: 1_000n },
      { hand_id: 'h1', player_id: 'big', net: -600n },
      { hand_id: 'h1', player_id: 'small', net: -300n },
      { hand_id: 'h1', player_id: 'tiny', net: -150n },
    ];
    expect(shareAmongLosers('cheat', [rows[0]!], rows)).toEqual([
      // 571.43, 285.71 and 142.86 rounded down leave 2 units, which go to the biggest loser.
      { playerId: 'big', amountMinor: 573n },
      { playerId: 'small', amountMinor: 285n },
      { playerId: 'tiny', amountMinor: 142n },
    ]);
  });

  it('000-001:FAIR-06 FAIR-04 FAIR-12 FAIR-01 003:R-COND-B R-COND-C R-PD-02 004:GAM-P-09 the monitoring engine raises chip-dumping-folds and poker-bot alerts from real hand records', async () => {
    await testDb.db.monitoringRule.update({ where: { code: 'poker-bot' }, data: { countMin: 5 } });
    const room = await startRoom();
    const tableId = await newTable();
    const [dumper, receiver] = await Promise.all([player(), player()]);
    await sit(room, tableId, dumper.playerId);
    await sit(room, tableId, receiver.playerId);
    const humanDelays = [700, 4_200, 1_500, 9_000, 2_600, 300, 5_500];
    for (let hand = 0; hand < 6; hand++)
      await foldHand(room, tableId, dumper.playerId, receiver.playerId, { loser: 1_000, other: humanDelays[hand]! });
    // This table's players' events only (the other tests' are theirs); the worker delivers them all in production.
    const ours = [dumper.playerId, receiver.playerId];
    const messages = (
      await testDb.db.outboxMessage.findMany({ where: { topic: monitoringEventTopic }, orderBy: { createdAt: 'asc' } })
    ).filter((m) => ours.includes(MonitoringEventSchema.parse(m.payload).playerId));
    for (const message of messages)
      await monitorEvent(
        testDb.db,
        defaultComplianceRules,
        message.id,
        MonitoringEventSchema.parse(message.payload),
        clock.now(),
      );
    const alerts = async (playerId: string) =>
      (await testDb.db.complianceAlert.findMany({ where: { playerId } })).map((a) => a.ruleCode).sort();
    // The dumper folded to the same player six times heads-up, each decision after exactly one second.
    expect(await alerts(dumper.playerId)).toEqual(['chip-dumping-folds', 'poker-bot']);
    expect(await alerts(receiver.playerId)).toEqual(['chip-dumping-folds']);
  }, 180_000);
});
