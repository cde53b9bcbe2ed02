import { auditLogRegister } from './audit-log.ts';
import { complaintsRegister } from './complaints.ts';
import { fxConversionsRegister } from './fx-conversions.ts';
import { gameRoundsRegister } from './game-rounds.ts';
import { ledgerTransactionsRegister } from './ledger-transactions.ts';
import { paymentTransactionsRegister } from './payment-transactions.ts';
import { playerStatementRegister } from './player-statement.ts';
import { playersRegister } from './players.ts';
import { tournamentsRegister } from './tournaments.ts';
import type { AnyRegister } from './register.ts';
import { vipPointsRegister } from './vip-points.ts';

/**
 * Every register that can be exported, by name (docs/exports.md: each one's columns and units).
 */
export const registers: ReadonlyMap<string, AnyRegister> = new Map(
  (
    [
      ledgerTransactionsRegister,
      paymentTransactionsRegister,
      gameRoundsRegister,
      auditLogRegister,
      playersRegister,
      playerStatementRegister,
      complaintsRegister,
      fxConversionsRegister,
      vipPointsRegister,
      tournamentsRegister,
    ] as AnyRegister[]
  ).map((r) => [r.name, r]),
);

/** Registers staff export through the admin API (the player statement is the player's own). */
export const staffRegisterNames = [
  'ledger-transactions',
  'payment-transactions',
  'game-rounds',
  'audit-log',
  'players',
  'complaints',
  'fx-conversions',
  'vip-points',
  'tournaments',
] as const;
export type StaffRegisterName = (typeof staffRegisterNames)[number];
