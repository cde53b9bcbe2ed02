import { freezeDraft, record, toDraft } from './draft.ts';
import { IllegalAction } from './illegal-action.ts';
import type { HandState, Transition } from './types.ts';

/**
 * Aborts the hand after a system malfunction (001 §15, 004:GAM-P-07, 003 §2.8): every chip each
 * player put in goes back to them, folded players included, and no rake is taken
 * (000-001:A-29, 003:#86, 004:AMB-43).
 */
export function voidHand(state: HandState): Transition {
  if (state.phase === 'complete') throw new IllegalAction('hand-complete', 'a finished hand cannot be voided');
  const draft = toDraft(state);
  const before = draft.operations.length;
  const refunds = draft.players
    .filter((player) => player.contributed > 0n)
    .map((player) => ({ seat: player.seat, amount: player.contributed }));
  for (const player of draft.players) {
    player.stack += player.contributed;
    player.contributed = 0n;
    player.dead = 0n;
    player.bet = 0n;
  }
  record(draft, { kind: 'hand-voided', refunds });
  draft.betting = null;
  draft.phase = 'complete';
  draft.result = Object.freeze({
    players: Object.freeze(
      draft.players.map((player) =>
        Object.freeze({
          seat: player.seat,
          name: player.name,
          startingStack: player.startingStack,
          endingStack: player.stack + player.reserved,
          contributed: 0n,
          won: 0n,
          rake: 0n,
          net: 0n,
        }),
      ),
    ),
    rake: 0n,
    potTotal: 0n,
    voided: true,
  });
  return Object.freeze({ state: freezeDraft(draft), events: Object.freeze(draft.operations.slice(before)) });
}
