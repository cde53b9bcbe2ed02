import type { BlackjackRules } from './rules.ts';

/**
 * The seeds' four rule sets. Where a seed is silent or ambiguous the choice is recorded in
 * docs/decisions.md (D-708..D-712) and named here.
 */

/**
 * 004 §3.13.4–5 (Fortuna "Blackjack"): 6 decks shuffled before every hand, dealer stands on soft 17,
 * 3:2, double on any two cards and after splitting non-aces, split once (aces once, one card each),
 * insurance 2:1, 10-card Charlie unless the dealer has blackjack. The dealer's second card is dealt
 * face down but not checked before players act (D-708, 004:AMB-26): that is what makes GAM-BJ-03
 * ("only the initial stake is lost to a dealer blackjack") and GAM-BJ-08 ("…unless the dealer has
 * blackjack") possible at all. Stated RTP 99.53 % (GAM-BJ-09).
 */
export const fortunaBlackjack: BlackjackRules = Object.freeze({
  id: 'fortuna-blackjack',
  name: 'Blackjack',
  source: '004 §3.13.4–3.13.5',
  decks: 6,
  holeCard: true,
  dealerChecksForBlackjack: false,
  dealerHitsSoft17: false,
  blackjackPays: Object.freeze({ win: 3, stake: 2 }),
  doubleOn: 'any-two-cards',
  doubleAfterSplit: true,
  splitHandsMax: 2,
  splitAcesHandsMax: 2,
  splitAcesOneCard: true,
  splitTenValuesOfDifferentRank: true,
  blackjackAfterSplitCountsAsBlackjack: false,
  surrender: 'none',
  insurance: true,
  evenMoney: false,
  cardCharlie: 10,
  charlieBeatsDealerBlackjack: false,
  lostToDealerBlackjack: 'original-stake-only',
  warnings: Object.freeze(['hit-on-hard-17-or-more', 'stand-on-11-or-less'] as const),
});

/**
 * 004 §3.13.6 (Fortuna "Blackjack Surrender"): the general rules plus late surrender after the
 * dealer has checked for blackjack (GAM-BS-03) and a 7-card Charlie (GAM-BS-04). Splitting as in
 * the Blackjack variant, once (D-709, 004:AMB-28). Stated RTP 99.62 % (GAM-BS-05).
 */
export const fortunaBlackjackSurrender: BlackjackRules = Object.freeze({
  ...fortunaBlackjack,
  id: 'fortuna-blackjack-surrender',
  name: 'Blackjack Surrender',
  source: '004 §3.13.4, §3.13.6',
  dealerChecksForBlackjack: true,
  surrender: 'late',
  cardCharlie: 7,
  // 004:AMB-29: no exception is stated; with the dealer's check it can only matter on a temporary table.
  charlieBeatsDealerBlackjack: true,
});

/**
 * 002 §3B.3 (Reel "Classic Multiplayer Blackjack"): 8 decks, no hole card, dealer hits soft 17,
 * 3:2, double on any two cards and after splitting (not split aces), split non-aces up to 4 hands,
 * aces once with one card each, insurance and even money, only the initial stake lost to a dealer
 * blackjack (BJ-CL-06). Stated RTP 99.41 % (BJ-CL-14).
 */
export const reelClassicBlackjack: BlackjackRules = Object.freeze({
  id: 'reel-classic-blackjack',
  name: 'Classic Multiplayer Blackjack',
  source: '002 §3B.1, §3B.3',
  decks: 8,
  holeCard: false,
  dealerChecksForBlackjack: false,
  dealerHitsSoft17: true,
  blackjackPays: Object.freeze({ win: 3, stake: 2 }),
  doubleOn: 'any-two-cards',
  doubleAfterSplit: true,
  splitHandsMax: 4,
  splitAcesHandsMax: 2,
  splitAcesOneCard: true,
  splitTenValuesOfDifferentRank: true,
  blackjackAfterSplitCountsAsBlackjack: false,
  surrender: 'none',
  insurance: true,
  evenMoney: true,
  cardCharlie: null,
  charlieBeatsDealerBlackjack: false,
  lostToDealerBlackjack: 'original-stake-only',
  warnings: Object.freeze(['hit-on-hard-17-or-more', 'stand-on-11-or-less', 'double-on-hard-12-or-more'] as const),
});

/**
 * 002 §3B.4 (Reel "Premium Multiplayer Blackjack"): 4 decks, no hole card, dealer stands on soft 17,
 * split up to 3 hands, otherwise as Classic; the initial-stake-only rule is assumed as in Classic
 * (D-710, 002:AMB-BJ-PR-OBO). Stated RTP 99.67 % (BJ-PR-11).
 */
export const reelPremiumBlackjack: BlackjackRules = Object.freeze({
  ...reelClassicBlackjack,
  id: 'reel-premium-blackjack',
  name: 'Premium Multiplayer Blackjack',
  source: '002 §3B.1, §3B.4',
  decks: 4,
  dealerHitsSoft17: false,
  splitHandsMax: 3,
});

export const blackjackPresets: Readonly<Record<string, BlackjackRules>> = Object.freeze({
  [fortunaBlackjack.id]: fortunaBlackjack,
  [fortunaBlackjackSurrender.id]: fortunaBlackjackSurrender,
  [reelClassicBlackjack.id]: reelClassicBlackjack,
  [reelPremiumBlackjack.id]: reelPremiumBlackjack,
});

/** The RTP each seed states for its rule set. */
export const statedRtp: Readonly<Record<string, { readonly rtp: number; readonly requirement: string }>> = Object.freeze({
  [fortunaBlackjack.id]: { rtp: 0.9953, requirement: '004:GAM-BJ-09' },
  [fortunaBlackjackSurrender.id]: { rtp: 0.9962, requirement: '004:GAM-BS-05' },
  [reelClassicBlackjack.id]: { rtp: 0.9941, requirement: '002:BJ-CL-14' },
  [reelPremiumBlackjack.id]: { rtp: 0.9967, requirement: '002:BJ-PR-11' },
});
