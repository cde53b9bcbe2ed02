/**
 * Finds a full card number in a document's text (004:PAY-06: a photo of a card, or all its essential
 * data, must never be processed or stored). A run of 13 to 19 digits, single spaces or dashes between
 * them allowed, that passes the Luhn check. Images are screened by the staff reviewer instead, who
 * rejects the method and has the document deleted (decide-verification.ts).
 */
// Whole runs only: a longer number (an IBAN's digits, spaced or not) is not a card number.
const candidate = /(?<!\d[ -]?)\d(?:[ -]?\d){12,18}(?![ -]?\d)/g;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function containsCardNumber(text: string): boolean {
  for (const match of text.matchAll(candidate)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits) && !/^(\d)\1+$/.test(digits)) return true;
  }
  return false;
}
