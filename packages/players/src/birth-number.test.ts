import { describe, expect, it } from 'vitest';
import { parseBirthNumber } from './birth-number.ts';

describe('Czech birth number (rodné číslo)', () => {
  it('accepts a valid ten-digit number, with or without the slash, and derives date of birth and sex', () => {
    const male = parseBirthNumber('900101/0007'); // 9001010007 = 11 × 818273637
    expect(male).toEqual({ ok: true, value: { digits: '9001010007', dateOfBirth: '1990-01-01', sex: 'male' } });
    expect(parseBirthNumber('9001010007')).toEqual(male);
  });

  it('reads +50 on the month as a woman and +20 (since 2004) as extra serials', () => {
    expect(parseBirthNumber('8556150009')).toMatchObject({ ok: true, value: { dateOfBirth: '1985-06-15', sex: 'female' } });
    expect(parseBirthNumber('0521010006')).toMatchObject({ ok: true, value: { dateOfBirth: '2005-01-01', sex: 'male' } });
    expect(parseBirthNumber('8521010007')).toMatchObject({ ok: false, reason: expect.stringContaining('since 2004') });
  });

  it('refuses a wrong check digit (divisible by 11 rule)', () => {
    expect(parseBirthNumber('9001010008')).toMatchObject({ ok: false, reason: expect.stringContaining('check digit') });
  });

  it('accepts the pre-1986 exception: remainder 10 on nine digits with check digit 0', () => {
    // 780123 002: 780123002 mod 11 = 10 → the check digit is 0 and the whole is not divisible by 11.
    expect(780123002 % 11).toBe(10);
    expect(parseBirthNumber('7801230020')).toMatchObject({ ok: true, value: { dateOfBirth: '1978-01-23' } });
  });

  it('accepts nine digits only for people born before 1954', () => {
    expect(parseBirthNumber('520101/123')).toMatchObject({ ok: true, value: { dateOfBirth: '1952-01-01' } });
    expect(parseBirthNumber('540101123')).toMatchObject({ ok: false });
  });

  it('refuses impossible dates and malformed input', () => {
    expect(parseBirthNumber('9002300005')).toMatchObject({ ok: false, reason: expect.stringContaining('not a date') });
    expect(parseBirthNumber('90010')).toMatchObject({ ok: false });
    expect(parseBirthNumber('900101-0007')).toMatchObject({ ok: false });
  });
});
