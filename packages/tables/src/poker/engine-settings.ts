import { poker } from '@casino/games';
import type { PokerRuleProfile, PokerTableDefinition } from './profile.ts';

/** What `poker.startHand` needs from a table besides the seats: the variant, the stakes and the rules. */
export interface EngineSettings {
  readonly variant: poker.Variant;
  readonly stakes: poker.Stakes;
  readonly rules: poker.TableRules;
}

/**
 * The engine's settings for a hand dealt at `at`, derived from the profile and the table's own
 * definition. The per-hand stake cap (003:R-CAP-01..03: 2 × prisbasbelopp) is the profile's
 * multiple of the base amount in force at `at`, in the table's currency; straddles are allowed only
 * where the profile has them and the table states a straddle size (003:R-TH-02 "Ö" tables).
 */
export function engineSettings(profile: PokerRuleProfile, definition: PokerTableDefinition, at: Date): EngineSettings {
  const variant = poker.variantCatalog.get(definition.variant);
  if (variant === undefined) throw new Error(`unknown poker variant ${definition.variant}`);
  const stakes: poker.Stakes = Object.freeze({
    smallBlind: definition.smallBlindMinor,
    bigBlind: definition.bigBlindMinor,
    ante: definition.anteMinor,
    anteMode: definition.anteMode,
    straddle: definition.straddleMinor,
    rake: Object.freeze({
      rateBps: definition.rake.rateBps,
      capPerHand: definition.rake.capPerHandMinor,
      noFlopNoDrop: definition.rake.noFlopNoDrop,
    }),
    contributionMax: contributionMax(profile, definition, at),
  });
  const straddleAllowed = profile.straddle !== 'none' && definition.straddleMinor > 0n;
  const rules: poker.TableRules = Object.freeze({ ...profile.engine.tableRules, straddleAllowed });
  return Object.freeze({ variant, stakes, rules });
}

/** The most one player may commit to one hand, or null where the profile sets no cap. */
export function contributionMax(profile: PokerRuleProfile, definition: PokerTableDefinition, at: Date): bigint | null {
  const cap = profile.perHandStakeCap;
  if (cap === null) return null;
  const day = at.toISOString().slice(0, 10);
  // The base amount in force: the latest one whose effective date has come (dates are ISO days).
  const inForce = [...cap.baseAmounts].filter((base) => base.from <= day).sort((a, b) => (a.from < b.from ? 1 : -1))[0];
  const amount = inForce?.amount[definition.currency];
  if (amount === undefined)
    throw new Error(`profile ${profile.id} states no per-hand stake cap in ${definition.currency} for ${day}`);
  if (!Number.isInteger(cap.multiple) || cap.multiple <= 0) throw new Error(`profile ${profile.id}: bad stake cap multiple`);
  return BigInt(cap.multiple) * amount;
}
