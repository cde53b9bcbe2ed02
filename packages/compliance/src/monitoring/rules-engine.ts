import { assert } from '@casino/core';

/**
 * The AML monitoring rules (002:AML-03, AML-04, AML-07 and the EU due-diligence threshold of
 * 2,000 EUR, single or linked), as pure functions of a rule's data and the player's recent events.
 * A rule's numbers (threshold in EUR minor units, window, count, score, params) come from the
 * monitoring_rule table; docs/compliance.md explains each rule, its default and how to tune it.
 */
export interface MonitoringRuleData {
  code: string;
  enabled: boolean;
  thresholdMinor: bigint | null;
  windowMinutes: number | null;
  countMin: number | null;
  score: number;
  params: Record<string, unknown>;
}

export interface WindowEvent {
  id: string;
  playerId: string;
  kind: string;
  occurredAt: Date;
  amountEurMinor: bigint | null;
  outcome: string | null;
  paymentMethodId: string | null;
  counterpartyPlayerId: string | null;
  data: Record<string, unknown>;
}

export interface RuleFiring {
  ruleCode: string;
  score: number;
  /** Players the alert is raised on (chip dumping concerns both sides). */
  playerIds: string[];
  reason: string;
  eventIds: string[];
  facts: Record<string, string | number>;
}

type Evaluator = (
  rule: MonitoringRuleData,
  trigger: WindowEvent,
  history: readonly WindowEvent[],
) => Omit<RuleFiring, 'ruleCode' | 'score'> | null;

const eur = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')} EUR`;
const succeededDeposit = (e: WindowEvent) => e.kind === 'deposit' && e.outcome === 'succeeded';
const moneyMovement = (e: WindowEvent) => succeededDeposit(e) || e.kind === 'withdrawal';
const sumEur = (events: readonly WindowEvent[]) => events.reduce((sum, e) => sum + (e.amountEurMinor ?? 0n), 0n);

function required<T>(value: T | null, rule: MonitoringRuleData, what: string): T {
  assert(value !== null, `monitoring rule ${rule.code} needs ${what}`);
  return value;
}

function param(rule: MonitoringRuleData, name: string): number {
  const value = rule.params[name];
  assert(
    typeof value === 'number' && Number.isInteger(value) && value >= 0,
    `monitoring rule ${rule.code} needs the integer param ${name}`,
  );
  return value;
}

/** The trigger's player's events within the rule's window, ending at the trigger. */
function inWindow(
  rule: MonitoringRuleData,
  trigger: WindowEvent,
  history: readonly WindowEvent[],
  minutes = required(rule.windowMinutes, rule, 'windowMinutes'),
): WindowEvent[] {
  const from = trigger.occurredAt.getTime() - minutes * 60_000;
  return history.filter(
    (e) =>
      e.playerId === trigger.playerId && e.occurredAt.getTime() > from && e.occurredAt.getTime() <= trigger.occurredAt.getTime(),
  );
}

