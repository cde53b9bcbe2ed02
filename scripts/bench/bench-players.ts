/**
 * Players for the benchmarks that play or stake (bench:limits, bench:games): registered, with every
 * money limit set so high that the checks run in full and refuse nothing, and a funded cash wallet.
 */
import { createHash } from 'node:crypto';
import { Money, newId, systemClock, type AccountId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import * as ledger from '@casino/ledger';
import { czechProfile, recordRegistrationDecisions, resolveRegistrationDecisions } from '@casino/limits';

/** A billion CZK: every limit is checked, none ever binds. */
const limitMinor = 100_000_000_000n;

export async function createBenchPlayer(
  db: Db,
  options: { pspAccountId: AccountId; fund: string },
): Promise<{ playerId: string; wallet: AccountId }> {
  const playerId = newId<string>();
  const now = new Date();
  const decisions = resolveRegistrationDecisions(
    czechProfile,
    czechProfile.registrationMeasures.map((m) =>
      m.kind === 'amount'
        ? { measure: m.code, decision: 'set' as const, amountMinor: limitMinor }
        : m.kind === 'duration'
          ? { measure: m.code, decision: 'set' as const, durationMinutes: 1440 }
          : { measure: m.code, decision: 'refused' as const },
    ),
    systemClock,
  );
  await db.player.create({
    data: {
      id: playerId,
      state: 'REGISTERED',
      email: `${playerId}@bench.example`,
      phone: '+420600000000',
      passwordHash: 'bench',
      firstName: 'Bench',
      surname: 'Player',
      dateOfBirth: new Date('1980-01-01T00:00:00Z'),
      placeOfBirth: 'Praha',
      citizenship: 'CZ',
      residenceAddress: {},
      identityKeyHash: createHash('sha256').update(playerId).digest('hex'),
      registerStatus: 'NOT_LISTED',
      termsVersion: 'bench',
      termsAcceptedAt: now,
      gamePlanVersion: 'bench',
      gamePlanAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  await transaction(db, (tx) => recordRegistrationDecisions(tx, playerId, decisions, now));
  const wallet = (await ledger.openAccount(db, ledger.playerWalletSpec(playerId, 'cash', 'CZK'))).id;
  await transaction(db, (tx) =>
    ledger.transfer(
      tx,
      {
        idempotencyKey: `fund:${playerId}`,
        kind: 'DEPOSIT',
        debitAccountId: options.pspAccountId,
        creditAccountId: wallet,
        amount: Money.of(options.fund, 'CZK'),
      },
      new Date(),
    ),
  );
  return { playerId, wallet };
}
