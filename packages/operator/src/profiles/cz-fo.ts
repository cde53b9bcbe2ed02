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
  // 004:ACC-02 one CZK account; BET-05 poker may also play in EUR, USD, GBP; "Směnný kurz": OANDA, changed at
  // most once per 24 hours (T-61). Asked hourly; a set the 24-hour rule holds back confirms the one in force,
  // so rates go stale only when the source stays silent for 26 hours. No conversion fee is stated (D-2604).
  fx: Object.freeze({
    walletCurrencies: Object.freeze(['CZK'] as const),
    gameCurrencies: Object.freeze(['CZK', 'EUR', 'USD', 'GBP'] as const),
    source: Object.freeze({ name: 'oanda', base: 'EUR', currencies: Object.freeze(['EUR', 'CZK', 'USD', 'GBP'] as const) }),
    refreshIntervalSeconds: 3_600,
    changeIntervalHoursMin: 24,
    staleAfterSeconds: 26 * 3_600,
    quoteValiditySeconds: 60,
    feeBps: Object.freeze({ deposit: Object.freeze({}), withdrawal: Object.freeze({}) }),
  }),
  compliance: defaultComplianceRules,
  reporting: czechReportingRules,
  // 004 §1 (the operator) and čl. 1.3 (the harm warning and the help institutions on www.ifortuna.cz).
  lobby: {
    operator: {
      name: 'FORTUNA GAME a.s.',
      registeredOffice: 'Italská 2584/69, Vinohrady, 120 00 Praha 2',
      companyId: 'IČ 430 03 575',
      website: 'https://www.ifortuna.cz',
      contact: 'Fortuna hotline, contacts on https://www.ifortuna.cz',
    },
    licence: { kind: 'basic licence (základní povolení)', authority: 'Ministry of Finance of the Czech Republic' },
    harmWarning: {
      text: 'Hazardní hra může být škodlivá. / Gambling may be harmful.',
      url: 'https://www.ifortuna.cz',
      help: { name: 'Národní monitorovací středisko pro drogy a závislosti', contact: 'https://www.drogy-info.cz' },
    },
    termsUrl: 'https://www.ifortuna.cz',
  },
  poker: { tableRules: poker.tableRuleProfiles['cz-004'], buttonRule: poker.buttonRuleProfiles['cz-004'], rakeBounds: null },
});
