import { highRanking, omahaHighRanking, omahaLow8Ranking, shortDeckHighRanking } from '../evaluator/index.ts';
import type { Variant } from './types.ts';
import { createVariant, createVariantCatalog, type VariantRankings } from './variants.ts';

/** The production rankings: the fast evaluators of `poker/evaluator`. */
export const pokerRankings: VariantRankings = Object.freeze({
  high: highRanking,
  omahaHigh: omahaHighRanking,
  omahaLow8: omahaLow8Ranking,
  shortDeckHigh: shortDeckHighRanking,
});

/** Every offered game in every structure, by variant id: what hand-history import resolves against. */
export const variantCatalog: ReadonlyMap<string, Variant> = createVariantCatalog(pokerRankings);

export const noLimitHoldem: Variant = createVariant('holdem', 'no-limit', pokerRankings);
export const potLimitHoldem: Variant = createVariant('holdem', 'pot-limit', pokerRankings);
export const fixedLimitHoldem: Variant = createVariant('holdem', 'fixed-limit', pokerRankings);
export const sixPlusHoldem: Variant = createVariant('six-plus-holdem', 'no-limit', pokerRankings);
export const potLimitOmaha: Variant = createVariant('omaha', 'pot-limit', pokerRankings);
export const potLimitFiveCardOmaha: Variant = createVariant('five-card-omaha', 'pot-limit', pokerRankings);
export const potLimitOmahaHiLo: Variant = createVariant('omaha-hi-lo', 'pot-limit', pokerRankings);
export const fixedLimitOmahaHiLo: Variant = createVariant('omaha-hi-lo', 'fixed-limit', pokerRankings);
