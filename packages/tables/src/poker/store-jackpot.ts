import { assert, Money, type AccountId, type CurrencyCode } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { jackpotShares, type JackpotPayout } from './jackpot.ts';
import type { CompletedHand } from './runtime-types.ts';

/**
 * The bad-beat jackpot in the ledger (000-001:JP-02, JP-04, ACC-12; issue 18, D-1822..D-1825). One
 * account per currency, `operator:poker-jackpot:<currency>` (a liability: the players' money until it
 * is won), opened on first use. A hand's drop moves escrow → jackpot in the hand's commit, right after
 * the rake and as its own transaction (RAKE-08: the drop is not rake); a bad beat pays the jackpot,
 * as it stands after that drop, to the players' cash wallets and the operator's share to the rake
 * revenue, in one more balanced transaction of the same commit. The seed stays in the account.
 */

export const jackpotPurpose = 'poker-jackpot';
export const jackpotDropKey = (handId: string) => `poker:hand:${handId}:jackpot-drop`;
export const jackpotPayoutKey = (handId: string) => `poker:hand:${handId}:jackpot-payout`;

export function jackpotAccountCode(currency: CurrencyCode): string {
  return ledger.operatorAccountCode(jackpotPurpose, currency);
}

const jackpotAccounts = new Map<string, AccountId>();

/** The jackpot account of a currency, opened on first use (idempotent, safe concurrently). */
export async function jackpotAccount(tx: Tx | Db, currency: CurrencyCode): Promise<AccountId> {
  const code = jackpotAccountCode(currency);
  const cached = jackpotAccounts.get(code);
  if (cached) return cached;
  const account = await ledger.openAccount(tx, {
    code,
    ownerKind: 'OPERATOR',
    ownerId: null,
    purpose: jackpotPurpose,
    currency,
    type: 'LIABILITY',
    allowNegative: false,
    shardCount: 1,
  });
  jackpotAccounts.set(code, account.id);
  return account.id;
}

/** The jackpot's size per currency (the lobby, the published configuration); 0 where none was ever dropped. */
export async function jackpotBalances(db: Db | Tx, currencies: readonly CurrencyCode[]): Promise<Map<CurrencyCode, bigint>> {
  const sizes = new Map<CurrencyCode, bigint>();
  for (const currency of new Set(currencies)) {
    const account = await ledger.findAccountByCode(db, jackpotAccountCode(currency));
    sizes.set(currency, account === null ? 0n : (await ledger.balance(db, account.id)).toMinor());
  }
  return sizes;
}

export interface PostedJackpot {
  dropTransactionId: string | null;
  payoutTransactionId: string | null;
  /** What the bad beat paid, by player (empty without one). */
  payouts: JackpotPayout[];
}

/**
 * Posts a committed hand's jackpot movements inside the hand's transaction (after the rake, lock order
 * level 4): the drop from the escrow, then the payout when the hand is a bad beat. `settings` are the
 * table's profile's: the shares are read when the hand is paid.
 */
export async function postHandJackpot(
  tx: Tx,
  request: {
    hand: CompletedHand;
    currency: CurrencyCode;
    escrowAccountId: string;
    tableId: string;
    now: Date;
  },
): Promise<PostedJackpot> {
  const { hand, currency, now } = request;
  const jackpot = hand.jackpot;
  const none: PostedJackpot = { dropTransactionId: null, payoutTransactionId: null, payouts: [] };
  if (jackpot === undefined || (jackpot.dropMinor === 0n && jackpot.badBeat === null)) return none;
  const account = await jackpotAccount(tx, currency);
  const metadata = { game: 'poker', tableId: request.tableId, handId: hand.handId, handNumber: hand.handNumber };
  let dropTransactionId: string | null = null;
  if (jackpot.dropMinor > 0n) {
    const posted = await ledger.transfer(
      tx,
      {
        idempotencyKey: jackpotDropKey(hand.handId),
        kind: 'TRANSFER',
        debitAccountId: request.escrowAccountId as AccountId,
        creditAccountId: account,
        amount: Money.fromMinor(jackpot.dropMinor, currency),
        metadata: { ...metadata, purpose: 'bad-beat-jackpot-drop' },
      },
      now,
    );
    dropTransactionId = posted.transactionId;
  }
  const badBeat = jackpot.badBeat;
  if (badBeat === null) return { ...none, dropTransactionId };

  const sizeMinor = (await ledger.lockBalance(tx, account)).toMinor();
  const shares = jackpotShares(sizeMinor, jackpot, badBeat);
  const paidMinor = shares.payouts.reduce((sum, payout) => sum + payout.amountMinor, 0n) + shares.rakeMinor;
  if (paidMinor === 0n) return { ...none, dropTransactionId };
  const postings: ledger.PostingLine[] = [{ accountId: account, amount: Money.fromMinor(paidMinor, currency) }];
  for (const payout of shares.payouts) {
    const wallet = await ledger.findAccountByCode(tx, ledger.playerWalletCode(payout.playerId, 'cash', currency));
    assert(wallet !== null, `player ${payout.playerId} has a ${currency} cash wallet (they bought in)`);
    postings.push({ accountId: wallet.id, amount: Money.fromMinor(-payout.amountMinor, currency) });
  }
  if (shares.rakeMinor > 0n) {
    const rake = await ledger.findAccountByCode(tx, ledger.operatorAccountCode('rake-revenue', currency));
    assert(rake !== null, `the chart of accounts has the ${currency} rake revenue account`);
    postings.push({ accountId: rake.id, amount: Money.fromMinor(-shares.rakeMinor, currency) });
  }
  const posted = await ledger.post(
    tx,
    {
      idempotencyKey: jackpotPayoutKey(hand.handId),
      kind: 'PRIZE',
      postings,
      metadata: {
        ...metadata,
        purpose: 'bad-beat-jackpot-payout',
        jackpotMinor: sizeMinor.toString(),
        loserSeat: badBeat.loserSeat,
        winnerSeat: badBeat.winnerSeat,
        loserHand: badBeat.loserCards.join(' '),
        winnerHand: badBeat.winnerCards.join(' '),
      },
    },
    now,
  );
  return { dropTransactionId, payoutTransactionId: posted.transactionId, payouts: shares.payouts };
}
