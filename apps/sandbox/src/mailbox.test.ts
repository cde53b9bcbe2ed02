import { ManualClock } from '@casino/core';
import type { App } from '@casino/http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from './app.ts';
import { loadSandboxConfig } from './config.ts';
import { capturedMessagesMax } from './state/mailbox.ts';

const clock = new ManualClock(new Date('2026-11-21T10:00:00Z'));
let app: App;

beforeAll(async () => {
  app = await buildSandbox({ config: loadSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), clock });
  await app.ready();
});

beforeEach(async () => {
  await app.inject({ method: 'POST', url: '/control/reset' });
});

afterAll(async () => {
  await app?.close();
});

const sendMail = (payload: object) => app.inject({ method: 'POST', url: '/mail/messages', payload });
const sendSms = (payload: object) => app.inject({ method: 'POST', url: '/sms/messages', payload });

describe('sandbox: mailbox', () => {
  it('captures an e-mail and lists it for its address, newest first, with id, subject, text and receivedAt', async () => {
    const first = await sendMail({
      to: 'jan.novak@example.cz',
      subject: 'Potvrďte e-mail',
      text: 'https://example.cz/confirm?token=abc',
    });
    expect(first.statusCode).toBe(202);
    clock.advanceMs(1_000);
    const second = await sendMail({ to: 'jan.novak@example.cz', subject: 'Vítejte', text: 'Welcome' });
    await sendMail({ to: 'someone.else@example.cz', subject: 'Other', text: 'not for Jan' });

    const listed = await app.inject({ method: 'GET', url: '/mail/messages?to=Jan.Novak@example.cz' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().messages).toEqual([
      {
        id: second.json().id,
        to: 'jan.novak@example.cz',
        subject: 'Vítejte',
        text: 'Welcome',
        receivedAt: '2026-11-21T10:00:01.000Z',
      },
      {
        id: first.json().id,
        to: 'jan.novak@example.cz',
        subject: 'Potvrďte e-mail',
        text: 'https://example.cz/confirm?token=abc',
        receivedAt: '2026-11-21T10:00:00.000Z',
      },
    ]);
    expect((await app.inject({ method: 'GET', url: '/mail/messages' })).json().messages).toHaveLength(3);
  });

  it('captures an SMS and finds it by the number written with or without spaces', async () => {
    const sent = await sendSms({ to: '+420 601 123 456', text: 'Váš ověřovací kód je 482913' });
    expect(sent.statusCode).toBe(202);
    const listed = await app.inject({ method: 'GET', url: `/sms/messages?to=${encodeURIComponent('+420601123456')}` });
    expect(listed.json().messages).toEqual([
      { id: sent.json().id, to: '+420 601 123 456', text: 'Váš ověřovací kód je 482913', receivedAt: expect.any(String) },
    ]);
  });

  it('forgets everything on DELETE and says how much', async () => {
    await sendMail({ to: 'a@example.cz', subject: 's', text: 't' });
    await sendSms({ to: '+420601000000', text: 't' });
    expect((await app.inject({ method: 'DELETE', url: '/mail/messages' })).json()).toEqual({ deleted: 1 });
    expect((await app.inject({ method: 'DELETE', url: '/sms/messages' })).json()).toEqual({ deleted: 1 });
    expect((await app.inject({ method: 'GET', url: '/mail/messages' })).json().messages).toEqual([]);
  });

  it('keeps only the last 1,000 messages of each kind', async () => {
    for (let i = 0; i <= capturedMessagesMax; i++) await sendSms({ to: '+420601000001', text: `code ${i}` });
    const listed = (await app.inject({ method: 'GET', url: `/sms/messages?limit=${capturedMessagesMax}` })).json().messages;
    expect(listed).toHaveLength(capturedMessagesMax);
    expect(listed[0].text).toBe(`code ${capturedMessagesMax}`);
    expect(listed.at(-1).text).toBe('code 1');
  });

  it('refuses a malformed address with 400 naming the field', async () => {
    const response = await sendMail({ to: 'not-an-address', subject: 's', text: 't' });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('body.to');
  });
});
