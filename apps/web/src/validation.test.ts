import { describe, expect, it } from 'vitest';
import { checkBirthNumber, isAdultOn, parseCrowns } from '../client/src/validation.ts';

describe("the application form's live checks", () => {
  it('issue 17: a birth number is checked for its form, its check digit and the date of birth it encodes', () => {
    expect(checkBirthNumber('900101/0018', '1990-01-01')).toBe(null);
    expect(checkBirthNumber('9001010018', '1990-01-01')).toBe(null);
    expect(checkBirthNumber('905101/0012', '1990-01-01')).toBe(null);
    expect(checkBirthNumber('900101/0015', '1990-01-01')).toBe('checksum');
    expect(checkBirthNumber('900101/0018', '1990-01-02')).toBe('date');
    expect(checkBirthNumber('90010', '1990-01-01')).toBe('format');
    expect(checkBirthNumber('900101/001', '1990-01-01')).toBe('format');
    expect(checkBirthNumber('530101/001', '1953-01-01')).toBe(null);
  });

  it('issue 17: an applicant is of age from the 18th birthday on', () => {
    expect(isAdultOn('2008-11-26', '2026-11-26')).toBe(true);
    expect(isAdultOn('2008-11-27', '2026-11-26')).toBe(false);
  });

  it('issue 17: amounts typed in crowns become API amounts without a float', () => {
    expect(parseCrowns('2 000')).toBe('2000.00');
    expect(parseCrowns('12,5')).toBe('12.50');
    expect(parseCrowns('0')).toBe(null);
    expect(parseCrowns('1e3')).toBe(null);
  });
});
