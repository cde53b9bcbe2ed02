import { roundRng, seedMatchesCommitment, type RoundSeed } from '../rng/index.ts';
import { firstDifference, InvalidRoundRecord, unwrapDocument, wrapDocument, wrapStateDocument } from '../shared/round-record.ts';
import type { BlackjackTableLimits } from './limits.ts';
import { BlackjackRejection } from './rejection.ts';
import { applyBlackjackAction, openBlackjackRound } from './round.ts';
import type { BlackjackRules } from './rules.ts';
import type { BlackjackAction, BlackjackEvent, BlackjackRoundConfig, BlackjackState, BoxSettlement } from './types.ts';

/**
 * The blackjack round record: the rule set and limits as data, the seed and its commitment, the
 * accepted actions and every event (cards included). Replaying opens the same round (a temporary
 * table with the same carried box), applies the actions with the seed's rng and requires the same
 * events, so a record reproduces its round exactly or is refused.
 */

export const blackjackRecordFormat = 'casino-blackjack-round';
export const blackjackRecordVersion = 1;
export const blackjackStateFormat = 'casino-blackjack-state';
export const blackjackStateVersion = 1;

export interface BlackjackRoundRecord {
  readonly roundId: string;
  readonly rules: BlackjackRules;
  readonly limits: BlackjackTableLimits;
  readonly seatsMax: number;
  readonly seedCommitment: string;
  readonly seed: RoundSeed | null;
  readonly temporaryTable: BlackjackRoundConfig['temporaryTable'];
  readonly actions: readonly BlackjackAction[];
  readonly events: readonly BlackjackEvent[];
  readonly settlements: readonly BoxSettlement[] | null;
}

export function blackjackRoundRecord(state: BlackjackState, seed: RoundSeed | null): BlackjackRoundRecord {
  if (seed !== null && !seedMatchesCommitment(seed, state.config.seedCommitment))
    throw new InvalidRoundRecord('the seed does not match the round commitment');
  const { config } = state;
  return {
    roundId: config.roundId,
    rules: config.rules,
    limits: config.limits,
    seatsMax: config.seatsMax,
    seedCommitment: config.seedCommitment,
    seed,
    temporaryTable: config.temporaryTable,
    actions: state.actions,
    events: state.events,
    settlements: state.settlements,
  };
}

export function blackjackRecordToJson(record: BlackjackRoundRecord): string {
  return wrapDocument(blackjackRecordFormat, blackjackRecordVersion, record);
}

export function blackjackRecordFromJson(text: string): BlackjackRoundRecord {
  const record = unwrapDocument(text, blackjackRecordFormat, blackjackRecordVersion) as BlackjackRoundRecord;
  if (typeof record.roundId !== 'string' || !record.rules || !Array.isArray(record.actions) || !Array.isArray(record.events))
    throw new InvalidRoundRecord('a blackjack record has a round id, rules, actions and events');
  return record;
}

export function replayBlackjackRound(record: BlackjackRoundRecord): BlackjackState {
  if (record.seed === null) throw new InvalidRoundRecord('the seed has not been revealed yet');
  if (!seedMatchesCommitment(record.seed, record.seedCommitment))
    throw new InvalidRoundRecord('the seed does not match the round commitment');
  let state = openBlackjackRound({
    roundId: record.roundId,
    rules: record.rules,
    limits: record.limits,
    seatsMax: record.seatsMax,
    seedCommitment: record.seedCommitment,
    temporaryTable: record.temporaryTable,
  }).state;
  for (const [index, action] of record.actions.entries()) {
    try {
      state = applyBlackjackAction(state, action, roundRng(record.seed)).state;
    } catch (error) {
      if (error instanceof BlackjackRejection)
        throw new InvalidRoundRecord(`action ${index} is refused on replay: ${error.message}`);
      throw error;
    }
  }
  const at = firstDifference(state.events, record.events);
  if (at !== -1) throw new InvalidRoundRecord(`the replay differs from the record at event ${at}`);
  return state;
}

export function blackjackStateToJson(state: BlackjackState): string {
  return wrapStateDocument(blackjackStateFormat, blackjackStateVersion, state);
}

export function blackjackStateFromJson(text: string): BlackjackState {
  const state = unwrapDocument(text, blackjackStateFormat, blackjackStateVersion) as BlackjackState;
  if (!state.config || !Array.isArray(state.boxes) || !Array.isArray(state.events))
    throw new InvalidRoundRecord('not a blackjack state');
  return state;
}
