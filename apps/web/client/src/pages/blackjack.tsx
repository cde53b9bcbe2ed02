import { useEffect, useRef, useState } from 'react';
import { games } from '../api.ts';
import { ConfirmDialog } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatMinor, useI18n } from '../i18n/index.tsx';
import { parseCrowns } from '../validation.ts';
import { handTotal } from './blackjack-total.ts';
import { TableFrame, useActionError, useBalance, useCountdown, useTable } from './table.tsx';

interface Hand {
  cards: Array<string | null>;
  status: string;
  stakeMinor: string;
  doubleStakeMinor: string;
}
/** An insurance or even-money offer as the engine's view gives it (packages/games, SideDecision). */
type SideDecision = 'not-offered' | 'pending' | 'taken' | 'declined';
interface Box {
  seat: number;
  hands: Hand[];
  insurance: SideDecision;
  evenMoney: SideDecision;
  acted: boolean;
  warningsEnabled: boolean;
}
interface View {
  phase: string;
  boxes: Box[];
  dealerCards: Array<string | null>;
  turn: { seat: number; hand: number } | null;
  settlements: Array<{ seat: number; stakedMinor: string; returnedMinor: string }> | null;
}

const suits: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };
const suitNames: Record<string, string> = { s: 'spades', h: 'hearts', d: 'diamonds', c: 'clubs' };

export function Card({ card }: { card: string | null }) {
  if (!card)
    return (
      <span className="card-face back" aria-label="?">
        ?
      </span>
    );
  const rank = card[0] === 'T' ? '10' : card[0]!;
  const suit = card[1]!;
  return (
    <span className={`card-face ${suit === 'h' || suit === 'd' ? 'red' : ''}`} aria-label={`${rank} ${suitNames[suit]}`}>
      {rank}
      {suits[suit]}
    </span>
  );
}

/**
 * A blackjack table (004:GAM-B, GAM-BJ): boxes, the stake, insurance and even money, hit, stand,
 * double, split and surrender, the warnings and their reconfirmation (004:GAM-B-17, T-111), and the
 * temporary table after a lost connection (004:TEC-03), over the game service's WebSocket.
 */
