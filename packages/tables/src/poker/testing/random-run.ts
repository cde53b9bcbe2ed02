import { SeededRng } from '@casino/games';
import { expect } from 'vitest';
import { isFixedLimitRecord } from '../fixed-limit-running.ts';
import type { PokerRuleProfile, PokerTableDefinition } from '../profile.ts';
import type { PlayerCommand, PrivateSeatView, TableEffect } from '../runtime-types.ts';
import { refusalReason } from '../seats.ts';
import { PokerTable, type TableStep } from '../table.ts';
import { seededRngForHand } from './harness.ts';

/**
 * Random bots at one table (issue 16), for property tests: players sit down, sit out, come back,
 * top up, leave and are removed between and during hands; a driver commits its effects late (and
 * refuses some top-ups); the clock runs out; the odd hand is voided. After every call the chips at the
 * table must equal what came in less what went out and the rake; every refused command must leave the
 * table exactly as it was. Seeded, so a failure reproduces. Used with the fixture profiles in this
 * package and with the operator's real profiles in tests/poker-profiles.property.test.ts.
 */

type Snapshot = string;

export class RandomTableRun {
  private readonly random: SeededRng;
  private readonly table: PokerTable;
  private nowMs = 0;
  private nextPlayer = 1;
  /** Effects the driver has not committed yet, in order. */
  private readonly owed: TableEffect[] = [];
  /** Seats whose release was emitted: their chips have left the table. */
  private readonly releasing = new Set<number>();
  private chipsInMinor = 0n;
  private chipsOutMinor = 0n;
  handsCompleted = 0;
  refusals = 0;

  constructor(
    private readonly profile: PokerRuleProfile,
    private readonly definition: PokerTableDefinition,
    seed: string,
  ) {
    this.random = new SeededRng(seed);
    this.table = new PokerTable(
      { tableId: seed, profile, definition, seats: [], handNumber: 0, previousPositions: null },
      {
        rngForHand: seededRngForHand(seed),
        newHandId: (handNumber) => `${seed}-${handNumber}`,
        handPauseMs: 1_000,
        bustedSeatHandsMax: 4,
      },
    );
  }

  run(hands: number): void {
    for (let calls = 0; this.handsCompleted < hands; calls++) {
      if (calls > hands * 500) throw new Error(`only ${this.handsCompleted} hands in ${calls} calls`);
      this.once();
    }
  }

