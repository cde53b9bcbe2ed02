import { enqueueOutboxMessage, type Tx } from '@casino/db';
import { z } from 'zod';

/**
 * Mail and SMS leave through the outbox: written in the transaction that decided to send them,
 * delivered by the worker (apps/worker), so a rolled-back registration sends nothing.
 */
export const emailTopic = 'notifications.email';
export const smsTopic = 'notifications.sms';

export const EmailPayloadSchema = z.object({ to: z.email(), subject: z.string().min(1).max(200), text: z.string().min(1).max(10_000) });
export const SmsPayloadSchema = z.object({ to: z.string().regex(/^\+\d{8,15}$/), text: z.string().min(1).max(480) });

export type EmailPayload = z.infer<typeof EmailPayloadSchema>;
export type SmsPayload = z.infer<typeof SmsPayloadSchema>;

export function sendEmail(tx: Tx, email: EmailPayload): Promise<string> {
  return enqueueOutboxMessage(tx, { topic: emailTopic, payload: EmailPayloadSchema.parse(email) });
}

export function sendSms(tx: Tx, sms: SmsPayload): Promise<string> {
  return enqueueOutboxMessage(tx, { topic: smsTopic, payload: SmsPayloadSchema.parse(sms) });
}
