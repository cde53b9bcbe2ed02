import fc from 'fast-check';
import { Money } from '@casino/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLimit } from './change-limit.ts';
import { measureStates, stateOf } from './measures.ts';
import { limitsFixture, setAmount, type LimitsFixture } from './test-support.ts';
import { withdrawPendingChange } from './withdraw-pending-change.ts';

let f: LimitsFixture;
beforeAll(async () => {
  f = await limitsFixture(new Date('2026-01-05T09:00:00Z'));
});
afterAll(async () => {
  await f?.close();
});

const hourMs = 3_600_000;
const delayMs = 7 * 24 * hourMs;

/**
 * The change rules as a few lines of reference model (002:RG-04, RG-06, RG-07, AMB-RG-PENDING): a
 * pending loosening applies at its time; a tightening applies now and drops the pending one; a
 * loosening replaces the pending one and waits 7 days; the value in force again drops it; a
 * withdrawal drops it. `null` is no limit, the mildest.
 */
class Model {
  inForce: number | null;
  pending: { crowns: number | null; at: number } | null = null;

  constructor(initial: number) {
    this.inForce = initial;
  }

  settle(now: number): void {
    if (this.pending && this.pending.at <= now) [this.inForce, this.pending] = [this.pending.crowns, null];
  }

  request(crowns: number | null, now: number): void {
    this.settle(now);
    const stricter = crowns !== null && (this.inForce === null || crowns < this.inForce);
    if (crowns === this.inForce) this.pending = null;
    else if (stricter) [this.inForce, this.pending] = [crowns, null];
    else this.pending = { crowns, at: now + delayMs };
  }
}

const steps = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('set' as const),
      crowns: fc.option(
        fc.integer({ min: 1, max: 5 }).map((n) => n * 100),
        { nil: null },
      ),
      afterHours: fc.integer({ min: 0, max: 200 }),
    }),
    fc.record({ kind: fc.constant('withdraw' as const), afterHours: fc.integer({ min: 0, max: 200 }) }),
  ),
  { minLength: 1, maxLength: 8 },
);

describe('the change rules against a reference model', () => {
  it('002:RG-04 / RG-05 / RG-06 / RG-07 / AMB-RG-PENDING any sequence of raises, cuts, removals and withdrawals leaves the limit the model says, at every step', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        const player = await f.newPlayer({ 'stake:day': setAmount('300.00') });
        const model = new Model(300);
        const ctx = { db: f.db, clock: f.clock, profile: f.ctx.profile };
        for (const step of sequence) {
          f.clock.advanceMs(step.afterHours * hourMs);
          const now = f.clock.now().getTime();
          if (step.kind === 'set') {
            await changeLimit(ctx, {
              playerId: player.playerId,
              measure: 'stake:day',
              limit: step.crowns === null ? null : { amount: Money.of(String(step.crowns), 'CZK') },
              actor: 'player',
            });
            model.request(step.crowns, now);
          } else {
            model.settle(now);
            const withdrawn = await withdrawPendingChange(ctx, {
              playerId: player.playerId,
              measure: 'stake:day',
              actor: 'player',
            }).then(
              () => true,
              () => false,
            );
            expect(withdrawn).toBe(model.pending !== null);
            model.pending = null;
          }
          const state = stateOf(await measureStates(f.db, player.playerId, f.clock.now()), 'stake:day');
          expect(state.inForce.isSet ? Number(state.inForce.limitValue) / 100 : null).toBe(model.inForce);
          expect(
            state.pending && {
              crowns: state.pending.setting.isSet ? Number(state.pending.setting.limitValue) / 100 : null,
              at: state.pending.effectiveFrom.getTime(),
            },
          ).toEqual(model.pending);
        }
      }),
      { numRuns: 25 },
    );
  });
});
