/**
 * Issue 15: the apps run as the operator profile the composition root gives them. Under CZ-PS (rule
 * book 002) a bank account with a provider anywhere in the EU/EEA may be registered (002:PM-03);
 * under CZ-FO (004) only a Czech one (004:PAY-02, proved in cashier-methods.test.ts). A profile that
 * breaks an invariant stops the app from being built, naming the setting.
 */
import { ConfigError } from '@casino/core';
import { createTestConnections, testServiceEnv } from '@casino/http/testing';
import { czFoProfile, czPsProfile, type OperatorProfile } from '@casino/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlayerApi } from './app.ts';
import { asPlayer, holderOf } from './cashier-test-support.ts';
import { loadPlayerApiConfig } from './config.ts';
import { applicationFor, newPerson, registerToTemporaryAccount, startHarness, type Harness } from '@casino/test-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(undefined, { profile: czPsProfile });
});
afterAll(async () => {
  await h?.close();
});

describe('operator profile (issue 15)', () => {
  it('issue 15: every app of the harness runs as the profile it was given, through the one composition root', () => {
    for (const app of [h.api, h.admin, h.gateway]) expect(app.platform.profile.id).toBe('CZ-PS');
    expect(h.platform.profile).toBe(czPsProfile);
    expect(h.cashier.rules).toBe(czPsProfile.cashier);
    expect(h.limits.profile).toBe(czPsProfile.limits);
  });

  it('issue 15: under CZ-PS a bank account with a provider in another EU/EEA state is registered (002:PM-03), where CZ-FO refuses it (004:PAY-02)', async () => {
    const person = await newPerson(h);
    const player = await registerToTemporaryAccount(h, applicationFor(person));
    const german = await asPlayer(h, player, 'POST', '/v1/payment-methods', {
      kind: 'bank-account',
      iban: 'DE89370400440532013000',
      holderName: holderOf(person),
    });
    expect(german.statusCode, german.body).toBe(201);
    expect(czFoProfile.cashier.bankCountries).not.toContain('DE');
  });

  it('issue 15: a profile that breaks an invariant refuses to start the app, naming OPERATOR_PROFILE and the setting (004:TMP-03)', async () => {
    const connections = await createTestConnections();
    try {
      const broken: OperatorProfile = {
        ...czFoProfile,
        players: {
          ...czFoProfile.players,
          temporaryAccount: { ...czFoProfile.players.temporaryAccount, depositCapMinor: 500_000n },
        },
      };
      const build = buildPlayerApi({
        config: loadPlayerApiConfig(testServiceEnv()),
        connections,
        redisKeyPrefix: connections.redisKeyPrefix,
        profile: broken,
      });
      await expect(build).rejects.toBeInstanceOf(ConfigError);
      await expect(build).rejects.toThrow(
        /OPERATOR_PROFILE: profile CZ-FO \(rule book 004\): players\.temporaryAccount\.depositCapMinor must be positive and at most 3000\.00 CZK \(004:TMP-03\), got 5000\.00 CZK/,
      );
    } finally {
      await connections.close();
    }
  });
});
