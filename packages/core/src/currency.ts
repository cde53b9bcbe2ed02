import { z } from 'zod';
import { assert } from './assert.ts';

/**
 * Currencies the platform handles. JPY is included on purpose: it has zero
 * minor-unit digits and keeps every money code path honest about that case.
 */
export const currencyCodes = ['CZK', 'EUR', 'USD', 'GBP', 'CAD', 'SEK', 'JPY'] as const;

export type CurrencyCode = (typeof currencyCodes)[number];

export interface CurrencyInfo {
  readonly code: CurrencyCode;
  /** ISO 4217 exponent: number of decimal digits of the minor unit. */
  readonly minorUnitDigits: number;
  readonly name: string;
}

export const currencies: Readonly<Record<CurrencyCode, CurrencyInfo>> = Object.freeze({
  CZK: Object.freeze({ code: 'CZK', minorUnitDigits: 2, name: 'Czech koruna' }),
  EUR: Object.freeze({ code: 'EUR', minorUnitDigits: 2, name: 'Euro' }),
  USD: Object.freeze({ code: 'USD', minorUnitDigits: 2, name: 'US dollar' }),
  GBP: Object.freeze({ code: 'GBP', minorUnitDigits: 2, name: 'Pound sterling' }),
  CAD: Object.freeze({ code: 'CAD', minorUnitDigits: 2, name: 'Canadian dollar' }),
  // 003 (Svenska Spel): poker amounts and the 2 × prisbasbelopp cap are in kronor (D-1622).
  SEK: Object.freeze({ code: 'SEK', minorUnitDigits: 2, name: 'Swedish krona' }),
  JPY: Object.freeze({ code: 'JPY', minorUnitDigits: 0, name: 'Japanese yen' }),
});

export function isCurrencyCode(s: string): s is CurrencyCode {
  // hasOwn, not `in`: "toString" must not count as a currency.
  return Object.hasOwn(currencies, s);
}

export function minorUnitDigits(code: CurrencyCode): number {
  // The type already forbids unknown codes; this guards untyped callers.
  assert(isCurrencyCode(code), `Unknown currency code: ${String(code)}`);
  return currencies[code].minorUnitDigits;
}

export const CurrencyCodeSchema = z.enum(currencyCodes);
