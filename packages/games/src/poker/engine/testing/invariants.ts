import { canAct, inHand } from '../draft.ts';
import type { Chips, HandState, Operation } from '../types.ts';

/**
 * The engine's guarantees, checked on any state: what property tests assert after every step.
 * Returns the broken ones in words (empty when all hold). Not part of the public API.
 */
export function handInvariantViolations(state: HandState): string[] {
  const violations: string[] = [];
  const fail = (message: string): void => {
    violations.push(message);
  };
  checkPlayers(state, fail);
  checkChipsConserved(state, fail);
  checkBetting(state, fail);
  checkCards(state, fail);
  if (state.result !== null && !state.result.voided) checkResult(state, fail);
  return violations;
}

const sum = (values: readonly Chips[]): Chips => values.reduce((total, value) => total + value, 0n);

function checkPlayers(state: HandState, fail: (message: string) => void): void {
  for (const player of state.players) {
    const at = `seat ${player.seat}`;
    if (player.stack < 0n || player.bet < 0n || player.reserved < 0n || player.dead < 0n) fail(`${at}: negative chips`);
    if (player.contributed < player.bet) fail(`${at}: a street bet larger than everything put in`);
    if (player.dead > player.contributed) fail(`${at}: more dead money than put in`);
    if (player.status === 'all-in' && state.phase !== 'complete' && player.stack !== 0n) fail(`${at}: all-in with chips behind`);
    if (player.status === 'active' && state.phase !== 'complete' && player.stack === 0n && state.phase !== 'forced-bets')
      fail(`${at}: no chips but not all-in`);
    if (player.status === 'folded' && player.needsToAct) fail(`${at}: folded but asked to act`);
  }
}

/** Stacks, chips in front and in the pot, and the rake always add up to the chips the hand began with. */
function checkChipsConserved(state: HandState, fail: (message: string) => void): void {
  const started = sum(state.players.map((player) => player.startingStack));
  if (state.result) {
    const ended = sum(state.result.players.map((player) => player.endingStack));
    if (ended + state.result.rake !== started)
      fail(`chips not conserved: ${started} at the start, ${ended} + rake ${state.result.rake} at the end`);
    return;
  }
  const held = sum(state.players.map((player) => player.stack + player.reserved + player.contributed));
  if (held !== started) fail(`chips not conserved: ${started} at the start, ${held} now`);
}

function checkBetting(state: HandState, fail: (message: string) => void): void {
  const round = state.betting;
  if (state.phase === 'betting') {
    if (round === null || round.actorIndex === null) return fail('betting phase with nobody to act');
    const actor = state.players[round.actorIndex]!;
    if (!canAct(actor) || !actor.needsToAct) fail(`seat ${actor.seat} is to act but cannot or need not`);
    if (state.players.filter(inHand).length < 2) fail('betting with fewer than two players in the hand');
  }
  if (round !== null && state.players.some((player) => player.bet > round.highestBet)) fail('a bet above the highest bet');
}

function checkCards(state: HandState, fail: (message: string) => void): void {
  const dealt = [...state.players.flatMap((player) => player.hole), ...state.boards.flat()];
  const shared =
    state.boards.length > 1 ? state.boards[0]!.filter((card) => state.boards.every((board) => board.includes(card))).length : 0;
  const distinct = new Set(dealt).size + shared * (state.boards.length - 1);
  if (distinct !== dealt.length) fail('a card was dealt twice');
  if (dealt.some((card) => !state.config.variant.deck.includes(card))) fail('a card from outside the deck');
  for (const board of state.boards) if (board.length > 5) fail('a board of more than five cards');
  for (const player of state.players) {
    if (player.hole.length !== 0 && player.hole.length !== state.config.variant.holeCardCount)
      fail(`seat ${player.seat}: wrong number of hole cards`);
  }
}

/**
 * The result: pots paid in full (less their rake) to eligible players only; rake borne exactly;
 * nobody won more than their live stake lets them take from each player, plus the dead money.
 */
function checkResult(state: HandState, fail: (message: string) => void): void {
  const result = state.result!;
  const awards = state.operations.filter(
    (operation): operation is Extract<Operation, { kind: 'pot-awarded' }> => operation.kind === 'pot-awarded',
  );
  const rakes = state.operations.filter(
    (operation): operation is Extract<Operation, { kind: 'rake-taken' }> => operation.kind === 'rake-taken',
  );
  state.pots.forEach((pot, potIndex) => {
    const paid = sum(awards.filter((award) => award.pot === potIndex).map((award) => award.amount));
    const raked = sum(rakes.filter((rake) => rake.pot === potIndex).map((rake) => rake.amount));
    if (paid + raked !== pot.amount) fail(`pot ${potIndex}: ${paid} paid + ${raked} rake ≠ ${pot.amount}`);
    for (const award of awards.filter((entry) => entry.pot === potIndex)) {
      const index = state.players.findIndex((player) => player.seat === award.seat);
      if (!pot.eligible.includes(index)) fail(`pot ${potIndex}: paid to seat ${award.seat}, who was not eligible`);
    }
  });
  if (sum(result.players.map((player) => player.rake)) !== result.rake) fail('rake borne by players ≠ rake taken');
  const { rake: rule } = state.config.stakes;
  if (rule.capPerHand !== null && result.rake > rule.capPerHand) fail('rake above the cap');
  if (rule.noFlopNoDrop && state.boards[0]!.length < 3 && result.rake !== 0n) fail('rake without a flop');
  const live = state.players.map((player) => player.contributed - player.dead);
  const deadTotal = sum(state.players.map((player) => player.dead));
  result.players.forEach((player, k) => {
    if (player.rake > player.contributed) fail(`seat ${player.seat}: bore more rake than put in`);
    const winnable = sum(live.map((other) => (other < live[k]! ? other : live[k]!))) + deadTotal;
    if (player.won > winnable) fail(`seat ${player.seat}: won ${player.won}, more than the ${winnable} their stake could win`);
    if (player.won > 0n && !inHand(state.players[k]!)) fail(`seat ${player.seat}: folded but won`);
  });
}
