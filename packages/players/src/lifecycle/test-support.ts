import { ManualClock, Money, newId, type AccountId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { insertPlayer } from '@casino/test-support/players';
import { generatePiiKeys, PiiProtector } from '../pii.ts';
import { czechPlayerRules } from '../rules.ts';
import type { AccountLifecycleContext } from './context.ts';

/** A database of its own with the operator's chart of accounts, and players with money, for the lifecycle's tests. */
export interface LifecycleFixture {
  testDb: TestDatabase;
  db: Db;
  clock: ManualClock;
  ctx: AccountLifecycleContext;
  clearing: AccountId;
  registeredPlayer(): Promise<string>;
  deposit(playerId: string, amount: string): Promise<void>;
  win(playerId: string, amount: string): Promise<void>;
  cash(playerId: string): Promise<string>;
  emailsTo(playerId: string): Promise<Array<{ id: string; subject: string }>>;
  drop(): Promise<void>;
}

export async function lifecycleFixture(start: string): Promise<LifecycleFixture> {
  const testDb = await createTestDatabase();
  const db = testDb.db;
  const clock = new ManualClock(new Date(start));
  const ctx: AccountLifecycleContext = {
    db,
    clock,
    rules: czechPlayerRules,
    pii: new PiiProtector(generatePiiKeys()),
    currency: 'CZK',
  };
  await ledger.openOperatorAccounts(db, ['CZK'], 1);
  const clearing = (await ledger.openAccount(db, ledger.paymentProviderClearingSpec('sandbox-psp', 'CZK', 1))).id;
  const revenue =
    (await ledger.findAccountByCode(db, ledger.operatorAccountCode('game-revenue', 'CZK', 'roulette')))?.id ?? clearing;
  const wallet = async (playerId: string) => (await ledger.openAccount(db, ledger.playerWalletSpec(playerId, 'cash', 'CZK'))).id;
  const move = (kind: 'DEPOSIT' | 'WIN', from: AccountId, playerId: string, amount: string) =>
    transaction(db, async (tx) => {
      await ledger.transfer(
        tx,
        {
          idempotencyKey: newId(),
          kind,
          debitAccountId: from,
          creditAccountId: await wallet(playerId),
          amount: Money.of(amount, 'CZK'),
        },
        clock.now(),
      );
    });
  return {
    testDb,
    db,
    clock,
    ctx,
    clearing,
    async registeredPlayer() {
      const playerId = await insertPlayer(db, { state: 'REGISTERED', clock });
      await wallet(playerId);
      return playerId;
    },
    deposit: (playerId, amount) => move('DEPOSIT', clearing, playerId, amount),
    win: (playerId, amount) => move('WIN', revenue, playerId, amount),
    async cash(playerId) {
      return (await ledger.balance(db, await wallet(playerId))).toDecimalString();
    },
    async emailsTo(playerId) {
      const player = await db.player.findUniqueOrThrow({ where: { id: playerId }, select: { email: true } });
      const rows = await db.outboxMessage.findMany({ where: { topic: 'notifications.email' }, orderBy: { createdAt: 'asc' } });
      return rows
        .map((r) => ({ id: r.id, payload: r.payload as { to?: string; subject?: string } }))
        .filter((r) => r.payload.to === player.email)
        .map((r) => ({ id: r.id, subject: r.payload.subject ?? '' }));
    },
    drop: () => testDb.drop(),
  };
}

/** A stake in a round still open: a bet not yet settled (004:DRM-03, TRM-03). Returns the round's id. */
export async function openBet(db: Db, playerId: string, at: Date): Promise<string> {
  const tableId = newId();
  const roundId = newId();
  await db.gameTable.create({
    data: {
      id: tableId,
      code: `lifecycle-${tableId.slice(0, 8)}`,
      name: 'Lifecycle test table',
      game: 'ROULETTE',
      variant: 'european',
      currency: 'CZK',
      limits: {},
      seatsMax: 5,
      bettingTimeMs: 15_000,
      actionTimeMs: 15_000,
      idleRoundsMax: 3,
      createdAt: at,
    },
  });
  await db.gameRound.create({
    data: {
      id: roundId,
      tableId,
      kind: 'LIVE',
      status: 'OPEN',
      phase: 'betting',
      state: '{}',
      version: 1,
      seed: '0'.repeat(64),
      seedCommitment: '0'.repeat(64),
      openedAt: at,
    },
  });
  await db.gameRoundPlayer.create({
    data: { roundId, playerId, tableId, seat: 1, playSessionId: newId(), stakedMinor: 1_000n, joinedAt: at },
  });
  return roundId;
}

export async function settleBet(db: Db, roundId: string, at: Date): Promise<void> {
  await db.gameRound.update({ where: { id: roundId }, data: { status: 'SETTLED', settledAt: at, record: '{}' } });
}
