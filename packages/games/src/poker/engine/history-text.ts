import { formatCards } from '../../cards/index.ts';
import type { Chips, HandState, Operation } from './types.ts';

/**
 * The hand as text in the layout most poker tools read (PokerStars-like): header, seats, posts,
 * "*** HOLE CARDS ***", one line per action ("raises 4 to 6"), streets with the board, showdown,
 * "collected", summary. It is a view of the operation log; the JSON history is the record.
 * Server-side, so every player's hole cards are listed.
 */
export interface TextHistoryOptions {
  /** Chips to text, e.g. minor units as "1.50"; default the integer. */
  readonly formatAmount?: (chips: Chips) => string;
  readonly tableName?: string;
}

const streetTitles = ['HOLE CARDS', 'FLOP', 'TURN', 'RIVER'];
const runNames = ['FIRST', 'SECOND', 'THIRD', 'FOURTH'];

export function formatHandHistoryText(state: HandState, options: TextHistoryOptions = {}): string {
  const amount = options.formatAmount ?? ((chips: Chips) => chips.toString());
  const name = (seat: number): string => state.players.find((player) => player.seat === seat)?.name ?? `Seat ${seat}`;
  const lines = header(state, amount, options.tableName ?? 'Table');
  let highest = 0n;
  for (const operation of state.operations) {
    if (operation.kind === 'hole-dealt' && !lines.includes('*** HOLE CARDS ***')) lines.push('*** HOLE CARDS ***');
    if ((operation.kind === 'hand-shown' || operation.kind === 'hand-mucked') && !lines.includes('*** SHOW DOWN ***')) lines.push('*** SHOW DOWN ***');
    if (operation.kind === 'board-dealt') highest = 0n;
    // The bet this operation faced: a raise is printed as its size over it, then its total.
    const line = describe(operation, state, name, amount, highest);
    if (line) lines.push(line);
    if (operation.kind === 'blind-posted' && operation.live > highest) highest = operation.live;
    if (operation.kind === 'action' && operation.betAfter > highest) highest = operation.betAfter;
  }
  lines.push(...summary(state, amount));
  return lines.join('\n') + '\n';
}

function header(state: HandState, amount: (chips: Chips) => string, tableName: string): string[] {
  const { config } = state;
  const lines = [
    `PokerStars Hand #${config.handId}: ${config.variant.name} (${amount(config.stakes.smallBlind)}/${amount(config.stakes.bigBlind)})`,
    `Table '${tableName}' ${config.seatCount}-max Seat #${config.buttonSeat} is the button`,
  ];
  for (const player of state.players) lines.push(`Seat ${player.seat}: ${player.name} (${amount(player.startingStack)} in chips)`);
  return lines;
}

function describe(operation: Operation, state: HandState, name: (seat: number) => string, amount: (chips: Chips) => string, faced: Chips): string | null {
  const runCount = state.boards.length;
  const allIn = (flag: boolean): string => (flag ? ' and is all-in' : '');
  switch (operation.kind) {
    case 'ante-posted':
      return `${name(operation.seat)}: posts the ante ${amount(operation.amount)}${allIn(operation.allIn)}`;
    case 'blind-posted':
      return `${name(operation.seat)}: ${postText(operation, amount)}${allIn(operation.allIn)}`;
    case 'hole-dealt':
      return `Dealt to ${name(operation.seat)} [${formatCards(operation.cards)}]`;
    case 'board-dealt':
      return boardLine(state, operation.run, operation.street, runCount);
    case 'action':
      return `${name(operation.seat)}: ${actionText(operation, amount, faced)}${allIn(operation.allIn)}${operation.timedOut ? ' (timed out)' : ''}`;
    case 'bet-returned':
      return `Uncalled bet (${amount(operation.amount)}) returned to ${name(operation.seat)}`;
    case 'run-count-chosen':
      return `${name(operation.seat)}: chooses to run it ${operation.count} time(s)`;
    case 'runs-agreed':
      return `Players agreed to run it ${operation.count} time(s)`;
    case 'hand-shown':
      return `${name(operation.seat)}: shows [${formatCards(operation.cards)}] (${operation.high.join('; ')}${operation.low ? ` - low: ${operation.low.map((low) => low ?? 'none').join('; ')}` : ''})`;
    case 'hand-mucked':
      return `${name(operation.seat)}: mucks hand`;
    case 'pot-awarded':
      return `${name(operation.seat)} collected ${amount(operation.amount)} from ${operation.pot === 0 ? 'main pot' : `side pot-${operation.pot}`}${operation.half === 'whole' ? '' : ` (${operation.half})`}${runCount > 1 ? ` (run ${operation.run + 1})` : ''}`;
    case 'hand-voided':
      return `Hand cancelled: ${operation.refunds.map((refund) => `${amount(refund.amount)} returned to ${name(refund.seat)}`).join(', ')}`;
    default:
      return null;
  }
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

function boardLine(state: HandState, run: number, street: number, runCount: number): string {
  const board = state.boards[run] ?? [];
  const dealtBefore = state.config.variant.streets.slice(0, street).reduce((sum, plan) => sum + plan.boardCardCount, 0);
  const count = state.config.variant.streets[street]!.boardCardCount;
  const title = runCount > 1 ? `${runNames[run]} ${streetTitles[street]}` : streetTitles[street];
  const before = board.slice(0, dealtBefore);
  const dealt = board.slice(dealtBefore, dealtBefore + count);
  return before.length === 0 ? `*** ${title} *** [${formatCards(dealt)}]` : `*** ${title} *** [${formatCards(before)}] [${formatCards(dealt)}]`;
}

function summary(state: HandState, amount: (chips: Chips) => string): string[] {
  const lines = ['*** SUMMARY ***'];
  const result = state.result;
  if (!result) return [...lines, 'Hand in progress'];
  lines.push(`Total pot ${amount(result.potTotal)} | Rake ${amount(result.rake)}`);
  state.boards.forEach((board, run) => {
    const title = state.boards.length > 1 ? `${runNames[run]![0]}${runNames[run]!.slice(1).toLowerCase()} board` : 'Board';
    if (board.length > 0) lines.push(`${title} [${formatCards(board)}]`);
  });
  for (const player of result.players) {
    const role = player.seat === state.config.buttonSeat ? ' (button)' : '';
    const outcome = player.won > 0n ? `won (${amount(player.won)})` : player.contributed > 0n ? `lost ${amount(player.contributed)}` : 'did not bet';
    lines.push(`Seat ${player.seat}: ${player.name}${role} ${outcome}${player.rake > 0n ? `, rake ${amount(player.rake)}` : ''}`);
  }
  return lines;
}
