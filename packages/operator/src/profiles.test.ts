import { ConfigError, parseConfig } from '@casino/core';
import { describe, expect, it } from 'vitest';
import { resolveProfile } from './compose.ts';
import { operatorConfigSchema } from './config.ts';
import { operatorProfileIds, type OperatorProfile } from './profile.ts';
import { czFoProfile, czPsProfile, operatorProfiles } from './profiles/index.ts';
import { assertProfileSound, profileProblems } from './validate.ts';

const withCashDepositCap = (minor: bigint | null): OperatorProfile => ({
  ...czFoProfile,
  cashier: {
    ...czFoProfile.cashier,
    caps: {
      ...czFoProfile.cashier.caps,
      cash: {
        ...czFoProfile.cashier.caps.cash,
        deposit: { ...czFoProfile.cashier.caps.cash.deposit, rolling24hMinorMax: minor },
      },
    },
  },
});

describe('operator profiles', () => {
  it('issue 15: every registered profile passes its start-up validation', () => {
    for (const id of operatorProfileIds) expect(profileProblems(operatorProfiles[id]), id).toEqual([]);
  });

  it('issue 15: OPERATOR_PROFILE defaults to CZ-FO and accepts only a known profile id', () => {
    expect(parseConfig(operatorConfigSchema, {}).OPERATOR_PROFILE).toBe('CZ-FO');
    expect(parseConfig(operatorConfigSchema, { OPERATOR_PROFILE: 'CZ-PS' }).OPERATOR_PROFILE).toBe('CZ-PS');
    expect(() => parseConfig(operatorConfigSchema, { OPERATOR_PROFILE: 'HR' })).toThrow(
      /OPERATOR_PROFILE: expected one of CZ-FO, CZ-PS/,
    );
  });

  it("issue 15: a profile whose cash deposits exceed the law's 5,000 CZK per 24 hours refuses to start, naming the setting (004:DEP-01)", () => {
    const error = (() => {
      try {
        resolveProfile({ OPERATOR_PROFILE: 'CZ-FO' }, withCashDepositCap(600_000n));
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(
      /OPERATOR_PROFILE: profile CZ-FO \(rule book 004\): cashier\.caps\.cash\.deposit\.rolling24hMinorMax must be at most 5000\.00 CZK per 24 hours \(004:DEP-01\), got 6000\.00 CZK/,
    );
    expect(() => assertProfileSound(withCashDepositCap(null))).toThrow(/rolling24hMinorMax .*got no limit/);
  });

  it('issue 15: an unknown currency, an unknown time zone and a temporary-account cap above 3,000 CZK are each named (004:TMP-03)', () => {
    const broken = {
      ...czFoProfile,
      currency: 'XYZ',
      timeZone: 'Mars/Olympus',
      players: {
        ...czFoProfile.players,
        temporaryAccount: { ...czFoProfile.players.temporaryAccount, depositCapMinor: 300_001n },
      },
    } as unknown as OperatorProfile;
    const settings = profileProblems(broken).map((p) => p.setting);
    expect(settings).toEqual(expect.arrayContaining(['currency', 'timeZone', 'players.temporaryAccount.depositCapMinor']));
    expect(() => assertProfileSound(broken)).toThrow(/currency unknown currency "XYZ"/);
  });

  it("issue 15: a currency the wallets do not support yet is refused until issue 26, and the rule book's payout deadline binds (004:WDR-03, 002:PAY-05)", () => {
    expect(profileProblems({ ...czPsProfile, currency: 'EUR' }).map((p) => p.setting)).toContain('currency');
    expect(
      profileProblems({
        ...czFoProfile,
        cashier: { ...czFoProfile.cashier, payoutDeadline: { kind: 'calendar-days', days: 15 } },
      }).map((p) => p.setting),
    ).toEqual(['cashier.payoutDeadline']);
    expect(profileProblems({ ...czPsProfile, cashier: czFoProfile.cashier }).map((p) => p.setting)).toEqual([
      'cashier.payoutDeadline',
    ]);
  });

  it('issue 15: CZ-PS differs from CZ-FO where the packages can express 002 (EU/EEA bank accounts, 5 business days, poker rake bounds)', () => {
    expect(czFoProfile.cashier.bankCountries).toEqual(['CZ']);
    expect(czPsProfile.cashier.bankCountries).toContain('SK');
    expect(czPsProfile.cashier.payoutDeadline).toEqual({ kind: 'business-days', days: 5 });
    expect(czFoProfile.poker.rakeBounds).toBeNull();
    expect(czPsProfile.poker.rakeBounds).not.toBeNull();
    expect(czPsProfile.currency).toBe('CZK');
  });

  it('issue 23: 004:DRM-04 002:CMP-03 the account lifecycle is profile data: CZ-FO charges 10 CZK a month when inactive, CZ-PS none; complaint channels and clocks differ; a shorter complaint window or dormancy period refuses to start', () => {
    expect(czFoProfile.players.dormancy).toMatchObject({ inactiveAfterMonths: 12, monthlyFeeMinor: 1_000n });
    expect(czPsProfile.players.dormancy).toBeNull();
    expect(czFoProfile.compliance.complaints).toMatchObject({
      acceptedChannels: ['email', 'written'],
      resolveWithinDays: 30,
      escalation: null,
    });
    expect(czPsProfile.compliance.complaints).toMatchObject({
      acceptedChannels: ['contact-form', 'email'],
      assessWithinMinutes: 90,
      resolveWithinDays: 7,
    });
    const shorter: OperatorProfile = {
      ...czFoProfile,
      players: { ...czFoProfile.players, dormancy: { ...czFoProfile.players.dormancy!, inactiveAfterMonths: 6 } },
      compliance: { ...czFoProfile.compliance, complaints: { ...czFoProfile.compliance.complaints, windowMonths: 3 } },
    };
    expect(() => assertProfileSound(shorter)).toThrow(/players.dormancy.inactiveAfterMonths must be at least 12/);
    expect(() => assertProfileSound(shorter)).toThrow(/compliance.complaints.windowMonths must be at least 6/);
  });
});
