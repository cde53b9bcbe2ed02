import { Money } from '@casino/core';
import { moneyOut } from '@casino/http';
import type { LimitChangeOutcome, LimitsOverview, PlayingTimeToday, SelfExclusionOutcome } from '@casino/limits';
import { pendingOut, settingOut } from '@casino/wire/limits';

/** The package's results on the wire: money as { amount, currency } in CZK, times as ISO strings, durations in seconds. */
const iso = (date: Date | null) => date?.toISOString() ?? null;
const seconds = (ms: bigint | number) => Math.floor(Number(ms) / 1000);

export function overviewOut(profile: string, overview: LimitsOverview) {
  return {
    profile,
    refusal: overview.refusal,
    closedAt: iso(overview.closedAt),
    realityCheckMinutes: overview.realityCheckMinutes,
    measures: overview.measures.map(({ definition, inForce, inForceSince, pending, usage }) => {
      const money = definition.kind === 'amount';
      const time = definition.kind === 'duration';
      const count = definition.kind === 'count';
      return {
        measure: definition.code,
        kind: definition.kind,
        description: definition.description,
        inForce: settingOut(definition.kind, inForce),
        inForceSince: iso(inForceSince),
        pending: pendingOut(definition.kind, pending),
        usage: usage && {
          used: money ? moneyOut(Money.fromMinor(usage.used, 'CZK')) : null,
          remaining: money ? moneyOut(Money.fromMinor(usage.remaining, 'CZK')) : null,
          usedSeconds: time ? seconds(usage.used) : null,
          remainingSeconds: time ? seconds(usage.remaining) : null,
          usedCount: count ? Number(usage.used) : null,
          remainingCount: count ? Number(usage.remaining) : null,
          resetsAt: iso(usage.resetsAt),
        },
      };
    }),
  };
}

export function changeOut(outcome: LimitChangeOutcome) {
  return { ...outcome, effectiveFrom: outcome.effectiveFrom.toISOString() };
}

export function exclusionOut(outcome: SelfExclusionOutcome) {
  return { excludedUntil: iso(outcome.excludedUntil), extended: outcome.extended };
}

export function playingTimeOut(today: PlayingTimeToday) {
  return {
    day: today.day,
    playedSeconds: seconds(today.playedMs),
    limit: today.limit && {
      measure: today.limit.measure,
      limitMinutes: today.limit.limitMinutes,
      remainingSeconds: seconds(today.limit.remainingMs),
    },
    session: today.session && {
      playSessionId: today.session.playSessionId,
      startedAt: today.session.startedAt.toISOString(),
      playedSeconds: seconds(today.session.playedMs),
      netResult: moneyOut(today.session.netResult),
    },
    realityCheckMinutes: today.realityCheckMinutes,
  };
}

export { historyOut } from '@casino/wire/limits';
