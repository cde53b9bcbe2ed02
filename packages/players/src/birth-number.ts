/**
 * The Czech birth number (rodné číslo): YYMMDD/SSS[C]. Nine digits for people born before 1954
 * (no check digit); ten digits since, where the whole number is divisible by 11 (numbers issued up to
 * 1985 may instead have a remainder of 10 on the first nine digits and a check digit of 0). Women add
 * 50 to the month; since 2004, when a day's serial numbers run out, 20 more may be added.
 */
export interface BirthNumber {
  digits: string;
  dateOfBirth: string; // YYYY-MM-DD
  sex: 'female' | 'male';
}

export type BirthNumberResult = { ok: true; value: BirthNumber } | { ok: false; reason: string };

export function parseBirthNumber(input: string): BirthNumberResult {
  const digits = input.replace('/', '');
  if (!/^\d{9,10}$/.test(digits))
    return { ok: false, reason: 'a birth number has 9 or 10 digits, optionally with a slash after the sixth' };
  const yy = Number(digits.slice(0, 2));
  const encodedMonth = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  const year = digits.length === 9 ? 1900 + yy : yy < 54 ? 2000 + yy : 1900 + yy;
  if (digits.length === 9 && year >= 1954) return { ok: false, reason: 'nine-digit birth numbers were issued only before 1954' };

  const female = encodedMonth > 50;
  const withoutSex = female ? encodedMonth - 50 : encodedMonth;
  const extraSerials = withoutSex > 20;
  const month = extraSerials ? withoutSex - 20 : withoutSex;
  if (extraSerials && year < 2004) return { ok: false, reason: 'the +20 month encoding exists only since 2004' };
  if (!isCalendarDate(year, month, day)) return { ok: false, reason: 'the first six digits are not a date' };
  if (digits.length === 10 && !checksumHolds(digits, year)) return { ok: false, reason: 'the check digit is wrong' };

  const dateOfBirth = `${year}-${pad(month)}-${pad(day)}`;
  return { ok: true, value: { digits, dateOfBirth, sex: female ? 'female' : 'male' } };
}

function checksumHolds(digits: string, year: number): boolean {
  const whole = BigInt(digits);
  if (whole % 11n === 0n) return true;
  const firstNine = Number(digits.slice(0, 9));
  return year <= 1985 && firstNine % 11 === 10 && digits[9] === '0';
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