export const ruleEvaluators: Record<string, Evaluator> = {
  'large-transaction': (rule, trigger) => {
    const threshold = required(rule.thresholdMinor, rule, 'thresholdMinor');
    if (!moneyMovement(trigger) || (trigger.amountEurMinor ?? 0n) < threshold) return null;
    return {
      playerIds: [trigger.playerId],
      eventIds: [trigger.id],
      reason: `A ${trigger.kind} of ${eur(trigger.amountEurMinor!)} reaches the due-diligence threshold of ${eur(threshold)}.`,
      facts: { amountEur: eur(trigger.amountEurMinor!) },
    };
  },

  'linked-transactions': (rule, trigger, history) => {
    const threshold = required(rule.thresholdMinor, rule, 'thresholdMinor');
    if (!moneyMovement(trigger) || (trigger.amountEurMinor ?? 0n) >= threshold) return null;
    const linked = inWindow(rule, trigger, history).filter((e) => e.kind === trigger.kind && moneyMovement(e));
    const total = sumEur(linked);
    if (linked.length < required(rule.countMin, rule, 'countMin') || total < threshold) return null;
    return {
      playerIds: [trigger.playerId],
      eventIds: linked.map((e) => e.id),
      reason: `${linked.length} linked ${trigger.kind}s within ${rule.windowMinutes} minutes total ${eur(total)}, reaching the due-diligence threshold of ${eur(threshold)}.`,
      facts: { count: linked.length, totalEur: eur(total) },
    };
  },

  structuring: (rule, trigger, history) => {
    const threshold = required(rule.thresholdMinor, rule, 'thresholdMinor');
    const floor = (threshold * BigInt(param(rule, 'nearBelowBps'))) / 10_000n;
    const justBelow = (e: WindowEvent) =>
      succeededDeposit(e) && (e.amountEurMinor ?? 0n) >= floor && (e.amountEurMinor ?? 0n) < threshold;
    if (!justBelow(trigger)) return null;
    const near = inWindow(rule, trigger, history).filter(justBelow);
    if (near.length < required(rule.countMin, rule, 'countMin')) return null;
    return {
      playerIds: [trigger.playerId],
      eventIds: near.map((e) => e.id),
      reason: `${near.length} deposits between ${eur(floor)} and ${eur(threshold)} within ${rule.windowMinutes} minutes: kept just under the due-diligence threshold.`,
      facts: { count: near.length, totalEur: eur(sumEur(near)) },
    };
  },

  'rapid-in-out': (rule, trigger, history) => {
    if (trigger.kind !== 'withdrawal') return null;
    const window = inWindow(rule, trigger, history);
    const deposits = window.filter(succeededDeposit);
    const deposited = sumEur(deposits);
    if (deposits.length === 0 || deposited < required(rule.thresholdMinor, rule, 'thresholdMinor')) return null;
    const firstDepositAt = Math.min(...deposits.map((d) => d.occurredAt.getTime()));
    const played = sumEur(window.filter((e) => e.kind === 'stake' && e.occurredAt.getTime() >= firstDepositAt));
    const withdrawn = trigger.amountEurMinor ?? 0n;
    const littlePlay = played * 10_000n <= deposited * BigInt(param(rule, 'playedBpsMax'));
    const mostOut = withdrawn * 10_000n >= deposited * BigInt(param(rule, 'withdrawnBpsMin'));
    if (!littlePlay || !mostOut) return null;
    return {
      playerIds: [trigger.playerId],
      eventIds: [...deposits.map((d) => d.id), trigger.id],
      reason: `${eur(withdrawn)} withdrawn within ${rule.windowMinutes} minutes of depositing ${eur(deposited)}, with only ${eur(played)} staked.`,
      facts: { depositedEur: eur(deposited), stakedEur: eur(played), withdrawnEur: eur(withdrawn) },
    };
  },

  'deposit-velocity': (rule, trigger, history) => {
    if (!succeededDeposit(trigger)) return null;
    const deposits = inWindow(rule, trigger, history).filter(succeededDeposit);
    if (deposits.length < required(rule.countMin, rule, 'countMin')) return null;
    return {
      playerIds: [trigger.playerId],
      eventIds: deposits.map((e) => e.id),
      reason: `${deposits.length} deposits within ${rule.windowMinutes} minutes.`,
      facts: { count: deposits.length },
    };
  },

  'failed-payment-velocity': (rule, trigger, history) => {
    const failed = (e: WindowEvent) => e.kind === 'deposit' && e.outcome === 'failed';
    if (!failed(trigger)) return null;
    const attempts = inWindow(rule, trigger, history).filter(failed);
    if (attempts.length < required(rule.countMin, rule, 'countMin')) return null;
    return {
      playerIds: [trigger.playerId],
      eventIds: attempts.map((e) => e.id),
      reason: `${attempts.length} failed deposit attempts within ${rule.windowMinutes} minutes.`,
      facts: { count: attempts.length },
    };
  },

  'many-payment-methods': (rule, trigger, history) => {
    const added = (e: WindowEvent) => e.kind === 'payment-method-change' && e.data.action === 'added';
    if (!added(trigger)) return null;
    const events = inWindow(rule, trigger, history).filter(added);
    const methods = new Set(events.map((e) => e.paymentMethodId));
    if (methods.size < required(rule.countMin, rule, 'countMin')) return null;
    return {
      playerIds: [trigger.playerId],
      eventIds: events.map((e) => e.id),
      reason: `${methods.size} different payment methods added within ${rule.windowMinutes} minutes.`,
      facts: { methods: methods.size },
    };
  },

  'profile-change': (rule, trigger, history) => {
    if (!succeededDeposit(trigger)) return null;
    const recent = inWindow(rule, trigger, history).filter(succeededDeposit);
    const recentTotal = sumEur(recent);
    if (recentTotal < required(rule.thresholdMinor, rule, 'thresholdMinor')) return null;
    const recentFrom = trigger.occurredAt.getTime() - required(rule.windowMinutes, rule, 'windowMinutes') * 60_000;
    const earlier = inWindow(rule, trigger, history, param(rule, 'historyDays') * 1_440).filter(
      (e) => succeededDeposit(e) && e.occurredAt.getTime() <= recentFrom,
    );
    if (earlier.length < param(rule, 'historyDepositsMin')) return null;
    const averageMinor = sumEur(earlier) / BigInt(earlier.length);
    if (recentTotal * 10_000n < averageMinor * BigInt(param(rule, 'multiplierBps'))) return null;
    return {
      playerIds: [trigger.playerId],
      eventIds: recent.map((e) => e.id),
      reason: `Deposits of ${eur(recentTotal)} within ${rule.windowMinutes} minutes against an average deposit of ${eur(averageMinor)} over ${earlier.length} earlier deposits.`,
      facts: { recentEur: eur(recentTotal), averageDepositEur: eur(averageMinor), earlierDeposits: earlier.length },
    };
  },

  'chip-dumping': (rule, trigger, history) => {
    if (trigger.kind !== 'chip-transfer' || !trigger.counterpartyPlayerId) return null;
    const loser = trigger.playerId;
    const winner = trigger.counterpartyPlayerId;
    const from = trigger.occurredAt.getTime() - required(rule.windowMinutes, rule, 'windowMinutes') * 60_000;
    const between = (a: string, b: string) =>
      history.filter(
        (e) =>
          e.kind === 'chip-transfer' &&
          e.playerId === a &&
          e.counterpartyPlayerId === b &&
          e.occurredAt.getTime() > from &&
          e.occurredAt.getTime() <= trigger.occurredAt.getTime(),
      );
    const forward = between(loser, winner);
    const lost = sumEur(forward);
    const wonBack = sumEur(between(winner, loser));
    const hands = new Set(forward.map((e) => e.data.handId)).size;
    if (hands < required(rule.countMin, rule, 'countMin') || lost < required(rule.thresholdMinor, rule, 'thresholdMinor'))
      return null;
    if (lost * 10_000n < (lost + wonBack) * BigInt(param(rule, 'oneWayBpsMin'))) return null;
    return {
      playerIds: [loser, winner],
      eventIds: forward.map((e) => e.id),
      reason: `${eur(lost)} lost to the same player over ${hands} hands within ${rule.windowMinutes} minutes, ${eur(wonBack)} won back.`,
      facts: { lostEur: eur(lost), wonBackEur: eur(wonBack), hands, counterpartyPlayerId: winner },
    };
  },

  // 000-001:FAIR-06, 003:R-COND-B: chips dumped by folding. One player folds to the same opponent
  // heads-up again and again, and that opponent (almost) never folds back.
  'chip-dumping-folds': (rule, trigger, history) => {
    if (trigger.kind !== 'poker-play' || !trigger.counterpartyPlayerId || trigger.data.folded !== true) return null;
    const folder = trigger.playerId;
    const receiver = trigger.counterpartyPlayerId;
    const from = trigger.occurredAt.getTime() - required(rule.windowMinutes, rule, 'windowMinutes') * 60_000;
    const foldsBy = (a: string, b: string) =>
      history.filter(
        (e) =>
          e.kind === 'poker-play' &&
          e.playerId === a &&
          e.counterpartyPlayerId === b &&
          e.data.headsUp === true &&
          e.data.folded === true &&
          e.occurredAt.getTime() > from &&
          e.occurredAt.getTime() <= trigger.occurredAt.getTime(),
      );
    const given = foldsBy(folder, receiver);
    const back = foldsBy(receiver, folder).length;
    if (given.length < required(rule.countMin, rule, 'countMin')) return null;
    if (given.length * 10_000 < (given.length + back) * param(rule, 'oneWayBpsMin')) return null;
    return {
      playerIds: [folder, receiver],
      eventIds: given.map((e) => e.id),
      reason: `${given.length} heads-up hands folded to the same player within ${rule.windowMinutes} minutes, ${back} folded back.`,
      facts: { folds: given.length, foldsBack: back, counterpartyPlayerId: receiver },
    };
  },

  // 000-001:FAIR-04, FAIR-12, 003:R-COND-C: a program playing. Decisions timed with a machine's
  // regularity (the spread of the delays from turn start to decision, as a share of their mean, at
  // most `regularityBpsMax` over at least `count` decisions), or one seat played longer than
  // `sessionMinutesMax` without a break.
  'poker-bot': (rule, trigger, history): Omit<RuleFiring, 'ruleCode' | 'score'> | null => {
    if (trigger.kind !== 'poker-play') return null;
    const hands = inWindow(rule, trigger, history).filter((e) => e.kind === 'poker-play');
    const delays = hands.flatMap((e) => (Array.isArray(e.data.actionDelaysMs) ? (e.data.actionDelaysMs as number[]) : []));
    const seatedMs = typeof trigger.data.seatedMs === 'number' ? trigger.data.seatedMs : 0;
    const sessionMinutes = Math.floor(seatedMs / 60_000);
    if (delays.length >= required(rule.countMin, rule, 'countMin')) {
      const mean = delays.reduce((sum, d) => sum + d, 0) / delays.length;
      const spread = Math.sqrt(delays.reduce((sum, d) => sum + (d - mean) ** 2, 0) / delays.length);
      const spreadBps = mean === 0 ? 0 : Math.round((spread * 10_000) / mean);
      if (spreadBps <= param(rule, 'regularityBpsMax'))
        return {
          playerIds: [trigger.playerId],
          eventIds: hands.map((e) => e.id),
          reason: `${delays.length} decisions within ${rule.windowMinutes} minutes took ${Math.round(mean)} ms on average, varying by only ${(spreadBps / 100).toFixed(2)} %.`,
          facts: { decisions: delays.length, meanDelayMs: Math.round(mean), spreadBps },
        };
    }
    if (sessionMinutes >= param(rule, 'sessionMinutesMax'))
      return {
        playerIds: [trigger.playerId],
        eventIds: [trigger.id],
        reason: `Seated at one table for ${sessionMinutes} minutes without a break.`,
        facts: { sessionMinutes },
      };
    return null;
  },
};

/** Every enabled rule that fires on `trigger`, given the player's events (the trigger included, oldest first). */
export function evaluateRules(
  rules: readonly MonitoringRuleData[],
  trigger: WindowEvent,
  history: readonly WindowEvent[],
): RuleFiring[] {
  const firings: RuleFiring[] = [];
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const evaluate = ruleEvaluators[rule.code];
    assert(evaluate !== undefined, `monitoring rule ${rule.code} has no evaluator`);
    const fired = evaluate(rule, trigger, history);
    if (fired) firings.push({ ruleCode: rule.code, score: rule.score, ...fired });
  }
  return firings;
}

/** The longest look-back any enabled rule needs, in minutes. */
export function lookBackMinutes(rules: readonly MonitoringRuleData[]): number {
  return Math.max(
    1,
    ...rules
      .filter((r) => r.enabled)
      .map((r) => Math.max(r.windowMinutes ?? 0, typeof r.params.historyDays === 'number' ? r.params.historyDays * 1_440 : 0)),
  );
}
