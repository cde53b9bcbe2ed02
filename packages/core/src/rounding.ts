// Named import: the default import is mistyped under NodeNext (CJS typings).
import { Decimal } from 'decimal.js';

/**
 * Named rounding modes. Nothing in core rounds implicitly: every operation
 * that can produce a sub-minor-unit result takes one of these explicitly, so
 * the rounding rule is visible (and reviewable) at every call site.
 */
export const Rounding = {
  /** Banker's rounding: ties go to the even neighbour (2.345 -> 2.34). */
  HALF_EVEN: Decimal.ROUND_HALF_EVEN,
  /** Commercial rounding: ties go away from zero (2.345 -> 2.35, -2.345 -> -2.35). */
  HALF_UP: Decimal.ROUND_HALF_UP,
  /** Truncate toward zero. */
  DOWN: Decimal.ROUND_DOWN,
  /** Away from zero. */
  UP: Decimal.ROUND_UP,
  /** Toward negative infinity. */
  FLOOR: Decimal.ROUND_FLOOR,
  /** Toward positive infinity. */
  CEIL: Decimal.ROUND_CEIL,
} as const;

export type RoundingMode = (typeof Rounding)[keyof typeof Rounding];

const roundingModeValues: ReadonlySet<number> = new Set(Object.values(Rounding));

export function isRoundingMode(value: unknown): value is RoundingMode {
  return typeof value === 'number' && roundingModeValues.has(value);
}
