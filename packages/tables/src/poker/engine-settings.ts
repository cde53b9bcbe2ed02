import { poker } from '@casino/games';
import { perHandStakeCapMinor } from './definition.ts';
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
 * multiple of the base amount in force at `at`, in the table's currency (D-1628); straddles are
 * allowed only where the profile has them for the game and the table states a straddle size
 * (003:R-TH-02 "Ö" tables, D-1629).
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
    contributionMax: perHandStakeCapMinor(profile, definition.currency, at),
  });
  const straddleAllowed =
    profile.straddle !== 'none' &&
    definition.straddleMinor > 0n &&
    profile.straddleGames.some((game) => variant.id === poker.variantId(game, variant.structure));
  const rules: poker.TableRules = Object.freeze({ ...profile.engine.tableRules, straddleAllowed });
  return Object.freeze({ variant, stakes, rules });
}
