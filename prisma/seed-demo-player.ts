/**
 * The demo player of `npm start`: a sandbox person registered through the real application channel,
 * in process: the application (registers asked over HTTP, of a sandbox started here for the
 * purpose), the e-mail confirmation with the token of the mail in the outbox, the first login and
 * the SMS code from the outbox (contract concluded, temporary account opened), then a demo deposit
 * through the temporary account's capped path. Idempotent: an existing demo player is left alone.
 */
import { createMinistryRegistersClient, screenPlayer } from '@casino/compliance';
import { Money, systemClock, type AccountId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import { findAccountByCode, paymentProviderClearingCode } from '@casino/ledger';
import { czechProfile } from '@casino/limits';
import {
  confirmEmail,
  creditTemporaryDeposit,
  czechPlayerRules,
  emailTopic,
  login,
  openNotificationText,
  PiiProtector,
  smsTopic,
  submitApplication,
  verifySmsCode,
  type PlayersContext,
} from '@casino/players';
import { buildSandbox, loadSandboxConfig, sandboxPeople } from '@casino/sandbox';

export const demoPlayer = {
  email: 'demo.player@casino.example',
  password: 'demo-player-password',
  phone: '+420700000001',
  depositCzk: '1000.00',
} as const;

export async function seedDemoPlayer(db: Db, provider: string): Promise<string[]> {
  const encryptionKey = process.env.PII_ENCRYPTION_KEY;
  const hashKey = process.env.PII_HASH_KEY;
  if (!encryptionKey || !hashKey)
    return ['Player: not seeded (PII_ENCRYPTION_KEY and PII_HASH_KEY are needed to store personal data).'];
  const line = `Player (player API, POST /v1/auth/login): ${demoPlayer.email} / ${demoPlayer.password}, a temporary account with a ${demoPlayer.depositCzk} CZK demo deposit`;
  const existing = await db.player.findFirst({
    where: { email: demoPlayer.email, state: { notIn: ['CANCELLED', 'CLOSED'] } },
    select: { id: true },
  });
  if (existing) return [line];

  const sandbox = await buildSandbox({ config: loadSandboxConfig({ LOG_LEVEL: 'silent' }) });
  try {
    const sandboxUrl = await sandbox.listen({ host: '127.0.0.1', port: 0 });
    const ctx: PlayersContext = {
      db,
      clock: systemClock,
      rules: czechPlayerRules,
      limitsProfile: czechProfile,
      pii: new PiiProtector({ encryptionKey, hashKey }),
      registers: createMinistryRegistersClient({ baseUrl: sandboxUrl, clock: systemClock }),
      screening: { screen: screenPlayer },
      publicBaseUrl: 'http://127.0.0.1:3000',
    };
    await enrol(ctx, provider);
  } finally {
    await sandbox.close();
  }
  return [line];
}

async function enrol(ctx: PlayersContext, provider: string): Promise<void> {
  // An ordinary sandbox person: verified by the basic registers, not listed.
  const person = sandboxPeople.ordinary.find((p) => p.surname === 'Dvořáková')!;
  const { playerId } = await submitApplication(ctx, {
    person: {
      firstName: person.firstName,
      surname: person.surname,
      birthNumber: person.birthNumber,
      dateOfBirth: person.dateOfBirth,
      placeOfBirth: person.placeOfBirth,
      citizenship: person.citizenship,
      residenceAddress: { street: 'Náměstí Svobody 1', city: person.placeOfBirth, postalCode: '602 00', country: 'CZ' },
      phone: demoPlayer.phone,
      email: demoPlayer.email,
    },
    password: demoPlayer.password,
    termsVersion: 'terms-demo',
    gamePlanVersion: 'game-plan-demo',
    selfLimits: ctx.limitsProfile.registrationMeasures.map((m) =>
      m.code === 'deposit:day'
        ? { measure: m.code, decision: 'set' as const, amountMinor: 1_000_000n }
        : { measure: m.code, decision: 'refused' as const },
    ),
  });
  await confirmEmail(ctx, await outboxCapture(ctx, emailTopic, demoPlayer.email, /Confirmation token: (\S+)/));
  const first = await login(ctx, demoPlayer.email, demoPlayer.password, '127.0.0.1');
  if (first.status !== 'sms-code-required') throw new Error(`demo player: expected the contract's SMS code, got ${first.status}`);
  await verifySmsCode(ctx, first.challengeId, await outboxCapture(ctx, smsTopic, demoPlayer.phone, /code: (\d{6})/), '127.0.0.1');
  const clearing = await findAccountByCode(ctx.db, paymentProviderClearingCode(provider, 'CZK'));
  if (!clearing) throw new Error(`demo player: no clearing account for ${provider}`);
  await transaction(ctx.db, (tx) =>
    creditTemporaryDeposit(
      tx,
      {
        playerId,
        amount: Money.of(demoPlayer.depositCzk, 'CZK'),
        channel: 'cashless',
        sourceAccountId: clearing.id as AccountId,
        idempotencyKey: `demo-deposit:${playerId}`,
        metadata: { reason: 'demo data' },
      },
      ctx.clock.now(),
    ),
  );
}

/**
 * The newest outbox message of `topic` to `to` whose text matches `pattern`: its first capture group.
 * The seed runs before any worker, so the message is not relayed yet and its sealed text is still there.
 */
async function outboxCapture(ctx: PlayersContext, topic: string, to: string, pattern: RegExp): Promise<string> {
  const messages = await ctx.db.outboxMessage.findMany({
    where: { topic, relayedAt: null },
    orderBy: { createdAt: 'desc' },
    take: 50,
  });
  for (const message of messages) {
    const payload = message.payload as { to?: string; sealed?: string };
    const match =
      payload.to === to && payload.sealed ? pattern.exec(openNotificationText(ctx.pii, { sealed: payload.sealed })) : null;
    if (match?.[1]) return match[1];
  }
  throw new Error(`demo player: no ${topic} message to ${to}`);
}
