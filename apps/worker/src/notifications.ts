import { createOutboundHttpClient, systemClock, type Clock } from '@casino/core';
import { defineJob, handleOnce, type JobDefinition } from '@casino/db';
import {
  EmailMessageSchema,
  emailTopic,
  notificationVersion,
  openNotificationText,
  SmsMessageSchema,
  smsTopic,
  type NotificationSealer,
} from '@casino/players';

export interface NotificationDeliveryOptions {
  /** Per send. Default 5000. */
  timeoutMs?: number;
  /** Defaults: 5 consecutive failed sends open the breaker for 30000 ms. */
  breaker?: { failureThreshold: number; openMs: number };
  clock?: Clock;
}

/**
 * Delivers e-mail and SMS from the outbox to the mail/SMS provider over HTTP (apps/sandbox's mailbox in
 * development and tests), through the platform's outbound client. A message is recorded as handled in
 * the same transaction that sends it; a failed send rolls back and BullMQ retries it (with its own
 * backoff), so the client itself never sends twice: the provider has no idempotency key. Its breaker
 * stops a down provider from being asked by every job: they fail at once and come back on BullMQ's
 * schedule. A crash between the provider's answer and the commit can send a message twice:
 * at-least-once, as a mail provider is anyway. The text arrives sealed (it may hold an SMS code or a
 * confirmation token) and is opened only here, for the provider.
 */
export function notificationJobs(
  providerBaseUrl: string,
  sealer: Pick<NotificationSealer, 'decrypt'>,
  options: NotificationDeliveryOptions = {},
): JobDefinition[] {
  const http = createOutboundHttpClient({
    baseUrl: providerBaseUrl,
    timeoutMs: options.timeoutMs ?? 5_000,
    retries: 0,
    backoff: { baseMs: 0, maxMs: 0 },
    breaker: options.breaker ?? { failureThreshold: 5, openMs: 30_000 },
    clock: options.clock ?? systemClock,
  });
  const deliver = async (path: string, body: unknown) => {
    const outcome = await http.request({ method: 'POST', path, body, retrySafe: false }, () => true);
    // Neither the address nor the text goes into the error: it is logged.
    if (outcome.kind === 'refused') throw new Error(`notification provider refused the message (HTTP ${outcome.status})`);
    if (outcome.kind === 'unavailable') throw new Error(`notification provider unavailable (${outcome.reason})`);
  };
  return [
    defineJob({
      topic: emailTopic,
      version: notificationVersion,
      payload: EmailMessageSchema,
      handle: async (email, { messageId, db }) => {
        await handleOnce(db, emailTopic, messageId, () =>
          deliver('mail/messages', { to: email.to, subject: email.subject, text: openNotificationText(sealer, email) }),
        );
      },
    }),
    defineJob({
      topic: smsTopic,
      version: notificationVersion,
      payload: SmsMessageSchema,
      handle: async (sms, { messageId, db }) => {
        await handleOnce(db, smsTopic, messageId, () =>
          deliver('sms/messages', { to: sms.to, text: openNotificationText(sealer, sms) }),
        );
      },
    }),
  ];
}