  private chance(percent: number): boolean {
    return this.random.intBelow(100) < percent;
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.random.intBelow(items.length)]!;
  }

  private get now(): Date {
    return new Date(Date.UTC(2026, 10, 26, 12) + this.nowMs);
  }

  private once(): void {
    const roll = this.random.intBelow(100);
    if (roll < 45 && this.table.publicView().toAct !== null) return this.botActs();
    if (roll < 55) return this.commitOwed();
    if (roll < 70) return this.tick();
    if (roll < 78) return this.sitDown();
    if (roll < 97) return this.playerCommand();
    if (roll < 98) {
      this.call(() => this.table.setConnected(this.anyPlayer() ?? 'nobody', this.chance(70)));
    } else if (roll < 99) {
      const playerId = this.anyPlayer();
      if (playerId !== null) this.call(() => this.table.removePlayerAtHandEnd(playerId, 'playing-time-used-up'));
    } else if (this.chance(20)) {
      this.call(() => this.table.voidRunningHand());
    }
  }

  private anyPlayer(): string | null {
    const players = this.table.seatedPlayerIds();
    return players.length === 0 ? null : this.pick(players);
  }

  /** The player to act does something legal, or tries something illegal the table must refuse. */
  private botActs(): void {
    const toAct = this.table.publicView().toAct!;
    const playerId = this.table.seats().find((entry) => entry.seat === toAct.seat)!.playerId;
    const mine = this.table.privateView(playerId)!;
    // A stud or draw hand (issue 20): its own legal moves, the draw included.
    if (mine.fixedLimit != null) return this.fixedLimitBotActs(playerId, mine.fixedLimit, toAct.turn);
    const legal = mine.legal;
    if (legal === null) return this.tick(); // left at an 'any-time' table: the table folds at its turn
    if (this.chance(10)) {
      const other = this.table.seatedPlayerIds().find((id) => id !== playerId);
      const attempts: [string, PlayerCommand][] = [
        [playerId, { kind: 'act', action: 'call', turn: toAct.turn - 1 }],
        [playerId, { kind: 'act', action: legal.check ? 'call' : 'check' }],
        [playerId, { kind: 'act', action: 'raise', amountMinor: BigInt(legal.raiseMaxMinor ?? '0') + 1n }],
        [playerId, { kind: 'act', action: 'bet', amountMinor: BigInt(legal.betMinMinor ?? '1') - 1n }],
      ];
      if (other !== undefined) attempts.push([other, { kind: 'act', action: 'fold' }]);
      const [who, command] = this.pick(attempts);
      this.expectRefused(() => this.table.command(who, command, this.now));
      return;
    }
    const choices: PlayerCommand[] = [{ kind: 'act', action: 'fold' }];
    if (legal.check) choices.push({ kind: 'act', action: 'check' }, { kind: 'act', action: 'check' });
    if (legal.callMinor !== null) choices.push({ kind: 'act', action: 'call' }, { kind: 'act', action: 'call' });
    for (const [min, max, action] of [
      [legal.betMinMinor, legal.betMaxMinor, 'bet'],
      [legal.raiseMinMinor, legal.raiseMaxMinor, 'raise'],
    ] as const) {
      if (min === null || max === null) continue;
      const low = BigInt(min);
      const high = BigInt(max);
      for (const amountMinor of [low, high, (low + high) / 2n]) choices.push({ kind: 'act', action, amountMinor });
    }
    if (legal.allIn) choices.push({ kind: 'act', action: 'all-in' });
    const command = this.pick(choices);
    const withTurn = this.chance(50) && command.kind === 'act' ? { ...command, turn: toAct.turn } : command;
    if (this.chance(5)) this.call(() => this.table.command(playerId, { kind: 'time-bank' }, this.now));
    this.call(() => this.table.command(playerId, withTurn, this.now));
  }

  /** The stud/draw bot: a legal bet, bring-in or draw (discards at random), or an illegal one the table must refuse. */
  private fixedLimitBotActs(playerId: string, mine: NonNullable<PrivateSeatView['fixedLimit']>, turn: number): void {
    const legal = mine.legal;
    if (legal === null) return this.tick();
    if (this.chance(10)) {
      const attempts: PlayerCommand[] = [
        { kind: 'act', action: 'call', turn: turn - 1 },
        { kind: 'draw', discard: [mine.cards.length] },
        { kind: 'draw', discard: [0, 0] },
        { kind: 'act', action: 'all-in' },
        legal.kind === 'draw' ? { kind: 'act', action: 'check' } : { kind: 'draw', discard: [] },
      ];
      this.expectRefused(() => this.table.command(playerId, this.pick(attempts), this.now));
      return;
    }
    const choices: PlayerCommand[] = [];
    if (legal.kind === 'draw') {
      const discard = mine.cards.map((_, index) => index).filter(() => this.chance(40));
      choices.push({ kind: 'draw', discard: discard.slice(0, legal.discardMax ?? 0), turn });
    } else {
      if (legal.fold) choices.push({ kind: 'act', action: 'fold' });
      if (legal.check) choices.push({ kind: 'act', action: 'check' }, { kind: 'act', action: 'check' });
      if (legal.callMinor !== null) choices.push({ kind: 'act', action: 'call' }, { kind: 'act', action: 'call' });
      if (legal.bringInMinor !== null) choices.push({ kind: 'act', action: 'bring-in' });
      if (legal.raiseToMinMinor !== null) choices.push({ kind: 'act', action: 'raise' });
    }
    this.call(() => this.table.command(playerId, this.pick(choices), this.now));
  }

  private playerCommand(): void {
    const playerId = this.anyPlayer();
    if (playerId === null) return;
    const maximum = this.definition.buyInMaxMinor ?? 30_000n;
    const commands: PlayerCommand[] = [
      { kind: 'sit-out' },
      { kind: 'sit-in' },
      { kind: 'sit-in' },
      { kind: 'sit-in' },
      { kind: 'leave' },
      { kind: 'top-up', amountMinor: BigInt(1 + this.random.intBelow(Number(maximum))) },
      { kind: 'top-up', amountMinor: maximum + 1n },
      { kind: 'show' },
      { kind: 'time-bank' },
    ];
    this.call(() => this.table.command(playerId, this.pick(commands), this.now));
  }

  private sitDown(): void {
    if (this.table.seatedPlayerIds().length >= this.definition.seatsMax) return;
    const playerId = `bot-${this.nextPlayer++}`;
    const wanted = this.chance(50) ? 1 + this.random.intBelow(this.definition.seatsMax) : undefined;
    let seat: number;
    try {
      seat = this.table.chooseSeat(playerId, wanted);
    } catch (error) {
      if (refusalReason(error) === null) throw error;
      return;
    }
    const minimum = this.definition.buyInMinMinor;
    const maximum = this.definition.buyInMaxMinor ?? minimum * 4n;
    const stackMinor = minimum + BigInt(this.random.intBelow(Number(maximum - minimum) + 1));
    // The buy-in committed before the table hears of it.
    this.chipsInMinor += stackMinor;
    const step = this.call(() =>
      this.table.seatPlayer({ seat, playerId, alias: playerId, stackMinor, waitForBigBlind: this.chance(50) }, this.now),
    );
    if (step === null) this.chipsInMinor -= stackMinor;
  }

  private tick(): void {
    this.nowMs += this.random.intBelow(this.profile.clock.actionTimeMs + 5_000);
    this.call(() => this.table.tick(this.now));
  }

  /** The driver commits the oldest owed effect (one transaction each); some top-ups fail (limits, funds). */
  private commitOwed(): void {
    const effect = this.owed.shift();
    if (effect === undefined) return;
    switch (effect.kind) {
      case 'hand-complete':
        this.call(() => this.table.handCommitted(effect.hand.handId));
        return;
      case 'top-up':
        if (this.chance(10)) {
          this.call(() => this.table.topUpRefused(effect.seat, effect.amountMinor));
          return;
        }
        this.chipsInMinor += effect.amountMinor;
        this.call(() => this.table.chipsAdded(effect.seat, effect.amountMinor));
        return;
      case 'release-seat':
        this.releasing.delete(effect.seat);
        this.call(() => this.table.seatReleased(effect.seat));
        return;
    }
  }

  /** Runs one call; a refusal must change nothing, anything else must keep the chips accounted. */
  private call(run: () => TableStep): TableStep | null {
    const before = this.snapshot();
    let step: TableStep;
    try {
      step = run();
    } catch (error) {
      if (refusalReason(error) === null) throw error;
      this.refusals += 1;
      expect(this.snapshot()).toBe(before);
      return null;
    }
    this.absorb(step);
    return step;
  }

  private expectRefused(run: () => TableStep): void {
    expect(this.call(run)).toBeNull();
  }

  private absorb(step: TableStep): void {
    for (const effect of step.effects) {
      this.owed.push(effect);
      if (effect.kind === 'hand-complete') {
        this.handsCompleted += 1;
        // A bad-beat jackpot table's drop leaves the table into the jackpot (issue 18; `stacksAfter` are after it).
        const dropMinor = effect.hand.jackpot?.dropMinor ?? 0n;
        this.chipsOutMinor += effect.hand.rakeMinor + dropMinor;
        const history = effect.hand.history;
        const before = isFixedLimitRecord(history)
          ? history.seats.reduce((sum, seat) => sum + BigInt(seat.startingStackMinor), 0n)
          : history.players.reduce((sum, player) => sum + BigInt(player.stack), 0n);
        const after = effect.hand.stacksAfter.reduce((sum, entry) => sum + entry.stackMinor, 0n);
        expect(after + effect.hand.rakeMinor + dropMinor).toBe(before);
        expect(effect.hand.rakeByPlayer.reduce((sum, entry) => sum + entry.rakeMinor, 0n)).toBe(effect.hand.rakeMinor);
      }
      if (effect.kind === 'release-seat') {
        this.releasing.add(effect.seat);
        this.chipsOutMinor += effect.stackMinor;
      }
    }
    const held = this.table
      .seats()
      .filter((entry) => !this.releasing.has(entry.seat))
      .reduce((sum, entry) => sum + entry.stackMinor + entry.pendingChipsMinor, 0n);
    expect(held).toBe(this.chipsInMinor - this.chipsOutMinor);
  }

  private snapshot(): Snapshot {
    const players = this.table.seatedPlayerIds();
    return JSON.stringify(
      {
        version: this.table.version,
        seats: this.table.seats(),
        view: this.table.publicView(),
        mine: players.map((id) => this.table.privateView(id)),
        deadline: this.table.nextDeadline(),
      },
      (_, value) => (typeof value === 'bigint' ? value.toString() : value),
    );
  }
}
