/**
 * The stud and draw parts of the poker table page (issue 20): each seat's cards (up-cards face up,
 * down-cards as backs, the player's own down-cards face up and marked), the cards exchanged at each
 * draw, the fixed-limit betting bar (bring-in, complete, bet and raise of the fixed size), the draw
 * (choose 0..N cards, or stand pat) and a mixed table's current game. The decisions are in
 * poker-fixed-limit-view.ts; these components only draw them.
 */
import { useState } from 'react';
import { fill, formatMinor, useI18n } from '../i18n/index.tsx';
import {
  fixedButtons,
  mixedGameLine,
  seatCards,
  seatMucked,
  stageOf,
  toggleDiscard,
  type FixedButton,
  type FixedLegal,
  type FixedPrivate,
  type FixedPublic,
  type TableGame,
} from './poker-fixed-limit-view.ts';

type Messages = ReturnType<typeof useI18n>['m'];

/** "K hearts", "10 srdce": a card as it is read out. */
export function cardName(card: string, m: Messages): string {
  const rank = card[0] === 'T' ? '10' : card[0]!;
  return `${rank} ${m.poker.fixed.suits[card[1]!] ?? card[1]}`;
}

const suitSigns: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };

/** A card's face as drawn (the name is given by the element around it or by `label`). */
function Face({ card, down, label }: { card: string | null; down?: boolean; label?: string }) {
  if (card === null)
    return (
      <span className="card-face back" role="img" aria-label={label}>
        ?
      </span>
    );
  const red = card[1] === 'h' || card[1] === 'd';
  return (
    <span
      className={`card-face ${red ? 'red' : ''} ${down ? 'down' : ''}`}
      role={label === undefined ? undefined : 'img'}
      aria-label={label}
      aria-hidden={label === undefined ? true : undefined}
    >
      {card[0] === 'T' ? '10' : card[0]}
      {suitSigns[card[1]!]}
    </span>
  );
}

/** One seat's cards and, in a draw game, how many it exchanged at each draw (000-001:DECK-04, D-2025). */
export function FixedSeatCards(props: {
  seat: FixedPublic['seats'][number];
  family: FixedPublic['family'];
  own: FixedPrivate | null;
}) {
  const { m } = useI18n();
  const cards = seatCards(props.seat, props.own);
  return (
    <>
      {seatMucked(props.seat) && <p data-testid="seat-mucked">{m.poker.fixed.mucked}</p>}
      {(cards.length > 0 || !seatMucked(props.seat)) && (
        <div className="cards" role="group" aria-label={m.poker.fixed.cards} data-testid="seat-cards">
          {cards.map((c, k) =>
            c.card === null ? (
              <Face key={k} card={null} label={m.poker.fixed.back} />
            ) : (
              <Face
                key={k}
                card={c.card}
                down={!c.up}
                label={c.up ? cardName(c.card, m) : fill(m.poker.fixed.downOwn, { card: cardName(c.card, m) })}
              />
            ),
          )}
        </div>
      )}
      {props.family === 'draw' && (
        <p data-testid="seat-drawn">
          {props.seat.drawn.length ? fill(m.poker.fixed.drawn, { list: props.seat.drawn.join(', ') }) : m.poker.fixed.drawnNone}
        </p>
      )}
    </>
  );
}

/** The street, betting round or draw being played. */
export function FixedStage({ view }: { view: FixedPublic }) {
  const { m } = useI18n();
  const stage = stageOf(view);
  const text =
    stage.kind === 'over'
      ? m.poker.fixed.over
      : stage.kind === 'street'
        ? (m.poker.fixed.streets[stage.n] ?? fill(m.poker.fixed.round, { n: stage.n - 2 }))
        : fill(stage.kind === 'draw' ? m.poker.fixed.draw : m.poker.fixed.round, { n: stage.n });
  return (
    <p data-testid="poker-stage">
      <span className="visually-hidden">{m.poker.fixed.stageLabel}: </span>
      {`${view.gameName} · ${text}`}
    </p>
  );
}

