import type { CashierRules } from '@casino/cashier';
import type { ComplianceRules } from '@casino/compliance';
import type { CurrencyCode } from '@casino/core';
import type { FxRules } from '@casino/fx';
import type { poker } from '@casino/games';
import type { JurisdictionProfile } from '@casino/limits';
import type { PlayerRules } from '@casino/players';
import type { ReportingRules } from '@casino/reporting';

/**
 * The operators this platform can run as, one per rule book: CZ-FO (Fortuna, 004) and CZ-PS (Reel /
 * PokerStars, 002). The poker work adds HR (000), AT (001) and SE (003) as modules of their own.
 */
export const operatorProfileIds = ['CZ-FO', 'CZ-PS'] as const;
export type OperatorProfileId = (typeof operatorProfileIds)[number];

/** The seed rule books of the specification (/work/shared/spec): 004 Fortuna, 002 Reel (PokerStars). */
export type RuleBook = '002' | '004';

/**
 * An operator profile is the unit of jurisdiction (issue 15): everything that differs between
 * operators is here, as data, and nothing else in the code may assume it. Each package keeps the
 * type of its own rules; a profile module (profiles/*.ts) chooses the values, and `validateProfile`
 * checks them against the law and the rule book before any app starts.
 */
export interface OperatorProfile {
  id: OperatorProfileId;
  /** The operator's name as shown to staff and in exports. */
  name: string;
  ruleBook: RuleBook;
  /**
   * The account currency: self-limits, the temporary account, the cashier's payments and the caps are
   * in it (004:ACC-02, SLM-03). Wallets in other currencies, when the profile offers them, are `fx`'s.
   */
  currency: CurrencyCode;
  /** Wallets per currency, game currencies, the rate source and its schedule, quotes and fees (issues 26, 18; §6d). */
  fx: FxRules;
  /** The IANA zone of regulatory calendar days (limits, temporary accounts, reports). */
  timeZone: string;
  players: PlayerRules;
  /** Self-limitation measures and the rules for changing them (packages/limits). */
  limits: JurisdictionProfile;
  cashier: CashierRules;
  compliance: ComplianceRules;
  reporting: ReportingRules;
  /** What the lobby shows beside the tables (002:RG-09, REG-03): who runs the games, under whose licence, and help. */
  lobby: LobbyNotices;
  /** What the poker tables (issue 13) take from the rule book: docs/poker.md, D-801…, D-809. */
  poker: {
    tableRules: poker.TableRules;
    buttonRule: poker.ButtonRule;
    /** Rake bounds of the licence (002:T-RAKE-04), or null where the rule book sets none. */
    rakeBounds: poker.RakeBounds | null;
  };
}

/**
 * 002:RG-09: the lobby shows the operator's identification and contact data, the authority that granted
 * the basic licence, and a link to the operator's page warning that gambling may be harmful, with the
 * identification and contact data of an institution for the prevention and treatment of problem
 * gambling; 002:REG-03: the terms accepted at registration stay reachable from it. Facts of the licence,
 * so data of the profile (the operator confirms them with each licence).
 */
export interface LobbyNotices {
  /** companyId: the registration number where the rule book gives one. */
  operator: { name: string; registeredOffice: string; companyId?: string; website: string; contact: string };
  licence: { kind: string; authority: string };
  harmWarning: { text: string; url: string; help: { name: string; contact: string } };
  termsUrl: string;
}
