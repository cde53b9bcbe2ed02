import { announcedBetChips } from './announced-bets.ts';
import { insidePosition, isOutsidePositionName, outsidePosition, type Position } from './layout.ts';
import { positionLimit } from './limits.ts';
import { RouletteRejection } from './rejection.ts';
import type { PlacedBet, Placement, RouletteBetRequest, RouletteRoundConfig } from './types.ts';
import { isPocket, neighboursOf } from './wheel.ts';

/** Requests in one place-bets action; a whole layout of the source's 40-chip example is 12. */
export const rouletteBetsPerActionMax = 100;
/** Bets one seat may have on the table in a round (pending and confirmed). */
export const rouletteBetsPerSeatMax = 300;

function placement(position: Position, chips: number, chipMinor: bigint): Placement {
  return {
    key: position.key,
    type: position.type,
    numbers: position.numbers,
    chips,
    chipMinor,
    stakeMinor: chipMinor * BigInt(chips),
  };
}

function requirePosition(position: Position | null, index: number, what: string): Position {
  if (position === null) throw new RouletteRejection('invalid-position', `${what} is not a position on the layout`, index);
  return position;
}

/** The chips a request puts on the layout, or a rejection naming the request. */
export function placementsOf(request: RouletteBetRequest, config: RouletteRoundConfig, index: number): Placement[] {
  switch (request.kind) {
    case 'inside': {
      const numbers = Array.isArray(request.numbers) ? request.numbers : [];
      return [placement(requirePosition(insidePosition(numbers), index, `numbers ${numbers.join('/')}`), 1, request.stakeMinor)];
    }
    case 'outside':
      if (!isOutsidePositionName(request.position))
        throw new RouletteRejection('invalid-position', `"${String(request.position)}" is not an outside position`, index);
      return [placement(outsidePosition(request.position), 1, request.stakeMinor)];
    case 'neighbours': {
      const perSideMax = config.variant.neighboursPerSideMax;
      if (!isPocket(request.centre))
        throw new RouletteRejection('invalid-position', `${String(request.centre)} is not a number on the wheel`, index);
      if (!Number.isInteger(request.perSide) || request.perSide < 1 || request.perSide > perSideMax) {
        throw new RouletteRejection(
          'neighbours-out-of-range',
          `${config.variant.name} takes 1 to ${perSideMax} neighbours each side`,
          index,
        );
      }
      return neighboursOf(request.centre, request.perSide).map((n) => placement(insidePosition([n])!, 1, request.chipMinor));
    }
    case 'announced':
      if (!config.variant.announcedBets.includes(request.name))
        throw new RouletteRejection('bet-not-offered', `${config.variant.name} does not offer "${String(request.name)}"`, index);
      return announcedBetChips(request.name).map((group) => placement(group.position, group.chips, request.chipMinor));
    default:
      throw new RouletteRejection('invalid-position', 'unknown kind of bet', index);
  }
}

/** 004:GAM-R-06, GAM-RE-09: every chip a multiple of the unit and at least the type's minimum. */
function checkChip(item: Placement, config: RouletteRoundConfig, index: number): void {
  const { unitMinor } = config.limits;
  if (typeof item.chipMinor !== 'bigint' || item.chipMinor <= 0n || item.chipMinor % unitMinor !== 0n) {
    throw new RouletteRejection(
      'stake-not-multiple-of-unit',
      `a chip must be a positive multiple of ${unitMinor} minor units`,
      index,
    );
  }
  const limit = positionLimit(config.limits, item.type);
  if (item.chipMinor < limit.minimumMinor)
    throw new RouletteRejection(
      'stake-below-minimum',
      `the table minimum on a ${item.type} is ${limit.minimumMinor} minor units`,
      index,
    );
}

/**
 * Expands and checks new requests against what the seat already has on the table. Maxima apply per
 * layout position to the seat's total there, however the chips got there (straight, neighbours,
 * announced): D-707, 004:GAM-RE-10 counts the chips on and around 17 position by position.
 */
export function expandBets(
  config: RouletteRoundConfig,
  existing: readonly PlacedBet[],
  requests: readonly RouletteBetRequest[],
  firstBetId: number,
): PlacedBet[] {
  if (requests.length === 0) throw new RouletteRejection('no-bets', 'place at least one bet');
  if (requests.length > rouletteBetsPerActionMax || existing.length + requests.length > rouletteBetsPerSeatMax) {
    throw new RouletteRejection(
      'too-many-bets',
      `at most ${rouletteBetsPerActionMax} bets per action and ${rouletteBetsPerSeatMax} per seat and round`,
    );
  }
  const totals = new Map<string, bigint>();
  for (const bet of existing)
    for (const item of bet.placements) totals.set(item.key, (totals.get(item.key) ?? 0n) + item.stakeMinor);
  return requests.map((request, index) => {
    const placements = placementsOf(request, config, index);
    for (const item of placements) {
      checkChip(item, config, index);
      const total = (totals.get(item.key) ?? 0n) + item.stakeMinor;
      const { maximumMinor } = positionLimit(config.limits, item.type);
      if (total > maximumMinor)
        throw new RouletteRejection(
          'stake-above-maximum',
          `at most ${maximumMinor} minor units on ${item.key} (this seat would have ${total})`,
          index,
        );
      totals.set(item.key, total);
    }
    const stakeMinor = placements.reduce((sum, item) => sum + item.stakeMinor, 0n);
    return { betId: firstBetId + index, request, placements, stakeMinor };
  });
}
