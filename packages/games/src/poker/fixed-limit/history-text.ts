import { formatCards } from '../../cards/index.ts';
import type { Chips } from '../engine/types.ts';
import type { FixedLimitOperation, FixedLimitState } from './hand.ts';

/**
 * A stud or draw hand as PokerStars-style text (issue 20), the same layout as the community-card
 * games' `formatHandHistoryText`: header, seats, antes and blinds, "*** 3rd STREET ***" … or
 * "*** DEALING HANDS ***" and "*** FIRST DRAW ***" …, one line per action, "*** SHOW DOWN ***",
 * "collected … from pot", "*** SUMMARY ***". A view of the operation log, which is the record.
 * The server sees every card; a player of the hand his own down-cards, the up-cards, what was
 * shown and the hands mucked at the showdown (002:PK-SHOW-04, AMB-MUCK); an observer the up-cards
 * and what was shown (D-814's rule for the flop games, D-2050).
 */
export interface FixedLimitTextOptions {
  readonly handId: string;
  readonly names?: readonly string[];
  readonly formatAmount?: (chips: Chips) => string;
  readonly tableName?: string;
  readonly playedAt?: string;
  readonly viewer?: number | 'observer';
}

const drawTitles = ['FIRST DRAW', 'SECOND DRAW', 'THIRD DRAW'];

function studStreetTitles(streets: number): string[] {
  const first = streets === 5 ? 3 : 2;
  return Array.from({ length: streets }, (_, k) =>
    k === streets - 1 && streets === 5 ? 'RIVER' : `${ordinal(first + k)} STREET`,
  );
}