/** The game in the top bar: the table's, and at a mixed table the one being dealt with its hand count (002:HORSE-02, 8GAME-05). */
export function GameLine({ game }: { game: TableGame | undefined }) {
  const { m } = useI18n();
  if (!game) return null;
  const mixed = mixedGameLine(game);
  const text =
    mixed === null
      ? fill(m.poker.fixed.game, { game: game.name })
      : mixed.current === null
        ? fill(m.poker.fixed.game, { game: mixed.mix })
        : fill(m.poker.fixed.mixedGame, { mix: mixed.mix, game: mixed.current }) +
          (mixed.hand !== null && mixed.hands !== null
            ? ` · ${fill(m.poker.fixed.mixedCounter, { hand: mixed.hand, hands: mixed.hands })}`
            : '') +
          (mixed.next !== null ? ` · ${fill(m.poker.fixed.nextGame, { game: mixed.next })}` : '');
  return <span data-testid="poker-game">{text}</span>;
}

/** A stud or draw betting decision: each legal move a button with its amount (fixed limit: no sizing). */
export function FixedActionBar(props: {
  legal: FixedLegal;
  view: FixedPublic;
  turn: number;
  currency: string;
  smallBetMinor: bigint | null;
  /** At a tournament the amounts are tournament chips, not money (D-2036). */
  formatAmount?: (minor: string) => string;
  onAct(button: FixedButton): void;
}) {
  const { m, lang } = useI18n();
  const money = props.formatAmount ?? ((minor: string) => formatMinor(minor, props.currency, lang));
  const label = (b: FixedButton): string => {
    const amount = b.amountMinor === null ? '' : money(b.amountMinor);
    switch (b.action) {
      case 'fold':
        return m.poker.fold;
      case 'check':
        return m.poker.check;
      case 'call':
        return fill(m.poker.call, { amount });
      case 'bring-in':
        return fill(m.poker.fixed.bringIn, { amount });
      case 'complete':
        return fill(m.poker.fixed.complete, { amount });
      case 'bet':
        return fill(m.poker.bet, { amount });
      case 'raise':
        return fill(m.poker.raise, { amount });
    }
  };
  return (
    <div className="poker-actions" role="group" aria-label={m.poker.yourActions} data-turn={props.turn}>
      <div className="row">
        {fixedButtons(props.legal, props.view, props.smallBetMinor).map((b) => (
          <button
            key={`${b.action}-${b.amountMinor}`}
            type="button"
            className={b.action === 'fold' ? 'secondary' : undefined}
            onClick={() => props.onAct(b)}
          >
            {label(b)}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The draw (002:DRAW5-03, TD27-01): the player's cards as toggle buttons, at most `discardMax` chosen,
 * then exchange them or stand pat. The choice starts empty at every draw (the parent keys it by turn).
 */
export function DrawControl(props: { mine: FixedPrivate; max: number; turn: number; onDraw(discard: number[]): void }) {
  const { m } = useI18n();
  const [selected, setSelected] = useState<number[]>([]);
  const [tooMany, setTooMany] = useState(false);
  return (
    <div className="poker-actions poker-draw" role="group" aria-label={m.poker.yourActions} data-turn={props.turn}>
      <h3>{m.poker.fixed.drawTitle}</h3>
      <p id="poker-draw-help" className="help">
        {fill(m.poker.fixed.drawHelp, { max: props.max })}
      </p>
      <div className="cards" data-testid="draw-cards">
        {props.mine.cards.map((c, k) => {
          const chosen = selected.includes(k);
          return (
            <button
              key={k}
              type="button"
              className={`card-toggle ${chosen ? 'chosen' : ''}`}
              aria-pressed={chosen}
              aria-describedby="poker-draw-help"
              onClick={() => {
                const next = toggleDiscard(selected, k, props.max);
                setTooMany(next === null);
                if (next !== null) setSelected(next);
              }}
            >
              <span className="visually-hidden">{cardName(c.card, m)}</span>
              <Face card={c.card} />
            </button>
          );
        })}
      </div>
      {tooMany && (
        <p className="error" role="alert">
          {fill(m.poker.fixed.drawTooMany, { max: props.max })}
        </p>
      )}
      <div className="row">
        <button type="button" disabled={selected.length === 0} onClick={() => props.onDraw(selected)}>
          {fill(m.poker.fixed.drawSubmit, { count: selected.length })}
        </button>
        <button type="button" className="secondary" onClick={() => props.onDraw([])}>
          {m.poker.fixed.standPat}
        </button>
      </div>
    </div>
  );
}

/** The cards the player received at each draw, which only he sees. */
export function DrawnCards({ mine }: { mine: FixedPrivate }) {
  const { m } = useI18n();
  const received = mine.drawnCards.flat();
  if (received.length === 0) return null;
  return (
    <p data-testid="my-drawn">{fill(m.poker.fixed.received, { cards: received.map((card) => cardName(card, m)).join(', ') })}</p>
  );
}
