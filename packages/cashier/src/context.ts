import { assert, type Clock } from '@casino/core';
import type { Db } from '@casino/db';
import type { AccountNumberProtector, CashierGuards, PaymentProvider } from './ports.ts';
import type { CashierRules } from './rules.ts';

/** Everything the cashier's use cases need, passed in once by the app that runs them. */
export interface CashierContext {
  db: Db;
  clock: Clock;
  rules: CashierRules;
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
