/** Test support for bonuses and VIP points (issue 26): the rules, commission rows as the poker runtime stores them, funding. */
import { Money, newId, type AccountId, type CurrencyCode, type StaffUserId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import * as ledger from '@casino/ledger';
import type { LoyaltyRules } from './loyalty-rules.ts';
import { czechCashierRules, type CashierRules } from './rules.ts';
import type { StaffActor } from './staff-audit.ts';

/** 002:T-BON-01's shape: 4 parts, each after P = 100 more points, a 60-day window; 100 points a StarsCoin. */
export const testLoyaltyRules: LoyaltyRules = {
  version: 'test-loyalty',
  bonus: {
    trancheCount: 4,
    pointsPerTrancheCenti: 100_00n,
    windowDays: 60,
    staffGrantMinorMax: { CZK: 10_000_00n, USD: 500_00n, EUR: 500_00n },
    depositRule: {
      matchBps: 2_000n,
      depositMinorMin: { CZK: 500_00n, USD: 20_00n },
      bonusMinorMax: { CZK: 2_000_00n, USD: 80_00n },
    },
  },
  vip: {
    pointsPerUsd: '5.5',
    pointsCentiPerStarsCoin: 100_00n,
    refundMinorPerStarsCoin: { USD: 1_00n, CZK: 23_00n },
    levels: [
      {
        id: 'basic',
        name: 'Basic',
        pointsEarnedCentiMin: 0n,
        kycEvidenceRequired: false,
        depositCapMultiplier: 1,
        withdrawalMaxUnlimited: false,
      },
      {
        id: 'silver',
        name: 'Silver',
        pointsEarnedCentiMin: 5_000_00n,
        kycEvidenceRequired: true,
        depositCapMultiplier: 3,
        withdrawalMaxUnlimited: false,
      },
      {
        id: 'top',
        name: 'Top',
        pointsEarnedCentiMin: 50_000_00n,
        kycEvidenceRequired: true,
        depositCapMultiplier: 10,
        withdrawalMaxUnlimited: true,
      },
    ],
  },
};

export const loyaltyCashierRules: CashierRules = { ...czechCashierRules, loyalty: testLoyaltyRules };

export const testStaff = (): StaffActor => ({ kind: 'staff', staffUserId: newId<StaffUserId>(), roles: ['finance'] });

/**
 * A completed poker hand in which `playerId` bore `rakeMinor` (as commitHand stores it, D-1740), at a
 * table that has closed since (its definition is a stub no lobby may list).
 */
export async function insertRakedHand(
  db: Db,
  options: { playerId: string; rakeMinor: bigint; currency: CurrencyCode; at: Date },
): Promise<string> {
  const handId = newId();
  const tableId = newId();
  const escrow = await ledger.openAccount(db, {
    code: `poker-table:${tableId}:${options.currency}`,
    ownerKind: 'POKER_TABLE',
    ownerId: tableId,
    purpose: 'poker-table',
    currency: options.currency,
    type: 'LIABILITY',
    allowNegative: false,
    shardCount: 1,
  });
  await db.$executeRaw`
    INSERT INTO poker_table (id, name, profile_id, variant, currency, definition, escrow_account_id, status, created_at)
    VALUES (${tableId}::uuid, 'Test table', 'CZ-PS', 'holdem/no-limit', ${options.currency}, '{}'::jsonb, ${escrow.id}::uuid,
            'CLOSED', ${options.at})`;
  await db.$executeRaw`
    INSERT INTO poker_hand (id, table_id, hand_number, status, currency, started_at, ended_at, pot_minor, rake_minor, flop_dealt, history, text)
    VALUES (${handId}::uuid, ${tableId}::uuid, 1, 'COMPLETED', ${options.currency}, ${options.at}, ${options.at},
            ${options.rakeMinor * 20n}, ${options.rakeMinor}, true, '{}'::jsonb, 'test hand')`;
  await db.$executeRaw`
    INSERT INTO poker_hand_player (hand_id, player_id, table_id, seat, put_in_minor, won_minor, rake_minor, residence_country, ended_at)
    VALUES (${handId}::uuid, ${options.playerId}::uuid, ${tableId}::uuid, 1, ${options.rakeMinor * 10n}, 0, ${options.rakeMinor}, 'CZ', ${options.at})`;
  return handId;
}

/** A finished tournament `playerId` entered paying `feeMinor` (rebuys included). */
export async function insertFinishedTournamentEntry(
  db: Db,
  options: { playerId: string; feeMinor: bigint; currency: CurrencyCode; at: Date },
): Promise<string> {
  const tournamentId = newId();
  const pool = await ledger.openAccount(db, {
    code: `tournament:${tournamentId}:pool:${options.currency}`,
    ownerKind: 'TOURNAMENT',
    ownerId: tournamentId,
    purpose: 'tournament-pool',
    currency: options.currency,
    type: 'LIABILITY',
    allowNegative: false,
    shardCount: 1,
  });
  const wallet = await ledger.openAccount(db, ledger.playerWalletSpec(options.playerId, 'cash', options.currency));
  await db.$executeRaw`
    INSERT INTO tournament (id, name, profile_id, kind, currency, definition, pool_account_id, status, started_at, ended_at, created_at)
    VALUES (${tournamentId}::uuid, 'Test MTT', 'CZ-PS', 'scheduled', ${options.currency}, '{}'::jsonb, ${pool.id}::uuid, 'FINISHED',
            ${options.at}, ${options.at}, ${options.at})`;
  const entryId = newId();
  await db.$executeRaw`
    INSERT INTO tournament_entry (id, tournament_id, player_id, status, wallet_account_id, play_session_id, paid_start_minor,
                                  paid_fee_minor, registered_at)
    VALUES (${entryId}::uuid, ${tournamentId}::uuid, ${options.playerId}::uuid, 'finished', ${wallet.id}::uuid, ${newId()}::uuid,
            ${options.feeMinor * 10n}, ${options.feeMinor}, ${options.at})`;
  return entryId;
}

/** Money into the player's cash wallet from the provider's clearing account (a deposit as the ledger sees it). */
export async function depositInto(db: Db, playerId: string, amount: Money, at: Date): Promise<AccountId> {
  const psp = await ledger.openAccount(db, ledger.paymentProviderClearingSpec('sandbox-psp', amount.currency, 1));
  const wallet = await ledger.openAccount(db, ledger.playerWalletSpec(playerId, 'cash', amount.currency));
  await transaction(db, (tx) =>
    ledger.transfer(
      tx,
      { idempotencyKey: `test-deposit:${newId()}`, kind: 'DEPOSIT', debitAccountId: psp.id, creditAccountId: wallet.id, amount },
      at,
    ),
  );
  return wallet.id;
}

/** A verified, active bank account: what a withdrawal needs before it looks at the balance (004:WDR-02). */
export async function insertActiveBankAccount(db: Db, playerId: string, at: Date): Promise<string> {
  const id = newId();
  await db.paymentMethod.create({
    data: {
      id,
      playerId,
      kind: 'BANK_ACCOUNT',
      instrument: 'bank-transfer',
      status: 'VERIFIED',
      active: true,
      holderName: 'Jana Tester',
      holderNameExact: true,
      country: 'CZ',
      display: 'CZ65 •••• 5399',
      accountNumberEncrypted: 'test-encrypted',
      accountNumberHash: 'a'.repeat(64),
      verificationDeadlineAt: at,
      verifiedAt: at,
      createdAt: at,
      updatedAt: at,
    },
  });
  return id;
}
