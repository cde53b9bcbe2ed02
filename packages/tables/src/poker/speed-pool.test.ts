import { DomainError } from '@casino/core';
import { roundRng, testRoundSeed } from '@casino/games';
import { describe, expect, it } from 'vitest';
import type { PokerRuleProfile, PokerTableDefinition } from './profile.ts';
import type { TableEffect } from './runtime-types.ts';
import { SpeedPool, speedTurnsPerTable, type SpeedPrivateView } from './speed-pool.ts';
import { noLimitDefinition } from './testing.ts';
import { atFixture, czFoFixture } from './testing/profiles.ts';

const czFo: PokerRuleProfile = { ...czFoFixture, speedPoker: { foldBeforeTurn: true, poolSeatsMax: 1_000 } };
const at: PokerRuleProfile = {
  ...atFixture,
  speedPoker: { foldBeforeTurn: false, poolSeatsMax: 1_000 },
};

function poolDefinition(profile: PokerRuleProfile, tableSeats: number, fillWaitMs: number): PokerTableDefinition {
  return { ...noLimitDefinition, profileId: profile.id, seatsMax: 200, speedPool: { tableSeats, fillWaitMs } };
}

/**
 * The pool driven as the room drives it: a hand's end is committed (here: a stored stack per player
 * changed by put in and won, the escrow less the rake) before the pool hears of it, a release pays out
 * the stored stack. The escrow invariant (escrow = Σ stored stacks) is checked after every commit.
 * With `deferCommits` the ended hands wait in a queue, committed in the order they ended when the test
 * says so, while the players play on (the room commits a pool's hands off its queue, D-1807); no stored
 * stack may go below zero whichever prefix of them is committed.
 */
class PoolHarness {
  readonly pool: SpeedPool;
  nowMs = Date.parse('2026-12-05T10:00:00Z');
  readonly stored = new Map<string, bigint>();
  escrowMinor = 0n;
  rakeMinor = 0n;
  paidOutMinor = 0n;
  boughtMinor = 0n;
  readonly released: { playerId: string; stackMinor: bigint; reason: string }[] = [];
  readonly committed: string[] = [];
  /** Ended hands not yet committed, in the order they ended (`deferCommits`). */
  readonly uncommitted: Extract<TableEffect, { kind: 'hand-complete' }>['hand'][] = [];
  private seq = 0;

  constructor(
    profile: PokerRuleProfile,
    tableSeats: number,
    fillWaitMs: number,
    seed = 'speed-pool',
    private readonly deferCommits = false,
  ) {
    this.pool = new SpeedPool(
      {
        tableId: 'pool-1',
        profile,
        definition: poolDefinition(profile, tableSeats, fillWaitMs),
        seats: [],
        handNumber: 0,
        previousPositions: null,
      },
      { rng: roundRng(testRoundSeed(seed)), newHandId: () => `hand-${++this.seq}` },
    );
  }

  get now(): Date {
    return new Date(this.nowMs);
  }

  join(playerId: string, stackMinor = 5_000n): void {
    const seat = this.pool.chooseSeat(playerId, undefined);
    this.stored.set(playerId, stackMinor);
    this.escrowMinor += stackMinor;
    this.boughtMinor += stackMinor;
    this.settle(this.pool.seatPlayer({ seat, playerId, alias: playerId, stackMinor, waitForBigBlind: false }, this.now));
  }

  act(
    playerId: string,
    action: 'fold' | 'check' | 'call' | 'raise' | 'all-in',
    extra: { amountMinor?: bigint; turn?: number } = {},
  ): void {
    this.settle(this.pool.command(playerId, { kind: 'act', action, ...extra }, this.now));
  }

