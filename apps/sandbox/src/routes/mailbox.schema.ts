import { problemResponses } from '@casino/http';
import { z } from 'zod';
import { capturedMessagesMax } from '../state/mailbox.ts';

export const PhoneNumberSchema = z
  .string()
  .regex(/^\+?[0-9][0-9 ]{5,19}$/, 'a phone number such as +420 601 123 456')
  .describe('Compared without spaces');

export const SendMailBodySchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(500),
  text: z.string().max(100_000),
});

export const SendSmsBodySchema = z.object({
  to: PhoneNumberSchema,
  text: z.string().min(1).max(1_600),
});

export const AcceptedResponseSchema = z.object({ id: z.string() });

export const MailQuerySchema = z.object({
  to: z.string().min(1).max(320).optional().describe('Only messages to this address (case-insensitive)'),
  limit: z.coerce.number().int().min(1).max(capturedMessagesMax).default(100),
});

export const SmsQuerySchema = z.object({
  to: z.string().min(1).max(40).optional().describe('Only messages to this number (spaces ignored)'),
  limit: z.coerce.number().int().min(1).max(capturedMessagesMax).default(100),
});

export const MailListResponseSchema = z.object({
  messages: z
    .array(z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), receivedAt: z.iso.datetime() }))
    .describe('Newest first'),
});

export const SmsListResponseSchema = z.object({
  messages: z
    .array(z.object({ id: z.string(), to: z.string(), text: z.string(), receivedAt: z.iso.datetime() }))
    .describe('Newest first'),
});

export const DeletedResponseSchema = z.object({ deleted: z.number().int() });

export const mailboxProblems = problemResponses(400);
