import {
  exportFormats,
  ledgerAccountTypes,
  ledgerGames,
  ledgerTransactionKinds,
  playerStates,
  staffRegisterNames,
} from '@casino/reporting';
import { problemResponses } from '@casino/http';
import { z } from 'zod';
import { IsoDate } from './common.schema.ts';

/** The admin problems plus 410: a background export's file is gone once it expired. */
export const exportProblems = problemResponses(400, 401, 403, 404, 409, 410, 413, 422, 429);

export const RegisterParamsSchema = z.object({ register: z.enum(staffRegisterNames) });
export const ExportParamsSchema = z.object({ exportId: z.uuid() });

/**
 * Every register's filters side by side, for the query string of a streamed export; each register
 * checks its own (docs/exports.md lists which apply where) and refuses the rest as unknown.
 */
export const StreamQuerySchema = z.object({
  format: z.enum(exportFormats).default('csv'),
  from: z.iso
    .datetime({ offset: true })
    .optional()
    .describe(
      'ledger-transactions, fx-conversions, vip-points (required); payment-transactions, game-rounds, audit-log, complaints, tournaments',
    ),
  to: z.iso
    .datetime({ offset: true })
    .optional()
    .describe(
      'ledger-transactions, fx-conversions, vip-points (required); payment-transactions, game-rounds, audit-log, complaints, tournaments; exclusive',
    ),
  playerId: z
    .uuid()
    .optional()
    .describe('ledger-transactions, payment-transactions, game-rounds, players, fx-conversions, vip-points'),
  accountType: z.enum(ledgerAccountTypes).optional().describe('ledger-transactions'),
  kind: z.enum(ledgerTransactionKinds).optional().describe('ledger-transactions'),
  game: z.enum(ledgerGames).optional().describe('ledger-transactions, game-rounds (roulette, blackjack or platynko)'),
  currency: z.string().length(3).optional().describe('ledger-transactions, fx-conversions (either side)'),
  purpose: z.enum(['deposit', 'withdrawal', 'exchange', 'game']).optional().describe('fx-conversions'),
  movement: z.enum(['EARN', 'EXCHANGE', 'REFUND']).optional().describe('vip-points'),
  unit: z.enum(['VIP_POINT', 'STARSCOIN']).optional().describe('vip-points'),
  actorId: z.string().max(100).optional().describe('audit-log'),
  subjectType: z.string().max(40).optional().describe('audit-log'),
  subjectId: z.string().max(100).optional().describe('audit-log'),
  action: z.string().max(80).optional().describe('audit-log'),
  state: z.enum(playerStates).optional().describe('players'),
  residenceCountry: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .describe('players'),
  direction: z.enum(['deposit', 'withdrawal']).optional().describe('payment-transactions'),
  status: z
    .string()
    .regex(/^[A-Z_]{2,30}$/)
    .optional()
    .describe('payment-transactions, complaints, tournaments'),
  instrument: z
    .string()
    .regex(/^[a-z-]{2,30}$/)
    .optional()
    .describe('payment-transactions'),
  provider: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,38}$/)
    .optional()
    .describe('payment-transactions'),
  tableCode: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional()
    .describe('game-rounds'),
  tournamentId: z.uuid().optional().describe('tournaments'),
});

export const ExportBodySchema = z.object({
  register: z.enum(staffRegisterNames),
  format: z.enum(exportFormats).default('csv'),
  filters: z
    .record(z.string(), z.unknown())
    .default({})
    .describe("The register's filters, as in the streamed export's query string"),
});

export const ExportStatusSchema = z.object({
  exportId: z.string(),
  register: z.string(),
  format: z.string(),
  mode: z.enum(['direct', 'job']),
  status: z.enum(['QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED']),
  filters: z.unknown(),
  requestedBy: z.string(),
  rowsTotal: z.number().int().nullable(),
  rowsWritten: z.number().int(),
  progressPercent: z.number().int().nullable(),
  byteCount: z.number().int().nullable(),
  sha256: z.string().nullable(),
  failure: z.string().nullable(),
  createdAt: IsoDate,
  finishedAt: IsoDate.nullable(),
  expiresAt: IsoDate,
});

export const ExportListQuerySchema = z.object({
  before: z.uuid().optional().describe('nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const ExportListSchema = z.object({ exports: z.array(ExportStatusSchema), nextCursor: z.string().nullable() });

export const ManifestSchema = z
  .looseObject({
    manifestVersion: z.literal(1),
    exportId: z.string(),
    register: z.string(),
    registerVersion: z.number().int(),
    format: z.string(),
    sha256: z.string(),
    rowCount: z.number().int(),
    byteCount: z.number().int(),
    boundary: z.string(),
    coverage: z.looseObject({ kind: z.string() }),
  })
  .describe('Save beside the file as <file>.manifest.json; `npm run verify:export -- <file>` checks both');

export const RegisterListSchema = z.object({
  registers: z.array(
    z.object({
      name: z.string(),
      version: z.number().int(),
      title: z.string(),
      description: z.string(),
      reproducible: z.boolean(),
      columns: z.array(z.object({ name: z.string(), description: z.string(), unit: z.string().optional() })),
    }),
  ),
});

/** The file, as the media type of its format (OpenAPI lists both). */
export const ExportFileSchema = {
  description: 'CSV (RFC 4180, UTF-8, CRLF, header row) or JSON Lines: columns in docs/exports.md and GET /v1/registers',
  content: {
    'text/csv': { schema: z.string() },
    'application/jsonl': { schema: z.string() },
  },
};
