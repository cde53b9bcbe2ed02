import { assert } from '@casino/core';
import { shuffle, type Rng } from '@casino/games';

/**
 * Seating and table balancing (issue 19; 000-001:TRN-16, T-73; 002:MTT-02; 003:R-END-03; 004:GAM-P-T-10).
 * Tables are maps seat → entry. The policy (which table breaks, who moves) is the operator's
 * discretion (T-73, D-1907); the invariants are the rule, checked by `balancingProblems`:
 * every player seated exactly once, no table above its seats, as few tables as the players need,
 * table sizes differing by at most one, no table of one player while others have seats to spare.
 */
export type Tables = Map<number, Map<number, string>>;

export interface Move {
  readonly entryId: string;
  readonly fromTable: number;
  readonly fromSeat: number;
  readonly toTable: number;
  readonly toSeat: number;
}

/** Random seating at the start (as even as possible: the tables differ by at most one player). */
export function seatAtRandom(entryIds: readonly string[], seatsPerTable: number, rng: Rng): Tables {
  assert(entryIds.length >= 1 && seatsPerTable >= 2, 'players and seats');
  const order = shuffle([...entryIds], rng);
  const count = Math.ceil(order.length / seatsPerTable);
  const tables: Tables = new Map();
  for (let t = 1; t <= count; t++) tables.set(t, new Map());
  const seatOrders = new Map([...tables.keys()].map((t) => [t, shuffle(seatNumbers(seatsPerTable), rng)]));
  order.forEach((entryId, i) => {
    const t = (i % count) + 1;
    tables.get(t)!.set(seatOrders.get(t)![Math.floor(i / count)]!, entryId);
  });
  return tables;
}

function seatNumbers(seatsPerTable: number): number[] {
  return Array.from({ length: seatsPerTable }, (_, i) => i + 1);
}

/**
 * Breaks tables the players no longer need and evens out the rest, between hands (the caller moves only
 * tables that are not in a hand). Breaks the smallest table first (ties: the highest number), filling the
 * smallest tables; then moves one player at a time from the largest table to the smallest until they
 * differ by at most one. Mutates `tables`, returns the moves in order.
 */
export function balanceTables(tables: Tables, seatsPerTable: number, rng: Rng): Move[] {
  const moves: Move[] = [];
  const players = [...tables.values()].reduce((s, t) => s + t.size, 0);
  const needed = Math.max(1, Math.ceil(players / seatsPerTable));
  for (const [t, seats] of [...tables]) if (seats.size === 0 && tables.size > needed) tables.delete(t);
  while (tables.size > needed) {
    const [breaking, seats] = [...tables].sort(([ta, a], [tb, b]) => a.size - b.size || tb - ta)[0]!;
    tables.delete(breaking);
    for (const [seat, entryId] of [...seats].sort(([a], [b]) => a - b))
      moves.push(moveTo(tables, breaking, seat, entryId, seatsPerTable, rng));
  }
  for (;;) {
    const bySize = [...tables].sort(([ta, a], [tb, b]) => a.size - b.size || ta - tb);
    const [smallT, small] = bySize[0]!;
    const [largeT, large] = bySize.at(-1)!;
    if (large.size - small.size <= 1) break;
    const [seat, entryId] = [...large].sort(([a], [b]) => a - b)[0]!;
    large.delete(seat);
    moves.push(placeAt(tables, largeT, seat, entryId, smallT, seatsPerTable, rng));
  }
  return moves;
}

function moveTo(tables: Tables, fromTable: number, fromSeat: number, entryId: string, seatsPerTable: number, rng: Rng): Move {
  const [target] = [...tables].sort(([ta, a], [tb, b]) => a.size - b.size || ta - tb)[0]!;
  return placeAt(tables, fromTable, fromSeat, entryId, target, seatsPerTable, rng);
}

function placeAt(
  tables: Tables,
  fromTable: number,
  fromSeat: number,
  entryId: string,
  toTable: number,
  seatsPerTable: number,
  rng: Rng,
): Move {
  const seats = tables.get(toTable)!;
  const free = seatNumbers(seatsPerTable).filter((s) => !seats.has(s));
  assert(free.length > 0, 'the target table has a free seat');
  const toSeat = free[rng.intBelow(free.length)]!;
  seats.set(toSeat, entryId);
  return { entryId, fromTable, fromSeat, toTable, toSeat };
}

/** Every broken balancing invariant (000-001:T-73); empty when the tables are balanced. */
export function balancingProblems(tables: Tables, seatsPerTable: number, expectedEntryIds: readonly string[]): string[] {
  const problems: string[] = [];
  const seated = [...tables.values()].flatMap((t) => [...t.values()]);
  if (new Set(seated).size !== seated.length) problems.push('a player is seated twice');
  if (seated.length !== expectedEntryIds.length || expectedEntryIds.some((id) => !seated.includes(id)))
    problems.push('a player still in has no seat, or a seat holds a player who is out');
  for (const [t, seats] of tables) {
    if (seats.size > seatsPerTable) problems.push(`table ${t} has more players than seats`);
    if ([...seats.keys()].some((s) => s < 1 || s > seatsPerTable)) problems.push(`table ${t} uses a seat it does not have`);
  }
  const needed = Math.max(1, Math.ceil(seated.length / seatsPerTable));
  if (tables.size !== needed) problems.push(`${tables.size} tables for ${seated.length} players (${needed} needed)`);
  const sizes = [...tables.values()].map((t) => t.size);
  if (sizes.length > 0 && Math.max(...sizes) - Math.min(...sizes) > 1) problems.push('table sizes differ by more than one');
  return problems;
}
