import { addDays, assert, pragueDate, startOfPragueDay } from '@casino/core';
import type { CalendarPeriod } from './catalogue.ts';

/**
 * The calendar periods of the limits, in the operator's time zone (Europe/Prague): a calendar day,
 * an ISO week (Monday to Sunday) and a calendar month. A period is named by the Prague date it starts
 * on and runs from that day's first instant to the next period's; across the daylight-saving changes
 * a day is 23 or 25 hours long (2026-03-29, 2026-10-25), which instants in UTC would get wrong.
 */
export interface PeriodWindow {
  period: CalendarPeriod;
  /** The Prague calendar date the period starts on (YYYY-MM-DD). */
  startDay: string;
  startsAt: Date;
  /** The first instant of the next period. */
  endsAt: Date;
}

export function periodContaining(period: CalendarPeriod, instant: Date): PeriodWindow {
  // Every stake and deposit asks for its day, week and month: the Prague date is the same for every
  // instant of a UTC hour (calendar.ts), so the window is too, remembered per period and hour.
  const hour = Math.floor(instant.getTime() / hourMs);
  const key = `${period}:${hour}`;
  const known = windowByHour.get(key);
  if (known !== undefined)
    return { period, startDay: known.startDay, startsAt: new Date(known.startsAtMs), endsAt: new Date(known.endsAtMs) };
  const window = computePeriodContaining(period, instant);
  if (Number.isFinite(hour)) {
    if (windowByHour.size >= windowMemoryMax) windowByHour.clear();
    windowByHour.set(key, {
      startDay: window.startDay,
      startsAtMs: window.startsAt.getTime(),
      endsAtMs: window.endsAt.getTime(),
    });
  }
  return window;
}

const hourMs = 3_600_000;
const windowMemoryMax = 10_000;
const windowByHour = new Map<string, { startDay: string; startsAtMs: number; endsAtMs: number }>();

function computePeriodContaining(period: CalendarPeriod, instant: Date): PeriodWindow {
  const day = pragueDate(instant);
  const startDay = firstDayOf(period, day);
  const nextStartDay = firstDayOfNext(period, startDay);
  const window = { period, startDay, startsAt: startOfPragueDay(startDay), endsAt: startOfPragueDay(nextStartDay) };
  assert(
    window.startsAt <= instant && instant < window.endsAt,
    `period ${period} ${startDay} must contain ${instant.toISOString()}`,
  );
  return window;
}

function firstDayOf(period: CalendarPeriod, day: string): string {
  switch (period) {
    case 'day':
      return day;
    case 'week':
      return addDays(day, -daysSinceMonday(day));
    case 'month':
      return `${day.slice(0, 7)}-01`;
  }
}

function firstDayOfNext(period: CalendarPeriod, startDay: string): string {
  switch (period) {
    case 'day':
      return addDays(startDay, 1);
    case 'week':
      return addDays(startDay, 7);
    case 'month': {
      const [year, month] = startDay.split('-').map(Number) as [number, number];
      return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
    }
  }
}

function daysSinceMonday(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay(); // 0 = Sunday
  return (weekday + 6) % 7;
}

/**
 * Splits the interval [from, to) at the boundaries of `period`, so that playing time straddling
 * midnight (or a week or month end) is counted in the period it was played in.
 */
export function splitByPeriod(period: CalendarPeriod, from: Date, to: Date): Array<{ window: PeriodWindow; ms: number }> {
  assert(from <= to, 'an interval ends after it starts');
  const pieces: Array<{ window: PeriodWindow; ms: number }> = [];
  let cursor = from;
  for (let step = 0; cursor < to; step++) {
    assert(step < splitPiecesMax, `an interval of ${to.getTime() - from.getTime()} ms spans too many periods`);
    const window = periodContaining(period, cursor);
    const end = window.endsAt < to ? window.endsAt : to;
    pieces.push({ window, ms: end.getTime() - cursor.getTime() });
    cursor = end;
  }
  return pieces;
}

/** Playing-time intervals are capped at minutes (activityGapMsMax), so a few pieces always suffice. */
const splitPiecesMax = 64;
