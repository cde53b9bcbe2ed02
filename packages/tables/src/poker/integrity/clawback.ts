import { appendAuditEntry, type Actor } from '@casino/compliance';
import { assert, DomainError, Money, newId, type AccountId, type CurrencyCode } from '@casino/core';
import { lockPlayer, transaction, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { playingWallet } from '../../money.ts';
import type { PokerRuleProfileId } from '../profile.ts';
import type { PokerIntegrityContext } from './context.ts';

/**
 * Winnings taken back (003:R-COND-J, S-90; 000-001:FAIR-11, ACC-14, FAIR-02 (b)/(c)): staff name the
 * hands a player won by forbidden play; what the player won in them (their net result, hand by
 * hand) leaves their wallet in ONE ledger transaction (kind CLAWBACK). Where the profile pays it
 * back to the losers (SE), each hand's winnings are shared among the players who lost in that hand
 * in proportion to their losses, rounded down with the odd minor units to the biggest loser (ties:
 * the lower player id); elsewhere the money is held in the operator's suspense account until staff
 * decide (confiscation is a finance posting out of it). A hand is clawed back from a player once
 * (`conflict`); a wallet that no longer holds the amount refuses it (`insufficient-funds`): staff
 * then freeze or settle it through the cashier's debt process.
 */
export const clawbackHandsMax = 500;

export interface PokerClawbackView {
  clawbackId: string;
  playerId: string;
  currency: CurrencyCode;
  amountMinor: bigint;
  paidTo: 'losers' | 'operator';
  distribution: { playerId: string; amountMinor: bigint }[];
  ledgerTransactionId: string;
}

interface HandRow {
  hand_id: string;
  player_id: string;
  net: bigint;
  currency: string;
  profile_id: string;
}

export async function clawBackPokerWinnings(
  ctx: PokerIntegrityContext,
  actor: Actor,
  request: { playerId: string; handIds: readonly string[]; reason: string },
): Promise<PokerClawbackView> {
  const handIds = [...new Set(request.handIds)];
  if (handIds.length === 0 || handIds.length > clawbackHandsMax)
    throw new DomainError('validation-failed', `Name 1 to ${clawbackHandsMax} hands.`, { field: 'body.handIds' });
  const reason = request.reason.trim().slice(0, 500);
  if (reason.length === 0) throw new DomainError('validation-failed', 'Say why.', { field: 'body.reason' });
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, request.playerId);
    const earlier = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM poker_clawback WHERE player_id = ${request.playerId}::uuid AND hand_ids && ${handIds}::text[] LIMIT 1`;
    if (earlier.length > 0)
      throw new DomainError('conflict', 'A named hand was clawed back from this player already.', { field: 'body.handIds' });
    const rows = await tx.$queryRaw<HandRow[]>`
      SELECT hp.hand_id, hp.player_id, (hp.won_minor - hp.put_in_minor)::bigint AS net, h.currency, t.profile_id
      FROM poker_hand_player hp JOIN poker_hand h ON h.id = hp.hand_id AND h.status = 'COMPLETED' JOIN poker_table t ON t.id = h.table_id
      WHERE hp.hand_id = ANY(${handIds}::uuid[])
      ORDER BY hp.hand_id, hp.player_id`;
    const won = rows.filter((r) => r.player_id === request.playerId && r.net > 0n);
    if (won.length === 0) throw new DomainError('not-found', 'The player won none of these hands.', { field: 'body.handIds' });
    const currencies = new Set(won.map((r) => r.currency));
    const profiles = new Set(won.map((r) => r.profile_id));
    if (currencies.size !== 1 || profiles.size !== 1)
      throw new DomainError('validation-failed', 'Claw back the hands of one currency and room at a time.', {
        field: 'body.handIds',
      });
    const currency = won[0]!.currency as CurrencyCode;
    const paidTo = ctx.rulesOf(won[0]!.profile_id as PokerRuleProfileId).clawbackTo;
    const amountMinor = won.reduce((sum, r) => sum + r.net, 0n);
    const distribution = paidTo === 'losers' ? shareAmongLosers(request.playerId, won, rows) : [];
    const now = ctx.clock.now();
    const clawbackId = newId<string>();
    const postings = await postingsOf(tx, { playerId: request.playerId, currency, amountMinor, distribution });
    const posted = await ledger.post(
      tx,
      {
        idempotencyKey: `poker-clawback:${clawbackId}`,
        kind: 'CLAWBACK',
        postings,
        metadata: { game: 'poker', clawbackId, playerId: request.playerId, paidTo, reason: reason.slice(0, 200) },
      },
      now,
    );
    await tx.pokerClawback.create({
      data: {
        id: clawbackId,
        playerId: request.playerId,
        currency,
        amountMinor,
        paidTo,
        distribution: distribution.map((d) => ({ playerId: d.playerId, amountMinor: d.amountMinor.toString() })),
        handIds,
        ledgerTransactionId: posted.transactionId,
        reason,
        createdBy: actor.kind === 'staff' ? `staff:${actor.staffUserId}` : `system:${actor.name}`,
        createdAt: now,
      },
    });
    await appendAuditEntry(tx, actor, now, {
      action: 'poker.winnings-clawed-back',
      subjectType: 'player',
      subjectId: request.playerId,
      reason,
      before: null,
      after: {
        clawbackId,
        amountMinor: amountMinor.toString(),
        currency,
        paidTo,
        handIds,
        ledgerTransactionId: posted.transactionId,
      },
    });
    return {
      clawbackId,
      playerId: request.playerId,
      currency,
      amountMinor,
      paidTo,
      distribution,
      ledgerTransactionId: posted.transactionId,
    };
  });
}

/** Hand by hand: the player's winnings of the hand to its losers in proportion to their losses (S-90). */
export function shareAmongLosers(
  playerId: string,
  won: readonly Pick<HandRow, 'hand_id' | 'net'>[],
  rows: readonly Pick<HandRow, 'hand_id' | 'player_id' | 'net'>[],
): { playerId: string; amountMinor: bigint }[] {
  const owed = new Map<string, bigint>();
  for (const hand of won) {
    const losers = rows
      .filter((r) => r.hand_id === hand.hand_id && r.player_id !== playerId && r.net < 0n)
      .sort((a, b) => (a.net !== b.net ? (a.net < b.net ? -1 : 1) : a.player_id < b.player_id ? -1 : 1));
    if (losers.length === 0) continue;
    const lostTotal = losers.reduce((sum, r) => sum - r.net, 0n);
    let given = 0n;
    for (const loser of losers) {
      // Rounded down (divFloor); the remainder below goes to the biggest loser, sorted first.
      const share = (hand.net * -loser.net) / lostTotal;
      owed.set(loser.player_id, (owed.get(loser.player_id) ?? 0n) + share);
      given += share;
    }
    const rest = hand.net - given;
    assert(rest >= 0n && rest < BigInt(losers.length), 'the rounded shares leave less than one unit per loser');
    owed.set(losers[0]!.player_id, owed.get(losers[0]!.player_id)! + rest);
  }
  return [...owed.entries()].filter(([, amount]) => amount > 0n).map(([id, amountMinor]) => ({ playerId: id, amountMinor }));
}

async function postingsOf(
  tx: Tx,
  request: {
    playerId: string;
    currency: CurrencyCode;
    amountMinor: bigint;
    distribution: readonly { playerId: string; amountMinor: bigint }[];
  },
): Promise<ledger.PostingLine[]> {
  const money = (minor: bigint) => Money.fromMinor(minor, request.currency);
  const lines: ledger.PostingLine[] = [
    { accountId: await playingWallet(tx, request.playerId, request.currency), amount: money(request.amountMinor) },
  ];
  const paidOut = request.distribution.reduce((sum, d) => sum + d.amountMinor, 0n);
  for (const share of request.distribution) {
    lines.push({ accountId: await loserWallet(tx, share.playerId, request.currency), amount: money(-share.amountMinor) });
  }
  // Winnings nobody lost in a named hand (no loser left) and the 'operator' profiles' whole amount: held in suspense.
  if (paidOut < request.amountMinor) {
    const suspense = await ledger.findAccountByCode(tx, ledger.operatorAccountCode('suspense', request.currency));
    assert(suspense !== null, `the chart of accounts has the ${request.currency} suspense account`);
    lines.push({ accountId: suspense.id, amount: money(-(request.amountMinor - paidOut)) });
  }
  return lines;
}

/** A loser is paid into the wallet they play from; a closed account's wallet still exists (accounts are never deleted). */
async function loserWallet(tx: Tx, playerId: string, currency: CurrencyCode): Promise<AccountId> {
  const wallets = await ledger.findAccountsOwnedBy(tx, 'PLAYER', playerId);
  const wallet =
    wallets.find((a) => a.currency === currency && a.purpose === 'cash') ?? wallets.find((a) => a.currency === currency);
  assert(wallet !== undefined, `player ${playerId} who lost ${currency} at a table has a ${currency} wallet`);
  return wallet.id;
}