  /** A bot's action: a refusal (the table's `game-action-refused`) changes nothing and is fine. */
  tryAct(
    playerId: string,
    action: 'fold' | 'check' | 'call' | 'raise' | 'all-in',
    extra: { amountMinor?: bigint; turn?: number } = {},
  ): void {
    try {
      this.act(playerId, action, extra);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'game-action-refused') throw error;
    }
  }

  leave(playerId: string): void {
    this.settle(this.pool.command(playerId, { kind: 'leave' }, this.now));
  }

  advance(ms: number): void {
    this.nowMs += ms;
    this.settle(this.pool.tick(this.now));
  }

  view(playerId: string): SpeedPrivateView {
    const view = this.pool.privateView(playerId);
    expect(view, `${playerId} is in the pool`).not.toBeNull();
    return view!;
  }

  /** The player whose turn it is at some table, with their view. */
  toAct(): { playerId: string; view: SpeedPrivateView } | null {
    for (const playerId of this.pool.seatedPlayerIds()) {
      const view = this.pool.privateView(playerId)!;
      if (view.legal !== null) return { playerId, view };
    }
    return null;
  }

  settle(effects: TableEffect[]): void {
    const pending = [...effects];
    for (let guard = 0; pending.length > 0; guard++) {
      expect(guard).toBeLessThan(10_000);
      const effect = pending.shift()!;
      if (effect.kind === 'hand-complete') {
        this.rakeMinor += effect.hand.rakeMinor;
        if (this.deferCommits) this.uncommitted.push(effect.hand);
        else pending.push(...this.commit(effect.hand));
      } else if (effect.kind === 'release-seat') {
        expect(effect.stackMinor, `${effect.playerId} is released with the stored stack`).toBe(this.stored.get(effect.playerId));
        this.stored.delete(effect.playerId);
        this.escrowMinor -= effect.stackMinor;
        this.paidOutMinor += effect.stackMinor;
        this.released.push({ playerId: effect.playerId, stackMinor: effect.stackMinor, reason: effect.reason });
        pending.push(...this.pool.seatReleased(effect.seat));
      } else throw new Error(`a pool asks for no ${effect.kind}`);
    }
    const count = this.pool.chipCount();
    expect(count.foundMinor, 'the pool holds what came in less what went out').toBe(count.heldMinor);
    expect(count.heldMinor).toBe(this.boughtMinor - this.paidOutMinor - this.rakeMinor);
  }

  /** Commits the hand that ended first of those waiting (`deferCommits`); false when none waits. */
  commitNext(): boolean {
    const hand = this.uncommitted.shift();
    if (hand === undefined) return false;
    this.settle(this.commit(hand));
    return true;
  }

  private commit(hand: Extract<TableEffect, { kind: 'hand-complete' }>['hand']): TableEffect[] {
    for (const r of hand.results) {
      const storedMinor = this.stored.get(r.playerId)! - r.putInMinor + r.wonMinor;
      expect(storedMinor >= 0n, `${r.playerId}'s stored stack after hand ${hand.handId} is not negative`).toBe(true);
      this.stored.set(r.playerId, storedMinor);
    }
    this.escrowMinor -= hand.rakeMinor;
    expect(
      [...this.stored.values()].reduce((a, b) => a + b, 0n),
      'escrow = Σ stored stacks',
    ).toBe(this.escrowMinor);
    this.committed.push(hand.handId);
    return this.pool.handCommitted(hand.handId, this.now);
  }
}

