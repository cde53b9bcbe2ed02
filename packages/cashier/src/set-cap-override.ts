import { DomainError } from '@casino/core';
import { transaction } from '@casino/db';
import { looserFields, type CapOverride } from './caps.ts';
import type { CashierContext } from './context.ts';
import type { Direction, Instrument } from './rules.ts';
import { auditStaffAction, type StaffActor } from './staff-audit.ts';

export interface SetCapOverrideOptions {
  playerId: string;
  instrument: Instrument;
  direction: Direction;
  caps: CapOverride;
  reason: string;
  staff: StaffActor;
}

/**
 * The operator sets a player's caps for one instrument and direction (004:DEP-03, DEP-04): stricter
 * than the jurisdiction's table, never looser, except for "other payment instruments", which may be
 * set differently for the instrument's nature. Replaces any earlier override.
 */
export async function setCapOverride(ctx: CashierContext, options: SetCapOverrideOptions): Promise<void> {
  const table = ctx.rules.caps[options.instrument][options.direction];
  if (!ctx.rules.capsLooserAllowed.includes(options.instrument)) {
    const looser = looserFields(table, options.caps);
    if (looser.length > 0) {
      throw new DomainError(
        'validation-failed',
        `Caps may only be set stricter than the table for ${options.instrument} (004:DEP-03): ${looser.join(', ')} would loosen it.`,
        {
          field: 'body.caps',
          extensions: { looserFields: looser },
        },
      );
    }
  }
  const min = options.caps.perTransactionMinorMin ?? table.perTransactionMinorMin;
  const max = options.caps.perTransactionMinorMax ?? table.perTransactionMinorMax;
  if (max !== null && min > max)
    throw new DomainError('validation-failed', 'The minimum is above the maximum.', { field: 'body.caps' });
  const direction = options.direction === 'deposit' ? 'DEPOSIT' : 'WITHDRAWAL';
  const at = ctx.clock.now();
  const data = { ...options.caps, reason: options.reason, setBy: options.staff.staffUserId, setAt: at };
  await transaction(ctx.db, async (tx) => {
    const player = await tx.player.findUnique({ where: { id: options.playerId }, select: { id: true } });
    if (!player) throw new DomainError('not-found', 'No such player.', { field: 'params.playerId' });
    const before = await tx.cashierCapOverride.findUnique({
      where: { playerId_instrument_direction: { playerId: options.playerId, instrument: options.instrument, direction } },
    });
    await tx.cashierCapOverride.upsert({
      where: { playerId_instrument_direction: { playerId: options.playerId, instrument: options.instrument, direction } },
      create: { playerId: options.playerId, instrument: options.instrument, direction, ...data },
      update: data,
    });
    await auditStaffAction(tx, options.staff, at, {
      action: 'cashier.cap-override',
      subjectType: 'player',
      subjectId: options.playerId,
      reason: options.reason,
      before: before ? capsOf(before) : null,
      after: { instrument: options.instrument, direction, ...capsOf(options.caps) },
    });
  });
}

/** The cap fields as strings (minor units and counts), for the audit log. */
function capsOf(caps: object): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(caps)
      .filter(([key]) => /Minor|Max|Min/.test(key))
      .map(([key, value]) => [key, value === null || value === undefined ? null : String(value)]),
  );
}