function ordinal(n: number): string {
  return `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
}

export function formatFixedLimitHistoryText(state: FixedLimitState, options: FixedLimitTextOptions): string {
  const amount = options.formatAmount ?? ((chips: Chips) => chips.toString());
  const name = (player: number): string => options.names?.[player] ?? `Player ${player + 1}`;
  const sees = (player: number): boolean => options.viewer === undefined || options.viewer === player;
  // A player of the hand (and the server) sees the hands that reached the showdown, mucked ones too (002:PK-SHOW-04).
  const seesMucked = options.viewer !== 'observer';
  const game = state.game;
  const { stakes } = state;
  const when = options.playedAt ? ` - ${options.playedAt}` : '';
  const lines = [
    `PokerStars Hand #${options.handId}: ${game.name} Limit (${amount(stakes.smallBet)}/${amount(stakes.bigBet)})${when}`,
    game.family === 'draw'
      ? `Table '${options.tableName ?? 'Table'}' ${state.players.length}-max Seat #${state.players.length} is the button`
      : `Table '${options.tableName ?? 'Table'}' ${state.players.length}-max`,
    ...state.players.map((player, k) => `Seat ${k + 1}: ${name(k)} (${amount(player.startingStack)} in chips)`),
  ];
  const titles = game.family === 'stud' ? studStreetTitles(game.streets.length) : [];
  let highest = 0n;
  let street = -1;
  let draw = 0;
  const dealt = new Map<number, { cards: string[]; up: boolean[] }>();
  for (const op of state.log as readonly FixedLimitOperation[]) {
    switch (op.kind) {
      case 'post':
        lines.push(
          op.dead > 0n
            ? `${name(op.player)}: posts small & big blinds ${amount(op.live + op.dead)}`
            : `${name(op.player)}: posts big blind ${amount(op.live)}`,
        );
        if (op.live > highest) highest = op.live;
        break;
      case 'ante':
        lines.push(`${name(op.player)}: posts the ante ${amount(op.amount)}`);
        break;
      case 'blind':
        lines.push(`${name(op.player)}: posts ${op.blind} blind ${amount(op.amount)}`);
        if (op.amount > highest) highest = op.amount;
        break;
      case 'deal': {
        if (op.street !== street) {
          street = op.street;
          if (game.family === 'stud') {
            lines.push(`*** ${titles[street]} ***`);
            if (street > 0) highest = 0n;
          } else lines.push('*** DEALING HANDS ***');
        }
        const before = dealt.get(op.player) ?? { cards: [], up: [] };
        const all = [...before.cards, ...op.cards.map((card) => formatCards([card]))];
        dealt.set(op.player, { cards: all, up: [...before.up, ...op.up] });
        if (game.family === 'draw' && !sees(op.player)) break;
        const visible = sees(op.player) ? op.cards : op.cards.filter((_, k) => op.up[k]);
        if (visible.length === 0) break;
        const earlier = before.cards.length > 0 ? `[${shownEarlier(before, sees(op.player))}] ` : '';
        lines.push(`Dealt to ${name(op.player)} ${earlier}[${formatCards(visible)}]`);
        break;
      }
      case 'community':
        lines.push(`*** ${titles[titles.length - 1]} ***`, `Dealt to the board [${formatCards([op.card])}] (community card)`);
        highest = 0n;
        break;
      case 'bring-in':
        lines.push(`${name(op.player)}: brings in for ${amount(op.amount)}`);
        highest = op.amount;
        break;
      case 'action': {
        const allIn = op.allIn ? ' and is all-in' : '';
        const text =
          op.action === 'fold'
            ? 'folds'
            : op.action === 'check'
              ? 'checks'
              : op.action === 'call'
                ? `calls ${amount(op.added)}`
                : op.action === 'complete'
                  ? `completes it to ${amount(op.to)}`
                  : op.action === 'bet'
                    ? `bets ${amount(op.to)}`
                    : `raises ${amount(op.to - highest)} to ${amount(op.to)}`;
        lines.push(`${name(op.player)}: ${text}${allIn}`);
        if (op.to > highest) highest = op.to;
        break;
      }
      case 'draw':
        if (op.draw !== draw) {
          draw = op.draw;
          lines.push(`*** ${drawTitles[draw - 1]} ***`);
          highest = 0n;
        }
        lines.push(
          op.discarded.length === 0
            ? `${name(op.player)}: stands pat`
            : `${name(op.player)}: discards ${op.discarded.length} card${op.discarded.length === 1 ? '' : 's'}${sees(op.player) ? ` [${formatCards(op.discarded)}]` : ''}`,
        );
        if (op.received.length > 0 && sees(op.player)) lines.push(`Dealt to ${name(op.player)} [${formatCards(op.received)}]`);
        break;
      case 'reshuffle':
        lines.push(`The ${op.cards} discards are shuffled to make a new stub`);
        break;
      case 'show':
        if (!lines.includes('*** SHOW DOWN ***')) lines.push('*** SHOW DOWN ***');
        lines.push(`${name(op.player)}: shows [${formatCards(op.cards)}] (${op.high}${op.low ? `; low: ${op.low}` : ''})`);
        break;
      case 'muck':
        if (!lines.includes('*** SHOW DOWN ***')) lines.push('*** SHOW DOWN ***');
        lines.push(`${name(op.player)}: mucks hand${seesMucked ? ` [${formatCards(op.cards)}]` : ''}`);
        break;
      case 'award':
        lines.push(
          `${name(op.player)} collected ${amount(op.amount)} from ${op.pot === 0 ? 'main pot' : `side pot-${op.pot}`}${op.half === 'whole' ? '' : ` (${op.half})`}`,
        );
        break;
    }
  }
  const total = state.players.reduce((sum, player) => sum + player.contributed, 0n);
  lines.push('*** SUMMARY ***', `Total pot ${amount(total)} | Rake 0`);
  const mucked = new Set(state.log.flatMap((op) => (op.kind === 'muck' ? [op.player] : [])));
  state.players.forEach((player, k) => {
    const result =
      player.status === 'folded'
        ? 'folded'
        : player.won > 0n
          ? `collected (${amount(player.won)})`
          : mucked.has(k)
            ? 'mucked'
            : 'lost';
    lines.push(`Seat ${k + 1}: ${name(k)} ${result}`);
  });
  return lines.join('\n') + '\n';
}

function shownEarlier(before: { cards: readonly string[]; up: readonly boolean[] }, all: boolean): string {
  return before.cards.filter((_, k) => all || before.up[k]).join(' ');
}
