import { describe, expect, it } from 'vitest';
import { addDays, ageOn, pragueDate, startOfPragueDay } from './calendar.ts';

describe('Europe/Prague calendar', () => {
  it('dates an instant by its Prague day, not its UTC day', () => {
    expect(pragueDate(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02'); // CET, UTC+1
    expect(pragueDate(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02'); // CEST, UTC+2
  });

  it('finds the start of a Prague day on both sides of a daylight-saving change', () => {
    expect(startOfPragueDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z'); // the day clocks go forward
    expect(startOfPragueDay('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfPragueDay('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z'); // the day clocks go back
    expect(startOfPragueDay('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('dates every instant of a day the same, remembered or not: each hour of the days around both daylight-saving changes', () => {
    // The remembered date of a UTC hour must be the formatter's for every instant in it, edges included.
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Prague',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    for (const from of ['2026-03-27T00:00:00Z', '2026-10-23T00:00:00Z']) {
      const start = Date.parse(from);
      for (let ms = start; ms < start + 4 * 86_400_000; ms += 15 * 60_000)
        for (const instant of [new Date(ms), new Date(ms + 59_999), new Date(ms - 1)]) {
          expect(pragueDate(instant)).toBe(format.format(instant));
          expect(pragueDate(instant)).toBe(format.format(instant));
        }
    }
    expect(startOfPragueDay('2026-03-29').toISOString()).toBe(startOfPragueDay('2026-03-29').toISOString());
    expect(() => pragueDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('adds calendar days across month and year ends', () => {
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('004:AMB-01 counts age from the 18th birthday; 29 February birthdays turn over on 1 March', () => {
    expect(ageOn('2008-11-21', '2026-11-20')).toBe(17);
    expect(ageOn('2008-11-21', '2026-11-21')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});
