import { czechCashierRules, euEeaCountries } from '@casino/cashier';
import { defaultComplianceRules } from '@casino/compliance';
import { operatorTimeZone } from '@casino/core';
import { poker } from '@casino/games';
import { czechProfile } from '@casino/limits';
import { czechPlayerRules } from '@casino/players';
import { czechReportingRules } from '@casino/reporting';
import type { OperatorProfile } from '../profile.ts';

/**
 * CZ-PS: Reel's (PokerStars) Czech licence under rule book 002. It starts as CZ-FO's rules with the
 * differences of by-capability.md §1d, §5d and §6d that the packages can already express; the
 * differences not yet modelled (multi-currency wallets, 002's lost temporary-account cap, no misuse
 * fee, withdrawals to any active method, complaint windows) are listed in docs/decisions.md D-1512.
 */
export const czPsProfile: OperatorProfile = Object.freeze({
  id: 'CZ-PS',
  name: 'Reel / PokerStars (CZ)',
  ruleBook: '002',
  // 002 §6d: USD/EUR/CAD/GBP wallets; the platform's wallets are CZK until issue 26 (D-1512).
  currency: 'CZK',
  timeZone: operatorTimeZone,
  // 002 has no dormancy rules (by-capability §5d): no inactivity fee (issue 23, D-2302).
  players: Object.freeze({ ...czechPlayerRules, version: 'cz-ps-2026.1', dormancy: null }),
  limits: czechProfile,
  // 002:WAL-02 USD, EUR, CAD, GBP wallets and no CZK wallet (T-WAL-02); GEN-05 tables in USD, EUR, GBP only
  // (T-WAL-04); WAL-04 XE rates every 60 s; WAL-05 a fee per currency on deposits and withdrawals, whose
  // amounts the source lost (AMB-FX-FEE: ours, D-2603); none in-game (WAL-08). CZK is what payments arrive
  // in (WAL-03) and what the self-limits count in (004:SLM-03 via D-1512).
  fx: Object.freeze({
    walletCurrencies: Object.freeze(['USD', 'EUR', 'CAD', 'GBP'] as const),
    gameCurrencies: Object.freeze(['USD', 'EUR', 'GBP'] as const),
    source: Object.freeze({ name: 'xe', base: 'EUR', currencies: Object.freeze(['EUR', 'CZK', 'USD', 'CAD', 'GBP'] as const) }),
    refreshIntervalSeconds: 60,
    changeIntervalHoursMin: 0,
    staleAfterSeconds: 180,
    quoteValiditySeconds: 60,
    feeBps: Object.freeze({
      deposit: Object.freeze({ USD: 150n, EUR: 150n, CAD: 200n, GBP: 200n }),
      withdrawal: Object.freeze({ USD: 150n, EUR: 150n, CAD: 200n, GBP: 200n }),
    }),
  }),
  cashier: Object.freeze({
    ...czechCashierRules,
    version: 'cz-ps-cashier-2026.1',
    // 002:PM-03: a bank account's provider may be authorised anywhere in the EU/EEA (004: the Czech Republic only).
    bankCountries: euEeaCountries,
    // 002:PAY-05: a cashless payout is remitted within 5 business days (004:WDR-03: 14 calendar days).
    payoutDeadline: { kind: 'business-days' as const, days: 5 },
  }),
  compliance: Object.freeze({
    ...defaultComplianceRules,
    version: 'cz-ps-2026.1',
    // 002 CMP (issue 23): the Contact Support Form or e-mail, problem and remedy, 90 minutes to assess,
    // 7 days to resolve or escalate, 30 days from filing once escalated, paused for documents.
    complaints: Object.freeze({
      acceptedChannels: ['contact-form', 'email'] as const,
      acknowledgedChannels: ['contact-form', 'email'] as const,
      howToComplain: 'through the Contact Support Form or by e-mail to support@pokerstars.com',
      windowMonths: 6,
      requiredContent: ['remedyWanted'] as const,
      assessWithinMinutes: 90,
      resolveWithinDays: 7,
      escalation: { routes: ['senior-agent', 'escalation-point', 'manager-on-duty'], resolveWithinDaysOfFiling: 30 },
      pausedWhileWaitingForDocuments: true,
      notUpheldGrounds: ['rule-misunderstanding', 'late', 'not-substantiated'],
      alternativeDisputeResolution: defaultComplianceRules.complaints.alternativeDisputeResolution,
    }),
  }),
  reporting: Object.freeze({ ...czechReportingRules, version: 'cz-ps-2026.1' }),
  // 002 §1 (the operator) and RG-09 (the lobby's notices).
  lobby: {
    operator: {
      name: 'REEL Spain Plc (PokerStars)',
      registeredOffice: 'Villa Seminia, 8, Sir Temi Zammit Avenue, Ta Xbiex, XBX 1011, Malta',
      // 002 p.2 lost the website's address (002 §0); the brand's site stands in until the operator confirms it.
      website: 'https://www.pokerstars.com',
      contact: 'support@pokerstars.com',
    },
    licence: { kind: 'basic licence (základní povolení)', authority: 'Ministry of Finance of the Czech Republic' },
    harmWarning: {
      text: 'Hazardní hra může být škodlivá. / Gambling may be harmful.',
      url: 'https://www.pokerstars.com',
      help: { name: 'Národní monitorovací středisko pro drogy a závislosti', contact: 'https://www.drogy-info.cz' },
    },
    termsUrl: 'https://www.pokerstars.com',
  },
  // 002 glossary "Provize": rake 1–5 % of the pot, at most USD 5 (002:T-RAKE-04).
  poker: {
    tableRules: poker.tableRuleProfiles['cz-002'],
    buttonRule: poker.buttonRuleProfiles['cz-002'],
    rakeBounds: poker.reelRakeBounds,
  },
});
