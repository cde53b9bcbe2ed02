/** Test support for poker tables (issue 16; `@casino/tables/poker-testing`): a table definition, funded players, hands played by the real engine. */
import { assert, ManualClock, Money, newId, type AccountId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import { poker, roundRng, testRoundSeed } from '@casino/games';
import * as ledger from '@casino/ledger';
import { czechProfile } from '@casino/limits';
import { insertPlayer } from '@casino/test-support/players';
import type { PokerRuleProfile, PokerTableDefinition } from './profile.ts';
import { fixtureProfiles } from './testing/profiles.ts';
import type { CompletedHand } from './runtime-types.ts';
import type { PokerStoreContext } from './store-context.ts';

export const czk = (amount: string) => Money.of(amount, 'CZK');

/** NL Hold'em 0.50/1.00 CZK, buy-in 25.00..100.00 (25 and 100 big blinds, 000-001:TBL-06), 5 % rake capped at 3.00, no flop no drop. */
export const noLimitDefinition: PokerTableDefinition = {
  name: 'Praha NL 0.50/1',
  profileId: 'CZ-FO',
  variant: 'holdem/no-limit',
  currency: 'CZK',
  seatsMax: 6,
  smallBlindMinor: 50n,
  bigBlindMinor: 100n,
  anteMinor: 0n,
  anteMode: 'none',
  straddleMinor: 0n,
  buyInMinMinor: 2_500n,
  buyInMaxMinor: 10_000n,
  rake: { rateBps: 500, capPerHandMinor: 300n, noFlopNoDrop: true },
  timeBankMs: 0,
};

export function storeContext(db: Db, clock: ManualClock, instanceId: string): PokerStoreContext {
  return { db, clock, limits: { clock, profile: czechProfile }, instanceId };
}

export interface Funding {
  psp: AccountId;
}

export async function openFunding(db: Db): Promise<Funding> {
  await ledger.openOperatorAccounts(db, ['CZK'], 2);
  const psp = await ledger.openAccount(db, ledger.paymentProviderClearingSpec('sandbox-psp', 'CZK', 1));
  return { psp: psp.id };
}

/** A registered player whose cash wallet holds `balance`. */
export async function fundedPlayer(
  db: Db,
  funding: Funding,
  clock: ManualClock,
  balance: string,
): Promise<{ playerId: string; wallet: AccountId }> {
  const playerId = await insertPlayer(db, { state: 'REGISTERED', clock });
  const wallet = (await ledger.openAccount(db, ledger.playerWalletSpec(playerId, 'cash', 'CZK'))).id;
  await transaction(db, (tx) =>
    ledger.transfer(
      tx,
      {
        idempotencyKey: `fund:${newId()}`,
        kind: 'DEPOSIT',
        debitAccountId: funding.psp,
        creditAccountId: wallet,
        amount: czk(balance),
      },
      clock.now(),
    ),
  );
  return { playerId, wallet };
}

export const balanceOf = async (db: Db, account: AccountId | string) =>
  (await ledger.balance(db, account as AccountId)).toDecimalString();

/**
 * A hand dealt and played by the engine at the test definition's stakes: 'fold' folds to the big
 * blind (no flop: no rake), 'check-down' calls and checks to the showdown (a flop: rake).
 */
export function playHand(options: {
  handNumber: number;
  buttonSeat: number;
  players: readonly { seat: number; playerId: string; alias: string; stackMinor: bigint }[];
  line: 'fold' | 'check-down';
  handId?: string;
}): CompletedHand & { readonly state: poker.HandState } {
  const handId = options.handId ?? newId();
  const d = noLimitDefinition;
  let state = poker.startHand({
    handId,
    variant: poker.noLimitHoldem,
    stakes: {
      smallBlind: d.smallBlindMinor,
      bigBlind: d.bigBlindMinor,
      ante: 0n,
      anteMode: 'none',
      straddle: 0n,
      rake: { rateBps: d.rake.rateBps, capPerHand: d.rake.capPerHandMinor, noFlopNoDrop: d.rake.noFlopNoDrop },
      contributionMax: null,
    },
    rules: poker.defaultTableRules,
    seatCount: d.seatsMax,
    buttonSeat: options.buttonSeat,
    players: options.players.map((p) => ({ seat: p.seat, name: p.alias, stack: p.stackMinor })),
    rng: roundRng(testRoundSeed(handId)),
  }).state;
  for (let guard = 0; state.phase !== 'complete'; guard++) {
    assert(guard < 100, 'the hand ends');
    const decision = poker.pendingDecision(state);
    assert(decision.kind === 'action', `the test hand waits for ${decision.kind}`);
    const legal = poker.legalActions(state)!;
    const action: poker.PlayerAction = legal.check ? { kind: 'check' } : { kind: options.line === 'fold' ? 'fold' : 'call' };
    state = poker.act(state, decision.seat, action).state;
  }
  const result = state.result!;
  const playerOf = (seat: number) => options.players.find((p) => p.seat === seat)!.playerId;
  return {
    handId,
    handNumber: options.handNumber,
    history: poker.exportHandHistory(state),
    stacksAfter: result.players.map((p) => ({ seat: p.seat, playerId: playerOf(p.seat), stackMinor: p.endingStack })),
    rakeMinor: result.rake,
    rakeByPlayer: result.players.map((p) => ({ playerId: playerOf(p.seat), rakeMinor: p.rake })),
    results: result.players.map((p) => ({
      playerId: playerOf(p.seat),
      seat: p.seat,
      putInMinor: p.contributed,
      wonMinor: p.won,
    })),
    flopDealt: (state.boards[0]?.length ?? 0) >= 3,
    state,
  };
}
export { RandomTableRun } from './testing/random-run.ts';

/** The fixture profile a test definition belongs to (the package's tests cannot import the operator's real ones). */
export function fixtureProfileOf(definition: PokerTableDefinition): PokerRuleProfile {
  const profile = fixtureProfiles.find((candidate) => candidate.id === definition.profileId);
  assert(profile !== undefined, `no fixture profile ${definition.profileId}`);
  return profile;
}
