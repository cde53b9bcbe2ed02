import { useEffect, useRef, useState } from 'react';
import { games } from '../api.ts';
import { useLoad } from '../hooks.ts';
import { fill, formatMinor, useI18n } from '../i18n/index.tsx';
import { TableFrame, useActionError, useBalance, useCountdown, useTable } from './table.tsx';

type Bet =
  | { kind: 'inside'; numbers: number[]; stake: { amount: string; currency: 'CZK' } }
  | { kind: 'outside'; position: string; stake: { amount: string; currency: 'CZK' } }
  | { kind: 'neighbours'; centre: number; perSide: number; chip: { amount: string; currency: 'CZK' } }
  | { kind: 'announced'; name: string; chip: { amount: string; currency: 'CZK' } };

const reds = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const colour = (n: number) => (n === 0 ? 'green' : reds.has(n) ? 'red' : 'black');
const chipsCzk = ['10', '50', '100', '500'];
const outside = [
  'red',
  'black',
  'even',
  'odd',
  'low',
  'high',
  'dozen-1',
  'dozen-2',
  'dozen-3',
  'column-1',
  'column-2',
  'column-3',
];
const racetrack = ['voisins-du-zero', 'tiers-du-cylindre', 'orphelins-en-plein'];
/** The layout's rows as a player sees it: 3, 6, … 36 on top. */
const numbersByRow = [3, 2, 1].flatMap((row) => Array.from({ length: 12 }, (_, k) => k * 3 + row));

const keyOf = (bet: Bet) =>
  bet.kind === 'inside'
    ? `n${bet.numbers.join('-')}`
    : bet.kind === 'outside'
      ? bet.position
      : bet.kind === 'announced'
        ? bet.name
        : `nb${bet.centre}`;
const stakeOf = (bet: Bet): bigint => {
  const amount = bet.kind === 'inside' || bet.kind === 'outside' ? bet.stake.amount : bet.chip.amount;
  return BigInt(amount.replace('.', ''));
};

/**
 * A roulette table (004:GAM-R, GAM-RE): the layout's inside and outside bets and the racetrack,
 * chips, undo, clear, rebet, "Potvrdit sázky" (GAM-R-07), the betting countdown, the result and the
 * history, over the game service's WebSocket.
 */
