import { assert, type Clock, type CurrencyCode } from '@casino/core';
import type { Db } from '@casino/db';
import { createPlatformGuards } from './platform-guards.ts';
import type { AccountNumberProtector, CashierGuards, PaymentProvider } from './ports.ts';
import { czechCashierRules, type CashierRules } from './rules.ts';

/** Everything the cashier's use cases need, passed in once by the app that runs them. */
export interface CashierContext {
  db: Db;
  clock: Clock;
  rules: CashierRules;
  /** The currency of the operator profile's wallets: what deposits and withdrawals are requested in. */
  currency: CurrencyCode;
  guards: CashierGuards;
  /** The payment provider's name, as its ledger clearing account and its webhooks know it. */
  providerName: string;
  /** The provider's API: the player API and the worker call it; webhooks do not. */
  provider?: PaymentProvider;
  /** Bank account numbers at rest: the player API (registration) and the worker (payouts). */
  accountNumbers?: AccountNumberProtector;
}

export function providerOf(ctx: CashierContext): PaymentProvider {
  assert(ctx.provider !== undefined, 'this use case needs the payment provider in its context');
  return ctx.provider;
}

export function accountNumbersOf(ctx: CashierContext): AccountNumberProtector {
  assert(ctx.accountNumbers !== undefined, 'this use case needs the account-number protector in its context');
  return ctx.accountNumbers;
}

export interface CreateCashierContextOptions {
  db: Db;
  clock: Clock;
  providerName: string;
  /** Defaults to 004's Czech rules. */
  rules?: CashierRules;
  /** The operator profile's currency (composeContexts passes it); 004's CZK for the package's own tests. */
  currency?: CurrencyCode;
  /** The limits and compliance port; the platform's own (`createPlatformGuards`) unless a test passes its own. */
  guards?: CashierGuards;
  provider?: PaymentProvider;
  accountNumbers?: AccountNumberProtector;
}

/** The context every app builds the same way; each passes only what its use cases need. */
export function createCashierContext(options: CreateCashierContextOptions): CashierContext {
  const rules = options.rules ?? czechCashierRules;
  return {
    db: options.db,
    clock: options.clock,
    rules,
    currency: options.currency ?? 'CZK',
    guards: options.guards ?? createPlatformGuards({ clock: options.clock }),
    providerName: options.providerName,
    ...(options.provider ? { provider: options.provider } : {}),
    ...(options.accountNumbers ? { accountNumbers: options.accountNumbers } : {}),
  };
}
