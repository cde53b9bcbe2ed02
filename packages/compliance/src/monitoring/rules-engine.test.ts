import { describe, expect, it } from 'vitest';
import { evaluateRules, type MonitoringRuleData, type WindowEvent } from './rules-engine.ts';

// The defaults of the migration (docs/compliance.md); amounts are EUR minor units.
const rules: Record<string, MonitoringRuleData> = {
  'large-transaction': {
    code: 'large-transaction',
    enabled: true,
    thresholdMinor: 200_000n,
    windowMinutes: null,
    countMin: null,
    score: 30,
    params: {},
  },
  'linked-transactions': {
    code: 'linked-transactions',
    enabled: true,
    thresholdMinor: 200_000n,
    windowMinutes: 1_440,
    countMin: 2,
    score: 25,
    params: {},
  },
  structuring: {
    code: 'structuring',
    enabled: true,
    thresholdMinor: 200_000n,
    windowMinutes: 1_440,
    countMin: 3,
    score: 40,
    params: { nearBelowBps: 8_000 },
  },
  'rapid-in-out': {
    code: 'rapid-in-out',
    enabled: true,
    thresholdMinor: 50_000n,
    windowMinutes: 2_880,
    countMin: null,
    score: 35,
    params: { playedBpsMax: 2_000, withdrawnBpsMin: 5_000 },
  },
  'deposit-velocity': {
    code: 'deposit-velocity',
    enabled: true,
    thresholdMinor: null,
    windowMinutes: 60,
    countMin: 5,
    score: 15,
    params: {},
  },
  'failed-payment-velocity': {
    code: 'failed-payment-velocity',
    enabled: true,
    thresholdMinor: null,
    windowMinutes: 60,
    countMin: 5,
    score: 15,
    params: {},
  },
  'many-payment-methods': {
    code: 'many-payment-methods',
    enabled: true,
    thresholdMinor: null,
    windowMinutes: 43_200,
    countMin: 3,
    score: 20,
    params: {},
  },
  'profile-change': {
    code: 'profile-change',
    enabled: true,
    thresholdMinor: 50_000n,
    windowMinutes: 1_440,
    countMin: null,
    score: 25,
    params: { multiplierBps: 50_000, historyDays: 90, historyDepositsMin: 3 },
  },
  'chip-dumping': {
    code: 'chip-dumping',
    enabled: true,
    thresholdMinor: 50_000n,
    windowMinutes: 10_080,
    countMin: 3,
    score: 40,
    params: { oneWayBpsMin: 9_000 },
  },
};

const player = '0190a0a0-0000-7000-8000-000000000001';
const partner = '0190a0a0-0000-7000-8000-000000000002';
const start = Date.parse('2026-11-24T08:00:00Z');
let seq = 0;

function event(minutes: number, kind: string, eur: number | null, extra: Partial<WindowEvent> = {}): WindowEvent {
  return {
    id: `e${++seq}`,
    playerId: player,
    kind,
    occurredAt: new Date(start + minutes * 60_000),
    amountEurMinor: eur === null ? null : BigInt(Math.round(eur * 100)),
    outcome: kind === 'deposit' ? 'succeeded' : null,
    paymentMethodId: kind === 'deposit' || kind === 'withdrawal' ? 'pm-1' : null,
    counterpartyPlayerId: null,
    data: {},
    ...extra,
  };
}

/** Which of `codes` fire when the last event of `sequence` arrives. */
function fired(codes: string[], sequence: WindowEvent[]): string[] {
  const trigger = sequence.at(-1)!;
  return evaluateRules(
    codes.map((c) => rules[c]!),
    trigger,
    sequence,
  ).map((f) => f.ruleCode);
}

