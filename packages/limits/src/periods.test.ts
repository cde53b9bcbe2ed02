import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodContaining, splitByPeriod } from './periods.ts';

const at = (iso: string) => new Date(iso);
const window = (period: 'day' | 'week' | 'month', iso: string) => {
  const w = periodContaining(period, at(iso));
  return [w.startDay, w.startsAt.toISOString(), w.endsAt.toISOString()];
};

describe('calendar periods in Europe/Prague', () => {
  it('issue 5: a day is the Prague calendar day: 23:59 and 00:00 local time fall on different days, whatever UTC says', () => {
    expect(window('day', '2026-11-02T22:59:59.999Z')).toEqual([
      '2026-11-02',
      '2026-11-01T23:00:00.000Z',
      '2026-11-02T23:00:00.000Z',
    ]);
    expect(window('day', '2026-11-02T23:00:00.000Z')).toEqual([
      '2026-11-03',
      '2026-11-02T23:00:00.000Z',
      '2026-11-03T23:00:00.000Z',
    ]);
    expect(window('day', '2026-07-01T21:59:59.999Z')[0]).toBe('2026-07-01'); // CEST: midnight is 22:00 UTC
    expect(window('day', '2026-07-01T22:00:00.000Z')[0]).toBe('2026-07-02');
  });

  it('issue 5: daylight saving starts on 2026-03-29: that day has 23 hours', () => {
    const [, startsAt, endsAt] = window('day', '2026-03-29T12:00:00Z');
    expect([startsAt, endsAt]).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(new Date(endsAt!).getTime() - new Date(startsAt!).getTime()).toBe(23 * 3_600_000);
    expect(window('day', '2026-03-29T21:59:59.999Z')[0]).toBe('2026-03-29');
    expect(window('day', '2026-03-29T22:00:00.000Z')[0]).toBe('2026-03-30');
  });

  it('issue 5: daylight saving ends on 2026-10-25: that day has 25 hours', () => {
    const [, startsAt, endsAt] = window('day', '2026-10-25T12:00:00Z');
    expect([startsAt, endsAt]).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    expect(new Date(endsAt!).getTime() - new Date(startsAt!).getTime()).toBe(25 * 3_600_000);
    // 02:30 happens twice that night; both are on the 25th.
    expect(window('day', '2026-10-25T00:30:00Z')[0]).toBe('2026-10-25');
    expect(window('day', '2026-10-25T01:30:00Z')[0]).toBe('2026-10-25');
  });

  it('issue 5: a week runs Monday 00:00 to Monday 00:00 Prague time, across the daylight-saving changes', () => {
    // Sunday 29 March is in the week of Monday 23 March, which ends at Monday 00:00 CEST.
    expect(window('week', '2026-03-29T21:59:59.999Z')).toEqual([
      '2026-03-23',
      '2026-03-22T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
    expect(window('week', '2026-03-29T22:00:00.000Z')[0]).toBe('2026-03-30');
    // Sunday 25 October is in the week of Monday 19 October (started in CEST), ending Monday 00:00 CET.
    expect(window('week', '2026-10-25T22:59:59.999Z')).toEqual([
      '2026-10-19',
      '2026-10-18T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z',
    ]);
    expect(window('week', '2026-10-25T23:00:00.000Z')[0]).toBe('2026-10-26');
  });

  it('issue 5: a month runs from the 1st 00:00 Prague time, the months of the daylight-saving changes included', () => {
    expect(window('month', '2026-03-15T12:00:00Z')).toEqual([
      '2026-03-01',
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ]);
    expect(window('month', '2026-10-31T22:59:59.999Z')).toEqual([
      '2026-10-01',
      '2026-09-30T22:00:00.000Z',
      '2026-10-31T23:00:00.000Z',
    ]);
    expect(window('month', '2026-10-31T23:00:00.000Z')[0]).toBe('2026-11-01');
    expect(window('month', '2026-12-31T23:00:00.000Z')[0]).toBe('2027-01-01');
  });

  it('issue 5: every instant lies in exactly one day, week and month, and consecutive periods meet without a gap', () => {
    const instants = fc.date({
      min: new Date('2025-01-01T00:00:00Z'),
      max: new Date('2028-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instants, (instant) => {
        for (const period of ['day', 'week', 'month'] as const) {
          const current = periodContaining(period, instant);
          expect(current.startsAt <= instant && instant < current.endsAt).toBe(true);
          expect(periodContaining(period, current.endsAt).startsAt).toEqual(current.endsAt);
          expect(periodContaining(period, new Date(current.startsAt.getTime() - 1)).endsAt).toEqual(current.startsAt);
        }
        const day = periodContaining('day', instant);
        expect([23, 24, 25]).toContain((day.endsAt.getTime() - day.startsAt.getTime()) / 3_600_000);
        // Remembered per UTC hour: the first and the last instant of the instant's hour get the same periods.
        const hourStart = Math.floor(instant.getTime() / 3_600_000) * 3_600_000;
        for (const edge of [new Date(hourStart), new Date(hourStart + 3_599_999)])
          for (const period of ['day', 'week', 'month'] as const) {
            const window = periodContaining(period, edge);
            expect(window.startsAt <= edge && edge < window.endsAt).toBe(true);
            expect(window).toEqual(periodContaining(period, instant));
          }
      }),
      { numRuns: 300 },
    );
  });

  it('issue 5: playing time across midnight is split between the two days', () => {
    const pieces = splitByPeriod('day', at('2026-10-25T22:58:00Z'), at('2026-10-25T23:03:00Z'));
    expect(pieces.map((p) => [p.window.startDay, p.ms])).toEqual([
      ['2026-10-25', 120_000],
      ['2026-10-26', 180_000],
    ]);
    expect(splitByPeriod('week', at('2026-10-25T22:58:00Z'), at('2026-10-25T23:03:00Z')).map((p) => p.window.startDay)).toEqual([
      '2026-10-19',
      '2026-10-26',
    ]);
    expect(splitByPeriod('month', at('2026-10-25T22:58:00Z'), at('2026-10-25T23:03:00Z'))).toHaveLength(1);
  });
});
