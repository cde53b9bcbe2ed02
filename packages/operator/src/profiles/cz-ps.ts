import { czechCashierRules, euEeaCountries } from '@casino/cashier';
import { defaultComplianceRules } from '@casino/compliance';
import { operatorTimeZone } from '@casino/core';
import { poker } from '@casino/games';
import { czechProfile } from '@casino/limits';
import { czechPlayerRules } from '@casino/players';
import { czechReportingRules } from '@casino/reporting';
import type { OperatorProfile } from '../profile.ts';

/**
 * 002:BON, VIP, LIM-05..07 (issue 26). 002 fixes 5.5 VIP points per USD 1 of poker commission and the
 * shape of bonuses (locked, released in parts by VIP points, a window, the rest forfeited); the numbers
 * it leaves out are the operator's published promotion (002:BON-07, AMB-BONUS-PARAMS, AMB-TIERS;
 * docs/decisions.md D-2631, D-2635): 4 parts, each after 100 more points, within 60 days; 20 % of a
 * deposit of at least 500 CZK (USD/EUR/GBP 20, CAD 30) up to 2,000 CZK (USD/EUR 80, GBP 70, CAD 110);
 * 100 points a StarsCoin, which refunds 23 CZK (USD 1, EUR 0.90, GBP 0.80, CAD 1.35) of commission.
 */
const reelLoyaltyRules = Object.freeze({
  version: 'cz-ps-loyalty-2026.1',
  bonus: Object.freeze({
    trancheCount: 4,
    pointsPerTrancheCenti: 100_00n,
    windowDays: 60,
    staffGrantMinorMax: Object.freeze({ CZK: 10_000_00n, USD: 400_00n, EUR: 400_00n, GBP: 350_00n, CAD: 550_00n }),
    depositRule: Object.freeze({
      matchBps: 2_000n,
      depositMinorMin: Object.freeze({ CZK: 500_00n, USD: 20_00n, EUR: 20_00n, GBP: 20_00n, CAD: 30_00n }),
      bonusMinorMax: Object.freeze({ CZK: 2_000_00n, USD: 80_00n, EUR: 80_00n, GBP: 70_00n, CAD: 110_00n }),
    }),
  }),
  vip: Object.freeze({
    pointsPerUsd: '5.5',
    pointsCentiPerStarsCoin: 100_00n,
    refundMinorPerStarsCoin: Object.freeze({ CZK: 23_00n, USD: 1_00n, EUR: 90n, GBP: 80n, CAD: 1_35n }),
    // 002:LIM-05..07: the basic level, then levels the operator may grant after comprehensive KYC (LIM-06).
    levels: Object.freeze([
      Object.freeze({
        id: 'basic',
        name: 'Basic',
        pointsEarnedCentiMin: 0n,
        kycEvidenceRequired: false,
        depositCapMultiplier: 1,
        withdrawalMaxUnlimited: false,
      }),
      Object.freeze({
        id: 'silver',
        name: 'Silver',
        pointsEarnedCentiMin: 5_000_00n,
        kycEvidenceRequired: true,
        depositCapMultiplier: 3,
        withdrawalMaxUnlimited: false,
      }),
      Object.freeze({
        id: 'top',
        name: 'Top',
        pointsEarnedCentiMin: 50_000_00n,
        kycEvidenceRequired: true,
        depositCapMultiplier: 10,
        withdrawalMaxUnlimited: true,
      }),
    ]),
  }),
});

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
    // §6d fx.winRate "current XE" (002:WAL-08, D-2617): a cash table's top-ups and cash-out convert at the rate of the moment.
    gameRate: 'current',
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
    // 002:BON, VIP (issue 26): deposit bonuses released by VIP points, earned on poker commission.
    loyalty: reelLoyaltyRules,
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
