import { formatCards } from '../../cards/index.ts';
import { inHand } from './draft.ts';
import type { Chips, HandState, Operation, PlayerState } from './types.ts';

/**
 * The hand as text in the layout most poker tools read (PokerStars-like): header, seats, posts,
 * "*** HOLE CARDS ***", one line per action ("raises 4 to 6"), the streets with the board,
 * "*** SHOW DOWN ***", "collected … from pot", "*** SUMMARY ***". It is a view of the operation log;
 * the JSON history (history.ts) is the record.
 *
 * Who reads it decides which hole cards it shows (002:PK-SHOW-04, AMB-MUCK; decision D-814): the
 * server (default) sees every card; a player of the hand sees their own cards and every hand that
 * reached the showdown, mucked ones included; an observer sees only hands shown at the showdown.
 */
export interface TextHistoryOptions {
  /** Chips to text, e.g. minor units as "1.50"; default the integer. */
  readonly formatAmount?: (chips: Chips) => string;
  readonly tableName?: string;
  /** When the hand was played, as the table wants it printed (the engine has no clock). */
  readonly playedAt?: string;
  /** A seat of the hand, or 'observer'; absent = the server's full view. */
  readonly viewer?: number | 'observer';
}

const streetTitles = ['HOLE CARDS', 'FLOP', 'TURN', 'RIVER'];
const streetNames = ['Flop', 'Flop', 'Turn', 'River'];
const runNames = ['FIRST', 'SECOND', 'THIRD', 'FOURTH'];
const runCounts = ['once', 'twice', 'three times', 'four times'];

interface View {
  readonly state: HandState;
  readonly amount: (chips: Chips) => string;
  readonly name: (seat: number) => string;
  readonly sees: (seat: number, atShowdown: 'shown' | 'mucked' | 'dealt') => boolean;
}

function viewOf(state: HandState, options: TextHistoryOptions): View {
  const viewer = options.viewer;
  return {
    state,
    amount: options.formatAmount ?? ((chips: Chips) => chips.toString()),
    name: (seat) => state.players.find((player) => player.seat === seat)?.name ?? `Seat ${seat}`,
    sees: (seat, how) => {
      if (viewer === undefined || how === 'shown' || viewer === seat) return true;
      return how === 'mucked' && viewer !== 'observer' && state.players.some((player) => player.seat === viewer);
    },
  };
}

export function formatHandHistoryText(state: HandState, options: TextHistoryOptions = {}): string {
  const view = viewOf(state, options);
  const lines = header(view, options);
  let highest = 0n;
  let awardRun = -1;
  for (const operation of state.operations) {
    if (operation.kind === 'hole-dealt' && !lines.includes('*** HOLE CARDS ***')) lines.push('*** HOLE CARDS ***');
    if (
      (operation.kind === 'hand-shown' || operation.kind === 'hand-mucked') &&
      !lines.some((line) => line.endsWith('SHOW DOWN ***'))
    ) {
      lines.push(state.boards.length > 1 ? `*** ${runNames[0]} SHOW DOWN ***` : '*** SHOW DOWN ***');
    }
    if (operation.kind === 'pot-awarded' && state.boards.length > 1 && operation.run !== awardRun) {
      awardRun = operation.run;
      if (awardRun > 0) lines.push(`*** ${runNames[awardRun]} SHOW DOWN ***`);
    }
    if (operation.kind === 'board-dealt') highest = 0n;
    // The bet this operation faced: a raise is printed as its size over it, then its total.
    lines.push(...describe(operation, view, highest));
    if (operation.kind === 'blind-posted' && operation.live > highest) highest = operation.live;
    if (operation.kind === 'action' && operation.betAfter > highest) highest = operation.betAfter;
  }
  lines.push(...summary(view));
  return lines.join('\n') + '\n';
}

