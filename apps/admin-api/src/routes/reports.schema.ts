import { CurrencyCodeSchema } from '@casino/core';
import { MoneyOutputSchema } from '@casino/http';
import { z } from 'zod';
import { IsoDate } from './common.schema.ts';

const PragueDate = z.iso.date().describe('A Europe/Prague calendar day, YYYY-MM-DD');

export const AtDateQuerySchema = z.object({
  currency: CurrencyCodeSchema,
  date: PragueDate.describe('As at the end of this Europe/Prague day'),
});

export const GgrQuerySchema = z.object({
  from: PragueDate.describe('First Europe/Prague day of the period'),
  to: PragueDate.describe('The day after the period (exclusive)'),
  granularity: z.enum(['day', 'month']).default('day'),
});

const LedgerSealSchema = z.object({
  lastBlockNo: z.string().nullable().describe('The last sealed ledger block when the report was made'),
  lastBlockHash: z.string().nullable(),
});

export const TrialBalanceReportSchema = z.object({
  currency: z.string(),
  date: z.string(),
  asOf: IsoDate.describe('Postings effective before this instant'),
  lines: z.array(
    z.object({
      type: z.string(),
      purpose: z.string(),
      accountCount: z.number().int(),
      debits: MoneyOutputSchema,
      credits: MoneyOutputSchema,
      balance: MoneyOutputSchema,
    }),
  ),
  totalDebits: MoneyOutputSchema,
  totalCredits: MoneyOutputSchema,
  balanced: z.boolean(),
  ledger: LedgerSealSchema,
});

export const PlayerLiabilityReportSchema = z.object({
  currency: z.string(),
  date: z.string(),
  asOf: IsoDate,
  playerWallets: z.object({
    cash: MoneyOutputSchema,
    temporary: MoneyOutputSchema,
    bonus: MoneyOutputSchema,
    total: MoneyOutputSchema,
    walletCount: z.number().int(),
  }),
  pendingWithdrawals: MoneyOutputSchema,
  inPlay: MoneyOutputSchema.describe('At poker tables and in tournament prize pools'),
  paymentProviderClearing: z.array(z.object({ provider: z.string(), balance: MoneyOutputSchema })),
  bank: MoneyOutputSchema,
  surplus: MoneyOutputSchema.describe('bank + clearing − (wallets + pending withdrawals + in play)'),
  ledger: LedgerSealSchema,
});

export const GgrReportSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  granularity: z.enum(['day', 'month']),
  lines: z.array(
    z.object({
      period: z.string(),
      game: z.string(),
      currency: z.string(),
      stakes: MoneyOutputSchema,
      wins: MoneyOutputSchema,
      rake: MoneyOutputSchema,
      tournamentFees: MoneyOutputSchema,
      ggr: MoneyOutputSchema.describe('stakes − wins + rake + tournament fees'),
    }),
  ),
  ledger: LedgerSealSchema,
});

export const SharedLiquidityQuerySchema = z.object({
  from: PragueDate.describe('First Europe/Prague day of the period'),
  to: PragueDate.describe('The day after the period (exclusive)'),
  currency: CurrencyCodeSchema,
});

export const SharedLiquidityReportSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  currency: z.string(),
  hands: z.number().int().describe('Completed poker cash hands of the period; each is one game (002:ALLOC-04)'),
  sharedHands: z.number().int().describe('Hands where Czech residents played against players resident elsewhere'),
  stakes: MoneyOutputSchema.describe('Everything the players put into the pots'),
  czechStakes: MoneyOutputSchema.describe('What Czech residents put in'),
  wins: MoneyOutputSchema.describe('What the players won, after rake'),
  net: MoneyOutputSchema.describe('stakes − wins (002:ALLOC-01)'),
  czechRevenue: MoneyOutputSchema.describe('net × Czech stakes / stakes, hand by hand (002:ALLOC-02)'),
  otherRevenue: MoneyOutputSchema,
  ledger: LedgerSealSchema,
});

export const PaymentsQuerySchema = z.object({
  from: PragueDate.describe('First Europe/Prague day of the period'),
  to: PragueDate.describe('The day after the period (exclusive)'),
});

export const PaymentsReportSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  days: z.array(
    z.object({
      day: z.string().describe('YYYY-MM-DD, Europe/Prague'),
      currency: z.string(),
      deposits: MoneyOutputSchema.describe("Deposits credited to players' wallets"),
      depositCount: z.number().int(),
      withdrawals: MoneyOutputSchema.describe('Withdrawals paid out (settled)'),
      withdrawalCount: z.number().int(),
    }),
  ),
  ledger: LedgerSealSchema,
});
