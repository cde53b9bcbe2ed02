import { formatCard, parseCards, poker, type Card } from '@casino/games';
import { amountFor } from './definition.ts';
import type { BadBeatJackpotSettings, PokerRuleProfile, PokerTableDefinition } from './profile.ts';
import type { FixedLimitOutcome, FixedLimitTableHand } from './fixed-limit-table.ts';
import type { CompletedHand } from './runtime-types.ts';
import { fixedLimitGamePlaysForJackpot } from './table-games.ts';

/**
 * The bad-beat jackpot (000-001:JP-01..05, RAKE-08, ACC-12; issue 18, D-1822..D-1825), the table's
 * pure part. A table that takes part (its profile's `badBeatJackpot` and its own opt-in) takes the
 * published drop from every pot it rakes, separately from the rake (RAKE-08): the winners of the
 * hand bear it in proportion to what they won, so it leaves the pot before anyone is paid. A hand
 * qualifies when it reaches a showdown with one run of a complete board and the best losing hand is
 * at least the published minimum (four eights) and is beaten; the store then pays the jackpot out of
 * its ledger account in the same transaction as the hand (store-jackpot.ts).
 */

/** Who lost with what to whom: the hand that triggers the payout. */
export interface BadBeat {
  readonly loserSeat: number;
  readonly winnerSeat: number;
  /** The five cards of each hand, e.g. ["8c", "8d", "8h", "8s", "Ah"]. */
  readonly loserCards: readonly string[];
  readonly winnerCards: readonly string[];
}

/** What a finished hand owes the jackpot, and whether it wins it. */
export interface HandJackpot {
  readonly dropMinor: bigint;
  /** Who bears the drop (the hand's winners, by what they won). */
  readonly dropBySeat: readonly { readonly seat: number; readonly amountMinor: bigint }[];
  readonly badBeat: BadBeat | null;
}

/** The jackpot settings a table plays under, or null when it does not take part. */
export function jackpotOf(profile: PokerRuleProfile, definition: PokerTableDefinition): BadBeatJackpotSettings | null {
  return definition.badBeatJackpot === true ? (profile.badBeatJackpot ?? null) : null;
}

/** The drop and the bad beat of a finished (not voided) hand; null when the hand owes nothing and wins nothing. */
export function handJackpot(
  settings: BadBeatJackpotSettings,
  definition: PokerTableDefinition,
  state: poker.HandState,
): HandJackpot | null {
  const result = state.result;
  if (result === null || result.voided) return null;
  const dropBySeat = shareDrop(result.rake > 0n ? dropFrom(settings, definition) : 0n, result.players);
  const dropMinor = dropBySeat.reduce((sum, entry) => sum + entry.amountMinor, 0n);
  const badBeat = qualifyingBadBeat(settings, state);
  if (dropMinor === 0n && badBeat === null) return null;
  return { dropMinor, dropBySeat, badBeat };
}

/** "No rake, no drop" (000-001:JP-02 "from every winning pot" at raked tables, D-1822). */
function dropFrom(settings: BadBeatJackpotSettings, definition: PokerTableDefinition): bigint {
  const drop = amountFor(settings.dropPerRakedHand, definition.currency);
  if (drop === undefined) throw new Error(`no jackpot drop is published in ${definition.currency}`);
  return drop;
}

/** The drop split over the winners by what they won (floor), the remainder on the first of them; never more than was won. */
function shareDrop(
  dropMinor: bigint,
  players: readonly { readonly seat: number; readonly won: bigint }[],
): { seat: number; amountMinor: bigint }[] {
  const winners = players.filter((player) => player.won > 0n);
  const wonMinor = winners.reduce((sum, player) => sum + player.won, 0n);
  const drop = dropMinor < wonMinor ? dropMinor : wonMinor;
  if (drop === 0n) return [];
  const shares = winners.map((player) => ({ seat: player.seat, amountMinor: (drop * player.won) / wonMinor }));
  const remainder = drop - shares.reduce((sum, share) => sum + share.amountMinor, 0n);
  shares[0] = { ...shares[0]!, amountMinor: shares[0]!.amountMinor + remainder };
  return shares.filter((share) => share.amountMinor > 0n);
}

/**
 * The bad beat of a showdown (000-001:JP-03, JP-05; D-1823): one run of a full board, at least two
 * hands shown; the best hand that lost (strictly weaker than the best) must reach the published
 * minimum, compared as five cards under the standard high ranking (so Hold'em and Omaha alike).
 */
export function qualifyingBadBeat(settings: BadBeatJackpotSettings, state: poker.HandState): BadBeat | null {
  if (state.boards.length !== 1) return null; // run more than once: no jackpot (000-001:A-35, D-1823)
  const board = state.boards[0]!;
  if (board.length < 5) return null;
  const shown = state.operations.flatMap((operation) => (operation.kind === 'hand-shown' ? [operation] : []));
  return badBeatAmong(
    settings,
    shown.map((operation) => ({
      seat: operation.seat,
      strength: state.config.variant.highRanking.strength(operation.cards, board)!,
    })),
  );
}

/**
 * The bad beat among the hands shown (D-1823): at least two; the best hand that lost (strictly weaker
 * than the best) must reach the published minimum, both read as five cards under the standard high ranking.
 */