function header(view: View, options: TextHistoryOptions): string[] {
  const { config } = view.state;
  const when = options.playedAt ? ` - ${options.playedAt}` : '';
  const lines = [
    `PokerStars Hand #${config.handId}: ${config.variant.name} (${view.amount(config.stakes.smallBlind)}/${view.amount(config.stakes.bigBlind)})${when}`,
    `Table '${options.tableName ?? 'Table'}' ${config.seatCount}-max Seat #${config.buttonSeat} is the button`,
  ];
  for (const player of view.state.players)
    lines.push(`Seat ${player.seat}: ${player.name} (${view.amount(player.startingStack)} in chips)`);
  return lines;
}

function describe(operation: Operation, view: View, faced: Chips): string[] {
  const { name, amount, state } = view;
  const allIn = (flag: boolean): string => (flag ? ' and is all-in' : '');
  switch (operation.kind) {
    case 'ante-posted':
      return [`${name(operation.seat)}: posts the ante ${amount(operation.amount)}${allIn(operation.allIn)}`];
    case 'blind-posted':
      return [`${name(operation.seat)}: ${postText(operation, amount)}${allIn(operation.allIn)}`];
    case 'hole-dealt':
      return view.sees(operation.seat, 'dealt') ? [`Dealt to ${name(operation.seat)} [${formatCards(operation.cards)}]`] : [];
    case 'board-dealt':
      return [boardLine(state, operation.run, operation.street)];
    case 'action': {
      const line = `${name(operation.seat)}: ${actionText(operation, amount, faced)}${allIn(operation.allIn)}`;
      return operation.timedOut ? [`${name(operation.seat)} has timed out`, line] : [line];
    }
    case 'bet-returned':
      return [`Uncalled bet (${amount(operation.amount)}) returned to ${name(operation.seat)}`];
    case 'run-count-chosen':
      return [`${name(operation.seat)}: chooses to run it ${runCounts[operation.count - 1]}`];
    case 'runs-agreed':
      return operation.count > 1 ? [`Players agreed to run it ${runCounts[operation.count - 1]}`] : [];
    case 'hand-shown':
      return [`${name(operation.seat)}: shows [${formatCards(operation.cards)}] (${shownHands(operation)})`];
    case 'hand-mucked':
      return [`${name(operation.seat)}: mucks hand`];
    case 'pot-awarded':
      return [`${name(operation.seat)} collected ${amount(operation.amount)} from ${potName(state, operation.pot)}`];
    case 'hand-voided':
      return [
        `Hand cancelled: ${operation.refunds.map((refund) => `${amount(refund.amount)} returned to ${name(refund.seat)}`).join(', ')}`,
      ];
    default:
      return [];
  }
}

function shownHands(operation: Extract<Operation, { kind: 'hand-shown' }>): string {
  const high = operation.high.join('; ');
  return operation.low ? `HI: ${high}; LO: ${operation.low.map((low) => low ?? 'no low').join('; ')}` : high;
}

function potName(state: HandState, pot: number): string {
  if (state.pots.length <= 1) return 'pot';
  return pot === 0 ? 'main pot' : `side pot-${pot}`;
}

function postText(operation: Extract<Operation, { kind: 'blind-posted' }>, amount: (chips: Chips) => string): string {
  if (operation.blind === 'small') return `posts small blind ${amount(operation.live)}`;
  if (operation.blind === 'big') return `posts big blind ${amount(operation.live)}`;
  if (operation.blind === 'straddle') return `posts straddle ${amount(operation.live)}`;
  if (operation.dead > 0n) return `posts small & big blinds ${amount(operation.live + operation.dead)}`;
  return `posts big blind ${amount(operation.live)}`;
}

function actionText(operation: Extract<Operation, { kind: 'action' }>, amount: (chips: Chips) => string, faced: Chips): string {
  switch (operation.action) {
    case 'fold':
      return 'folds';
    case 'check':
      return 'checks';
    case 'call':
      return `calls ${amount(operation.added)}`;
    case 'bet':
      return `bets ${amount(operation.added)}`;
    case 'raise':
      return `raises ${amount(operation.betAfter - faced)} to ${amount(operation.betAfter)}`;
  }
}

