import { roundRng, seedMatchesCommitment, type RoundSeed } from '../rng/index.ts';
import { firstDifference, InvalidRoundRecord, unwrapDocument, wrapDocument, wrapStateDocument } from '../shared/round-record.ts';
import type { RouletteTableLimits } from './limits.ts';
import { RouletteRejection } from './rejection.ts';
import { applyRouletteAction, openRouletteRound } from './round.ts';
import type { RouletteAction, RouletteEvent, RouletteState, SeatSettlement } from './types.ts';
import { isRouletteVariantId, rouletteVariants, type RouletteVariant } from './variants.ts';

/**
 * The round record (game recall, complaints, audits): the table configuration, the seed and its
 * commitment, every accepted action and every event. Replaying opens the same round, applies the
 * actions with the seed's rng and requires the events to come out equal, so a record either
 * reproduces its round exactly or is refused.
 */

export const rouletteRecordFormat = 'casino-roulette-round';
export const rouletteRecordVersion = 1;
export const rouletteStateFormat = 'casino-roulette-state';
export const rouletteStateVersion = 1;

export interface RouletteRoundRecord {
  readonly roundId: string;
  readonly variant: RouletteVariant;
  readonly limits: RouletteTableLimits;
  readonly seatsMax: number;
  readonly seedCommitment: string;
  /** Revealed once the round is settled; null in a record of a round still running. */
  readonly seed: RoundSeed | null;
  readonly actions: readonly RouletteAction[];
  readonly events: readonly RouletteEvent[];
  readonly pockets: readonly number[] | null;
  readonly settlements: readonly SeatSettlement[] | null;
}

export function rouletteRoundRecord(state: RouletteState, seed: RoundSeed | null): RouletteRoundRecord {
  if (seed !== null && !seedMatchesCommitment(seed, state.config.seedCommitment))
    throw new InvalidRoundRecord('the seed does not match the round commitment');
  const { config } = state;
  return {
    roundId: config.roundId,
    variant: config.variant,
    limits: config.limits,
    seatsMax: config.seatsMax,
    seedCommitment: config.seedCommitment,
    seed,
    actions: state.actions,
    events: state.events,
    pockets: state.pockets,
    settlements: state.settlements,
  };
}

export function rouletteRecordToJson(record: RouletteRoundRecord): string {
  return wrapDocument(rouletteRecordFormat, rouletteRecordVersion, record);
}

export function rouletteRecordFromJson(text: string): RouletteRoundRecord {
  const record = unwrapDocument(text, rouletteRecordFormat, rouletteRecordVersion) as RouletteRoundRecord;
  if (!Array.isArray(record.actions) || !Array.isArray(record.events) || typeof record.roundId !== 'string')
    throw new InvalidRoundRecord('a roulette record has a round id, actions and events');
  if (!record.variant || !isRouletteVariantId(record.variant.id)) throw new InvalidRoundRecord('unknown roulette variant');
  return record;
}

/** The round the record describes, replayed; refuses a record that does not reproduce. */
export function replayRouletteRound(record: RouletteRoundRecord): RouletteState {
  if (record.seed === null) throw new InvalidRoundRecord('the seed has not been revealed yet');
  if (!seedMatchesCommitment(record.seed, record.seedCommitment))
    throw new InvalidRoundRecord('the seed does not match the round commitment');
  const rng = roundRng(record.seed);
  let state = openRouletteRound({
    roundId: record.roundId,
    variant: record.variant,
    limits: record.limits,
    seatsMax: record.seatsMax,
    seedCommitment: record.seedCommitment,
  }).state;
  for (const [index, action] of record.actions.entries()) {
    try {
      state = applyRouletteAction(state, action, rng).state;
    } catch (error) {
      if (error instanceof RouletteRejection)
        throw new InvalidRoundRecord(`action ${index} is refused on replay: ${error.message}`);
      throw error;
    }
  }
  const at = firstDifference(state.events, record.events);
  if (at !== -1) throw new InvalidRoundRecord(`the replay differs from the record at event ${at}`);
  return state;
}

/** The live state as the service stores it between actions. */
export function rouletteStateToJson(state: RouletteState): string {
  return wrapStateDocument(rouletteStateFormat, rouletteStateVersion, state);
}

export function rouletteStateFromJson(text: string): RouletteState {
  const state = unwrapDocument(text, rouletteStateFormat, rouletteStateVersion) as RouletteState;
  if (!state.config || !Array.isArray(state.seats) || !Array.isArray(state.events))
    throw new InvalidRoundRecord('not a roulette state');
  // The variant is code: a stored copy must still be the rule set the code plays.
  const known = rouletteVariants[state.config.variant.id];
  if (!known || JSON.stringify(known) !== JSON.stringify(state.config.variant))
    throw new InvalidRoundRecord('the stored variant is not one this engine plays');
  return state;
}
