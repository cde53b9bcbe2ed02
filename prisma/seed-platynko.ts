import { fortunaPlatynkoLimits } from '@casino/games';
import { platynkoVariant, type TableDefinition } from '@casino/tables';

/**
 * Demo Plátýnko tables (issue 24, 004:GAM-PL-02): the rule book's options in three combinations, so
 * each speed, each minimum and a smaller table can be tried (`POST /v1/platynko/seats` picks one).
 */
const platynkoTable = (code: string, name: string, bettingTimeSeconds: 15 | 30, minimumMinor: bigint, seatsMax: number) =>
  ({
    code,
    name,
    game: 'platynko',
    variant: platynkoVariant,
    currency: 'CZK',
    seatsMax,
    bettingTimeMs: bettingTimeSeconds * 1000,
    // No decisions after betting: the action timer is unused; the betting time is the round's timer.
    actionTimeMs: bettingTimeSeconds * 1000,
    idleRoundsMax: 5,
    limits: fortunaPlatynkoLimits(minimumMinor),
  }) satisfies TableDefinition;

export const demoPlatynkoTables: readonly TableDefinition[] = [
  platynkoTable('platynko-15s-5czk-1', 'Plátýnko 15 s, 5 CZK', 15, 500n, 4),
  platynkoTable('platynko-30s-100czk-1', 'Plátýnko 30 s, 100 CZK', 30, 10_000n, 4),
  platynkoTable('platynko-15s-1000czk-2p-1', 'Plátýnko 15 s, 1,000 CZK, 2 players', 15, 100_000n, 2),
];