describe('AML monitoring rules: each fires on its crafted sequence and not on the near miss (002:AML-04, AML-07)', () => {
  it('002:AML-04 large-transaction: a 2,000 EUR deposit fires, 1,999.99 EUR does not', () => {
    expect(fired(['large-transaction'], [event(0, 'deposit', 2_000)])).toEqual(['large-transaction']);
    expect(fired(['large-transaction'], [event(0, 'deposit', 1_999.99)])).toEqual([]);
    expect(fired(['large-transaction'], [event(0, 'withdrawal', 2_500)])).toEqual(['large-transaction']);
  });

  it('002:AML-04 linked-transactions: 1,200 + 800 EUR within 24 h fire; the same a minute past 24 h does not', () => {
    expect(fired(['linked-transactions'], [event(0, 'deposit', 1_200), event(1_439, 'deposit', 800)])).toEqual([
      'linked-transactions',
    ]);
    expect(fired(['linked-transactions'], [event(0, 'deposit', 1_200), event(1_441, 'deposit', 800)])).toEqual([]);
    expect(fired(['linked-transactions'], [event(0, 'deposit', 1_200), event(60, 'deposit', 799.99)])).toEqual([]);
  });

  it('002:AML-04 structuring: three deposits just under 2,000 EUR in a day fire; two do not, nor three smaller ones', () => {
    expect(
      fired(['structuring'], [event(0, 'deposit', 1_900), event(300, 'deposit', 1_950), event(600, 'deposit', 1_800)]),
    ).toEqual(['structuring']);
    expect(fired(['structuring'], [event(0, 'deposit', 1_900), event(600, 'deposit', 1_800)])).toEqual([]);
    expect(
      fired(['structuring'], [event(0, 'deposit', 1_500), event(300, 'deposit', 1_500), event(600, 'deposit', 1_500)]),
    ).toEqual([]);
  });

  it('002:AML-07 rapid-in-out: 1,000 EUR in, 50 staked, 900 out within 48 h fires; with 300 staked it does not', () => {
    const base = [event(0, 'deposit', 1_000), event(10, 'stake', 50)];
    expect(fired(['rapid-in-out'], [...base, event(120, 'withdrawal', 900)])).toEqual(['rapid-in-out']);
    expect(fired(['rapid-in-out'], [...base, event(20, 'stake', 250), event(120, 'withdrawal', 900)])).toEqual([]);
    expect(fired(['rapid-in-out'], [...base, event(120, 'withdrawal', 400)])).toEqual([]);
  });

  it('002:AML-07 deposit-velocity: five deposits in an hour fire; four do not, nor five over 61 minutes', () => {
    const five = [0, 10, 20, 30, 40].map((m) => event(m, 'deposit', 20));
    expect(fired(['deposit-velocity'], five)).toEqual(['deposit-velocity']);
    expect(fired(['deposit-velocity'], five.slice(1))).toEqual([]);
    expect(
      fired(
        ['deposit-velocity'],
        [0, 15, 30, 45, 61].map((m) => event(m, 'deposit', 20)),
      ),
    ).toEqual([]);
  });

  it('002:AML-07 failed-payment-velocity: five failed attempts in an hour fire; four failed and one success do not', () => {
    const failed = (m: number) => event(m, 'deposit', 20, { outcome: 'failed' });
    expect(fired(['failed-payment-velocity'], [0, 5, 10, 15, 20].map(failed))).toEqual(['failed-payment-velocity']);
    expect(fired(['failed-payment-velocity'], [event(0, 'deposit', 20), ...[5, 10, 15, 20].map(failed)])).toEqual([]);
  });

  it('002:AML-07 many-payment-methods: three methods added in 30 days fire; the same method added three times does not', () => {
    const added = (m: number, id: string) =>
      event(m, 'payment-method-change', null, { paymentMethodId: id, data: { action: 'added' } });
    expect(fired(['many-payment-methods'], [added(0, 'a'), added(1_000, 'b'), added(2_000, 'c')])).toEqual([
      'many-payment-methods',
    ]);
    expect(fired(['many-payment-methods'], [added(0, 'a'), added(1_000, 'a'), added(2_000, 'b')])).toEqual([]);
  });

  it('002:AML-03 profile-change: 1,000 EUR in a day against 100 EUR average deposits fires; 450 EUR does not', () => {
    const history = [-40, -30, -20, -10].map((d) => event(d * 1_440, 'deposit', 100));
    expect(fired(['profile-change'], [...history, event(0, 'deposit', 600), event(60, 'deposit', 400)])).toEqual([
      'profile-change',
    ]);
    expect(fired(['profile-change'], [...history, event(0, 'deposit', 450)])).toEqual([]);
    // Without enough history there is no profile to depart from.
    expect(fired(['profile-change'], [...history.slice(2), event(0, 'deposit', 1_000)])).toEqual([]);
  });

  it('000-001:FAIR-06 chip-dumping: 600 EUR lost to one player over 3 hands, nothing back, fires on both; with 200 won back it does not', () => {
    const lost = (m: number, eur: number, hand: string, from = player, to = partner) =>
      event(m, 'chip-transfer', eur, { playerId: from, counterpartyPlayerId: to, data: { handId: hand } });
    const sequence = [lost(0, 200, 'h1'), lost(30, 200, 'h2'), lost(60, 200, 'h3')];
    const firings = evaluateRules([rules['chip-dumping']!], sequence.at(-1)!, sequence);
    expect(firings.map((f) => [f.ruleCode, f.playerIds])).toEqual([['chip-dumping', [player, partner]]]);
    expect(
      fired(
        ['chip-dumping'],
        [lost(0, 200, 'h1'), lost(10, 200, 'h1b', partner, player), lost(30, 200, 'h2'), lost(60, 200, 'h3')],
      ),
    ).toEqual([]);
    expect(fired(['chip-dumping'], [lost(0, 300, 'h1'), lost(60, 300, 'h2')])).toEqual([]);
  });

  it('a disabled rule never fires', () => {
    expect(evaluateRules([{ ...rules['large-transaction']!, enabled: false }], event(0, 'deposit', 5_000), [])).toEqual([]);
  });
});
