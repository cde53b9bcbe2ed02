import { DomainError, Money, type AccountId, type CurrencyCode } from '@casino/core';
import { lockPlayer, transaction, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { playingWallet } from '../money.ts';
import type { PokerRuleProfile } from './profile.ts';
import type { PokerStoreContext } from './store-context.ts';

/**
 * Svenska Spel's poker account (003:R-WAL-01..07; issue 26, docs/decisions.md D-2636, D-2637): the
 * main account (spelkonto, the cash wallet) → the poker account (pokerkonto, the player's `poker`
 * ledger wallet, opened on entering the poker hall) → table chips, and back. Each step is one
 * balanced ledger transaction: a TRANSFER between the player's two wallets, a BUY_IN / CASH_OUT
 * between the poker account and the table's escrow (store-money.ts). A transfer into the poker
 * account lies within the room's published minimum and maximum (R-WAL-02); leaving the poker hall
 * redeems the whole poker account to the main account (R-WAL-07). Moving money between the player's
 * own accounts stakes nothing: the money and time limits are checked where it is staked, on every
 * buy-in and top-up from the poker account (003:R-LIM-01, R-LIM-07, D-1673).
 */

export function pokerAccountRulesOf(profile: PokerRuleProfile | undefined) {
  return profile?.pokerAccount ?? null;
}

/** The player's poker account in `currency`, opened on first use (entering the poker hall, R-WAL-01). */
export async function pokerAccountWallet(tx: Tx, playerId: string, currency: CurrencyCode): Promise<AccountId> {
  const spec = ledger.playerWalletSpec(playerId, 'poker', currency);
  return (await ledger.findAccountByCode(tx, spec.code))?.id ?? (await ledger.openAccount(tx, spec)).id;
}

/**
 * The wallet a table's buy-in comes from and its cash-out goes to: the poker account where the
 * table's profile has one, otherwise the wallet the player plays from (cash, or the temporary account's).
 */
export async function tableFundingWallet(
  ctx: PokerStoreContext,
  tx: Tx,
  playerId: string,
  profileId: string,
  currency: CurrencyCode,
): Promise<AccountId> {
  const main = await playingWallet(tx, playerId, currency);
  if (!pokerAccountRulesOf(ctx.profiles?.[profileId])) return main;
  return pokerAccountWallet(tx, playerId, currency);
}

export interface PokerAccountTransfer {
  playerId: string;
  /** The poker room (rule profile) whose account it is: its published limits apply. */
  profileId: string;
  amount: Money;
  /** The request's idempotency key: a retried request moves the money once. */
  idempotencyKey: string;
}

export interface PokerAccountBalances {
  main: Money;
  poker: Money;
  ledgerTransactionId: string | null;
}

function roomRules(ctx: PokerStoreContext, profileId: string) {
  const rules = pokerAccountRulesOf(ctx.profiles?.[profileId]);
  if (!rules) throw new DomainError('not-found', `The poker room ${profileId} has no poker account.`, { field: 'body.room' });
  return rules;
}

/**
 * 003:R-WAL-02: money from the main account into the poker account, within the room's published
 * minimum and maximum per transfer (`validation-failed` on `body.amount` outside them), refused
 * `insufficient-funds` beyond the main account's balance, `account-not-active` for an account that
 * cannot play. One TRANSFER transaction.
 */
export async function transferToPokerAccount(
  ctx: PokerStoreContext,
  request: PokerAccountTransfer,
): Promise<PokerAccountBalances> {
  const rules = roomRules(ctx, request.profileId);
  const currency = request.amount.currency;
  const min = rules.transferMinMinor[currency];
  const max = rules.transferMaxMinor[currency];
  if (min === undefined || max === undefined)
    throw new DomainError('validation-failed', `The poker room takes no transfers in ${currency}.`, { field: 'body.amount' });
  const minor = request.amount.toMinor();
  if (minor < min || minor > max)
    throw new DomainError(
      'validation-failed',
      `A transfer to the poker account is ${Money.fromMinor(min, currency)} to ${Money.fromMinor(max, currency)}.`,
      {
        field: 'body.amount',
        extensions: { minimum: Money.fromMinor(min, currency).toJSON(), maximum: Money.fromMinor(max, currency).toJSON() },
      },
    );
  return move(ctx, request, 'in');
}

/** 003:R-WAL-06, R-WAL-07: money from the poker account back to the main account (any amount it holds). */
export async function transferFromPokerAccount(
  ctx: PokerStoreContext,
  request: PokerAccountTransfer,
): Promise<PokerAccountBalances> {
  roomRules(ctx, request.profileId);
  return move(ctx, request, 'out');
}

/** 003:R-WAL-07: leaving the poker hall redeems the whole poker account to the main account. */
export async function leavePokerHall(
  ctx: PokerStoreContext,
  request: Omit<PokerAccountTransfer, 'amount'> & { currency: CurrencyCode },
): Promise<PokerAccountBalances> {
  roomRules(ctx, request.profileId);
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, request.playerId);
    const poker = await pokerAccountWallet(tx, request.playerId, request.currency);
    const held = await ledger.balance(tx, poker);
    if (!held.isPositive()) return balancesIn(tx, request.playerId, request.currency, null);
    return moveIn(ctx, tx, { ...request, amount: held }, 'out');
  });
}