describe('speed-poker pool (issue 18)', () => {
  it('000-001:TBL-10 004:GAM-PT-06 a player who folds is dealt at once into a new hand at another table', () => {
    const h = new PoolHarness(czFo, 3, 5_000);
    for (const p of ['a', 'b', 'c', 'd', 'e', 'f']) h.join(p);
    const tables = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((p) => h.view(p).speed.table?.number));
    expect(tables).toEqual(new Set([1, 2]));
    // The first to act at each table folds: both wait (a table of the pool has three seats).
    const folded: { playerId: string; table: number; handId: string | null }[] = [];
    for (const number of [1, 2]) {
      const actor = ['a', 'b', 'c', 'd', 'e', 'f']
        .map((playerId) => ({ playerId, view: h.view(playerId) }))
        .find(({ view }) => view.legal !== null && view.speed.table!.number === number)!;
      folded.push({ playerId: actor.playerId, table: number, handId: actor.view.speed.table!.handId });
      h.act(actor.playerId, 'fold', { turn: actor.view.speed.table!.view.toAct!.turn });
      expect(h.view(actor.playerId).speed).toMatchObject({ status: 'waiting', table: null, movedFrom: number });
    }
    // Two waiting for the pool's fill time: dealt together, short-handed, at a third table.
    h.advance(5_000);
    for (const f of folded) {
      const now = h.view(f.playerId).speed;
      expect(now.status).toBe('playing');
      expect(now.table!.number).toBe(3);
      expect(now.table!.handId).not.toBe(f.handId);
      expect(now.movedFrom).toBe(f.table);
      expect(h.view(f.playerId).holeCards).toHaveLength(2);
    }
    // The hands they left go on without them.
    expect(h.committed).toHaveLength(0);
  });

  it('000-001:BTN-12 000-001:T-14 the big blind a player owes follows them to their next table', () => {
    const h = new PoolHarness(czFo, 2, 0);
    for (const p of ['a', 'b', 'c', 'd']) h.join(p);
    // Newcomers owe the big blind; between equals the one who waited longest posts it.
    expect(h.view('a').speed.table).toMatchObject({ number: 1, blind: 'big' });
    expect(h.view('b').speed.table).toMatchObject({ number: 1, blind: 'small' });
    expect(h.view('c').speed.table).toMatchObject({ number: 2, blind: 'big' });
    expect(h.view('b').speed.handsSinceBigBlind).toBe(3);
    // b (button, small blind) folds: a wins the blinds; both are dealt together again, and b, who has
    // not posted the big blind since joining, posts it at the new table, not a who just did.
    const b = h.view('b');
    h.act('b', 'fold', { turn: b.speed.table!.view.toAct!.turn });
    expect(h.view('b').speed.table).toMatchObject({ number: 3, blind: 'big' });
    expect(h.view('a').speed.table).toMatchObject({ number: 3, blind: 'small' });
    const view = h.view('b').speed.table!.view;
    const bSeat = h.view('b').speed.table!.seat;
    expect(view.seats.find((s) => s.seat === bSeat)!.betMinor).toBe(String(noLimitDefinition.bigBlindMinor));
    expect(h.view('b').speed.handsSinceBigBlind).toBe(0);
  });

  it('004:T-141 CZ-FO: a player folds before their turn and is moved at once; the table folds their hand when the turn comes', () => {
    const h = new PoolHarness(czFo, 2, 60_000);
    for (const p of ['a', 'b', 'c', 'd']) h.join(p);
    // Heads-up pre-flop the button (small blind) acts first: the big blind folds early.
    const bigBlind = h.view('a');
    expect(bigBlind.legal).toBeNull();
    h.act('a', 'fold');
    expect(h.view('a').speed).toMatchObject({ status: 'waiting', table: null, movedFrom: 1 });
    // The hand goes on: b's raise would have been a's to answer; the table folds for a.
    const b = h.view('b');
    h.act('b', 'call', { turn: b.speed.table!.view.toAct!.turn });
    expect(h.committed).toHaveLength(1);
    // a and b wait together: dealt at once at a new table.
    expect(h.view('a').speed.table!.number).toBe(3);
    expect(h.view('b').speed.table!.number).toBe(3);
  });

  it('000-001:TBL-10 AT: folding out of turn is refused (001 moves a player after the fold only)', () => {
    const h = new PoolHarness(at, 2, 60_000);
    for (const p of ['a', 'b']) h.join(p);
    expect(() => h.act('a', 'fold')).toThrow(/not your turn/);
    expect(h.view('a').speed.table!.number).toBe(1);
  });

  it('a turn of a hand the player has left is refused (turn-mismatch), never taken for the next hand', () => {
    const h = new PoolHarness(czFo, 2, 0);
    for (const p of ['a', 'b']) h.join(p);
    const turn = h.view('b').speed.table!.view.toAct!.turn;
    expect(Math.floor(turn / speedTurnsPerTable)).toBe(1);
    h.act('b', 'fold', { turn });
    expect(h.view('b').speed.table!.number).toBe(2);
    expect(() => h.act('b', 'fold', { turn })).toThrow(/another hand/);
  });

  it('004:T-140 leaving mid-hand folds the hand; the seat is released with the stored stack once every hand of the player is committed', () => {
    const h = new PoolHarness(czFo, 3, 60_000);
    for (const p of ['a', 'b', 'c']) h.join(p);
    const actor = h.toAct()!;
    // Someone else, not to act, leaves: folded at their turn, released when the hand is committed.
    const leaver = ['a', 'b', 'c'].find((p) => p !== actor.playerId && h.view(p).speed.table!.blind !== 'big')!;
    h.leave(leaver);
    expect(h.view(leaver).speed.status).toBe('leaving');
    expect(h.released).toHaveLength(0);
    for (let guard = 0; h.committed.length === 0; guard++) {
      expect(guard).toBeLessThan(20);
      const next = h.toAct()!;
      h.act(next.playerId, next.view.legal!.check ? 'check' : 'call', { turn: next.view.speed.table!.view.toAct!.turn });
    }
    expect(h.released.map((r) => r.playerId)).toEqual([leaver]);
    expect(h.pool.seatOf(leaver)).toBeNull();
  });

  it('000-001:TBL-10 D-1802 many bots over one pool: chips are conserved and the escrow equals the stored stacks after every hand', () => {
    playBots(false);
  });

  it('000-001:TBL-10 D-1807 hands committed late, in the order they ended, while their players play on: no stored stack goes negative, the escrow equals the stored stacks after every commit, a seat is released with its final stored stack', () => {
    const h = playBots(true);
    expect(h.uncommitted).toHaveLength(0);
  });
});

