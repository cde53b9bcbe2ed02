import { assert, type Clock, type CurrencyCode } from '@casino/core';
import type { Db } from '@casino/db';
import type { FxContext } from '@casino/fx';
import { createPlatformGuards } from './platform-guards.ts';
import type { CommissionToUsd } from './commission-to-usd.ts';
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
  /**
   * The player web app's origin (the player API's PUBLIC_BASE_URL): where the provider sends the
   * payer's browser back after 3-D Secure (D-1784). Absent, the provider shows its own end page.
   */
  returnBaseUrl?: string;
  /** 002:VIP-04: converts poker commission to USD for VIP points (the FX module; USD only until wired, D-2633). */
  commissionToUsd?: CommissionToUsd;
  /** Wallets per currency (D-2610, D-2611): deposits and withdrawals converted at a quote. Absent, none is. */
  fx?: FxContext;
}

/** `{ [key]: value }` when the value is there, `{}` otherwise (exactOptionalPropertyTypes). */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** Where the payer's browser comes back to after authenticating a card check or a payment: pages of the web app. */
export function returnUrls(ctx: CashierContext) {
  const base = ctx.returnBaseUrl?.replace(/\/+$/, '');
  return {
    verification: (paymentMethodId: string) =>
      base === undefined ? undefined : `${base}/payment-methods/${encodeURIComponent(paymentMethodId)}/verification-return`,
    deposit: (depositId: string) =>
      base === undefined ? undefined : `${base}/deposits/${encodeURIComponent(depositId)}/payment-return`,
  };
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
  returnBaseUrl?: string;
  commissionToUsd?: CommissionToUsd;
  fx?: FxContext;
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
    ...(options.commissionToUsd ? { commissionToUsd: options.commissionToUsd } : {}),
    ...(options.returnBaseUrl ? { returnBaseUrl: options.returnBaseUrl } : {}),
    ...(options.fx ? { fx: options.fx } : {}),
  };
}
