import type { Clock } from '@casino/core';
import {
  CapturedInbox,
  capturedMessagesMax,
  mailAddressKey,
  phoneNumberKey,
  type CapturedMail,
  type CapturedSms,
} from './mailbox.ts';
import { FxRateSource } from './fx-rates.ts';
import { MinistryRegisters } from './ministry.ts';
import { PaymentProviderSimulator } from './payment-provider.ts';
import { WebhookDispatcher, type WebhookSettings } from './webhook-dispatcher.ts';

/** Everything the sandbox remembers, in memory; one instance per sandbox app. */
export interface SandboxState {
  clock: Clock;
  ministry: MinistryRegisters;
  mail: CapturedInbox<CapturedMail>;
  sms: CapturedInbox<CapturedSms>;
  psp: PaymentProviderSimulator;
  webhooks: WebhookDispatcher;
  /** The exchange-rate source (issue 26). */
  fx: FxRateSource;
  /** The state the sandbox started with: fixture people, registers and provider up, empty mailboxes. */
  reset(): void;
}

export function createSandboxState(clock: Clock, options: { webhooks: WebhookSettings; shutdown: AbortSignal }): SandboxState {
  const ministry = new MinistryRegisters(clock);
  const mail = new CapturedInbox<CapturedMail>({ capacity: capturedMessagesMax, addressKey: mailAddressKey });
  const sms = new CapturedInbox<CapturedSms>({ capacity: capturedMessagesMax, addressKey: phoneNumberKey });
  const webhooks = new WebhookDispatcher(clock, options.webhooks, options.shutdown);
  const psp = new PaymentProviderSimulator(webhooks);
  const fx = new FxRateSource(clock);
  return {
    fx,
    clock,
    ministry,
    mail,
    sms,
    psp,
    webhooks,
    reset() {
      ministry.reset();
      mail.clear();
      sms.clear();
      psp.reset();
      fx.reset();
      webhooks.clear();
      webhooks.configure(options.webhooks);
    },
  };
}
