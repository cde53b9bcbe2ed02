import { z } from 'zod';
import { isoTimestampSql, literal } from '../sql.ts';
import { snapshotBoundary } from './ledger-coverage.ts';
import { defineRegister, type RegisterQuery } from './register.ts';

export const playerStates = ['APPLICANT', 'TEMPORARY', 'REGISTERED', 'BLOCKED', 'DORMANT', 'CLOSED', 'CANCELLED'] as const;

export const PlayerFiltersSchema = z.object({
  playerId: z.uuid().optional(),
  state: z.enum(playerStates).optional(),
  residenceCountry: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .describe('ISO 3166-1 alpha-2'),
});

export type PlayerFilters = z.infer<typeof PlayerFiltersSchema>;

function playerQuery(filters: PlayerFilters): RegisterQuery {
  const where: string[] = [];
  if (filters.playerId) where.push(`pl.id = ${literal(filters.playerId)}::uuid`);
  if (filters.state) where.push(`pl.state = ${literal(filters.state)}::"PlayerState"`);
  if (filters.residenceCountry) where.push(`pl.residence_address->>'country' = ${literal(filters.residenceCountry)}`);
  return { from: 'player pl', where, orderBy: 'pl.id' };
}

/**
 * The players' identification data (002:REC-01: the participant's identification for every payment
 * transaction; AML act §5): the ledger and the other registers name players by id, this register
 * says who each id is. It holds current personal data, which players correct and erasure
 * anonymises, so its files are verified against their manifest, not produced again.
 */
export const playersRegister = defineRegister<PlayerFilters>({
  name: 'players',
  version: 1,
  title: 'Player identification',
  description:
    "Each player's identification data as it stands now: names, date and place of birth, citizenship, residence, account state.",
  filters: PlayerFiltersSchema,
  columns: [
    { name: 'player_id', description: 'Player id (owner_id of the ledger wallets)', sql: 'pl.id::text' },
    { name: 'state', description: 'Account state', sql: 'pl.state::text' },
    { name: 'first_name', description: 'First name(s)', sql: 'pl.first_name' },
    { name: 'surname', description: 'Surname', sql: 'pl.surname' },
    { name: 'birth_surname', description: 'Surname at birth, if different', sql: 'pl.birth_surname' },
    { name: 'date_of_birth', description: 'Date of birth', unit: 'YYYY-MM-DD', sql: "to_char(pl.date_of_birth, 'YYYY-MM-DD')" },
    { name: 'place_of_birth', description: 'Place of birth', sql: 'pl.place_of_birth' },
    { name: 'citizenship', description: 'Citizenship', unit: 'ISO 3166-1 alpha-2', sql: 'pl.citizenship' },
    { name: 'residence_street', description: 'Residence: street and number', sql: "pl.residence_address->>'street'" },
    { name: 'residence_city', description: 'Residence: city', sql: "pl.residence_address->>'city'" },
    { name: 'residence_postal_code', description: 'Residence: postal code', sql: "pl.residence_address->>'postalCode'" },
    {
      name: 'residence_country',
      description: 'Residence: country',
      unit: 'ISO 3166-1 alpha-2',
      sql: "pl.residence_address->>'country'",
    },
    {
      name: 'identity_status',
      description: 'Result of the identity check against the basic registers',
      sql: 'pl.identity_status::text',
    },
    {
      name: 'registered_at',
      description: 'When registration completed',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('pl.registered_at'),
    },
  ],
  boundary: snapshotBoundary,
  query: (filters) => playerQuery(filters),
  coverage: async () => ({ kind: 'none', reason: 'current personal data: not part of the ledger or the audit chain' }),
  reproducible: false,
});