/** Bots over one pool; with `deferCommits` ended hands wait and are committed at random moments, in the order they ended. */
function playBots(deferCommits: boolean): PoolHarness {
  {
    const rng = roundRng(testRoundSeed('speed-pool-bots'));
    const h = new PoolHarness(czFo, 6, 200, 'speed-pool-bots-deck', deferCommits);
    const players = Array.from({ length: 60 }, (_, i) => `p${i}`);
    for (const p of players) h.join(p, 2_500n + BigInt(rng.intBelow(7_500)));
    let joined = players.length;
    for (let step = 0; step < 6_000; step++) {
      const roll = rng.intBelow(100);
      if (roll < 2) {
        const seated = h.pool.seatedPlayerIds();
        const p = seated.length === 0 ? undefined : seated[rng.intBelow(seated.length)];
        if (p !== undefined && h.view(p).speed.status !== 'leaving') h.leave(p);
        continue;
      }
      if (roll < 4) {
        h.join(`p${joined++}`, 2_500n + BigInt(rng.intBelow(7_500)));
        continue;
      }
      if (roll < 10) {
        // Early folds (CZ-FO) from anyone in a hand.
        const inHand = h.pool.seatedPlayerIds().filter((p) => h.view(p).speed.table !== null);
        const p = inHand.length === 0 ? undefined : inHand[rng.intBelow(inHand.length)];
        if (p !== undefined) h.tryAct(p, 'fold');
        continue;
      }
      if (roll < 12) {
        h.advance(25_000); // the clock: time-outs, short tables dealt
        continue;
      }
      if (roll < 22 && deferCommits) {
        // The commit queue catches up by one hand, or by all of them now and then.
        if (roll < 14) while (h.commitNext());
        else h.commitNext();
        continue;
      }
      const actor = h.toAct();
      if (actor === null) {
        h.advance(250);
        continue;
      }
      const legal = actor.view.legal!;
      const turn = actor.view.speed.table!.view.toAct!.turn;
      const pick = rng.intBelow(10);
      if (pick < 3) h.act(actor.playerId, 'fold', { turn });
      else if (pick < 5 && legal.raiseMinMinor !== null)
        h.act(actor.playerId, 'raise', { amountMinor: BigInt(legal.raiseMinMinor), turn });
      else if (pick < 6 && legal.allIn) h.act(actor.playerId, 'all-in', { turn });
      else h.act(actor.playerId, legal.check ? 'check' : 'call', { turn });
    }
    expect(h.committed.length).toBeGreaterThan(200);
    // Everyone leaves: every chip goes back (what the hands did not rake).
    for (const p of h.pool.seatedPlayerIds()) if (h.view(p).speed.status !== 'leaving') h.leave(p);
    for (let guard = 0; h.pool.seatedPlayerIds().length > 0; guard++) {
      expect(guard).toBeLessThan(5_000);
      if (h.commitNext()) continue;
      const actor = h.toAct();
      if (actor === null) h.advance(25_000);
      else h.act(actor.playerId, 'fold', { turn: actor.view.speed.table!.view.toAct!.turn });
    }
    expect(h.escrowMinor).toBe(0n);
    expect(h.paidOutMinor + h.rakeMinor).toBe(h.boughtMinor);
    return h;
  }
}
