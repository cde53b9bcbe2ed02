import { minChips } from './chips.ts';
import { indexOfSeat, record, type Draft } from './draft.ts';
import type { Chips } from './types.ts';

/**
 * Forced bets, posted before any card (000-001:BTN-04, BTN-06): antes, small blind, big blind,
 * straddle, then the posts of new and returning players. A player short of a forced bet posts
 * what they have and is all-in (000-001:BET-17).
 *
 * Antes paid by every player are everyone's equal stake, so they count like any chip put in. A
 * big-blind ante pays for the whole table and the dead part of a post pays for a missed blind:
 * both are dead money that buys its poster no claim on the other players (decision D-805).
 */
export function postForcedBets(draft: Draft): void {
  const { stakes, blinds } = draft.config;
  if (stakes.anteMode === 'every-player' && stakes.ante > 0n) {
    for (let index = 0; index < draft.players.length; index++) postAnte(draft, index, stakes.ante, false);
  }
  if (blinds.smallBlindSeat !== null) postBlind(draft, blinds.smallBlindSeat, 'small', stakes.smallBlind, 0n);
  postBlind(draft, blinds.bigBlindSeat, 'big', stakes.bigBlind, 0n);
  // Big-blind ante: the blind has priority when the big blind is short for both (decision D-804).
  if (stakes.anteMode === 'big-blind' && stakes.ante > 0n)
    postAnte(draft, indexOfSeat(draft.players, blinds.bigBlindSeat), stakes.ante, true);
  if (blinds.straddleSeat !== null) postBlind(draft, blinds.straddleSeat, 'straddle', stakes.straddle, 0n);
  for (const post of blinds.extraPosts) postBlind(draft, post.seat, 'extra', post.live, post.dead);
}

function postAnte(draft: Draft, index: number, ante: Chips, dead: boolean): void {
  const player = draft.players[index]!;
  const amount = minChips(ante, player.stack);
  if (amount === 0n) return;
  player.stack -= amount;
  player.contributed += amount;
  if (dead) player.dead += amount;
  if (player.stack === 0n) player.status = 'all-in';
  record(draft, { kind: 'ante-posted', seat: player.seat, amount, allIn: player.stack === 0n });
}

function postBlind(
  draft: Draft,
  seat: number,
  blind: 'small' | 'big' | 'straddle' | 'extra',
  liveWanted: Chips,
  deadWanted: Chips,
): void {
  const player = draft.players[indexOfSeat(draft.players, seat)]!;
  const live = minChips(liveWanted, player.stack);
  const dead = minChips(deadWanted, player.stack - live);
  if (live + dead === 0n) return;
  player.stack -= live + dead;
  player.bet += live;
  player.contributed += live + dead;
  player.dead += dead;
  if (player.stack === 0n) player.status = 'all-in';
  record(draft, { kind: 'blind-posted', seat, blind, live, dead, allIn: player.stack === 0n });
}
