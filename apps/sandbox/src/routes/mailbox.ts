import { newId } from '@casino/core';
import type { App } from '@casino/http';
import type { SandboxState } from '../state/sandbox-state.ts';
import {
  AcceptedResponseSchema,
  DeletedResponseSchema,
  MailListResponseSchema,
  mailboxProblems,
  MailQuerySchema,
  SendMailBodySchema,
  SendSmsBodySchema,
  SmsListResponseSchema,
  SmsQuerySchema,
} from './mailbox.schema.ts';

/** Where the platform's e-mail and SMS go in development and tests: captured, listed, never delivered. */
export function mailboxRoutes(app: App, state: SandboxState): void {
  const tags = ['mailbox'];
  const receivedAt = () => state.clock.now().toISOString();

  app.post(
    '/mail/messages',
    {
      schema: {
        tags,
        summary: 'Capture an outgoing e-mail',
        body: SendMailBodySchema,
        response: { 202: AcceptedResponseSchema, ...mailboxProblems },
      },
    },
    async (request, reply) => {
      const id = newId<string>();
      state.mail.add({ id, ...request.body, receivedAt: receivedAt() });
      return reply.code(202).send({ id });
    },
  );

  app.post(
    '/sms/messages',
    {
      schema: {
        tags,
        summary: 'Capture an outgoing SMS',
        body: SendSmsBodySchema,
        response: { 202: AcceptedResponseSchema, ...mailboxProblems },
      },
    },
    async (request, reply) => {
      const id = newId<string>();
      state.sms.add({ id, ...request.body, receivedAt: receivedAt() });
      return reply.code(202).send({ id });
    },
  );

  app.get(
    '/mail/messages',
    {
      schema: {
        tags,
        summary: 'Captured e-mail, newest first',
        querystring: MailQuerySchema,
        response: { 200: MailListResponseSchema, ...mailboxProblems },
      },
    },
    async (request) => ({ messages: state.mail.list(request.query) }),
  );

  app.get(
    '/sms/messages',
    {
      schema: {
        tags,
        summary: 'Captured SMS, newest first',
        querystring: SmsQuerySchema,
        response: { 200: SmsListResponseSchema, ...mailboxProblems },
      },
    },
    async (request) => ({ messages: state.sms.list(request.query) }),
  );

  app.delete(
    '/mail/messages',
    {
      schema: { tags, summary: 'Forget all captured e-mail', response: { 200: DeletedResponseSchema } },
    },
    async () => ({ deleted: state.mail.clear() }),
  );

  app.delete(
    '/sms/messages',
    {
      schema: { tags, summary: 'Forget all captured SMS', response: { 200: DeletedResponseSchema } },
    },
    async () => ({ deleted: state.sms.clear() }),
  );
}
