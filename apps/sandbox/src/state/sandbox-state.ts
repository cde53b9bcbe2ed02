import type { Clock } from '@casino/core';
import { CapturedInbox, capturedMessagesMax, mailAddressKey, phoneNumberKey, type CapturedMail, type CapturedSms } from './mailbox.ts';
import { MinistryRegisters } from './ministry.ts';

/** Everything the sandbox remembers, in memory; one instance per sandbox app. */
export interface SandboxState {
  clock: Clock;
  ministry: MinistryRegisters;
  mail: CapturedInbox<CapturedMail>;
  sms: CapturedInbox<CapturedSms>;
  /** The state the sandbox started with: fixture people, registers up, empty mailboxes. */
  reset(): void;
}

export function createSandboxState(clock: Clock): SandboxState {
  const ministry = new MinistryRegisters(clock);
  const mail = new CapturedInbox<CapturedMail>({ capacity: capturedMessagesMax, addressKey: mailAddressKey });
  const sms = new CapturedInbox<CapturedSms>({ capacity: capturedMessagesMax, addressKey: phoneNumberKey });
  return {
    clock,
    ministry,
    mail,
    sms,
    reset() {
      ministry.reset();
      mail.clear();
      sms.clear();
    },
  };
}
