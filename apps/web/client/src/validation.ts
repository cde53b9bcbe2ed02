/**
 * The application form's live checks (issue 17): the same rules the player API applies on submit
 * (packages/players), run as the applicant types so a mistake shows at the field, not after a round trip.
 */

export type BirthNumberProblem = 'format' | 'checksum' | 'date';

/** The date a Czech birth number encodes (women +50 on the month, +20 from 2004 when a day ran out), or null. */
export function birthNumberDate(birthNumber: string): string | null {
  const digits = birthNumber.replace('/', '');
  if (!/^\d{9,10}$/.test(digits)) return null;
  const yy = Number(digits.slice(0, 2));
  let mm = Number(digits.slice(2, 4));
  const dd = Number(digits.slice(4, 6));
  if (mm > 70) mm -= 70;
  else if (mm > 50) mm -= 50;
  else if (mm > 20) mm -= 20;
  const year = digits.length === 9 ? 1900 + yy : yy < 54 ? 2000 + yy : 1900 + yy;
  const date = new Date(Date.UTC(year, mm - 1, dd));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd) return null;
  return date.toISOString().slice(0, 10);
}

/** Format, the check digit (divisible by 11, or remainder 10 with 0 as the last digit), the date. */
export function checkBirthNumber(birthNumber: string, dateOfBirth: string): BirthNumberProblem | null {
  if (!/^\d{6}\/?\d{3,4}$/.test(birthNumber)) return 'format';
  const digits = birthNumber.replace('/', '');
  if (digits.length === 10) {
    const whole = BigInt(digits);
    const head = BigInt(digits.slice(0, 9));
    const valid = whole % 11n === 0n || (head % 11n === 10n && digits.endsWith('0'));
    if (!valid) return 'checksum';
  } else if (Number(digits.slice(0, 2)) >= 54) {
    // Nine digits were issued only before 1954.
    return 'format';
  }
  const encoded = birthNumberDate(birthNumber);
  if (encoded === null) return 'checksum';
  if (dateOfBirth && encoded !== dateOfBirth) return 'date';
  return null;
}

/** Full years between a date of birth and `today` (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export const isAdultOn = (dateOfBirth: string, today: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) && ageOn(dateOfBirth, today) >= 18;

/** An amount typed in crowns ("2000", "2 000", "2000,50") as the API's "2000.50", or null. */
export function parseCrowns(text: string): string | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  const amount = `${BigInt(whole!)}.${fraction.padEnd(2, '0')}`;
  return amount === '0.00' ? null : amount;
}
