import { InvalidHandOptions } from './illegal-action.ts';
import type { ButtonRule } from './table-plan.ts';
import type { Chips, RakeRule, TableRules } from './types.ts';

/**
 * Table rules where the documents differ. The default is the common convention wherever a seed is
 * silent; each profile sets what its document states (docs/poker.md, decisions D-801…).
 */
export const defaultTableRules: TableRules = Object.freeze({
  headsUpBlinds: 'button-posts-small-blind',
  fixedLimitHeadsUpUncapped: false,
  fixedLimitBetsMax: 4,
  straddleAllowed: false,
  muckAllowed: false,
  runItTimesMax: 1,
  timeOutAction: 'check-or-fold',
});

export type RulesProfile = 'hr-000' | 'at-001' | 'cz-002' | 'se-003' | 'cz-004';

export const tableRuleProfiles: Readonly<Record<RulesProfile, TableRules>> = Object.freeze({
  // 000 Art. 7: four bets per round, no heads-up exception; Art. 9: every hand is shown.
  'hr-000': defaultTableRules,
  // 001 §8: run it up to 4 times; §7.a.4 straddle; §14.2 check, fold when raised.
  'at-001': Object.freeze({ ...defaultTableRules, runItTimesMax: 4, straddleAllowed: true }),
  'cz-002': defaultTableRules,
  // 003 §2.4: uncapped fixed limit heads-up; §2.3: fold on time-out (literal); straddle only on "Ö" tables.
  'se-003': Object.freeze({ ...defaultTableRules, fixedLimitHeadsUpUncapped: true, timeOutAction: 'fold' }),
  'cz-004': defaultTableRules,
});

/**
 * How each profile moves the button and brings players in (table-plan.ts, decision D-809): 000
 * Art. 7 and 12 describe the dead button; 001 §2.4 and §11.4–11.5 and 003 §2.3 the moving one.
 */
export const buttonRuleProfiles: Readonly<Record<RulesProfile, ButtonRule>> = Object.freeze({
  'hr-000': 'dead-button',
  'at-001': 'moving-button',
  'cz-002': 'moving-button',
  'se-003': 'moving-button',
  'cz-004': 'moving-button',
});

export interface RakeBounds {
  readonly rateBpsMin: number;
  readonly rateBpsMax: number;
  readonly capPerHandMax: Chips | null;
}

/** 002 glossary "Provize": the rake is 1–5 % of the pot, at most USD 5 (500 cents). */
export const reelRakeBounds: RakeBounds = Object.freeze({ rateBpsMin: 100, rateBpsMax: 500, capPerHandMax: 500n });

/** Rejects a rake no table may use, and (with bounds) one a licence does not allow (002:T-RAKE-04). */
export function validateRakeRule(rule: RakeRule, bounds?: RakeBounds): void {
  if (!Number.isInteger(rule.rateBps) || rule.rateBps < 0 || rule.rateBps > 10_000) {
    throw new InvalidHandOptions(`rake rate must be an integer number of basis points in [0, 10000], got ${rule.rateBps}`);
  }
  if (rule.capPerHand !== null && rule.capPerHand < 0n) throw new InvalidHandOptions('rake cap must not be negative');
  if (!bounds || rule.rateBps === 0) return;
  if (rule.rateBps < bounds.rateBpsMin || rule.rateBps > bounds.rateBpsMax) {
    throw new InvalidHandOptions(
      `rake rate ${rule.rateBps} bps is outside the licensed [${bounds.rateBpsMin}, ${bounds.rateBpsMax}] bps`,
    );
  }
  if (bounds.capPerHandMax !== null && (rule.capPerHand === null || rule.capPerHand > bounds.capPerHandMax)) {
    throw new InvalidHandOptions(`rake cap must be at most ${bounds.capPerHandMax}`);
  }
}

export function validateTableRules(rules: TableRules): void {
  // Rules also arrive from stored hand histories, so the words are checked as well as the numbers.
  if (rules.headsUpBlinds !== 'button-posts-small-blind' && rules.headsUpBlinds !== 'literal-left-of-button')
    throw new InvalidHandOptions('headsUpBlinds is not a known rule');
  if (rules.timeOutAction !== 'check-or-fold' && rules.timeOutAction !== 'fold')
    throw new InvalidHandOptions('timeOutAction is not a known rule');
  for (const flag of ['fixedLimitHeadsUpUncapped', 'straddleAllowed', 'muckAllowed'] as const) {
    if (typeof rules[flag] !== 'boolean') throw new InvalidHandOptions(`${flag} must be true or false`);
  }
  if (!Number.isInteger(rules.fixedLimitBetsMax) || rules.fixedLimitBetsMax < 2) {
    throw new InvalidHandOptions('fixedLimitBetsMax must be an integer ≥ 2 (a bet and a raise)');
  }
  if (!Number.isInteger(rules.runItTimesMax) || rules.runItTimesMax < 1 || rules.runItTimesMax > 4) {
    throw new InvalidHandOptions('runItTimesMax must be 1..4 (001 §8 allows 2 to 4 run-outs)');
  }
}
