import { czechCashierRules } from '@casino/cashier';
import { defaultComplianceRules } from '@casino/compliance';
import { operatorTimeZone } from '@casino/core';
import { poker } from '@casino/games';
import { czechProfile } from '@casino/limits';
import { czechPlayerRules } from '@casino/players';
import { czechReportingRules } from '@casino/reporting';
import type { OperatorProfile } from '../profile.ts';

/**
 * CZ-FO: Fortuna's online casino under rule book 004 (the platform's first operator). Every package's
 * rules as the package states them for 004; a change to this operator's numbers is made here or in
 * the package's rules object this module names, never in code that uses them.
 */
export const czFoProfile: OperatorProfile = Object.freeze({
  id: 'CZ-FO',
  name: 'Fortuna (CZ)',
  ruleBook: '004',
  // 004 §3.6: one CZK account per player; the poker tables' EUR, USD and GBP come with issue 26.
  currency: 'CZK',
  timeZone: operatorTimeZone,
  players: czechPlayerRules,
  limits: czechProfile,
  cashier: czechCashierRules,
  compliance: defaultComplianceRules,
  reporting: czechReportingRules,
  poker: { tableRules: poker.tableRuleProfiles['cz-004'], buttonRule: poker.buttonRuleProfiles['cz-004'], rakeBounds: null },
});
