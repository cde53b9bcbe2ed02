import { addDays, pragueDate, startOfPragueDay } from '@casino/core';
import type { PayoutDeadline } from './rules.ts';

/**
 * Czech public holidays (Act 245/2000): fixed dates plus Good Friday and Easter Monday. 002:PAY-05
 * pays out "within five business days"; 002:AMB-BDAY: the Czech calendar, the request day not counted.
 */
const fixedHolidays = ['01-01', '05-01', '05-08', '07-05', '07-06', '09-28', '10-28', '11-17', '12-24', '12-25', '12-26'];

/** Easter Sunday of a year (anonymous Gregorian algorithm), as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isCzechBusinessDay(day: string): boolean {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (fixedHolidays.includes(day.slice(5))) return false;
  const easter = easterSunday(year);
  return day !== addDays(easter, -2) && day !== addDays(easter, 1);
}

/** The Europe/Prague day `count` business days after `day` (the day itself not counted). */
export function addCzechBusinessDays(day: string, count: number): string {
  let current = day;
  for (let added = 0; added < count;) {
    current = addDays(current, 1);
    if (isCzechBusinessDay(current)) added++;
  }
  return current;
}

/**
 * The instant a payout requested at `requestedAt` is due: the end of the last allowed Europe/Prague
 * day, 14 calendar days (004:WDR-03) or 5 business days (002:PAY-05) after the request day.
 */
export function payoutDueAt(requestedAt: Date, deadline: PayoutDeadline): Date {
  const day = pragueDate(requestedAt);
  const lastDay = deadline.kind === 'calendar-days' ? addDays(day, deadline.days) : addCzechBusinessDays(day, deadline.days);
  return startOfPragueDay(addDays(lastDay, 1));
}
