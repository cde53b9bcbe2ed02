/**
 * Shared set-up for the limits tests: a fresh database (a copy of the migrated template), the
 * operator's chart of accounts, players created with their registration decisions, funded wallets,
 * and a stake as the game service will place it: the limits check and the ledger posting in one
 * transaction.
 */
import { createHash } from 'node:crypto';
import { ManualClock, Money, newId, type AccountId } from '@casino/core';
import { createDb, transaction, type Db, type Tx } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { authorizeDeposit } from './authorize-deposit.ts';
import { authorizeStake, type Authorized } from './authorize-stake.ts';
import { czechProfile, type JurisdictionProfile } from './catalogue.ts';
import { changeLimit } from './change-limit.ts';
import type { EnforcementContext } from './context.ts';
import { recordSettlement } from './record-settlement.ts';
import { recordRegistrationDecisions, resolveRegistrationDecisions, type MeasureDecision } from './registration-decisions.ts';
import { startPlaySession } from './start-play-session.ts';
import type { GameCategory } from './usage-entries.ts';

export const czk = (amount: string) => Money.of(amount, 'CZK');

/** Transactions that wait behind one player's lock wait longer than the defaults allow. */
const patient = { maxWaitMs: 15_000, timeoutMs: 20_000 };

/** A registration decision without its measure (the record key names it). */
export type DecisionBody =
  { decision: 'refused' } | { decision: 'set'; amountMinor?: bigint; durationMinutes?: number; exclusionHours?: number | null };

export interface TestPlayer {
  playerId: string;
  wallet: AccountId;
  playSessionId: string;
}

export interface LimitsFixture {
  database: TestDatabase;
  db: Db;
  clock: ManualClock;
  ctx: EnforcementContext;
  house: AccountId;
  psp: AccountId;
  /** A registered player with these decisions (every other registration measure refused), 100,000 CZK in the wallet and an open play session. */
  newPlayer(decisions?: Record<string, DecisionBody>, profile?: JurisdictionProfile): Promise<TestPlayer>;
  /** startPlaySession (resumes the open one), authorizeStake, then the ledger posting of its CZK equivalent, in one transaction. */
  stake(
    player: TestPlayer,
    amount: Money,
    options?: { rateToCzk?: string; reference?: string; category?: GameCategory },
  ): Promise<Authorized>;
  /** recordSettlement then the ledger posting of the win, in one transaction. */
  win(player: TestPlayer, amount: Money, options?: { category?: GameCategory }): Promise<void>;
  deposit(player: TestPlayer, amount: Money, options?: { rateToCzk?: string; reference?: string }): Promise<Authorized>;
  close(): Promise<void>;
}