export function BlackjackPage({ tableId }: { tableId: string }) {
  const { m, lang } = useI18n();
  const { data: table } = useLoad(
    async () => (await games.GET('/v1/tables/{tableId}', { params: { path: { tableId } } })).data,
    [tableId],
  );
  const { round, settled, seat, act, sit, leave, temporaryTables } = useTable(tableId);
  const { balance, refresh } = useBalance();
  const [stake, setStake] = useState('100');
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<{ action: string; warnings: string[] } | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const explain = useActionError();
  const seen = useRef(new Set<string>());
  const view = round?.view as View | null | undefined;
  const seconds = useCountdown(round?.deadlineAt);

  useEffect(() => {
    if (!settled || seen.current.has(settled.roundId)) return;
    seen.current.add(settled.roundId);
    const mine = (settled.view as View | null)?.settlements?.find((s) => s.seat === seat);
    if (mine)
      setOutcome(
        BigInt(mine.returnedMinor) > 0n
          ? fill(m.table.win, { amount: formatMinor(mine.returnedMinor, 'CZK', lang) })
          : m.table.lose,
      );
    void refresh();
  }, [settled, seat, refresh, m, lang]);

  const send = async (action: Record<string, unknown>) => {
    if (!round) return;
    setError(null);
    const answer = await act(round.roundId, action);
    if (!answer.ok) return setError(explain(answer.problem));
    // 004:GAM-B-17: a questioned decision is not applied until it is sent again, reconfirmed.
    if (answer.result?.needsReconfirmation) setWarning({ action: String(action.kind), warnings: answer.result.warnings ?? [] });
    void refresh();
  };

  const bet = async () => {
    const amount = parseCrowns(stake);
    if (!amount) return setError(m.register.errors.amount);
    setOutcome(null);
    await send({ kind: 'place-bet', stake: { amount, currency: 'CZK' }, confirm: true });
  };

  const displayView = view ?? (settled?.view as View | null | undefined);
  const myBox = displayView?.boxes.find((b) => b.seat === seat);
  const myTurn = round?.phase === 'player-turns' && view?.turn?.seat === seat && seat !== null;
  // An offer still to be answered is 'pending' in the view (there is no 'offered' state).
  const evenMoneyOffered = myBox?.evenMoney === 'pending';
  const insuranceOffered = round?.phase === 'insurance' && myBox && (myBox.insurance === 'pending' || evenMoneyOffered);
  const status =
    round?.phase === 'betting'
      ? fill(m.table.countdown, { seconds: seconds ?? 0 })
      : myTurn
        ? m.table.yourTurn
        : round?.phase === 'settled'
          ? m.table.waiting
          : m.table.closed;
  const hand = myTurn ? myBox?.hands[view!.turn!.hand] : undefined;

  return (
    <TableFrame
      title={table?.name ?? m.lobby.blackjack}
      seat={seat}
      balance={balance}
      status={<span data-testid="round-status">{status}</span>}
      onSit={() => void sit().then(({ error: problem }) => problem && setError(explain(problem as never)))}
      onLeave={() => void leave()}
      error={error}
    >
      {temporaryTables.length > 0 && (
        <p className="notice info">
          {m.table.temporaryTable}{' '}
          <button
            type="button"
            onClick={() =>
              void games.POST('/v1/me/temporary-tables/{roundId}/resume', { params: { path: { roundId: temporaryTables[0]! } } })
            }
          >
            {m.table.resume}
          </button>
        </p>
      )}
      {outcome && (
        <p className="result" role="status" data-testid="blackjack-result">
          {outcome}
        </p>
      )}
      <h2>{m.table.dealer}</h2>
      <div className="cards" data-testid="dealer-cards">
        {displayView?.dealerCards.map((card, k) => (
          <Card key={k} card={card} />
        ))}
      </div>
      <div className="boxes">
        {displayView?.boxes.map((box) => (
          <div
            key={box.seat}
            className={`box ${box.seat === seat ? 'mine' : ''}`}
            data-testid={box.seat === seat ? 'my-box' : undefined}
          >
            <h3>{box.seat === seat ? m.table.yourBox : fill(m.table.box, { seat: box.seat })}</h3>
            {box.hands.map((h, k) => (
              <div key={k}>
                <div className="cards">
                  {h.cards.map((card, c) => (
                    <Card key={c} card={card} />
                  ))}
                </div>
                <p>{fill(m.table.total, { total: handTotal(h.cards).total })}</p>
              </div>
            ))}
          </div>
        ))}
      </div>
      {round?.phase === 'betting' && seat !== null && !myBox && (
        <div className="row">
          <label htmlFor="bj-stake">{m.table.stake}</label>
          <input id="bj-stake" value={stake} onChange={(e) => setStake(e.target.value)} inputMode="decimal" size={6} />
          <button type="button" onClick={() => void bet()}>
            {m.table.placeBet}
          </button>
        </div>
      )}
      {insuranceOffered && (
        <div className="row" role="group" aria-label={evenMoneyOffered ? m.table.evenMoney : m.table.insurance}>
          <span>{evenMoneyOffered ? m.table.evenMoney : m.table.insurance}</span>
          <button type="button" onClick={() => void send({ kind: evenMoneyOffered ? 'even-money' : 'insurance', take: true })}>
            {m.table.insuranceYes}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => void send({ kind: evenMoneyOffered ? 'even-money' : 'insurance', take: false })}
          >
            {m.table.insuranceNo}
          </button>
        </div>
      )}
      {myTurn && hand && (
        <div className="row" role="group" aria-label={m.table.yourTurn}>
          <button type="button" onClick={() => void send({ kind: 'hit' })}>
            {m.table.hit}
          </button>
          <button type="button" onClick={() => void send({ kind: 'stand' })}>
            {m.table.stand}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={hand.cards.length !== 2}
            onClick={() => void send({ kind: 'double' })}
          >
            {m.table.double}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={hand.cards.length !== 2 || hand.cards[0]?.[0] !== hand.cards[1]?.[0]}
            onClick={() => void send({ kind: 'split' })}
          >
            {m.table.split}
          </button>
          <button type="button" className="secondary" disabled={myBox?.acted} onClick={() => void send({ kind: 'surrender' })}>
            {m.table.surrender}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={warning !== null}
        text={fill(m.table.warning, { warnings: (warning?.warnings ?? []).map((w) => m.table.warningNames[w] ?? w).join(', ') })}
        yes={m.table.reconfirm}
        no={m.app.panicNo}
        onYes={() => {
          const action = warning!.action;
          setWarning(null);
          void send({ kind: action, reconfirmed: true });
        }}
        onNo={() => setWarning(null)}
      />
    </TableFrame>
  );
}