async function move(ctx: PokerStoreContext, request: PokerAccountTransfer, direction: 'in' | 'out') {
  if (!request.amount.isPositive())
    throw new DomainError('validation-failed', 'A transfer is a positive amount.', { field: 'body.amount' });
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, request.playerId);
    return moveIn(ctx, tx, request, direction);
  });
}

async function moveIn(ctx: PokerStoreContext, tx: Tx, request: PokerAccountTransfer, direction: 'in' | 'out') {
  const currency = request.amount.currency;
  const key = `poker-account:${request.playerId}:${request.idempotencyKey}`;
  const earlier = await ledger.findTransactionIdByIdempotencyKey(tx, key);
  if (earlier) return balancesIn(tx, request.playerId, currency, earlier);
  // The main account must be one that may play (a registered or temporary account, not excluded by state).
  const main = await playingWallet(tx, request.playerId, currency);
  const poker = await pokerAccountWallet(tx, request.playerId, currency);
  try {
    const posted = await ledger.transfer(
      tx,
      {
        idempotencyKey: key,
        kind: 'TRANSFER',
        debitAccountId: direction === 'in' ? main : poker,
        creditAccountId: direction === 'in' ? poker : main,
        amount: request.amount,
        metadata: {
          game: 'poker',
          pokerAccount: direction === 'in' ? 'deposit' : 'redeem',
          room: request.profileId,
          playerId: request.playerId,
        },
      },
      ctx.clock.now(),
    );
    return balancesIn(tx, request.playerId, currency, posted.transactionId);
  } catch (error) {
    if (error instanceof ledger.InsufficientFunds)
      throw new DomainError(
        'insufficient-funds',
        direction === 'in' ? 'The main account does not hold that much.' : 'The poker account does not hold that much.',
        { field: 'body.amount' },
      );
    throw error;
  }
}

async function balancesIn(tx: Tx, playerId: string, currency: CurrencyCode, ledgerTransactionId: string | null) {
  const main = await playingWallet(tx, playerId, currency);
  const poker = await pokerAccountWallet(tx, playerId, currency);
  return { main: await ledger.balance(tx, main), poker: await ledger.balance(tx, poker), ledgerTransactionId };
}

/** The player's main and poker account balances in a currency (read-only; opens the poker account if needed). */
export async function pokerAccountBalances(ctx: PokerStoreContext, playerId: string, currency: CurrencyCode) {
  return transaction(ctx.db, (tx) => balancesIn(tx, playerId, currency, null));
}

/**
 * Sitting down or topping up at a table of a room with a poker account (003:R-WAL-02, R-WAL-03;
 * D-2638): when the poker account holds less than the chips asked for, the shortfall moves from the
 * main account first, as the player's own transfer would (at least the room's published minimum, at
 * most its maximum), one TRANSFER transaction before the buy-in's own, in the same database
 * transaction. A shortfall above the maximum is not topped up: the buy-in then finds too little.
 */
export async function fundPokerAccountForChips(
  ctx: PokerStoreContext,
  tx: Tx,
  request: { playerId: string; profileId: string; chips: Money; idempotencyKey: string },
): Promise<void> {
  const rules = pokerAccountRulesOf(ctx.profiles?.[request.profileId]);
  if (!rules) return;
  const currency = request.chips.currency;
  const min = rules.transferMinMinor[currency];
  const max = rules.transferMaxMinor[currency];
  if (min === undefined || max === undefined) return;
  const held = await ledger.balance(tx, await pokerAccountWallet(tx, request.playerId, currency));
  const shortfallMinor = request.chips.toMinor() - held.toMinor();
  if (shortfallMinor <= 0n || shortfallMinor > max) return;
  const amountMinor = shortfallMinor < min ? min : shortfallMinor;
  await moveIn(
    ctx,
    tx,
    {
      playerId: request.playerId,
      profileId: request.profileId,
      amount: Money.fromMinor(amountMinor, currency),
      idempotencyKey: request.idempotencyKey,
    },
    'in',
  );
}
