import { defineJob, handleOnce, type JobDefinition } from '@casino/db';
import { EmailMessageSchema, emailTopic, notificationVersion, openNotificationText, SmsMessageSchema, smsTopic, type NotificationSealer } from '@casino/players';

/**
 * Delivers e-mail and SMS from the outbox to the mail/SMS provider over HTTP (apps/sandbox's mailbox in
 * development and tests). A message is recorded as handled in the same transaction that sends it; a
 * failed send rolls back and BullMQ retries it. A crash between the provider's answer and the commit
 * can send a message twice: at-least-once, as a mail provider is anyway. The text arrives sealed (it
 * may hold an SMS code or a confirmation token) and is opened only here, for the provider.
 */
export function notificationJobs(providerBaseUrl: string, sealer: Pick<NotificationSealer, 'decrypt'>, timeoutMs = 5_000): JobDefinition[] {
  const deliver = async (path: string, body: unknown) => {
    const response = await fetch(new URL(path, providerBaseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`notification provider answered ${response.status}`);
  };
  return [
    defineJob({
      topic: emailTopic,
      version: notificationVersion,
      payload: EmailMessageSchema,
      handle: async (email, { messageId, db }) => {
        await handleOnce(db, emailTopic, messageId, () => deliver('/mail/messages', { to: email.to, subject: email.subject, text: openNotificationText(sealer, email) }));
      },
    }),
    defineJob({
      topic: smsTopic,
      version: notificationVersion,
      payload: SmsMessageSchema,
      handle: async (sms, { messageId, db }) => {
        await handleOnce(db, smsTopic, messageId, () => deliver('/sms/messages', { to: sms.to, text: openNotificationText(sealer, sms) }));
      },
    }),
  ];
}