function boardLine(state: HandState, run: number, street: number): string {
  const board = state.boards[run] ?? [];
  const dealtBefore = state.config.variant.streets.slice(0, street).reduce((sum, plan) => sum + plan.boardCardCount, 0);
  const count = state.config.variant.streets[street]!.boardCardCount;
  // Courchevel's first flop card comes with the hole cards (002 CV-02).
  const streetTitle = street === 0 ? 'FIRST FLOP CARD' : streetTitles[street];
  const title = state.boards.length > 1 ? `${runNames[run]} ${streetTitle}` : streetTitle;
  const before = board.slice(0, dealtBefore);
  const dealt = board.slice(dealtBefore, dealtBefore + count);
  return before.length === 0
    ? `*** ${title} *** [${formatCards(dealt)}]`
    : `*** ${title} *** [${formatCards(before)}] [${formatCards(dealt)}]`;
}

function summary(view: View): string[] {
  const { state, amount } = view;
  const lines = ['*** SUMMARY ***'];
  const result = state.result;
  if (!result) return [...lines, 'Hand in progress'];
  const pots =
    state.pots.length > 1
      ? ` Main pot ${amount(state.pots[0]!.amount)}.${state.pots
          .slice(1)
          .map((pot, k) => ` Side pot-${k + 1} ${amount(pot.amount)}.`)
          .join('')}`
      : '';
  lines.push(`Total pot ${amount(result.potTotal)}${pots} | Rake ${amount(result.rake)}`);
  if (state.boards.length > 1) lines.push(`Hand was run ${runCounts[state.boards.length - 1]}`);
  state.boards.forEach((board, run) => {
    if (board.length > 0) lines.push(`${state.boards.length > 1 ? `${runNames[run]} ` : ''}Board [${formatCards(board)}]`);
  });
  for (const player of state.players)
    lines.push(`Seat ${player.seat}: ${player.name}${roleOf(state, player.seat)} ${seatOutcome(view, player)}`);
  const borne = result.players.filter((player) => player.rake > 0n);
  if (borne.length > 0) lines.push(`Rake borne: ${borne.map((player) => `${player.name} ${amount(player.rake)}`).join(', ')}`);
  return lines;
}

function roleOf(state: HandState, seat: number): string {
  const { buttonSeat, blinds } = state.config;
  if (seat === buttonSeat) return ' (button)';
  if (seat === blinds.smallBlindSeat) return ' (small blind)';
  if (seat === blinds.bigBlindSeat) return ' (big blind)';
  return '';
}

/** "showed [As Ad] and won (34) with …", "folded on the Turn", "mucked [Kd Qc]", "collected (6)". */
function seatOutcome(view: View, player: PlayerState): string {
  const { state, amount } = view;
  const result = state.result!.players.find((entry) => entry.seat === player.seat)!;
  const won = result.won > 0n ? ` and won (${amount(result.won)})` : ' and lost';
  const shown = state.operations.find(
    (op): op is Extract<Operation, { kind: 'hand-shown' }> => op.kind === 'hand-shown' && op.seat === player.seat,
  );
  if (shown) return `showed [${formatCards(shown.cards)}]${won} with ${shownHands(shown)}`;
  if (player.showdown === 'mucked') return view.sees(player.seat, 'mucked') ? `mucked [${formatCards(player.hole)}]` : 'mucked';
  if (inHand(player)) return result.won > 0n ? `collected (${amount(result.won)})` : 'did not win';
  const folded = state.operations.findIndex((op) => op.kind === 'action' && op.action === 'fold' && op.seat === player.seat);
  const street = state.operations.slice(0, folded).filter((op) => op.kind === 'board-dealt' && op.run === 0).length;
  const where = street === 0 ? 'before Flop' : `on the ${streetNames[Math.min(street, 3)]}`;
  return `folded ${where}${player.contributed === 0n ? " (didn't bet)" : ''}`;
}
