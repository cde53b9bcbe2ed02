import { recordMonitoringEvent } from '@casino/compliance';
import { assert, countBusinessEvent, DomainError, Money, newId, type AccountId, type CurrencyCode } from '@casino/core';
import { afterCommit, type Db, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { authorizeStake, recordSettlement } from '@casino/limits';
import type { TablesContext } from './context.ts';
import type { Debit, GameId } from './engines.ts';
import type { LoadedRound } from './round-store.ts';
import { holdWinIfPayoutsSuspended } from './win-holds.ts';

/**
 * Money of a round, every movement one balanced ledger transaction in the transaction of the game
 * change that caused it. A stake: the self-limits first (under the per-player lock, docs/limits.md),
 * then the posting wallet → game revenue, then the AML monitoring event; a refusal anywhere rolls the
 * action back whole, engine state included. A win: counted for net loss (never refused), posted game
 * revenue → wallet, monitored. Ledger keys derive from the round and its event log, so a step that
 * runs twice posts once.
 */

const revenueAccounts = new Map<string, AccountId>();

async function gameRevenueAccount(tx: Tx, game: GameId, currency: string): Promise<AccountId> {
  const code = ledger.operatorAccountCode('game-revenue', currency as CurrencyCode, game);
  const cached = revenueAccounts.get(code);
  if (cached) return cached;
  const account = await ledger.findAccountByCode(tx, code);
  assert(account !== null, `the chart of accounts has ${code} (openOperatorAccounts)`);
  revenueAccounts.set(code, account.id);
  return account.id;
}

/**
 * The wallet a player plays from now: a temporary account's wallet until registration completes
 * (004 §3.2.4), then the cash wallet (the completion moves the balance, wins included: TMP-07).
 */
export async function playingWallet(tx: Tx, playerId: string, currency: string): Promise<AccountId> {
  const player = await tx.player.findUnique({ where: { id: playerId }, select: { state: true } });
  return walletForState(tx, playerId, player?.state ?? null, currency);
}

// A wallet's account id never changes once opened (accounts are never deleted): the stake path looks
// it up once per process instead of once per stake. Bounded like the round store's table cache.
const walletIds = new Map<string, AccountId>();
const walletIdsMax = 100_000;

/** `playingWallet` for an account state the caller read under the player lock (authorizeStake does). */
export async function walletForState(tx: Tx, playerId: string, state: string | null, currency: string): Promise<AccountId> {
  if (state !== 'TEMPORARY' && state !== 'REGISTERED') {
    throw new DomainError('account-not-active', 'Only a player with a temporary or a registered account can play.', {
      extensions: { state },
    });
  }
  const spec = ledger.playerWalletSpec(playerId, state === 'TEMPORARY' ? 'temporary' : 'cash', currency as CurrencyCode);
  const cached = walletIds.get(spec.code);
  if (cached) return cached;
  const id = (await ledger.findAccountByCode(tx, spec.code))?.id ?? (await ledger.openAccount(tx, spec)).id;
  if (walletIds.size >= walletIdsMax) walletIds.clear();
  walletIds.set(spec.code, id);
  return id;
}

/**
 * The ids `gameRevenueAccount` and `walletForState` already know, without a query (the one-call stake
 * path, confirm-stake.ts, has no ORM client): undefined when this process has not looked them up yet.
 * The wallet's state check is `walletForState`'s.
 */
export function knownStakeAccounts(
  game: GameId,
  playerId: string,
  state: string | null,
  currency: string,
): { wallet: AccountId; revenue: AccountId } | undefined {
  if (state !== 'TEMPORARY' && state !== 'REGISTERED') {
    throw new DomainError('account-not-active', 'Only a player with a temporary or a registered account can play.', {
      extensions: { state },
    });
  }
  const wallet = walletIds.get(
    ledger.playerWalletSpec(playerId, state === 'TEMPORARY' ? 'temporary' : 'cash', currency as CurrencyCode).code,
  );
  const revenue = revenueAccounts.get(ledger.operatorAccountCode('game-revenue', currency as CurrencyCode, game));
  return wallet && revenue ? { wallet, revenue } : undefined;
}

/** The game revenue account's id when this process has looked it up (the one-call round turn, D-2292). */
export function knownRevenueAccount(game: GameId, currency: string): AccountId | undefined {
  return revenueAccounts.get(ledger.operatorAccountCode('game-revenue', currency as CurrencyCode, game));
}

/**
 * The wallet `postWin` credits, chosen from the player's wallet accounts read with their account state
 * (the one-call round turn, D-2292): `playingWallet`'s (temporary or cash by the state), else
 * `walletOfLastStake`'s (cash, then temporary). Undefined: no such wallet yet (the ORM path opens it).
 */
export function winWalletOf(
  playerId: string,
  state: string | null,
  currency: string,
  wallets: ReadonlyArray<{ code: string; id: string }>,
): AccountId | undefined {
  const idOf = (wallet: 'cash' | 'temporary') =>
    wallets.find((w) => w.code === ledger.playerWalletCode(playerId, wallet, currency as CurrencyCode))?.id as
      AccountId | undefined;
  if (state === 'TEMPORARY') return idOf('temporary');
  if (state === 'REGISTERED') return idOf('cash');
  return idOf('cash') ?? idOf('temporary');
}

/**
 * Looks up, once per process, what a seated player's stakes need and the one-call path cannot read itself
 * (issue 22, D-2276): the wallet's and the game revenue's account ids, read after the seat is taken and
 * outside its transaction. Only reads: a wallet not opened yet is still opened by the first stake (ORM path).
 */
export async function rememberStakeAccounts(
  db: Db,
  options: { game: GameId; playerId: string; state: string; currency: string },
): Promise<void> {
  if (options.state !== 'TEMPORARY' && options.state !== 'REGISTERED') return;
  const revenueCode = ledger.operatorAccountCode('game-revenue', options.currency as CurrencyCode, options.game);
  const walletCode = ledger.playerWalletSpec(
    options.playerId,
    options.state === 'TEMPORARY' ? 'temporary' : 'cash',
    options.currency as CurrencyCode,
  ).code;
  if (!revenueAccounts.has(revenueCode)) {
    const revenue = await ledger.findAccountByCode(db, revenueCode);
    if (revenue) revenueAccounts.set(revenueCode, revenue.id);
  }
  if (!walletIds.has(walletCode)) {
    const wallet = await ledger.findAccountByCode(db, walletCode);
    if (wallet) {
      if (walletIds.size >= walletIdsMax) walletIds.clear();
      walletIds.set(walletCode, wallet.id);
    }
  }
}

export const stakeKey = (roundId: string, eventIndex: number) => `game:${roundId}:stake:${eventIndex}`;
export const winKey = (roundId: string, seat: number) => `game:${roundId}:win:${seat}`;

export interface StakeOptions {
  round: LoadedRound;
  playerId: string;
  playSessionId: string;
  debit: Debit;
}

export async function postStake(
  ctx: TablesContext,
  tx: Tx,
  options: StakeOptions,
): Promise<{ ledgerTransactionId: string; amount: Money }> {
  const { round, playerId, debit } = options;
  const amount = Money.fromMinor(debit.amountMinor, round.table.currency);
  const key = stakeKey(round.id, debit.eventIndex);
  const authorized = await authorizeStake(ctx.limits, tx, {
    playerId,
    playSessionId: options.playSessionId,
    reference: key,
    amount,
    category: 'casino',
  });
  // The account's state as read under the player lock: the wallet the stake comes from.
  const wallet = await walletForState(tx, playerId, authorized.accountState, round.table.currency);
  const at = ctx.clock.now();
  const posted = await ledger.transfer(
    tx,
    {
      idempotencyKey: key,
      kind: 'STAKE',
      debitAccountId: wallet,
      creditAccountId: await gameRevenueAccount(tx, round.game, round.table.currency),
      amount,
      metadata: { game: round.game, tableId: round.table.id, roundId: round.id, seat: debit.seat, playerId },
    },
    at,
  );
  await recordMonitoringEvent(tx, {
    kind: 'stake',
    eventId: newId(),
    playerId,
    occurredAt: at.toISOString(),
    amount: { amountMinor: debit.amountMinor.toString(), currency: amount.currency },
    gameRoundId: round.id,
  });
  // The round's record of the stake and the player's place in the round, in one statement.
  await tx.$executeRaw`
    WITH posting AS (
      INSERT INTO game_round_posting (round_id, player_id, seat, kind, amount_minor, ledger_transaction_id, event_index, at)
      VALUES (${round.id}::uuid, ${playerId}::uuid, ${debit.seat}, 'STAKE', ${debit.amountMinor}, ${posted.transactionId}::uuid, ${debit.eventIndex}, ${at})
    )
    INSERT INTO game_round_player (round_id, player_id, table_id, seat, play_session_id, staked_minor, joined_at)
    VALUES (${round.id}::uuid, ${playerId}::uuid, ${round.table.id}::uuid, ${debit.seat}, ${options.playSessionId}::uuid, ${debit.amountMinor}, ${at})
    ON CONFLICT (round_id, player_id) DO UPDATE SET staked_minor = game_round_player.staked_minor + EXCLUDED.staked_minor`;
  // Counted once committed (issue 22): a stake rolled back by a later refusal is no bet.
  afterCommit(tx, () => countBusinessEvent('bet-confirmed', round.game));
  return { ledgerTransactionId: posted.transactionId, amount };
}

export interface WinOptions {
  round: LoadedRound;
  playerId: string;
  playSessionId: string;
  seat: number;
  returnedMinor: bigint;
  eventIndex: number;
}

/**
 * Credits a win (stakes included) to the wallet the player plays from. Settlements are never refused
 * by a self-limit (docs/limits.md); while the player's payouts are suspended the credited win is held
 * at once (win-holds.ts, 004:WIN-07, D-733).
 */
export async function postWin(ctx: TablesContext, tx: Tx, options: WinOptions): Promise<string> {
  const { round, playerId, seat } = options;
  assert(options.returnedMinor > 0n, 'only a positive return is credited');
  const amount = Money.fromMinor(options.returnedMinor, round.table.currency);
  const key = winKey(round.id, seat);
  await recordSettlement(ctx.limits, tx, {
    playerId,
    reference: key,
    amount,
    category: 'casino',
    playSessionId: options.playSessionId,
  });
  const wallet = await playingWallet(tx, playerId, round.table.currency).catch(() =>
    walletOfLastStake(tx, playerId, round.table.currency),
  );
  const at = ctx.clock.now();
  const posted = await ledger.transfer(
    tx,
    {
      idempotencyKey: key,
      kind: 'WIN',
      debitAccountId: await gameRevenueAccount(tx, round.game, round.table.currency),
      creditAccountId: wallet,
      amount,
      metadata: { game: round.game, tableId: round.table.id, roundId: round.id, seat, playerId },
    },
    at,
  );
  await recordMonitoringEvent(tx, {
    kind: 'win',
    eventId: newId(),
    playerId,
    occurredAt: at.toISOString(),
    amount: { amountMinor: options.returnedMinor.toString(), currency: amount.currency },
    gameRoundId: round.id,
  });
  await tx.gameRoundPosting.create({
    data: {
      roundId: round.id,
      playerId,
      seat,
      kind: 'WIN',
      amountMinor: options.returnedMinor,
      ledgerTransactionId: posted.transactionId,
      eventIndex: options.eventIndex,
      at,
    },
  });
  await holdWinIfPayoutsSuspended(ctx, tx, { playerId, roundId: round.id, seat, wallet, amount });
  return posted.transactionId;
}

/**
 * A win owed to a player whose account may no longer play (closed or excluded meanwhile) is still
 * paid: to the wallet they staked from.
 */
async function walletOfLastStake(tx: Tx, playerId: string, currency: string): Promise<AccountId> {
  for (const wallet of ['cash', 'temporary'] as const) {
    const account = await ledger.findAccountByCode(tx, ledger.playerWalletCode(playerId, wallet, currency as CurrencyCode));
    if (account) return account.id;
  }
  throw new DomainError('account-not-active', 'The player has no wallet to credit.');
}