export async function limitsFixture(
  start = new Date('2026-11-02T09:00:00Z'),
  profile: JurisdictionProfile = czechProfile,
): Promise<LimitsFixture> {
  const database = await createTestDatabase();
  // The parallel tests queue 20 transactions behind one player's lock: on a loaded machine the
  // default 2 s wait for a pooled connection can run out before the queue does.
  const db = createDb({ databaseUrl: database.url, poolMax: 8, connectTimeoutMs: 30_000, applicationName: 'casino-test-limits' });
  const clock = new ManualClock(start);
  const ctx: EnforcementContext = { clock, profile };
  await ledger.openOperatorAccounts(db, ['CZK'], 2);
  const house = (await ledger.findAccountByCode(db, ledger.operatorAccountCode('game-revenue', 'CZK', 'roulette')))!.id;
  const psp = (await ledger.openAccount(db, ledger.paymentProviderClearingSpec('sandbox-psp', 'CZK', 2))).id;
  const post = (request: ledger.TransferRequest) => (tx: Tx) => ledger.transfer(tx, request, clock.now());

  return {
    database,
    db,
    clock,
    ctx,
    house,
    psp,
    async newPlayer(decisions = {}, playerProfile = profile) {
      const playerId = await insertPlayer(db, clock.now());
      const resolved = resolveRegistrationDecisions(
        playerProfile,
        playerProfile.registrationMeasures.map(
          (m) => ({ measure: m.code, ...(decisions[m.code] ?? { decision: 'refused' }) }) as MeasureDecision,
        ),
        clock,
      );
      await transaction(db, (tx) => recordRegistrationDecisions(tx, playerId, resolved, clock.now()));
      // Measures registration does not ask about (week limits, session limits) are set right after it.
      for (const [measure, decision] of Object.entries(decisions)) {
        if (playerProfile.registrationMeasures.some((m) => m.code === measure)) continue;
        const limit =
          decision.decision === 'refused'
            ? null
            : decision.amountMinor !== undefined
              ? { amount: Money.fromMinor(decision.amountMinor, 'CZK') }
              : { minutes: decision.durationMinutes! };
        await changeLimit({ db, clock, profile: playerProfile }, { playerId, measure, limit, actor: 'player' });
      }
      const wallet = (await ledger.openAccount(db, ledger.playerWalletSpec(playerId, 'cash', 'CZK'))).id;
      await transaction(
        db,
        post({
          idempotencyKey: `fund:${playerId}`,
          kind: 'DEPOSIT',
          debitAccountId: psp,
          creditAccountId: wallet,
          amount: czk('100000.00'),
        }),
      );
      const { playSessionId } = await transaction(db, (tx) =>
        startPlaySession({ clock, profile: playerProfile }, tx, { playerId }),
      );
      return { playerId, wallet, playSessionId };
    },
    async stake(player, amount, options = {}) {
      const reference = options.reference ?? `stake:${newId()}`;
      return transaction(
        db,
        async (tx) => {
          // As the game service does when the player sits down: the open session, or a new one after an idle one.
          const { playSessionId } = await startPlaySession(ctx, tx, { playerId: player.playerId });
          const authorized = await authorizeStake(ctx, tx, {
            playerId: player.playerId,
            playSessionId,
            reference,
            amount,
            category: options.category ?? 'casino',
            ...(options.rateToCzk ? { rateToCzk: options.rateToCzk } : {}),
          });
          await post({
            idempotencyKey: reference,
            kind: 'STAKE',
            debitAccountId: player.wallet,
            creditAccountId: house,
            amount: authorized.counted,
          })(tx);
          return authorized;
        },
        patient,
      );
    },
    async win(player, amount, options = {}) {
      const reference = `win:${newId()}`;
      await transaction(db, async (tx) => {
        const open = await tx.playSession.findFirst({
          where: { playerId: player.playerId, endedAt: null },
          select: { id: true },
        });
        await recordSettlement(ctx, tx, {
          playerId: player.playerId,
          reference,
          amount,
          category: options.category ?? 'casino',
          ...(open ? { playSessionId: open.id } : {}),
        });
        await post({ idempotencyKey: reference, kind: 'WIN', debitAccountId: house, creditAccountId: player.wallet, amount })(tx);
      });
    },
    async deposit(player, amount, options = {}) {
      const reference = options.reference ?? `deposit:${newId()}`;
      return transaction(
        db,
        async (tx) => {
          const authorized = await authorizeDeposit(ctx, tx, {
            playerId: player.playerId,
            reference,
            amount,
            ...(options.rateToCzk ? { rateToCzk: options.rateToCzk } : {}),
          });
          await post({
            idempotencyKey: reference,
            kind: 'DEPOSIT',
            debitAccountId: psp,
            creditAccountId: player.wallet,
            amount: authorized.counted,
          })(tx);
          return authorized;
        },
        patient,
      );
    },
    async close() {
      await db.$disconnect();
      await database.drop();
    },
  };
}

/** A registered player as the players package leaves one (the limits tests need only the row). */
async function insertPlayer(db: Db, now: Date): Promise<string> {
  const id = newId<string>();
  await db.player.create({
    data: {
      id,
      state: 'REGISTERED',
      email: `${id}@example.cz`,
      phone: '+420600000000',
      passwordHash: 'not used',
      firstName: 'Test',
      surname: 'Player',
      dateOfBirth: new Date('1980-01-01T00:00:00Z'),
      placeOfBirth: 'Praha',
      citizenship: 'CZ',
      residenceAddress: {},
      identityKeyHash: createHash('sha256').update(id).digest('hex'),
      registerStatus: 'NOT_LISTED',
      termsVersion: 'terms',
      termsAcceptedAt: now,
      gamePlanVersion: 'plan',
      gamePlanAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  return id;
}

export const setAmount = (crowns: string): DecisionBody => ({ decision: 'set', amountMinor: czk(crowns).toMinor() });
export const setMinutes = (minutes: number): DecisionBody => ({ decision: 'set', durationMinutes: minutes });
