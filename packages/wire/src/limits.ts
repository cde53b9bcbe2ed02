import { Money } from '@casino/core';
import { MoneyOutputSchema, moneyOut } from '@casino/http';
import { z } from 'zod';
import type { HistoryEntry, LimitsOverview, MeasureKind, MeasureSetting } from '@casino/limits';

/**
 * How measures look on the wire, for the player and staff APIs alike (`@casino/wire/limits`): money
 * limits as CZK { amount, currency }, playing time in minutes, times as ISO 8601. Only the apps import it.
 */
const iso = (date: Date | null) => date?.toISOString() ?? null;

export const SettingSchema = z.object({
  set: z.boolean().describe('false: no limit (refused or removed) or no exclusion'),
  amount: MoneyOutputSchema.nullable().describe('Money limits, CZK'),
  minutes: z.number().int().nullable().describe('Playing-time limits'),
  count: z.number().int().nullable().describe('Tournament-count limits: entries per period (003:R-LIM-02)'),
  excludedUntil: z.string().nullable().describe('Self-exclusion: until when; null with set means indefinitely'),
});

export const PendingSettingSchema = SettingSchema.extend({
  changeId: z.string(),
  requestedAt: z.string(),
  effectiveFrom: z.string(),
});

export const HistoryPageSchema = z.object({
  entries: z.array(
    z.object({
      changeId: z.string(),
      measure: z.string(),
      direction: z.enum(['INITIAL', 'TIGHTEN', 'LOOSEN', 'CARRY_OVER']),
      setting: SettingSchema,
      previous: SettingSchema,
      requestedAt: z.string(),
      requestedBy: z.string(),
      effectiveFrom: z.string(),
      status: z.enum(['in-force', 'pending', 'replaced', 'withdrawn', 'superseded']),
      cancelledAt: z.string().nullable(),
      cancelledBy: z.string().nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export function settingOut(kind: MeasureKind, setting: MeasureSetting): z.infer<typeof SettingSchema> {
  const value = setting.isSet ? setting.limitValue : null;
  return {
    set: setting.isSet,
    amount: kind === 'amount' && value !== null ? moneyOut(Money.fromMinor(value, 'CZK')) : null,
    minutes: kind === 'duration' && value !== null ? Number(value) : null,
    count: kind === 'count' && value !== null ? Number(value) : null,
    excludedUntil: kind === 'exclusion' ? iso(setting.excludedUntil) : null,
  };
}

export function pendingOut(
  kind: MeasureKind,
  pending: LimitsOverview['measures'][number]['pending'],
): z.infer<typeof PendingSettingSchema> | null {
  return (
    pending && {
      ...settingOut(kind, pending.setting),
      changeId: pending.changeId,
      requestedAt: pending.requestedAt.toISOString(),
      effectiveFrom: pending.effectiveFrom.toISOString(),
    }
  );
}

export function historyOut(page: { entries: HistoryEntry[]; nextCursor: string | null }): z.infer<typeof HistoryPageSchema> {
  return {
    nextCursor: page.nextCursor,
    entries: page.entries.map((e) => ({
      ...e,
      setting: settingOut(e.kind, e.setting),
      previous: settingOut(e.kind, e.previous),
      requestedAt: e.requestedAt.toISOString(),
      effectiveFrom: e.effectiveFrom.toISOString(),
      cancelledAt: iso(e.cancelledAt),
    })),
  };
}
