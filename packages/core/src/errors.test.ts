import { describe, it, expect } from 'vitest';
import { InvariantViolation, assert, assertNever } from './assert.ts';
import { DomainError, type ErrorCode, errorCatalog, isDomainError, problemTypeBaseUri, problemTypeUri } from './errors.ts';

describe('error catalog', () => {
  it('every code is stable kebab-case and maps to a problem type URI under the documented base', () => {
    expect(problemTypeBaseUri).toBe('https://problems.casino.example/');
    for (const code of Object.keys(errorCatalog) as ErrorCode[]) {
      expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(problemTypeUri(code)).toBe(`https://problems.casino.example/${code}`);
      expect(new URL(problemTypeUri(code)).href).toBe(problemTypeUri(code));
    }
  });

  it('pins the HTTP status of the codes other packages rely on', () => {
    const statuses = Object.fromEntries(Object.entries(errorCatalog).map(([code, e]) => [code, e.status]));
    expect(statuses).toMatchObject({
      'validation-failed': 400,
      unauthorized: 401,
      forbidden: 403,
      'not-found': 404,
      conflict: 409,
      'idempotency-key-reused': 409,
      'payload-too-large': 413,
      'unsupported-media-type': 415,
      'insufficient-funds': 422,
      'limit-exceeded': 422,
      'rate-limited': 429,
      'internal-error': 500,
      'service-unavailable': 503,
    });
    expect(errorCatalog['idempotency-key-reused'].title).toBe('Idempotency key reused with a different request');
    for (const entry of Object.values(errorCatalog)) {
      expect(entry.status >= 400 && entry.status <= 599).toBe(true);
    }
  });
});

describe('DomainError', () => {
  it('toProblem returns the RFC 9457 shape with instance, field and extensions', () => {
    const cause = new Error('db said no');
    const e = new DomainError('insufficient-funds', 'Balance 10.00 CZK is below the stake 12.50 CZK', {
      field: 'amount',
      extensions: { balance: { amount: '10.00', currency: 'CZK' } },
      cause,
    });
    expect(e.toProblem('/v1/bets/123')).toEqual({
      type: 'https://problems.casino.example/insufficient-funds',
      title: 'Insufficient funds',
      status: 422,
      detail: 'Balance 10.00 CZK is below the stake 12.50 CZK',
      instance: '/v1/bets/123',
      field: 'amount',
      balance: { amount: '10.00', currency: 'CZK' },
    });
    expect(e).toBeInstanceOf(Error);
    expect([e.code, e.status, e.message, e.cause]).toEqual(['insufficient-funds', 422, e.detail, cause]);
  });

  it('omits instance and field when they are not given (no undefined members in the body)', () => {
    const problem = new DomainError('not-found', 'Player not found').toProblem();
    expect(Object.keys(problem).sort()).toEqual(['detail', 'status', 'title', 'type']);
  });

  it('extensions can never shadow standard members such as status or type', () => {
    expect(() => new DomainError('forbidden', 'x', { extensions: { status: 200 } })).toThrow(InvariantViolation);
    expect(() => new DomainError('forbidden', 'x', { extensions: { type: 'about:blank' } })).toThrow(InvariantViolation);
  });

  it('isDomainError recognises DomainErrors only; an InvariantViolation is never one', () => {
    expect(isDomainError(new DomainError('conflict', 'Version mismatch'))).toBe(true);
    expect(isDomainError(new InvariantViolation('broken'))).toBe(false);
    expect(isDomainError(new Error('plain'))).toBe(false);
    expect(isDomainError({ code: 'conflict', status: 409 })).toBe(false);
    expect(new InvariantViolation('broken')).not.toBeInstanceOf(DomainError);
  });

  it('an unknown code is a programmer error', () => {
    expect(() => new DomainError('teapot' as ErrorCode, 'x')).toThrow(InvariantViolation);
  });
});

describe('assert', () => {
  it('throws InvariantViolation with the message when the condition is falsy, and narrows otherwise', () => {
    expect(() => assert(0, 'zero is falsy')).toThrow(new InvariantViolation('zero is falsy'));
    const value: string | undefined = 'x' as string | undefined;
    assert(value !== undefined, 'value is set');
    expect(value.length).toBe(1); // compiles only because assert narrowed the type
  });

  it('assertNever reports the unexpected value, bigint included', () => {
    expect(() => assertNever(5n as never)).toThrow('Unexpected value: 5');
    expect(new InvariantViolation('x').name).toBe('InvariantViolation');
  });
});