function badBeatAmong(
  settings: BadBeatJackpotSettings,
  shown: readonly { readonly seat: number; readonly strength: poker.HandStrength }[],
): BadBeat | null {
  if (shown.length < 2) return null;
  const ranked = [...shown].sort((a, b) => b.strength.value - a.strength.value);
  const winner = ranked[0]!;
  const loser = ranked.find((entry) => entry.strength.value < winner.strength.value);
  if (loser === undefined) return null;
  const five = (cards: readonly Card[]) => poker.highRanking.strength([], cards)!.value;
  const minimum = five(parseCards(settings.minimumLosingHand));
  if (five(loser.strength.cards) < minimum) return null;
  return {
    loserSeat: loser.seat,
    winnerSeat: winner.seat,
    loserCards: loser.strength.cards.map(formatCard),
    winnerCards: winner.strength.cards.map(formatCard),
  };
}

/**
 * A stud or draw hand's drop and bad beat (D-2052): the drop from a raked hand, borne by its winners
 * by what they won after the rake (000-001:JP-02, D-1822); a bad beat when at least two hands were
 * shown (a mucked one does not count) and the best losing hand, its best five cards of the player's
 * (and a stud hand's community card), is at least the published minimum (JP-03, D-1823).
 */
export function fixedLimitHandJackpot(
  settings: BadBeatJackpotSettings,
  definition: PokerTableDefinition,
  hand: FixedLimitTableHand,
  outcome: FixedLimitOutcome,
): HandJackpot | null {
  if (!fixedLimitGamePlaysForJackpot(hand.game)) return null;
  const dropBySeat = shareDrop(
    outcome.rakeMinor > 0n ? dropFrom(settings, definition) : 0n,
    outcome.results.map((result) => ({ seat: result.seat, won: result.wonMinor })),
  );
  const dropMinor = dropBySeat.reduce((sum, entry) => sum + entry.amountMinor, 0n);
  const community = hand.state.community;
  const shown = hand.state.log.flatMap((operation) =>
    operation.kind === 'show'
      ? [{ seat: hand.seats[operation.player]!, strength: poker.highRanking.strength(operation.cards, community)! }]
      : [],
  );
  const badBeat = badBeatAmong(settings, shown);
  if (dropMinor === 0n && badBeat === null) return null;
  return { dropMinor, dropBySeat, badBeat };
}

/** The completed hand with its jackpot: the stacks after it lose the drop the seat bore. */
export function withJackpot(
  hand: CompletedHand,
  jackpot: HandJackpot | null,
  settings: BadBeatJackpotSettings | null,
): CompletedHand {
  if (jackpot === null || settings === null) return hand;
  const dropOf = (seat: number) => jackpot.dropBySeat.find((entry) => entry.seat === seat)?.amountMinor ?? 0n;
  const playerAt = (seat: number) => hand.results.find((entry) => entry.seat === seat)!.playerId;
  return Object.freeze({
    ...hand,
    stacksAfter: hand.stacksAfter.map((entry) => ({ ...entry, stackMinor: entry.stackMinor - dropOf(entry.seat) })),
    jackpot: Object.freeze({
      shares: settings.shares,
      dropMinor: jackpot.dropMinor,
      dropBySeat: jackpot.dropBySeat.map((entry) => ({ ...entry, playerId: playerAt(entry.seat) })),
      badBeat:
        jackpot.badBeat === null
          ? null
          : {
              ...jackpot.badBeat,
              loserPlayerId: playerAt(jackpot.badBeat.loserSeat),
              winnerPlayerId: playerAt(jackpot.badBeat.winnerSeat),
              otherPlayerIds: hand.results
                .map((entry) => entry.playerId)
                .filter((id) => id !== playerAt(jackpot.badBeat!.loserSeat) && id !== playerAt(jackpot.badBeat!.winnerSeat)),
            },
    }),
  });
}

/** One payout of a jackpot: to whom, why, how much. */
export interface JackpotPayout {
  readonly playerId: string;
  readonly role: 'loser' | 'winner' | 'table';
  readonly amountMinor: bigint;
}

/**
 * The jackpot split by the published shares (000-001:JP-04, T-76; D-1824): each share is rounded
 * down to the minor unit; the table's share is split evenly among the other players dealt in (with
 * nobody else, it stays in the jackpot); every remainder stays in the jackpot with the seed.
 */
export function jackpotShares(
  jackpotMinor: bigint,
  settings: Pick<BadBeatJackpotSettings, 'shares'>,
  players: { readonly loserPlayerId: string; readonly winnerPlayerId: string; readonly otherPlayerIds: readonly string[] },
): { payouts: JackpotPayout[]; rakeMinor: bigint; keptMinor: bigint } {
  const share = (bps: number) => (jackpotMinor * BigInt(bps)) / 10_000n;
  const payouts: JackpotPayout[] = [
    { playerId: players.loserPlayerId, role: 'loser', amountMinor: share(settings.shares.loserBps) },
    { playerId: players.winnerPlayerId, role: 'winner', amountMinor: share(settings.shares.winnerBps) },
  ];
  const others = players.otherPlayerIds;
  if (others.length > 0) {
    const each = share(settings.shares.tableBps) / BigInt(others.length);
    for (const playerId of others) payouts.push({ playerId, role: 'table', amountMinor: each });
  }
  const rakeMinor = share(settings.shares.rakeBps);
  const paid = payouts.reduce((sum, payout) => sum + payout.amountMinor, 0n) + rakeMinor;
  return { payouts: payouts.filter((payout) => payout.amountMinor > 0n), rakeMinor, keptMinor: jackpotMinor - paid };
}
