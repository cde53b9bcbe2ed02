import { assert, currencies, currencyCodes } from '@casino/core';

/**
 * SQL text for COPY, which takes no bind parameters: every value that reaches a statement passes
 * through `literal` (validated by the register's zod schema first, then quoted as PostgreSQL
 * quotes a string literal), never string concatenation of raw input.
 */
export function literal(value: string | number | bigint | boolean | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    assert(Number.isSafeInteger(value), 'only integers are inlined into SQL');
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  assert(!value.includes('\u0000'), 'a NUL byte cannot be part of a SQL literal');
  // E'' strings would treat backslashes as escapes; a standard literal doubles quotes only.
  return `'${value.replace(/'/g, "''")}'`;
}

export function timestampLiteral(at: Date): string {
  assert(!Number.isNaN(at.getTime()), 'invalid date');
  return `${literal(at.toISOString())}::timestamptz`;
}

/**
 * The decimal string of `minorSql` (a bigint expression) in the currency `currencySql`, with exactly
 * the currency's minor-unit digits ("12.50", "-0.05", JPY "100"): the same text as Money's
 * toDecimalString, formatted by PostgreSQL so a million rows never pass through JavaScript numbers.
 */
export function decimalAmountSql(minorSql: string, currencySql: string): string {
  return `reporting_decimal(${minorSql}, ${currencyDigitsSql(currencySql)})`;
}

/** The minor-unit digits of a currency column, from @casino/core's currency table. */
export function currencyDigitsSql(currencySql: string): string {
  const cases = currencyCodes.map((code) => `WHEN ${literal(code)} THEN ${currencies[code].minorUnitDigits}`).join(' ');
  return `(CASE ${currencySql} ${cases} END)`;
}

/** ISO 8601 in UTC with milliseconds, as Date.toISOString writes it. */
export function isoTimestampSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The Europe/Prague calendar date of an instant (YYYY-MM-DD). */
export function pragueDateSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'Europe/Prague', 'YYYY-MM-DD')`;
}
