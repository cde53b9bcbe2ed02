/**
 * Calendar days in the operator's time zone. Regulatory days (the 30-day temporary account, age on
 * the day of application, calendar-day limits) are Europe/Prague days, across daylight-saving changes.
 */
export const operatorTimeZone = 'Europe/Prague';

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: operatorTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// Intl formatting costs microseconds and the hot paths (every stake's limit periods, every play session)
// ask for the same few days again and again. Prague's offset is a whole number of hours and it changes
// (midnight, daylight saving) only on a whole UTC hour, so every instant of one UTC hour has the same
// Prague date: one formatting per hour, remembered. Both memories are bounded (a report may walk years).
const memoryMax = 20_000;
const dateByUtcHour = new Map<number, string>();
const dayStartByDay = new Map<string, number>();
const hourMs = 3_600_000;

function remember<K, V>(memory: Map<K, V>, key: K, value: V): V {
  if (memory.size >= memoryMax) memory.clear();
  memory.set(key, value);
  return value;
}

/** The Europe/Prague calendar date of an instant, as YYYY-MM-DD. */
export function pragueDate(instant: Date): string {
  const hour = Math.floor(instant.getTime() / hourMs);
  // An invalid date (NaN) is not remembered: the formatter throws its RangeError as before.
  if (!Number.isFinite(hour)) return dateFormat.format(instant);
  return dateByUtcHour.get(hour) ?? remember(dateByUtcHour, hour, dateFormat.format(new Date(hour * hourMs)));
}

/** The instant a Europe/Prague calendar day (YYYY-MM-DD) begins, DST included. */
export function startOfPragueDay(day: string): Date {
  const known = dayStartByDay.get(day);
  if (known !== undefined) return new Date(known);
  return new Date(remember(dayStartByDay, day, findStartOfPragueDay(day).getTime()));
}

function findStartOfPragueDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // Midnight UTC of that date, corrected by Prague's offset at that moment (1 or 2 hours).
  const utcMidnight = Date.UTC(year, month - 1, date);
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(utcMidnight - offsetHours * 3_600_000);
    if (pragueDate(candidate) === day && pragueDate(new Date(candidate.getTime() - 1)) !== day) return candidate;
  }
  throw new RangeError(`Cannot find the start of ${day} in ${operatorTimeZone}`);
}

/** YYYY-MM-DD plus a number of calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Whole years between a date of birth and a day (both YYYY-MM-DD); someone born on 29 February turns a year older on 1 March in common years. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age--;
  return age;
}
