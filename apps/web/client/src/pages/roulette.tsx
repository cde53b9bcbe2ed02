import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { games } from '../api.ts';
import { useLoad } from '../hooks.ts';
import { fill, formatMinor, useI18n } from '../i18n/index.tsx';
import { layoutMatrix, moveFrom, type Spot } from './roulette-layout.ts';
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
/** The racetrack's special bets every variant offers (004:GAM-RE-06). */
const racetrack = ['voisins-du-zero', 'tiers-du-cylindre', 'orphelins-en-plein'];
/** French roulette offers every announced bet (004 §3.13.3; packages/games roulette/variants.ts). */
const frenchAnnounced = [
  'orphelins-a-cheval',
  'jeu-zero',
  'jeu-7-9',
  ...Array.from({ length: 10 }, (_, d) => `finales-en-plein-${d}`),
  ...['0-1', '1-2', '2-3', '3-4', '4-5', '5-6', '6-7', '7-8', '8-9', '9-10'].map((pair) => `finales-a-cheval-${pair}`),
  ...['0-3', '1-4', '2-5', '3-6', '4-7', '5-8', '6-9', '7-10', '8-11', '9-12'].map((pair) => `finales-a-cheval-${pair}`),
];
/** Neighbours each side of the centre per variant (packages/games roulette/variants.ts). */
const neighboursPerSideMax: Record<string, number> = { european: 5, french: 4, 'double-ball': 5 };
/** The wheel's numbers in the order a player picks a centre from. */
const pockets = Array.from({ length: 37 }, (_, n) => n);

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
  const variant = (table as { variant?: string } | undefined)?.variant ?? 'european';
  const announced = variant === 'french' ? [...racetrack, ...frenchAnnounced] : racetrack;
  const perSideMax = neighboursPerSideMax[variant] ?? 5;
  const [centre, setCentre] = useState(0);
  const [perSide, setPerSide] = useState(2);
  const announcedLabel = (name: string) =>
    m.table.positions[name] ??
    (name.startsWith('finales-en-plein-')
      ? fill(m.table.finalesEnPlein, { digit: name.slice('finales-en-plein-'.length) })
      : fill(m.table.finalesACheval, { pair: name.slice('finales-a-cheval-'.length).replace('-', '/') }));
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
      <h2 id="roulette-inside">{m.table.inside}</h2>
      <InsideLayout
        chip={chip}
        canBet={canBet}
        staked={staked}
        onBet={(numbers) => add({ kind: 'inside', numbers: [...numbers], stake: money(chip) })}
      />
      <h2>{m.table.outside}</h2>
      <div className="outside">
        {outside.map((position) =>
          spot(m.table.positions[position] ?? position, { kind: 'outside', position, stake: money(chip) }),
        )}
      </div>
      <h2>{m.table.racetrack}</h2>
      <div className="racetrack">
        {announced.map((name) => spot(announcedLabel(name), { kind: 'announced', name, chip: money(chip) }))}
      </div>
      <div className="row neighbours">
        <label>
          {m.table.neighboursCentre}{' '}
          <select value={centre} onChange={(event) => setCentre(Number(event.target.value))}>
            {pockets.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          {m.table.neighboursPerSide}{' '}
          <select value={perSide} onChange={(event) => setPerSide(Number(event.target.value))}>
            {Array.from({ length: perSideMax }, (_, k) => k + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {spot(fill(m.table.neighboursBet, { centre, perSide }), {
          kind: 'neighbours',
          centre,
          perSide: Math.min(perSide, perSideMax),
          chip: money(chip),
        })}
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

/**
 * The inside bets' layout (roulette-layout.ts): the numbers and, between them, the spots of the
 * splits, corners, streets, six-lines and zero's combinations. One tab stop: the arrow keys move
 * between spots as they lie on the layout (Home: zero), Enter or Space places the chip (D-1763).
 */
function InsideLayout(props: { chip: string; canBet: boolean; staked: Set<string>; onBet(numbers: readonly number[]): void }) {
  const { m } = useI18n();
  const helpId = useId();
  const [active, setActive] = useState<Spot>(layoutMatrix[0]![0]!);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const id = (spot: Spot) => spot.numbers.join('-');
  const label = (spot: Spot) =>
    spot.type === 'straight'
      ? String(spot.numbers[0])
      : fill(m.table.insideBets[spot.type]!, { numbers: spot.numbers.join(', ') });
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    // The layout stands upright on a narrow screen (styles.css): the arrows follow what the player sees.
    const upright = window.matchMedia('(max-width: 480px)').matches;
    const steps: Record<string, [number, number]> = upright
      ? { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [1, 0], ArrowRight: [-1, 0] }
      : { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const step = steps[event.key];
    const next = event.key === 'Home' ? layoutMatrix[0]![0]! : step ? moveFrom(active.row, active.col, step[0], step[1]) : null;
    if (!step && event.key !== 'Home') return;
    event.preventDefault();
    if (!next) return;
    setActive(next);
    buttons.current.get(id(next))?.focus();
  };
  return (
    <>
      <p id={helpId} className="layout-help">
        {m.table.layoutHelp}
      </p>
      <div className="layout" role="group" aria-labelledby="roulette-inside" aria-describedby={helpId} onKeyDown={onKey}>
        {layoutMatrix.flatMap((column, col) =>
          column.map((spot, row) => {
            if (!spot) return col === 0 && row < 5 ? [] : <span key={`${row}-${col}`} aria-hidden="true" />;
            const kind = spot.type === 'straight' ? (spot.numbers[0] === 0 ? 'zero' : colour(spot.numbers[0]!)) : 'between';
            const key = `n${spot.numbers.join('-')}`;
            return (
              <button
                key={key}
                ref={(element) => {
                  if (element) buttons.current.set(id(spot), element);
                  else buttons.current.delete(id(spot));
                }}
                type="button"
                className={`${kind} spot-${spot.type}`}
                data-spot={spot.type}
                data-staked={props.staked.has(key) || undefined}
                tabIndex={id(spot) === id(active) ? 0 : -1}
                disabled={!props.canBet}
                onFocus={() => setActive(spot)}
                onClick={() => props.onBet(spot.numbers)}
                aria-label={`${label(spot)}, ${m.table.chip} ${props.chip} Kč`}
                title={label(spot)}
              >
                {spot.type === 'straight' ? spot.numbers[0] : ''}
              </button>
            );
          }),
        )}
      </div>
    </>
  );
}
