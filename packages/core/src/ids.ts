import { randomBytes } from 'node:crypto';
import { assert } from './assert.ts';
import { DomainError } from './errors.ts';

/** Nominal typing for primitives: a PlayerId is not assignable to an AccountId. */
export type Brand<T, B extends string> = T & { readonly __brand: B };

export type PlayerId = Brand<string, 'PlayerId'>;
export type StaffUserId = Brand<string, 'StaffUserId'>;
export type AccountId = Brand<string, 'AccountId'>;
export type TransactionId = Brand<string, 'TransactionId'>;
export type RequestId = Brand<string, 'RequestId'>;
export type OutboxMessageId = Brand<string, 'OutboxMessageId'>;

// Any RFC 9562 version (1-8) with the 10xx variant; case-insensitive on input
// as the RFC requires, lowercase on output.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuid(s: string): boolean {
  return typeof s === 'string' && UUID_PATTERN.test(s);
}

const MAX_UNIX_MS_48_BIT = 2 ** 48 - 1;
const COUNTER_LIMIT = 0x1000; // rand_a is 12 bits wide

// Monotonicity state (RFC 9562 section 6.2, method 1: rand_a is a counter).
// Ids made in the same millisecond, or while the system clock steps back,
// reuse the last timestamp and increment the counter; when the counter runs
// out the timestamp is bumped by 1 ms. Successive ids therefore sort strictly
// increasing, which keeps B-tree inserts append-only.
let lastUnixMs = -1;
let counter = 0;

function nextTimestampAndCounter(): { unixMs: number; counter: number } {
  const nowMs = Date.now();
  if (nowMs > lastUnixMs) {
    lastUnixMs = nowMs;
    // Random start in the lower half so that at least 2048 ids fit per ms
    // before the timestamp has to be bumped.
    counter = randomBytes(2).readUInt16BE(0) & 0x07ff;
  } else {
    counter += 1;
    if (counter >= COUNTER_LIMIT) {
      lastUnixMs += 1;
      counter = 0;
    }
  }
  assert(lastUnixMs <= MAX_UNIX_MS_48_BIT, 'UUIDv7 timestamp exceeds 48 bits');
  return { unixMs: lastUnixMs, counter };
}

/** A new UUIDv7 (RFC 9562): 48-bit unix ms, version 7, 12-bit counter, variant 10, 62 random bits. */
export function newId<T extends string = string>(): T {
  const { unixMs, counter: seq } = nextTimestampAndCounter();
  const bytes = randomBytes(16);
  bytes.writeUIntBE(unixMs, 0, 6);
  bytes[6] = 0x70 | (seq >> 8);
  bytes[7] = seq & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return uuid as T;
}

/** Milliseconds since the Unix epoch encoded in a UUIDv7. */
export function uuidV7TimestampMs(id: string): number {
  assert(isUuid(id) && id[14] === '7', 'Not a UUIDv7');
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

function castId<T extends string>(kind: string, s: string): T {
  // Ids arrive from URLs and request bodies, so a malformed one is a client
  // error (400), not an invariant violation. The value is not echoed back.
  if (!isUuid(s)) {
    throw new DomainError('validation-failed', `${kind} must be a UUID`);
  }
  return s.toLowerCase() as T;
}

export const asPlayerId = (s: string): PlayerId => castId<PlayerId>('PlayerId', s);
export const asStaffUserId = (s: string): StaffUserId => castId<StaffUserId>('StaffUserId', s);
export const asAccountId = (s: string): AccountId => castId<AccountId>('AccountId', s);
export const asTransactionId = (s: string): TransactionId => castId<TransactionId>('TransactionId', s);
export const asRequestId = (s: string): RequestId => castId<RequestId>('RequestId', s);
export const asOutboxMessageId = (s: string): OutboxMessageId =>
  castId<OutboxMessageId>('OutboxMessageId', s);
