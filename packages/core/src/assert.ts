/**
 * Invariant checks for programmer errors.
 *
 * An InvariantViolation means the code itself is wrong (a broken assumption),
 * never that a client sent something bad. The HTTP layer must therefore always
 * map it to 500 and never to a 4xx: client-facing failures are DomainErrors.
 */

export class InvariantViolation extends Error {
  override readonly name = 'InvariantViolation';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) {
    throw new InvariantViolation(message);
  }
}

/** Exhaustiveness check for switch statements over unions. */
export function assertNever(x: never): never {
  // String() rather than JSON.stringify: the value may be a bigint or cyclic.
  throw new InvariantViolation(`Unexpected value: ${String(x)}`);
}
