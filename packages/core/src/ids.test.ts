import { describe, it, expect } from 'vitest';
import { DomainError } from './errors.ts';
import { type PlayerId, asAccountId, asPlayerId, isUuid, newId, uuidV7TimestampMs } from './ids.ts';

describe('newId (UUIDv7, RFC 9562)', () => {
  it('has the canonical layout with version nibble 7 and variant bits 10xx', () => {
    for (let i = 0; i < 1000; i += 1) {
      const id = newId();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(isUuid(id)).toBe(true);
    }
  });

  it('embeds the current Unix time in milliseconds in the first 48 bits', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    // The monotonic counter may push the timestamp ahead by a few ms at most.
    expect(uuidV7TimestampMs(id)).toBeGreaterThanOrEqual(before);
    expect(uuidV7TimestampMs(id)).toBeLessThanOrEqual(after + 5);
  });

  it('successive ids are strictly increasing, even many within one millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => newId());
    for (let i = 1; i < ids.length; i += 1) {
      expect(ids[i]! > ids[i - 1]!).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is typed by the caller as a branded id', () => {
    const id = newId<PlayerId>();
    expect(asPlayerId(id)).toBe(id);
  });
});

describe('id casts', () => {
  it('accept any RFC 9562 UUID and normalise it to lowercase', () => {
    expect(asAccountId('0190A7E2-9C5B-7D4E-8F00-0123456789AB')).toBe('0190a7e2-9c5b-7d4e-8f00-0123456789ab');
    expect(asPlayerId('9b2f6c1e-3d4a-4f5b-a6c7-d8e9f0a1b2c3')).toBe('9b2f6c1e-3d4a-4f5b-a6c7-d8e9f0a1b2c3');
  });

  it('reject malformed ids as a client error (validation-failed) without echoing the value', () => {
    for (const bad of [
      '',
      'abc',
      '00000000-0000-0000-0000-000000000000',
      '0190a7e2-9c5b-7d4e-cf00-0123456789ab',
      ' 0190a7e2-9c5b-7d4e-8f00-0123456789ab',
    ]) {
      let thrown: unknown;
      try {
        asPlayerId(bad);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      expect((thrown as DomainError).code).toBe('validation-failed');
      if (bad.trim() !== '') expect((thrown as DomainError).detail).not.toContain(bad.trim());
    }
  });
});
