import { invariant } from './chips.ts';
import { record, type Draft } from './draft.ts';

/**
 * End of a betting round: the part of the biggest bet nobody matched goes back to its owner, unraked
 * and uncontested (000-001:POT-10, A-22; 003:R-ALLIN-08), then the bets join the pot.
 */
export function collectBets(draft: Draft): void {
  const bets = draft.players.map((player) => player.bet);
  const top = bets.reduce((best, bet, k) => (bet > bets[best]! ? k : best), 0);
  const secondBet = bets.reduce((best, bet, k) => (k !== top && bet > best ? bet : best), 0n);
  const uncalled = bets[top]! - secondBet;
  if (uncalled > 0n) {
    const player = draft.players[top]!;
    player.bet -= uncalled;
    player.contributed -= uncalled;
    player.stack += uncalled;
    // Chips back means no longer all-in; with nobody left to bet against, no more betting follows anyway.
    if (player.status === 'all-in') player.status = 'active';
    record(draft, { kind: 'bet-returned', seat: player.seat, amount: uncalled });
  }
  let collected = 0n;
  for (const player of draft.players) {
    collected += player.bet;
    player.bet = 0n;
  }
  invariant(collected >= 0n, 'collected bets cannot be negative');
  if (collected > 0n) record(draft, { kind: 'bets-collected', street: draft.street, amount: collected });
  draft.betting = null;
}
