import { DomainError, type AccountId, type CurrencyCode } from '@casino/core';
import type { Tx } from '@casino/db';
import * as ledger from '@casino/ledger';

/**
 * The ledger accounts the cashier posts to. Operator accounts and the provider's clearing account
 * come from the seed; the player's debt account and the branch cash till are opened on first use.
 */
/**
 * Ids of operator and provider accounts, by code. Accounts are never deleted or renumbered (INVARIANTS.md
 * I8), so an id once read stays right; a process keeps at most a handful.
 */
const operatorAccountIds = new Map<string, AccountId>();
const operatorAccountIdsMax = 1_000;

async function existing(tx: Tx, code: string): Promise<AccountId> {
  const cached = operatorAccountIds.get(code);
  if (cached) return cached;
  const account = await ledger.findAccountByCode(tx, code);
  if (!account) throw new DomainError('service-unavailable', `The ledger account ${code} is not set up (run the seed).`);
  if (operatorAccountIds.size < operatorAccountIdsMax) operatorAccountIds.set(code, account.id);
  return account.id;
}

export function clearingAccount(tx: Tx, provider: string, currency: CurrencyCode = 'CZK'): Promise<AccountId> {
  return existing(tx, ledger.paymentProviderClearingCode(provider, currency));
}

export function operatorAccount(
  tx: Tx,
  purpose: 'pending-withdrawals' | 'suspense' | 'fee-revenue' | 'bank',
  currency: CurrencyCode = 'CZK',
): Promise<AccountId> {
  return existing(tx, ledger.operatorAccountCode(purpose, currency));
}

export async function cashWallet(tx: Tx, playerId: string, currency: CurrencyCode = 'CZK'): Promise<AccountId> {
  const spec = ledger.playerWalletSpec(playerId, 'cash', currency);
  return (await ledger.findAccountByCode(tx, spec.code))?.id ?? (await ledger.openAccount(tx, spec)).id;
}

/**
 * What a player owes the operator (a receivable, an asset) after a fee, clawback or chargeback the
 * balance did not cover. It may not go negative: a repayment can never exceed the debt. The wallet
 * itself never goes below zero (INVARIANTS.md I5); the debt is this explicit, separate account.
 */
export function playerDebtSpec(playerId: string, currency: CurrencyCode = 'CZK'): ledger.AccountSpec {
  return {
    code: `player:${playerId}:debt:${currency}`,
    ownerKind: 'PLAYER',
    ownerId: playerId,
    purpose: 'debt',
    currency,
    type: 'ASSET',
    allowNegative: false,
    shardCount: 1,
  };
}

export async function debtAccount(tx: Tx, playerId: string, currency?: CurrencyCode): Promise<AccountId> {
  const spec = playerDebtSpec(playerId, currency);
  return (await ledger.findAccountByCode(tx, spec.code))?.id ?? (await ledger.openAccount(tx, spec)).id;
}

/** Cash taken at branches (004:DEP-01), an asset until it is banked. */
export async function branchCashAccount(tx: Tx, currency: CurrencyCode = 'CZK'): Promise<AccountId> {
  const spec: ledger.AccountSpec = {
    code: ledger.operatorAccountCode('branch-cash', currency),
    ownerKind: 'OPERATOR',
    ownerId: null,
    purpose: 'branch-cash',
    currency,
    type: 'ASSET',
    allowNegative: true,
    shardCount: 1,
  };
  return (await ledger.openAccount(tx, spec)).id;
}

/** The wallet a player's money is in now: the temporary account's until registration completes. */
export async function currentWallet(tx: Tx, playerId: string, state: string): Promise<AccountId> {
  if (state === 'TEMPORARY') {
    const temporary = await tx.temporaryAccount.findUnique({ where: { playerId }, select: { walletAccountId: true } });
    if (temporary) return temporary.walletAccountId as AccountId;
  }
  return cashWallet(tx, playerId);
}
