import { describe, expect, it } from 'vitest';
import { addCzechBusinessDays, easterSunday, payoutDueAt } from './business-days.ts';

describe('payout deadlines', () => {
  it('002:T-WD-08 / PAY-05 / AMB-BDAY five Czech business days, the request day not counted: Fri 14 June 2024 → Fri 21 June; Thu 19 Dec 2024 → Tue 31 Dec', () => {
    expect(addCzechBusinessDays('2024-06-14', 5)).toBe('2024-06-21');
    expect(addCzechBusinessDays('2024-12-19', 5)).toBe('2024-12-31');
  });

  it('002:PAY-05 / PAY-08 Good Friday and Easter Monday are no business days (Easter 2025 is 20 April)', () => {
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(addCzechBusinessDays('2025-04-17', 1)).toBe('2025-04-22');
  });

  it('004:WDR-03 / T-33 a cashless withdrawal is due within 14 days: by the end of the 14th Prague day after the request', () => {
    expect(payoutDueAt(new Date('2026-11-02T09:00:00Z'), { kind: 'calendar-days', days: 14 }).toISOString()).toBe(
      '2026-11-16T23:00:00.000Z',
    );
    expect(payoutDueAt(new Date('2024-06-14T10:00:00Z'), { kind: 'business-days', days: 5 }).toISOString()).toBe(
      '2024-06-21T22:00:00.000Z',
    );
  });
});
