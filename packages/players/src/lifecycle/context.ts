import type { CurrencyCode } from '@casino/core';
import type { LifecycleContext } from '../temporary-account.ts';

/** What the account-lifecycle use cases need (issue 23): the scheduled jobs' context and the profile's currency. */
export interface AccountLifecycleContext extends LifecycleContext {
  currency: CurrencyCode;
}
