import { pokerRankings } from '../presets.ts';
import type { VariantRankings } from '../variants.ts';
import {
  referenceHighRanking,
  referenceOmahaHighRanking,
  referenceOmahaLow8Ranking,
  referenceShortDeckHighRanking,
} from './reference-rankings.ts';

/** Engine tests run with the production evaluators… */
export const testRankings: VariantRankings = pokerRankings;

/** …and these brute-force ones cross-check them (engine.property.test.ts). */
export const referenceRankings: VariantRankings = {
  high: referenceHighRanking,
  omahaHigh: referenceOmahaHighRanking,
  omahaLow8: referenceOmahaLow8Ranking,
  shortDeckHigh: referenceShortDeckHighRanking,
};
