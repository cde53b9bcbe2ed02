import { enqueueOutboxMessage, outboxSealedKey, type Tx } from '@casino/db';
import { z } from 'zod';

/**
 * Mail and SMS leave through the outbox: written in the transaction that decided to send them,
 * delivered by the worker (apps/worker), so a rolled-back registration sends nothing.
 *
 * The text of a message may hold a secret (the SMS code, the e-mail confirmation token) whose only
 * other trace is a hash (sms_challenge, email_confirmation). So the text is stored encrypted in the
 * payload's `sealed` member (the PII key, AES-256-GCM), which the worker decrypts to deliver and the
 * outbox relay removes from the row once relayed (issue 14 (12), D-1451). The recipient and subject
 * stay readable: they say what was sent to whom without revealing a secret.
 */
export const emailTopic = 'notifications.email';
export const smsTopic = 'notifications.sms';
/** Version 2: the text travels sealed (version 1 carried it in plaintext). */
export const notificationVersion = 2;

export const EmailPayloadSchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(200),
  text: z.string().min(1).max(10_000),
});
export const SmsPayloadSchema = z.object({ to: z.string().regex(/^\+\d{8,15}$/), text: z.string().min(1).max(480) });

export type EmailPayload = z.infer<typeof EmailPayloadSchema>;
export type SmsPayload = z.infer<typeof SmsPayloadSchema>;

const SealedSchema = z.string().min(1).max(20_000);
/** What the outbox holds and the queue carries. */
export const EmailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(200),
  [outboxSealedKey]: SealedSchema,
});
export const SmsMessageSchema = z.object({ to: z.string().regex(/^\+\d{8,15}$/), [outboxSealedKey]: SealedSchema });
export type EmailMessage = z.infer<typeof EmailMessageSchema>;
export type SmsMessage = z.infer<typeof SmsMessageSchema>;

/** Encryption of message texts at rest (the players' PiiProtector). */
export interface NotificationSealer {
  encrypt(plaintext: string): string;
  decrypt(stored: string): string;
}

/**
 * Rows written before version 2 and not yet relayed when the migration ran are rewritten by it
 * with this prefix: SQL holds no key to encrypt them (migration 20261201000000_privacy_at_rest).
 */
const legacyPlaintextPrefix = 'plaintext:';

export function sendEmail(tx: Tx, sealer: Pick<NotificationSealer, 'encrypt'>, email: EmailPayload): Promise<string> {
  const { text, ...visible } = EmailPayloadSchema.parse(email);
  return enqueueOutboxMessage(tx, {
    topic: emailTopic,
    version: notificationVersion,
    payload: { ...visible, [outboxSealedKey]: sealer.encrypt(text) },
  });
}

export function sendSms(tx: Tx, sealer: Pick<NotificationSealer, 'encrypt'>, sms: SmsPayload): Promise<string> {
  const { text, ...visible } = SmsPayloadSchema.parse(sms);
  return enqueueOutboxMessage(tx, {
    topic: smsTopic,
    version: notificationVersion,
    payload: { ...visible, [outboxSealedKey]: sealer.encrypt(text) },
  });
}

/** The text of a queued message, for delivery. */
export function openNotificationText(
  sealer: Pick<NotificationSealer, 'decrypt'>,
  message: { [outboxSealedKey]: string },
): string {
  const sealed = message[outboxSealedKey];
  return sealed.startsWith(legacyPlaintextPrefix) ? sealed.slice(legacyPlaintextPrefix.length) : sealer.decrypt(sealed);
}
