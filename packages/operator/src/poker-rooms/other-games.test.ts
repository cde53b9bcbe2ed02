import { poker } from '@casino/games';
import {
  bettingStructureOf,
  otherGameVariantIds,
  playersMaxOf,
  pokerRuleProfileIds,
  pokerTableProblems,
  tableGameOf,
  type PokerRuleProfile,
  type PokerTableDefinition,
} from '@casino/tables';
import { describe, expect, it } from 'vitest';
import { pokerRuleProfileProblems } from '../validate.ts';
import { pokerRuleProfiles } from './index.ts';

/**
 * Issue 20: the stud, draw and mixed games each profile's lobby offers (by-capability §3d
 * `variants.offered`, `mixedGames`, `draw.firstActor`, `stud.boardTie`), as profile data, and the
 * validation of a table of each.
 */

const at = new Date('2026-11-26T12:00:00Z');

/** A fixed-limit table of `variant` for `profile`: 1/2 EUR (stud: ante 0.10, bring-in 0.20), no rake. */
function tableOf(
  profile: PokerRuleProfile,
  variant: string,
  overrides: Partial<PokerTableDefinition> = {},
): PokerTableDefinition {
  const game = tableGameOf(variant)!;
  const stud = game.kind === 'fixed-limit' && game.game.family === 'stud';
  const bigBlind = 100n;
  const limitOnly = bettingStructureOf(game) === 'fixed-limit';
  return {
    name: `test ${variant}`,
    profileId: profile.id,
    variant,
    currency: profile.id === 'SE' ? 'SEK' : 'EUR',
    seatsMax: Math.max(profile.seats.min, Math.min(6, playersMaxOf(game))),
    smallBlindMinor: stud ? 20n : bigBlind / 2n,
    bigBlindMinor: bigBlind,
    anteMinor: stud ? 10n : 0n,
    anteMode: stud ? 'every-player' : 'none',
    straddleMinor: 0n,
    buyInMinMinor: 20n * bigBlind,
    buyInMaxMinor: limitOnly && !profile.buyIn.maxAppliesToFixedLimit ? null : 100n * bigBlind,
    rake: { rateBps: 0, capPerHandMinor: null, noFlopNoDrop: profile.rake.noFlopNoDrop === 'required' },
    timeBankMs: 0,
    ...overrides,
  };
}

describe('issue 20: the stud, draw and mixed games of the poker rule profiles', () => {
  it("000-001:VAR-DR-01 VAR-ST-01 VAR-SK-01 003:R-DRAW-01 R-7E-01 the lobby offers per §3d: AT Five Card Draw, Stud and Sökö; CZ-PS its stud and draw games and HORSE, HOSE, the Hold'em and PLO mixes and 8-Game; SE Mörkpoker, 7-E, Sjukort, Femkort and Sökö; HR and CZ-FO none", () => {
    const offer = Object.fromEntries(pokerRuleProfileIds.map((id) => [id, otherGameVariantIds(pokerRuleProfiles[id])]));
    expect(offer).toEqual({
      HR: [],
      AT: ['draw5/fixed-limit', 'stud/fixed-limit', 'soko/fixed-limit'],
      'CZ-PS': [
        'stud/fixed-limit',
        'stud8/fixed-limit',
        'razz/fixed-limit',
        'draw5/fixed-limit',
        '27sd/fixed-limit',
        '27td/fixed-limit',
        'badugi/fixed-limit',
        'mixed/horse',
        'mixed/hose',
        'mixed/holdem-mix',
        'mixed/plo-mix',
        'mixed/8-game',
      ],
      SE: ['morkpoker/fixed-limit', 'morkpoker-7e/fixed-limit', 'sjukort/fixed-limit', 'femkort/fixed-limit', 'soko/fixed-limit'],
      'CZ-FO': [],
    });
    for (const id of pokerRuleProfileIds) expect(pokerRuleProfileProblems(pokerRuleProfiles[id]), id).toEqual([]);
  });

  it("000-001:A-12 T-51 VAR-ST-06 002:DRAW5-01 AMB-STUD-FIRST 003:R-DRAW-02 Q-21 the draw's first actor and the stud board tie are profile data: AT and SE the SB seat, CZ-PS after the big blind; AT nearest the dealer, CZ-PS by suit", () => {
    const rules = (id: 'AT' | 'CZ-PS' | 'SE') => pokerRuleProfiles[id].otherGames!.rules;
    expect(rules('AT')).toMatchObject({
      drawFirstActor: 'small-blind-seat',
      boardTie: 'position',
      betsMax: 4,
      blindCountsAsBet: true,
    });
    expect(rules('CZ-PS')).toMatchObject({ drawFirstActor: 'after-big-blind', boardTie: 'suit' });
    expect(rules('SE')).toMatchObject({ drawFirstActor: 'small-blind-seat' });
  });

  it('issue 20: a table of every game a profile offers passes validation; the lobby shows its variant name and betting structure', () => {
    for (const id of pokerRuleProfileIds) {
      const profile = pokerRuleProfiles[id];
      for (const variant of otherGameVariantIds(profile)) {
        expect(pokerTableProblems(profile, tableOf(profile, variant), at), `${id} ${variant}`).toEqual([]);
        const game = tableGameOf(variant)!;
        expect(game.name.length).toBeGreaterThan(0);
      }
    }
    expect(bettingStructureOf(tableGameOf('mixed/horse')!)).toBe('fixed-limit');
    expect(bettingStructureOf(tableGameOf('mixed/8-game')!)).toBe('mixed');
    expect(tableGameOf('badugi/fixed-limit')!.name).toBe('Badugi (Fixed Limit)');
  });

  it('000-001:A-14 002:MAX-02 8GAME-02 TD27-01 a table of a game its profile does not offer, with more seats than the game deals to, or with a bring-in not below the small bet is refused, naming the field', () => {
    const czPs = pokerRuleProfiles['CZ-PS'];
    const fields = (profile: PokerRuleProfile, definition: PokerTableDefinition) =>
      pokerTableProblems(profile, definition, at).map((problem) => problem.field);
    expect(fields(pokerRuleProfiles.HR, tableOf(pokerRuleProfiles.HR, 'stud/fixed-limit', { profileId: 'HR' }))).toContain(
      'variant',
    );
    expect(fields(pokerRuleProfiles.AT, tableOf(pokerRuleProfiles.AT, 'razz/fixed-limit'))).toContain('variant');
    expect(fields(czPs, tableOf(czPs, 'stud/fixed-limit', { seatsMax: 9 }))).toContain('seatsMax');
    expect(fields(czPs, tableOf(czPs, '27td/fixed-limit', { seatsMax: 7 }))).toContain('seatsMax');
    expect(fields(czPs, tableOf(czPs, 'mixed/8-game', { seatsMax: 7 }))).toContain('seatsMax');
    expect(fields(czPs, tableOf(czPs, 'stud/fixed-limit', { smallBlindMinor: 100n }))).toContain('smallBlindMinor');
    expect(fields(czPs, tableOf(czPs, 'mixed/horse', { variant: 'mixed/tic-tac-toe' }))).toContain('variant');
    // Stud and draw are fixed limit (D-2010): no straddle.
    expect(
      poker.fixedLimitGames.every((game) => bettingStructureOf(tableGameOf(`${game.id}/fixed-limit`)!) === 'fixed-limit'),
    ).toBe(true);
  });
});
