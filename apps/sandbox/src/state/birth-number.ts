/**
 * Czech birth numbers (rodné číslo), decoded only so tests can prove the fixtures are realistic:
 * YYMMDD, women +50 on the month (+20/+70 since 2004 when a day's numbers ran out), then a
 * three-digit serial; from 1954 a tenth digit makes the whole number divisible by 11.
 */
export interface DecodedBirthNumber {
  dateOfBirth: string;
  sex: 'female' | 'male';
}

export function decodeBirthNumber(birthNumber: string): DecodedBirthNumber | null {
  if (!/^\d{9,10}$/.test(birthNumber)) return null;
  const yy = Number(birthNumber.slice(0, 2));
  const monthCoded = Number(birthNumber.slice(2, 4));
  const day = Number(birthNumber.slice(4, 6));
  const year = birthNumber.length === 9 ? 1900 + yy : yy >= 54 ? 1900 + yy : 2000 + yy;
  if (birthNumber.length === 9 && year >= 1954) return null;
  if (birthNumber.length === 10 && BigInt(birthNumber) % 11n !== 0n) return null;
  const sex = monthCoded > 50 ? 'female' : 'male';
  const month = monthCoded % 50 > 20 ? (monthCoded % 50) - 20 : monthCoded % 50;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { dateOfBirth: date.toISOString().slice(0, 10), sex };
}
