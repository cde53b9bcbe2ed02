import { describe, expect, it } from 'vitest';
import { containsCardNumber, luhnValid } from './card-data.ts';

describe('card data in documents', () => {
  it('004:PAY-06 / DAT-02 finds a full card number, with or without spaces, and not other long numbers', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(containsCardNumber('Statement for card 4242 4242 4242 4242, valid 12/29')).toBe(true);
    expect(containsCardNumber('card 5555-5555-5555-4444')).toBe(true);
    expect(containsCardNumber('Account CZ65 0800 0000 1920 0014 5399, card •••• 4242')).toBe(false);
    expect(containsCardNumber('Reference 1234567890123 (not Luhn-valid)')).toBe(false);
    // Every 13..19-digit window of these IBANs' digits, spaced or not, is part of a longer run.
    expect(containsCardNumber('CZ65 0800 0000 1920 0014 5399 and CZ6508000000192000145399')).toBe(false);
  });
});
