import { invariant, splitEvenly, sumChips } from './chips.ts';
import { clockwiseAfterSeat, record, type Draft } from './draft.ts';
import { buildPotsOf } from './pots.ts';
import { attributeRake, rakePerPot } from './rake.ts';
import { strengthsOf, type RunStrength } from './showdown.ts';
import type { Chips, HandResultPlayer, Pot } from './types.ts';

/**
 * Pushing chips: rake each pot, then pay it out (000-001:POT-05..09, RAKE-06; 003:R-O8-02..11;
 * 004:GAM-PHL-04). Odd chips, one rule throughout (000-001:A-19):
 * - a pot split over run-outs gives its odd chips to the earliest run-outs;
 * - a hi-lo pot gives its odd chip to the high half;
 * - tied winners share equally, the odd chips going one each to the winners nearest the button's left.
 */
export function pushChips(draft: Draft): void {
  if (draft.pots.length === 0) {
    draft.pots = buildPotsOf(draft.players);
  }
  const flopDealt = draft.boards[0]!.length >= 3;
  const rakes = rakePerPot(
    draft.pots.map((pot) => pot.amount),
    draft.config.stakes.rake,
    flopDealt,
  );
  const won = draft.players.map(() => 0n);
  const raked = draft.players.map(() => 0n);
  const oddChipOrder = clockwiseAfterSeat(draft.players, draft.config.buttonSeat);
  const strengths = new Map<number, RunStrength[]>();
  const strengthOf = (index: number): RunStrength[] => {
    if (!strengths.has(index)) strengths.set(index, strengthsOf(draft, index));
    return strengths.get(index)!;
  };
  draft.pots.forEach((pot, potIndex) => {
    const rake = rakes[potIndex]!;
    takeRake(draft, potIndex, pot, rake, oddChipOrder, raked);
    const claimants = oddChipOrder.filter((k) => pot.eligible.includes(k) && draft.players[k]!.showdown !== 'mucked');
    invariant(claimants.length > 0, 'every pot keeps a claimant');
    const awards =
      claimants.length === 1
        ? [{ run: 0, half: 'whole' as const, index: claimants[0]!, amount: pot.amount - rake }]
        : awardContested(draft, pot.amount - rake, claimants, strengthOf);
    for (const award of awards) {
      if (award.amount === 0n) continue;
      won[award.index] = won[award.index]! + award.amount;
      record(draft, {
        kind: 'pot-awarded',
        pot: potIndex,
        run: award.run,
        half: award.half,
        seat: draft.players[award.index]!.seat,
        amount: award.amount,
      });
    }
  });
  finishHand(draft, won, raked, sumChips(rakes));
}

function takeRake(draft: Draft, potIndex: number, pot: Pot, rake: Chips, order: readonly number[], raked: Chips[]): void {
  if (rake === 0n) return;
  const shares = attributeRake(
    rake,
    order.map((k) => pot.contributions[k]!),
  );
  const bySeat = order.flatMap((k, position) => {
    raked[k] = raked[k]! + shares[position]!;
    return shares[position]! > 0n ? [{ seat: draft.players[k]!.seat, amount: shares[position]! }] : [];
  });
  record(draft, { kind: 'rake-taken', pot: potIndex, amount: rake, bySeat });
}

interface Award {
  readonly run: number;
  readonly half: 'whole' | 'high' | 'low';
  readonly index: number;
  readonly amount: Chips;
}

/** `claimants` are in odd-chip order. Each run-out gets an equal share; each share is split hi/lo. */
function awardContested(
  draft: Draft,
  amount: Chips,
  claimants: readonly number[],
  strengthOf: (index: number) => RunStrength[],
): Award[] {
  const hasLowHalf = draft.config.variant.lowRanking !== null;
  return splitEvenly(amount, draft.boards.length).flatMap((share, run) => {
    const highWinners = best(claimants, (k) => strengthOf(k)[run]!.high.value);
    const lowWinners = hasLowHalf
      ? best(
          claimants.filter((k) => strengthOf(k)[run]!.low !== null),
          (k) => strengthOf(k)[run]!.low!.value,
        )
      : [];
    // No qualifying low: the high hand takes the whole pot (000-001:VAR-OHL-06, 003:R-O8-09).
    if (lowWinners.length === 0) return splitAmong(share, highWinners, run, hasLowHalf ? 'high' : 'whole');
    const [highHalf, lowHalf] = splitEvenly(share, 2);
    return [...splitAmong(highHalf!, highWinners, run, 'high'), ...splitAmong(lowHalf!, lowWinners, run, 'low')];
  });
}

function best(candidates: readonly number[], value: (index: number) => number): number[] {
  if (candidates.length === 0) return [];
  const top = Math.max(...candidates.map(value));
  return candidates.filter((k) => value(k) === top);
}

function splitAmong(amount: Chips, winners: readonly number[], run: number, half: Award['half']): Award[] {
  const shares = splitEvenly(amount, winners.length);
  return winners.map((index, position) => ({ run, half, index, amount: shares[position]! }));
}

function finishHand(draft: Draft, won: readonly Chips[], raked: readonly Chips[], rake: Chips): void {
  const results: HandResultPlayer[] = draft.players.map((player, k) => {
    player.stack += won[k]!;
    const endingStack = player.stack + player.reserved;
    return Object.freeze({
      seat: player.seat,
      name: player.name,
      startingStack: player.startingStack,
      endingStack,
      contributed: player.contributed,
      won: won[k]!,
      rake: raked[k]!,
      net: endingStack - player.startingStack,
    });
  });
  const potTotal = sumChips(draft.pots.map((pot) => pot.amount));
  invariant(
    sumChips(results.map((r) => r.endingStack)) + rake === sumChips(results.map((r) => r.startingStack)),
    'chips are conserved: stacks plus rake',
  );
  invariant(sumChips(raked) === rake, 'the rake attributed to players equals the rake taken');
  draft.result = Object.freeze({ players: Object.freeze(results), rake, potTotal, voided: false });
  record(draft, { kind: 'hand-ended', rake });
  draft.phase = 'complete';
}
