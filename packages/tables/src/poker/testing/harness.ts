import { SeededRng, type Rng } from '@casino/games';
import type { PokerRuleProfile, PokerTableDefinition } from '../profile.ts';
import type { PokerTableSetup, TableEffect } from '../runtime-types.ts';
import { PokerTable, type TableStep } from '../table.ts';
import { fixtureDefinition } from './profiles.ts';

/** Test support for the poker table (issue 16): a table with a seeded shuffle and a driver that commits at once. */

export const handPauseMs = 2_000;
export const startAt = new Date('2026-11-26T12:00:00Z');

/** `ms` after the test's start. */
export function at(ms: number): Date {
  return new Date(startAt.getTime() + ms);
}

/**
 * A seeded generator per hand whose first draw is 0, so a table's first hand has its button on
 * the lowest seat that wants in (the draw takes one number) and tests know the positions.
 */
export function seededRngForHand(seed: string): (handId: string) => Rng {
  return (handId) => {
    const inner = new SeededRng(`${seed}:${handId}`);
    let first = true;
    return {
      intBelow(bound: number): number {
        if (first) {
          first = false;
          return 0;
        }
        return inner.intBelow(bound);
      },
    };
  };
}

export function testTable(
  profile: PokerRuleProfile,
  options: {
    readonly definition?: Partial<PokerTableDefinition>;
    readonly seats?: PokerTableSetup['seats'];
    readonly previousPositions?: PokerTableSetup['previousPositions'];
    readonly seed?: string;
    readonly bustedSeatHandsMax?: number;
  } = {},
): PokerTable {
  return new PokerTable(
    {
      tableId: `table-${profile.id}`,
      profile,
      definition: fixtureDefinition(profile, options.definition),
      seats: options.seats ?? [],
      handNumber: 0,
      previousPositions: options.previousPositions ?? null,
    },
    {
      rngForHand: seededRngForHand(options.seed ?? 'test'),
      newHandId: (handNumber) => `${profile.id}-hand-${handNumber}`,
      handPauseMs,
      ...(options.bustedSeatHandsMax === undefined ? {} : { bustedSeatHandsMax: options.bustedSeatHandsMax }),
    },
  );
}

/** What a driver that commits everything at once did with a step's effects. */
export interface DriverLedger {
  boughtInMinor: bigint;
  toppedUpMinor: bigint;
  releasedMinor: bigint;
  rakeMinor: bigint;
  readonly effects: TableEffect[];
}

export function newDriverLedger(): DriverLedger {
  return { boughtInMinor: 0n, toppedUpMinor: 0n, releasedMinor: 0n, rakeMinor: 0n, effects: [] };
}

/** Commits the step's effects in order and tells the table, as the driver does after each transaction. */
export function commitEffects(table: PokerTable, step: TableStep, ledger: DriverLedger = newDriverLedger()): DriverLedger {
  const queue = [...step.effects];
  while (queue.length > 0) {
    const effect = queue.shift()!;
    ledger.effects.push(effect);
    let next: TableStep;
    switch (effect.kind) {
      case 'hand-complete':
        ledger.rakeMinor += effect.hand.rakeMinor;
        next = table.handCommitted(effect.hand.handId);
        break;
      case 'top-up':
        ledger.toppedUpMinor += effect.amountMinor;
        next = table.chipsAdded(effect.seat, effect.amountMinor);
        break;
      case 'release-seat':
        ledger.releasedMinor += effect.stackMinor;
        next = table.seatReleased(effect.seat);
        break;
      case 'checkpoint':
        continue; // a tournament floor's (D-1936): a cash table makes none
    }
    queue.push(...next.effects);
  }
  return ledger;
}
