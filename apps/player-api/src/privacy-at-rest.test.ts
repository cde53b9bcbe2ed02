/**
 * Issue 14 (12): secrets and payer data at rest. The e-mail confirmation token and the SMS code exist
 * in our database only as hashes: the outbox holds their message text encrypted until it is relayed
 * and not at all afterwards. A bank transfer's payer IBAN and name are stored encrypted in the
 * provider-event log, as payment_method stores account numbers.
 */
import { transaction } from '@casino/db';
import { openNotificationText, sendSms, smsTopic } from '@casino/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, czechIban, holderOf, verifyByTransfer } from './cashier-test-support.ts';
import {
  applicationFor,
  eventually,
  mailFor,
  newPerson,
  registerToTemporaryAccount,
  smsCodeFor,
  startHarness,
  type Harness,
} from '@casino/test-support';

let h: Harness;

beforeAll(async () => {
  h = await startHarness(new Date());
});

afterAll(async () => {
  await h?.close();
});

const notificationTopics = ['notifications.email', 'notifications.sms'];

async function notificationRowsTo(recipients: string[]) {
  const rows = await h.connections.db.outboxMessage.findMany({ where: { topic: { in: notificationTopics } } });
  return rows.filter((row) => recipients.includes((row.payload as { to?: string }).to ?? ''));
}

describe('issue 14 (12): no plaintext secret in outbox_message', () => {
  it("issue 14 (12): after a registration's e-mail and SMS are relayed, outbox_message holds neither the confirmation token nor the SMS code (004:REG-21)", async () => {
    const person = await newPerson(h);
    const body = applicationFor(person);
    const registered = await registerToTemporaryAccount(h, body);
    const token = await mailFor(h, registered.email, /Confirmation token: (\S+)/);
    const code = await smsCodeFor(h, registered.phone, 0);
    // The mailbox can have the message before the relay's transaction commits: wait for the rows.
    const rows = await eventually(async () => {
      const found = await notificationRowsTo([registered.email, registered.phone]);
      return found.length >= 2 && found.every((row) => row.relayedAt !== null) ? found : undefined;
    }, 'relayed notifications');
    expect(rows.map((row) => row.topic).sort()).toEqual(['notifications.email', 'notifications.sms']);
    for (const row of rows) {
      const stored = JSON.stringify(row.payload);
      expect(stored).not.toContain(token);
      expect(stored).not.toContain(`code: ${code}`);
      // Only who and what remain: the text is gone, sealed or not.
      expect(Object.keys(row.payload as object).sort()).toEqual(row.topic === smsTopic ? ['to'] : ['subject', 'to']);
    }
    const [raw] = await h.connections.db.$queryRaw<Array<{ dump: string }>>`
      SELECT string_agg(payload::text, ' ') AS dump FROM outbox_message WHERE topic IN ('notifications.email', 'notifications.sms')`;
    expect(raw?.dump).not.toContain(token);
  });

  it("issue 14 (12): before it is relayed, a message's text is stored encrypted and only the worker's key opens it", async () => {
    const text = 'Your verification code: 918273. It is valid for 5 minutes.';
    const rolledBack = new Error('rolled back on purpose');
    // Read inside the writing transaction, then roll back: the relay never sees the row.
    await expect(
      transaction(h.connections.db, async (tx) => {
        const id = await sendSms(tx, h.ctx.pii, { to: '+420600000918', text });
        const row = await tx.outboxMessage.findUniqueOrThrow({ where: { id } });
        expect(JSON.stringify(row.payload)).not.toContain('918273');
        expect(row.version).toBe(2);
        const payload = row.payload as { to: string; sealed: string };
        expect(payload.sealed).toMatch(/^v1:/);
        expect(openNotificationText(h.ctx.pii, payload)).toBe(text);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});

describe('issue 14 (12): no plaintext payer data in cashier_provider_event', () => {
  it("issue 14 (12): a bank-transfer webhook's payer IBAN and name are stored encrypted (and as the matching hash and a mask), never in plaintext", async () => {
    const person = await newPerson(h);
    const registered = await registerToTemporaryAccount(h, applicationFor(person));
    const holderName = holderOf(person);
    const iban = czechIban();
    const method = await asPlayer(h, registered, 'POST', '/v1/payment-methods', { kind: 'bank-account', iban, holderName });
    expect(method.statusCode).toBe(201);
    await verifyByTransfer(h, registered, method.json().id, iban, holderName);
    const events = await h.connections.db.cashierProviderEvent.findMany({ where: { type: 'bank-transfer.received' } });
    const mine = events.filter((event) => {
      const data = (event.payload as { data: { payerAccountEncrypted?: string } }).data;
      return data.payerAccountEncrypted !== undefined && h.cashier.accountNumbers!.decrypt(data.payerAccountEncrypted) === iban;
    });
    expect(mine).toHaveLength(1);
    const event = mine[0]!;
    expect(event.outcome).toBe('applied');
    const stored = JSON.stringify(event.payload);
    expect(stored).not.toContain(iban);
    expect(stored).not.toContain(iban.slice(4, 20));
    expect(stored).not.toContain(holderName);
    expect(stored).not.toContain(person.surname);
    const data = (event.payload as { data: Record<string, string> }).data;
    expect(data).not.toHaveProperty('payerAccount');
    expect(data).not.toHaveProperty('payerName');
    expect(h.cashier.accountNumbers!.decrypt(data.payerNameEncrypted!)).toBe(holderName);
    // The same keyed hash payment_method matches on, so staff find the method without decrypting.
    const row = await h.connections.db.paymentMethod.findUniqueOrThrow({ where: { id: method.json().id } });
    expect(data.payerAccountHash).toBe(row.accountNumberHash);
    expect(data.payerAccountMasked).toBe(`${iban.slice(0, 4)} •••• ${iban.slice(-4)}`);
  });
});
