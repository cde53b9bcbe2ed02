import { assert, currencyCodes, newId, type AccountId, type CurrencyCode } from '@casino/core';
import type { Db, Tx } from '@casino/db';

export type AccountType = 'ASSET' | 'LIABILITY' | 'REVENUE' | 'EXPENSE' | 'EQUITY';
export type OwnerKind = 'PLAYER' | 'OPERATOR' | 'PAYMENT_PROVIDER' | 'POKER_TABLE' | 'TOURNAMENT';

/**
 * A player's wallets: `cash` per currency, the temporary account's wallet, locked bonus funds, and the
 * SE poker account between cash and the tables (003:R-WAL-01..07, issue 26).
 */
export type PlayerWallet = 'cash' | 'temporary' | 'bonus' | 'poker';

export interface AccountSpec {
  code: string;
  ownerKind: OwnerKind;
  ownerId: string | null;
  purpose: string;
  currency: CurrencyCode;
  type: AccountType;
  allowNegative: boolean;
  shardCount: number;
}

export interface Account extends AccountSpec {
  id: AccountId;
}

export const shardCountMax = 256;

/**
 * The operator's chart of accounts, per currency. Hot accounts (many players post against them at
 * once) are split into shards: `hotShardCount` rows whose balances sum to the account's.
 */
export function operatorAccountSpecs(currency: CurrencyCode, hotShardCount: number): AccountSpec[] {
  const operator = (purpose: string, type: AccountType, shardCount = 1, qualifier?: string): AccountSpec => ({
    code: operatorAccountCode(purpose, currency, qualifier),
    ownerKind: 'OPERATOR',
    ownerId: null,
    purpose,
    currency,
    type,
    allowNegative: true,
    shardCount,
  });
  return [
    operator('game-revenue', 'REVENUE', hotShardCount, 'roulette'),
    operator('game-revenue', 'REVENUE', hotShardCount, 'blackjack'),
    operator('game-revenue', 'REVENUE', hotShardCount, 'poker'),
    operator('game-revenue', 'REVENUE', hotShardCount, 'platynko'),
    operator('rake-revenue', 'REVENUE', hotShardCount),
    operator('fee-revenue', 'REVENUE'),
    operator('fx', 'EQUITY'),
    operator('pending-withdrawals', 'LIABILITY', hotShardCount),
    operator('suspense', 'LIABILITY'),
    operator('bank', 'ASSET'),
    operator('equity', 'EQUITY'),
  ];
}

export function operatorAccountCode(purpose: string, currency: CurrencyCode, qualifier?: string): string {
  return qualifier ? `operator:${purpose}:${qualifier}:${currency}` : `operator:${purpose}:${currency}`;
}

export function playerWalletCode(playerId: string, wallet: PlayerWallet, currency: CurrencyCode): string {
  return `player:${playerId}:${wallet}:${currency}`;
}

export function paymentProviderClearingCode(provider: string, currency: CurrencyCode): string {
  return `psp:${provider}:clearing:${currency}`;
}

export function playerWalletSpec(playerId: string, wallet: PlayerWallet, currency: CurrencyCode): AccountSpec {
  return {
    code: playerWalletCode(playerId, wallet, currency),
    ownerKind: 'PLAYER',
    ownerId: playerId,
    purpose: wallet,
    currency,
    type: 'LIABILITY', // the operator owes the player the balance
    allowNegative: false, // a debt (clawback) is an explicit, flagged posting elsewhere, never an overdraft
    shardCount: 1,
  };
}

/** What the operator owes a payment provider's settlement, or is owed by it: an asset. */
export function paymentProviderClearingSpec(provider: string, currency: CurrencyCode, hotShardCount: number): AccountSpec {
  return {
    code: paymentProviderClearingCode(provider, currency),
    ownerKind: 'PAYMENT_PROVIDER',
    ownerId: provider,
    purpose: 'psp-clearing',
    currency,
    type: 'ASSET',
    allowNegative: true,
    shardCount: hotShardCount,
  };
}

/**
 * Opens an account unless one with the same code exists (then returns that one, which must have
 * the same definition). Safe to call concurrently and repeatedly.
 */
export async function openAccount(tx: Tx | Db, spec: AccountSpec): Promise<Account> {
  assert(spec.shardCount >= 1 && spec.shardCount <= shardCountMax, `shardCount must be 1..${shardCountMax}`);
  assert(spec.allowNegative || spec.shardCount === 1, 'an account that may not go negative cannot be sharded');
  assert((currencyCodes as readonly string[]).includes(spec.currency), `unknown currency ${spec.currency}`);
  const id = newId<AccountId>();
  const inserted = await tx.$executeRaw`
    INSERT INTO ledger_account (id, code, owner_kind, owner_id, purpose, currency, type, allow_negative, shard_count)
    VALUES (${id}::uuid, ${spec.code}, ${spec.ownerKind}::"LedgerOwnerKind", ${spec.ownerId}, ${spec.purpose}, ${spec.currency},
            ${spec.type}::"LedgerAccountType", ${spec.allowNegative}, ${spec.shardCount})
    ON CONFLICT (code) DO NOTHING`;
  if (inserted === 1) {
    await tx.$executeRaw`
      INSERT INTO ledger_account_shard (account_id, shard_no) SELECT ${id}::uuid, generate_series(0, ${spec.shardCount - 1})`;
    return { ...spec, id };
  }
  const existing = await findAccountByCode(tx, spec.code);
  assert(existing !== null, `account ${spec.code} vanished`);
  assert(
    existing.type === spec.type && existing.currency === spec.currency && existing.allowNegative === spec.allowNegative,
    `account ${spec.code} exists with a different definition`,
  );
  return existing;
}

export async function findAccountByCode(tx: Tx | Db, code: string): Promise<Account | null> {
  const row = await tx.ledgerAccount.findUnique({ where: { code } });
  return row ? toAccount(row) : null;
}

export async function findAccountById(tx: Tx | Db, id: string): Promise<Account | null> {
  const row = await tx.ledgerAccount.findUnique({ where: { id } });
  return row ? toAccount(row) : null;
}

/** Every account an owner holds (a player's wallets and debt account), ordered by code. */
export async function findAccountsOwnedBy(tx: Tx | Db, ownerKind: OwnerKind, ownerId: string): Promise<Account[]> {
  const rows = await tx.ledgerAccount.findMany({ where: { ownerKind, ownerId }, orderBy: { code: 'asc' } });
  return rows.map(toAccount);
}

/** A row of `ledger_account` as an Account (for this package's reads; not exported from the index). */
export function toAccount(row: {
  id: string;
  code: string;
  ownerKind: OwnerKind;
  ownerId: string | null;
  purpose: string;
  currency: string;
  type: AccountType;
  allowNegative: boolean;
  shardCount: number;
}): Account {
  return { ...row, id: row.id as AccountId, currency: row.currency as CurrencyCode };
}

/** The chart of accounts for the given currencies; run at every start (reference data, not demo data). */
export async function openOperatorAccounts(
  db: Db,
  currencies: readonly CurrencyCode[],
  hotShardCount: number,
): Promise<Account[]> {
  const opened: Account[] = [];
  for (const currency of currencies) {
    for (const spec of operatorAccountSpecs(currency, hotShardCount)) opened.push(await openAccount(db, spec));
  }
  return opened;
}
