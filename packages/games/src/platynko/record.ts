import { roundRng, seedMatchesCommitment, type RoundSeed } from '../rng/index.ts';
import { firstDifference, InvalidRoundRecord, unwrapDocument, wrapDocument, wrapStateDocument } from '../shared/round-record.ts';
import { validatePlatynkoLimits, type PlatynkoTableLimits } from './limits.ts';
import { PlatynkoRejection } from './rejection.ts';
import { applyPlatynkoAction, openPlatynkoRound } from './round.ts';
import type { PlatynkoCardId } from './canvas.ts';
import type { PlatynkoAction, PlatynkoEvent, PlatynkoSeatSettlement, PlatynkoState } from './types.ts';

/**
 * The round record (game recall, complaints, audits), as roulette's: the table limits, the seed and
 * its commitment, every accepted action and every event. Replaying opens the same round, applies the
 * actions with the seed's rng and requires the events to come out equal, so a record either
 * reproduces its round exactly (the same 8 cards in the same order, the same payouts) or is refused.
 */

export const platynkoRecordFormat = 'casino-platynko-round';
export const platynkoRecordVersion = 1;
export const platynkoStateFormat = 'casino-platynko-state';
export const platynkoStateVersion = 1;

export interface PlatynkoRoundRecord {
  readonly roundId: string;
  readonly limits: PlatynkoTableLimits;
  readonly seatsMax: number;
  readonly seedCommitment: string;
  /** Revealed once the round is settled; null in a record of a round still running. */
  readonly seed: RoundSeed | null;
  readonly actions: readonly PlatynkoAction[];
  readonly events: readonly PlatynkoEvent[];
  readonly drawn: readonly PlatynkoCardId[] | null;
  readonly settlements: readonly PlatynkoSeatSettlement[] | null;
}

export function platynkoRoundRecord(state: PlatynkoState, seed: RoundSeed | null): PlatynkoRoundRecord {
  if (seed !== null && !seedMatchesCommitment(seed, state.config.seedCommitment))
    throw new InvalidRoundRecord('the seed does not match the round commitment');
  const { config } = state;
  return {
    roundId: config.roundId,
    limits: config.limits,
    seatsMax: config.seatsMax,
    seedCommitment: config.seedCommitment,
    seed,
    actions: state.actions,
    events: state.events,
    drawn: state.drawn,
    settlements: state.settlements,
  };
}

export function platynkoRecordToJson(record: PlatynkoRoundRecord): string {
  return wrapDocument(platynkoRecordFormat, platynkoRecordVersion, record);
}

export function platynkoRecordFromJson(text: string): PlatynkoRoundRecord {
  const record = unwrapDocument(text, platynkoRecordFormat, platynkoRecordVersion) as PlatynkoRoundRecord;
  if (!Array.isArray(record.actions) || !Array.isArray(record.events) || typeof record.roundId !== 'string')
    throw new InvalidRoundRecord('a Plátýnko record has a round id, actions and events');
  return record;
}

/** The round the record describes, replayed; refuses a record that does not reproduce. */
export function replayPlatynkoRound(record: PlatynkoRoundRecord): PlatynkoState {
  if (record.seed === null) throw new InvalidRoundRecord('the seed has not been revealed yet');
  if (!seedMatchesCommitment(record.seed, record.seedCommitment))
    throw new InvalidRoundRecord('the seed does not match the round commitment');
  const rng = roundRng(record.seed);
  let state: PlatynkoState;
  try {
    state = openPlatynkoRound({
      roundId: record.roundId,
      limits: record.limits,
      seatsMax: record.seatsMax,
      seedCommitment: record.seedCommitment,
    }).state;
  } catch (error) {
    throw new InvalidRoundRecord(`the record's table cannot open a round: ${(error as Error).message}`);
  }
  for (const [index, action] of record.actions.entries()) {
    try {
      state = applyPlatynkoAction(state, action, rng).state;
    } catch (error) {
      if (error instanceof PlatynkoRejection)
        throw new InvalidRoundRecord(`action ${index} is refused on replay: ${error.message}`);
      throw error;
    }
  }
  const at = firstDifference(state.events, record.events);
  if (at !== -1) throw new InvalidRoundRecord(`the replay differs from the record at event ${at}`);
  return state;
}

/** The live state as the service stores it between actions. */
export function platynkoStateToJson(state: PlatynkoState): string {
  return wrapStateDocument(platynkoStateFormat, platynkoStateVersion, state);
}

export function platynkoStateFromJson(text: string): PlatynkoState {
  const state = unwrapDocument(text, platynkoStateFormat, platynkoStateVersion) as PlatynkoState;
  if (!state.config || !Array.isArray(state.seats) || !Array.isArray(state.events))
    throw new InvalidRoundRecord('not a Plátýnko state');
  try {
    validatePlatynkoLimits(state.config.limits);
  } catch (error) {
    throw new InvalidRoundRecord(`the stored limits are not playable: ${(error as Error).message}`);
  }
  return state;
}