export function RoulettePage({ tableId }: { tableId: string }) {
  const { m, lang } = useI18n();
  const { data: table } = useLoad(
    async () => (await games.GET('/v1/tables/{tableId}', { params: { path: { tableId } } })).data,
    [tableId],
  );
  const { round, settled, seat, act, sit, leave } = useTable(tableId);
  const { balance, refresh } = useBalance();
  const [chip, setChip] = useState('10');
  const [bets, setBets] = useState<Bet[]>([]);
  const [lastConfirmed, setLastConfirmed] = useState<Bet[]>([]);
  const [history, setHistory] = useState<number[]>([]);
  const [result, setResult] = useState<{ pockets: number[]; returnedMinor: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const explain = useActionError();
  const seen = useRef(new Set<string>());
  const seconds = useCountdown(round?.phase === 'betting' ? round.deadlineAt : null);

  // A settled round: its pockets join the history and my return is shown; the balance is read again.
  useEffect(() => {
    if (!settled || seen.current.has(settled.roundId)) return;
    seen.current.add(settled.roundId);
    const view = settled.view as {
      pockets: number[] | null;
      settlements: Array<{ seat: number; returnedMinor: string }> | null;
    } | null;
    const pockets = view?.pockets ?? [];
    const mine = view?.settlements?.find((s) => s.seat === seat);
    setResult({ pockets, returnedMinor: mine ? mine.returnedMinor : null });
    setHistory((h) => [...pockets, ...h].slice(0, 12));
    void refresh();
  }, [settled, seat, refresh]);

  const money = (czk: string) => ({ amount: `${czk}.00`, currency: 'CZK' as const });
  const add = (bet: Bet) => {
    setError(null);
    setBets((b) => [...b, bet]);
  };
  const confirmed = (
    (round?.view as { seats?: Array<{ seat: number; confirmed: Array<{ stakeMinor: string }> }> } | null)?.seats ?? []
  )
    .find((s) => s.seat === seat)
    ?.confirmed.reduce((sum, b) => sum + BigInt(b.stakeMinor), 0n);

  const confirm = async () => {
    if (!round || bets.length === 0) return;
    const answer = await act(round.roundId, { kind: 'place-bets', bets, confirm: true });
    if (!answer.ok) return setError(explain(answer.problem));
    setLastConfirmed(bets);
    setBets([]);
    void refresh();
  };
  const clear = async () => {
    setBets([]);
    if (round?.phase === 'betting') await act(round.roundId, { kind: 'clear-bets' });
  };

  const pending = bets.reduce((sum, b) => sum + stakeOf(b), 0n);
  const staked = new Set(bets.map(keyOf));
  const status =
    round?.phase === 'betting' && seconds !== null
      ? fill(m.table.countdown, { seconds })
      : round?.phase === 'closed'
        ? m.table.closed
        : m.table.waiting;
  const canBet = seat !== null && round?.phase === 'betting';
  const spot = (label: string, bet: Bet, className = '') => (
    <button
      key={keyOf(bet)}
      type="button"
      className={className}
      data-staked={staked.has(keyOf(bet)) || undefined}
      disabled={!canBet}
      onClick={() => add(bet)}
      aria-label={`${label}, ${m.table.chip} ${chip} Kč`}
    >
      {label}
    </button>
  );

  return (
    <TableFrame
      title={table?.name ?? m.lobby.roulette}
      seat={seat}
      balance={balance}
      status={<span data-testid="round-status">{status}</span>}
      onSit={() => void sit().then(({ error: problem }) => problem && setError(explain(problem as never)))}
      onLeave={() => void leave()}
      error={error}
    >
      {result && (
        <p className="result" role="status" data-testid="roulette-result">
          {fill(m.table.result, { result: result.pockets.join(', ') })} ·{' '}
          {result.returnedMinor === null
            ? ''
            : BigInt(result.returnedMinor) > 0n
              ? fill(m.table.win, { amount: formatMinor(result.returnedMinor, 'CZK', lang) })
              : m.table.lose}
        </p>
      )}
      <h2>{m.table.history}</h2>
      <ol className="history" data-testid="roulette-history" aria-label={m.table.history}>
        {history.map((n, k) => (
          <li key={k} className={colour(n)}>
            {n}
          </li>
        ))}
      </ol>
      <div className="chips" role="group" aria-label={m.table.chip}>
        {chipsCzk.map((value) => (
          <button key={value} type="button" aria-pressed={chip === value} onClick={() => setChip(value)}>
            {value} Kč
          </button>
        ))}
      </div>
      <h2>{m.table.inside}</h2>
      <div className="layout">
        {spot('0', { kind: 'inside', numbers: [0], stake: money(chip) }, 'zero')}
        {numbersByRow.map((n) => spot(String(n), { kind: 'inside', numbers: [n], stake: money(chip) }, colour(n)))}
      </div>
      <h2>{m.table.outside}</h2>
      <div className="outside">
        {outside.map((position) =>
          spot(m.table.positions[position] ?? position, { kind: 'outside', position, stake: money(chip) }),
        )}
      </div>
      <h2>{m.table.racetrack}</h2>
      <div className="racetrack">
        {racetrack.map((name) => spot(m.table.positions[name] ?? name, { kind: 'announced', name, chip: money(chip) }))}
        {spot(`${m.table.neighbours} 0 ±2`, { kind: 'neighbours', centre: 0, perSide: 2, chip: money(chip) })}
      </div>
      <p data-testid="pending-bets">{fill(m.table.pendingBets, { amount: formatMinor(pending, 'CZK', lang) })}</p>
      <p data-testid="confirmed-bets">{fill(m.table.confirmedBets, { amount: formatMinor(confirmed ?? 0n, 'CZK', lang) })}</p>
      <div className="row">
        <button type="button" className="secondary" disabled={bets.length === 0} onClick={() => setBets((b) => b.slice(0, -1))}>
          {m.table.undo}
        </button>
        <button type="button" className="secondary" disabled={!canBet} onClick={() => void clear()}>
          {m.table.clear}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!canBet || lastConfirmed.length === 0}
          onClick={() => setBets(lastConfirmed)}
        >
          {m.table.rebet}
        </button>
        <button type="button" disabled={!canBet || bets.length === 0} onClick={() => void confirm()}>
          {m.table.confirm}
        </button>
      </div>
    </TableFrame>
  );
}
