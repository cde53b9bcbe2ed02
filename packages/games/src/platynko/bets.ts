import { columnCards, isPlatynkoCard, isPlatynkoRank, isPlatynkoSuit, rowCards, type PlatynkoCardId } from './canvas.ts';
import { PlatynkoRejection } from './rejection.ts';
import type { ChipPlacement, PlatynkoPlacedBet, PlatynkoBetRequest, PlatynkoRoundConfig } from './types.ts';

/** Requests in one place-bets action: the whole canvas card by card is 32. */
export const platynkoBetsPerActionMax = 64;
/** Bets one seat may have on the canvas in a round (pending and confirmed). */
export const platynkoBetsPerSeatMax = 200;

/** The cards a request puts a chip on (004:GAM-PL-04, GAM-PL-09), or a rejection naming the request. */
export function cardsOf(request: PlatynkoBetRequest, index: number): PlatynkoCardId[] {
  switch (request?.kind) {
    case 'card':
      if (!isPlatynkoCard(request.cardId))
        throw new PlatynkoRejection('unknown-card', `"${String(request.cardId)}" is not a card of the canvas`, index);
      return [request.cardId];
    case 'row':
      if (!isPlatynkoSuit(request.suit))
        throw new PlatynkoRejection('unknown-row', `"${String(request.suit)}" is not a suit (a row) of the canvas`, index);
      return rowCards(request.suit);
    case 'column':
      if (!isPlatynkoRank(request.rank))
        throw new PlatynkoRejection('unknown-column', `"${String(request.rank)}" is not a rank (a column) of the canvas`, index);
      return columnCards(request.rank);
    default:
      throw new PlatynkoRejection('unknown-card', 'unknown kind of bet', index);
  }
}

/** 004:GAM-PL-07, D-2405: every chip a whole number of units and at least the table minimum. */
function checkChip(chipMinor: unknown, config: PlatynkoRoundConfig, index: number | null): asserts chipMinor is bigint {
  const { unitMinor, chipMinimumMinor } = config.limits;
  if (typeof chipMinor !== 'bigint' || chipMinor <= 0n || chipMinor % unitMinor !== 0n)
    throw new PlatynkoRejection('stake-not-multiple-of-unit', `a chip is a positive multiple of ${unitMinor} minor units`, index);
  if (chipMinor < chipMinimumMinor)
    throw new PlatynkoRejection('stake-below-minimum', `the table minimum is ${chipMinimumMinor} minor units per card`, index);
}

const sumOf = (items: readonly { readonly stakeMinor: bigint }[]): bigint =>
  items.reduce((sum, item) => sum + item.stakeMinor, 0n);

/** 004:GAM-PL-01, T-127, D-2402: the seat's total in the round, with the new chips, within the maximum bet. */
function checkMaximum(config: PlatynkoRoundConfig, existing: readonly PlatynkoPlacedBet[], addedMinor: bigint): void {
  const total = sumOf(existing) + addedMinor;
  if (total > config.limits.stakeMaximumMinor)
    throw new PlatynkoRejection(
      'stake-above-maximum',
      `at most ${config.limits.stakeMaximumMinor} minor units per seat and round (this seat would have ${total})`,
    );
}

function checkCount(existing: readonly PlatynkoPlacedBet[], adding: number): void {
  if (adding > platynkoBetsPerActionMax || existing.length + adding > platynkoBetsPerSeatMax)
    throw new PlatynkoRejection(
      'too-many-bets',
      `at most ${platynkoBetsPerActionMax} bets per action and ${platynkoBetsPerSeatMax} per seat and round`,
    );
}

/** Expands and checks new requests against what the seat already has on the canvas. */
export function expandBets(
  config: PlatynkoRoundConfig,
  existing: readonly PlatynkoPlacedBet[],
  requests: readonly PlatynkoBetRequest[],
  firstBetId: number,
): PlatynkoPlacedBet[] {
  if (requests.length === 0) throw new PlatynkoRejection('no-bets', 'place at least one bet');
  checkCount(existing, requests.length);
  const bets = requests.map((request, index): PlatynkoPlacedBet => {
    const cards = cardsOf(request, index);
    checkChip(request.chipMinor, config, index);
    const placements = cards.map((cardId) => ({ cardId, stakeMinor: request.chipMinor }));
    return { betId: firstBetId + index, request, placements, stakeMinor: sumOf(placements) };
  });
  checkMaximum(config, existing, sumOf(bets));
  return bets;
}

/**
 * 004:GAM-PL-10: the previous round's layout once or twice over, as one bet (one Undo takes it off
 * again). Checked like any bet: each card's chips against the minimum and the unit, the seat's total
 * against the maximum bet, so a double rebet above 100,000 CZK is refused (004:T-127).
 */
export function expandRebet(
  config: PlatynkoRoundConfig,
  existing: readonly PlatynkoPlacedBet[],
  layout: readonly ChipPlacement[],
  factor: number,
  betId: number,
): PlatynkoPlacedBet {
  if (factor !== 1 && factor !== 2)
    throw new PlatynkoRejection('invalid-rebet-factor', 'a rebet places the layout once or twice');
  if (!Array.isArray(layout) || layout.length === 0)
    throw new PlatynkoRejection('nothing-to-rebet', 'there is no previous round at this table to repeat');
  checkCount(existing, 1);
  const placements = layout.map((item): ChipPlacement => {
    if (!isPlatynkoCard(item?.cardId))
      throw new PlatynkoRejection('unknown-card', `"${String(item?.cardId)}" is not a card of the canvas`);
    const stakeMinor = typeof item.stakeMinor === 'bigint' ? item.stakeMinor * BigInt(factor) : item.stakeMinor;
    checkChip(stakeMinor, config, null);
    return { cardId: item.cardId, stakeMinor };
  });
  if (new Set(placements.map((item) => item.cardId)).size !== placements.length)
    throw new PlatynkoRejection('unknown-card', 'a layout names each card once');
  const stakeMinor = sumOf(placements);
  checkMaximum(config, existing, stakeMinor);
  return { betId, request: { kind: 'rebet', factor }, placements, stakeMinor };
}

/** The seat's stake per card over the given bets, in canvas order of first appearance. */
export function layoutOf(bets: readonly PlatynkoPlacedBet[]): ChipPlacement[] {
  const totals = new Map<PlatynkoCardId, bigint>();
  for (const bet of bets)
    for (const item of bet.placements) totals.set(item.cardId, (totals.get(item.cardId) ?? 0n) + item.stakeMinor);
  return [...totals].map(([cardId, stakeMinor]) => ({ cardId, stakeMinor }));
}
