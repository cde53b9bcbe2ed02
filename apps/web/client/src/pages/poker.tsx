import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { games, getSession, newKey, problemCode, type Problem } from '../api.ts';
import { Field } from '../components/ui.tsx';
import type { components } from '../generated/game-service.ts';
import { useLoad } from '../hooks.ts';
import { fill, formatMinor, useI18n } from '../i18n/index.tsx';
import { parseCrowns } from '../validation.ts';
import { Card } from './blackjack.tsx';
import { Link } from '../router.tsx';
import { DrawControl, DrawnCards, FixedActionBar, FixedSeatCards, FixedStage, GameLine } from './poker-fixed-limit.tsx';
import { isStudVariant, tableStakes, type FixedButton } from './poker-fixed-limit-view.ts';
import { TableFrame, useActionError, useBalance, useCountdown } from './table.tsx';

type PublicView = components['schemas']['PokerPublicView'];
type PrivateView = components['schemas']['PokerPrivateView'];
type Money = components['schemas']['Money'];
type LobbyTable = components['schemas']['PokerLobbyTable'];
type Tournament = components['schemas']['TournamentState'];
type Legal = NonNullable<PrivateView['legal']>;
interface LastResult {
  awards: Array<{ seat: number; pot: number; amountMinor: string }>;
  rakeMinor: string;
  voided: boolean;
}
interface Snapshot {
  table: PublicView;
  mine: PrivateView | null;
}

/** Minor units (bigint) as the API's decimal amount: 12345 → "123.45", never through a float. */
export const minorToAmount = (minor: bigint): string => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
/** The API's decimal amount in minor units: "123.45" → 12345n. */
export const amountToMinor = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};

/**
 * One poker table over the game service's WebSocket (docs/poker-tables.md): the public view by
 * version (an older push is dropped), my private view (hole cards, legal actions), and the command
 * answers' snapshots merged the same way, so the page never steps back.
 */
function usePokerTable(tableId: string) {
  const [table, setTable] = useState<PublicView | null>(null);
  const [mine, setMine] = useState<PrivateView | null>(null);
  const version = useRef(-1);
  // The private view has no version of its own: a `poker-seat` push that arrived after a command was
  // sent is at least as new as the command's answer (the seat channel and the table channel are not
  // ordered with each other), so the answer's private part gives way to it.
  const seatPushes = useRef(0);
  const pushes = useCallback(() => seatPushes.current, []);
  // At a tournament (docs/tournaments.md "Live play") a seated player's table is the one in their `poker-seat` push
  // (and in the snapshots), versioned as that table; the tournament's channel shows its lowest-numbered table with
  // a version of its own, so while I have a tournament seat the channel's pushes are not mine to show.
  const inTournament = useRef(false);

  const apply = useCallback((snapshot: Snapshot, pushesBefore?: number) => {
    if (pushesBefore === undefined || pushesBefore === seatPushes.current) {
      setMine(snapshot.mine);
      inTournament.current = snapshot.mine?.tournamentId !== undefined;
    }
    // A public view older than the one shown is stale.
    if (snapshot.table.version < version.current) return;
    version.current = snapshot.table.version;
    setTable(snapshot.table);
  }, []);

  useEffect(() => {
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let socket: WebSocket | null = null;
    const open = () => {
      const token = getSession()?.accessToken;
      if (!token || closed) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(
        `${scheme}://${window.location.host}/api/game/v1/tables/${tableId}/stream?access_token=${encodeURIComponent(token)}`,
      );
      const opened = seatPushes.current;
      socket.onclose = () => {
        if (!closed) retry = setTimeout(open, 2_000);
      };
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as Record<string, unknown>;
        if (message.tableId !== undefined && message.tableId !== tableId) return;
        if (message.type === 'welcome') {
          // A welcome is the state now: it replaces whatever an earlier connection showed.
          version.current = -1;
          apply(message.snapshot as Snapshot, opened);
        } else if (message.type === 'poker-table') {
          if (inTournament.current) return;
          const view = message.view as PublicView;
          if (view.version <= version.current) return;
          version.current = view.version;
          setTable(view);
        } else if (message.type === 'poker-seat') {
          seatPushes.current++;
          const view = (message.view as (PrivateView & { table?: PublicView }) | null) ?? null;
          setMine(view);
          inTournament.current = view?.tournamentId !== undefined;
          // A tournament seat's push carries my table (moved tables start a new version line only upwards).
          if (view?.table && view.table.version >= version.current) {
            version.current = view.table.version;
            setTable(view.table);
          }
        }
      };
    };
    open();
    const ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('{"type":"ping"}'), 10_000);
    return () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close();
    };
  }, [tableId, apply]);

  return { table, mine, apply, pushes };
}

/**
 * The table's lobby entry: name, profile, blinds, buy-in range and currency; and, where the lobby has no such table,
 * the tournament of that id (its table is addressed by the tournament's id, D-2616).
 */
function useLobbyEntry(tableId: string): { entry: LobbyTable | null; tournament: Tournament | null } {
  const { data } = useLoad(async () => (await games.GET('/v1/tables', { params: { query: { game: 'poker' } } })).data, [tableId]);
  const entry = data?.tables.find((t): t is LobbyTable => t.game === 'poker' && t.tableId === tableId) ?? null;
  const notCash = data !== undefined && entry === null;
  const { data: tournament } = useLoad(
    async () =>
      notCash
        ? (await games.GET('/v1/poker/tournaments/{tournamentId}', { params: { path: { tournamentId: tableId } } })).data
        : undefined,
    [tableId, notCash],
  );
  return { entry, tournament: tournament ?? null };
}

/** The buy-in: an amount inside the table's range, checked as the player types (the server checks again). */
function BuyInDialog(props: {
  open: boolean;
  entry: LobbyTable | null;
  onBuyIn(amount: string): Promise<string | null>;
  onClose(): void;
}) {
  const { m, lang } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const min = props.entry?.buyInMin ?? null;
  const max = props.entry?.buyInMax ?? null;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) {
      setText(min ? min.amount.replace('.', lang === 'cs' ? ',' : '.') : '');
      setError(undefined);
      dialog.showModal();
    }
    if (!props.open && dialog.open) dialog.close();
  }, [props.open, min, lang]);
  const range = min
    ? fill(m.poker.buyInRange, {
        min: formatMinor(amountToMinor(min.amount), min.currency, lang),
        max: max ? formatMinor(amountToMinor(max.amount), max.currency, lang) : m.poker.noMaximum,
      })
    : '';
  const check = (value: string): string | undefined => {
    const amount = parseCrowns(value);
    if (!amount || !min) return m.poker.buyInInvalid;
    const minor = amountToMinor(amount);
    if (minor < amountToMinor(min.amount) || (max && minor > amountToMinor(max.amount)))
      return fill(m.poker.buyInOutside, { range });
    return undefined;
  };
  const submit = async () => {
    const problem = check(text);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const refused = await props.onBuyIn(parseCrowns(text)!);
    setBusy(false);
    if (refused) setError(refused);
  };
  return (
    <dialog ref={ref} aria-labelledby={titleId} onCancel={props.onClose} className="dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id={titleId}>{m.poker.buyInTitle}</h2>
        <Field label={fill(m.poker.buyInLabel, { currency: min?.currency ?? '' })} help={range} error={error}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              value={text}
              inputMode="decimal"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(event) => {
                setText(event.target.value);
                if (error) setError(check(event.target.value));
              }}
            />
          )}
        </Field>
        <div className="row">
          <button type="submit" disabled={busy}>
            {m.poker.buyInSubmit}
          </button>
          <button type="button" className="secondary" onClick={props.onClose}>
            {m.poker.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Fold, check, call, bet, raise (slider and number input bounded by the legal amounts), all-in. */
function ActionBar(props: {
  legal: Legal;
  turn: number;
  currency: string;
  stackMinor: bigint;
  /** At a tournament: amounts are whole tournament chips, said and typed as chips (D-2036). */
  chips?: (minor: bigint | string) => string;
  onAct(action: string, amountMinor?: bigint): void;
}) {
  const { m, lang } = useI18n();
  const whole = props.chips !== undefined;
  const typed = (minor: bigint) => (whole ? String(minor) : minorToAmount(minor));
  const { legal } = props;
  const sizing = legal.betMinMinor !== null ? 'bet' : legal.raiseMinMinor !== null ? 'raise' : null;
  const minMinor = BigInt((sizing === 'bet' ? legal.betMinMinor : legal.raiseMinMinor) ?? '0');
  const maxMinor = BigInt((sizing === 'bet' ? legal.betMaxMinor : legal.raiseMaxMinor) ?? '0');
  const [amountMinor, setAmountMinor] = useState(minMinor);
  const [text, setText] = useState(typed(minMinor));
  useEffect(() => {
    setAmountMinor(minMinor);
    setText(whole ? String(minMinor) : minorToAmount(minMinor));
  }, [minMinor, whole]);
  const inRange = amountMinor >= minMinor && amountMinor <= maxMinor;
  const money = (minor: bigint | string) => props.chips?.(minor) ?? formatMinor(minor, props.currency, lang);
  const sizeLabel = fill(sizing === 'bet' ? m.poker.betAmount : m.poker.raiseAmount, {
    currency: whole ? m.poker.tournament.unit : props.currency,
  });
  return (
    <div className="poker-actions" role="group" aria-label={m.poker.yourActions} data-turn={props.turn}>
      <div className="row">
        {legal.fold && (
          <button type="button" className="secondary" onClick={() => props.onAct('fold')}>
            {m.poker.fold}
          </button>
        )}
        {legal.check && (
          <button type="button" onClick={() => props.onAct('check')}>
            {m.poker.check}
          </button>
        )}
        {legal.callMinor !== null && (
          <button type="button" onClick={() => props.onAct('call')}>
            {fill(m.poker.call, { amount: money(legal.callMinor) })}
          </button>
        )}
        {legal.allIn && (
          <button type="button" className="danger" onClick={() => props.onAct('all-in')}>
            {fill(m.poker.allIn, { amount: money(props.stackMinor) })}
          </button>
        )}
      </div>
      {sizing && (
        <div className="row poker-sizing">
          <label htmlFor="poker-size-range" className="visually-hidden">
            {sizeLabel}
          </label>
          {/* A range input speaks numbers: minor units stay integers (far below 2^53) and come back as BigInt. */}
          <input
            id="poker-size-range"
            type="range"
            min={Number(minMinor)}
            max={Number(maxMinor)}
            step={1}
            value={Number(inRange ? amountMinor : minMinor)}
            aria-valuetext={money(inRange ? amountMinor : minMinor)}
            onChange={(event) => {
              const minor = BigInt(event.target.value);
              setAmountMinor(minor);
              setText(typed(minor));
            }}
          />
          <label htmlFor="poker-size-amount">{sizeLabel}</label>
          <input
            id="poker-size-amount"
            type="number"
            inputMode="decimal"
            min={typed(minMinor)}
            max={typed(maxMinor)}
            step={whole ? '1' : '0.01'}
            value={text}
            aria-invalid={!inRange}
            aria-describedby="poker-size-help"
            onChange={(event) => {
              setText(event.target.value);
              if (whole) return setAmountMinor(/^\d+$/.test(event.target.value.trim()) ? BigInt(event.target.value.trim()) : -1n);
              const amount = parseCrowns(event.target.value);
              setAmountMinor(amount ? amountToMinor(amount) : -1n);
            }}
          />
          <small id="poker-size-help" className="help">
            {fill(m.poker.sizeRange, { min: money(minMinor), max: money(maxMinor) })}
          </small>
          <button type="button" disabled={!inRange} onClick={() => props.onAct(sizing, amountMinor)}>
            {fill(sizing === 'bet' ? m.poker.bet : m.poker.raise, { amount: money(inRange ? amountMinor : minMinor) })}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Adding chips from the wallet (POST …/top-ups). The rule shown before the player types: the stack
 * after it stays within the table's maximum buy-in (000-001:A-25); when a top-up may be made is the
 * table's rule profile's (between hands, queued to the hand's end, or any time), so the server
 * decides that and its refusal is said in words, with the wallet's (funds, limits) (D-1765).
 */
function TopUp(props: { entry: LobbyTable | null; stackMinor: bigint; onTopUp(amount: string): Promise<string | null> }) {
  const { m, lang } = useI18n();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const currency = props.entry?.currency ?? 'CZK';
  const max = props.entry?.buyInMax ? amountToMinor(props.entry.buyInMax.amount) : null;
  const room = max === null ? null : max > props.stackMinor ? max - props.stackMinor : 0n;
  const money = (minor: bigint) => formatMinor(minor, currency, lang);
  const help =
    max === null || room === null
      ? fill(m.poker.topUpNoMaximum, { profile: props.entry?.profile ?? '' })
      : fill(m.poker.topUpRule, { max: money(max), room: money(room), profile: props.entry?.profile ?? '' });
  const submit = async () => {
    setDone(null);
    const amount = parseCrowns(text);
    if (!amount || amountToMinor(amount) <= 0n) return setError(m.poker.buyInInvalid);
    setError(undefined);
    setBusy(true);
    const refused = await props.onTopUp(amount);
    setBusy(false);
    if (refused) return setError(refused);
    setDone(fill(m.poker.toppedUp, { amount: money(amountToMinor(amount)) }));
    setText('');
  };
  return (
    <form
      className="card poker-top-up"
      aria-labelledby="poker-top-up"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="poker-top-up">{m.poker.topUpTitle}</h2>
      <Field label={fill(m.poker.topUpLabel, { currency })} help={help} error={error}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            value={text}
            inputMode="decimal"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      <button type="submit" disabled={busy}>
        {m.poker.topUpSubmit}
      </button>
      {done && (
        <p role="status" data-testid="poker-top-up-done">
          {done}
        </p>
      )}
    </form>
  );
}

/** My hands at this table, each downloadable as text where the table's rule profile gives players their hands. */
function MyHands(props: { tableId: string; refreshKey: string }) {
  const { m, lang } = useI18n();
  const [notice, setNotice] = useState<string | null>(null);
  const { data, reload } = useLoad(
    async () => (await games.GET('/v1/poker/hands', { params: { query: { limit: 20 } } })).data,
    [props.refreshKey],
  );
  // A finished hand's record is written just after its result shows: look again shortly after.
  useEffect(() => {
    const timers = [1_000, 3_000].map((ms) => setTimeout(reload, ms));
    return () => timers.forEach(clearTimeout);
  }, [props.refreshKey, reload]);
  const hands = data?.hands.filter((hand) => hand.tableId === props.tableId) ?? [];
  const download = async (handId: string, handNumber: number) => {
    setNotice(null);
    const {
      data: text,
      error,
      response,
    } = await games.GET('/v1/poker/hands/{handId}.txt', {
      params: { path: { handId } },
      parseAs: 'text',
    });
    if (text === undefined) {
      setNotice(
        response.status === 403 && problemCode(error) === 'hand-history-not-offered'
          ? m.poker.handsNotOffered
          : fill(m.poker.handsFailed, { status: response.status }),
      );
      return;
    }
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `hand-${handNumber}-${handId}.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setNotice(fill(m.poker.handDownloaded, { hand: handNumber }));
  };
  return (
    <section aria-labelledby="poker-hands" className="card">
      <h2 id="poker-hands">{m.poker.hands}</h2>
      {notice && (
        <p role="status" data-testid="poker-hands-notice">
          {notice}
        </p>
      )}
      {hands.length === 0 ? (
        <p>{m.poker.noHands}</p>
      ) : (
        <ul data-testid="poker-hands">
          {hands.map((hand) => (
            <li key={hand.handId}>
              {fill(m.poker.handLine, {
                hand: hand.handNumber,
                putIn: formatMinor(amountToMinor(hand.putIn.amount), hand.putIn.currency, lang),
                won: formatMinor(amountToMinor(hand.won.amount), hand.won.currency, lang),
              })}{' '}
              <button type="button" className="link" onClick={() => void download(hand.handId, hand.handNumber)}>
                {m.poker.download}
                <span className="visually-hidden"> {fill(m.poker.handNumber, { hand: hand.handNumber })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A poker cash table (issue 16's game service, issue 17's page): seats, board, pots, my cards, the
 * buy-in, the betting actions with their legal amounts, the turn clock, the last hand's result,
 * sitting out and in, leaving, and my hand histories.
 */
export function PokerPage({ tableId }: { tableId: string }) {
  const { m, lang } = useI18n();
  const { entry, tournament } = useLobbyEntry(tableId);
  const { table, mine, apply, pushes } = usePokerTable(tableId);
  // A tournament table (D-2036): tournament chips, not money; the seats are the director's, so no buy-in, top-up,
  // sitting out or leaving with the chips.
  const atTournament = tournament !== null || mine?.tournamentId !== undefined;
  const count = (minor: bigint | string) => new Intl.NumberFormat(lang === 'cs' ? 'cs-CZ' : 'en-GB').format(BigInt(minor));
  const chips = (minor: bigint | string) => fill(m.poker.tournament.chips, { amount: count(minor) });
  const { balance, refresh } = useBalance();
  const [buying, setBuying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const explain = useActionError();
  const seconds = useCountdown(table?.toAct?.deadlineAt);
  // A tournament's chips go over the wire as minor units of its currency (the tables' protocol, docs/tournaments.md).
  const currency = entry?.currency ?? tournament?.fee.currency ?? 'CZK';
  const money = (minor: bigint | string) => (atTournament ? chips(minor) : formatMinor(minor, currency, lang));
  const result = table?.lastResult as LastResult | null | undefined;
  const me = table?.seats.find((s) => s.seat === mine?.seat) ?? null;
  const handKey = `${table?.handNumber ?? 0}-${result ? 'done' : 'running'}`;
  // A stud or draw hand (issue 20): its public part, my cards and moves.
  const fixed = table?.fixedLimit ?? null;
  const fixedLegal = mine?.fixedLimit?.legal ?? null;
  const fixedSeat = (seat: number) => fixed?.seats.find((f) => f.seat === seat) ?? null;
  // An all-in run-out shown street by street (003:R-ALLIN-09, D-2038): each hand's chance of winning, from the server.
  const equityOf = (seat: number) => table?.allInEquity?.seats.find((e) => e.seat === seat) ?? null;
  // Basis points as a percentage with two decimals, in whole numbers (82.36 / 82,36).
  const percent = (bps: number) =>
    `${(bps - (bps % 100)) / 100}${lang === 'cs' ? ',' : '.'}${String(bps % 100).padStart(2, '0')}`;
  // The info line's stakes: a stud game's ante, bring-in and bets, not blinds (D-2021); at a mixed table the game dealt.
  const stakes = entry
    ? tableStakes(
        {
          smallBlindMinor: amountToMinor(entry.smallBlind.amount),
          bigBlindMinor: amountToMinor(entry.bigBlind.amount),
          anteMinor: amountToMinor(entry.ante.amount),
        },
        fixed ? fixed.family === 'stud' : isStudVariant(table?.game?.currentVariant ?? entry.variant),
      )
    : null;

  // The wallet changes when a hand ends (a leaving player's chips come back) and when I sit or leave.
  useEffect(() => {
    void refresh();
  }, [handKey, mine?.seat, refresh]);

  const answered = (data: Snapshot | undefined, problem: unknown, pushesBefore: number): string | null => {
    if (data) {
      apply(data, pushesBefore);
      void refresh();
      return null;
    }
    const message = explain(problem as Problem);
    setError(message);
    return message;
  };

  const buyIn = async (amount: string): Promise<string | null> => {
    setError(null);
    const since = pushes();
    const { data, error: problem } = await games.POST('/v1/poker/tables/{tableId}/seats', {
      params: { path: { tableId }, header: { 'idempotency-key': newKey() } },
      body: { buyIn: { amount, currency: currency as Money['currency'] } },
    });
    const refused = answered(data, problem, since);
    if (!refused) setBuying(false);
    return refused;
  };

  /** A stud or draw betting move: the fixed size needs no amount unless two are offered (an open pair, 002:STUD-06). */
  const actFixed = (button: FixedButton) =>
    void act(button.action, button.sendAmount && button.amountMinor !== null ? BigInt(button.amountMinor) : undefined);

  /** The draw: positions in my cards to exchange, [] stands pat (POST …/draw). */
  const draw = async (discard: number[]) => {
    if (!table?.toAct) return;
    setError(null);
    const since = pushes();
    const { data, error: problem } = await games.POST('/v1/poker/tables/{tableId}/draw', {
      params: { path: { tableId }, header: { 'idempotency-key': newKey() } },
      body: { discard, turn: table.toAct.turn },
    });
    answered(data, problem, since);
  };

  const act = async (action: string, amountMinor?: bigint) => {
    if (!table?.toAct) return;
    setError(null);
    const since = pushes();
    const { data, error: problem } = await games.POST('/v1/poker/tables/{tableId}/actions', {
      params: { path: { tableId }, header: { 'idempotency-key': newKey() } },
      body: {
        action: action as 'fold',
        turn: table.toAct.turn,
        ...(amountMinor === undefined
          ? {}
          : { amount: { amount: minorToAmount(amountMinor), currency: currency as Money['currency'] } }),
      },
    });
    answered(data, problem, since);
  };

  const command = async (path: 'sit-out' | 'sit-in') => {
    setError(null);
    const url = path === 'sit-out' ? '/v1/poker/tables/{tableId}/sit-out' : '/v1/poker/tables/{tableId}/sit-in';
    const since = pushes();
    const { data, error: problem } = await games.POST(url, { params: { path: { tableId } } });
    answered(data, problem, since);
  };

  /** A top-up's refusal: the table's reason in words (timing, maximum), else the wallet's. */
  const topUp = async (amount: string): Promise<string | null> => {
    setError(null);
    const since = pushes();
    const { data, error: problem } = await games.POST('/v1/poker/tables/{tableId}/top-ups', {
      params: { path: { tableId }, header: { 'idempotency-key': newKey() } },
      body: { amount: { amount, currency: currency as Money['currency'] } },
    });
    if (data) {
      apply(data, since);
      void refresh();
      return null;
    }
    const reason = (problem as Problem | undefined)?.reason as string | undefined;
    const text = reason !== undefined ? m.poker.refusals[reason] : undefined;
    return text ? fill(text, { profile: entry?.profile ?? '' }) : explain(problem as Problem);
  };

  const leave = async () => {
    setError(null);
    const since = pushes();
    const { data, error: problem } = await games.DELETE('/v1/poker/tables/{tableId}/seats/me', { params: { path: { tableId } } });
    answered(data, problem, since);
  };

  const toActSeat = table?.seats.find((s) => s.seat === table.toAct?.seat);
  const status = !table
    ? m.app.loading
    : table.toAct && (mine?.legal || mine?.fixedLimit?.legal)
      ? fill(m.poker.yourTurn, { seconds: seconds ?? 0 })
      : table.toAct && toActSeat
        ? fill(m.poker.theirTurn, { alias: toActSeat.alias, seconds: seconds ?? 0 })
        : m.poker.betweenHands;
  // The seat's own status (sitting out, leaving) and its part in the hand (folded, all in) both show:
  // the last hand's flags stay in the view until the next deal, and a folded player who then sits
  // out must still see that the sit-out took (D-1762).
  const seatStatusText = (s: PublicView['seats'][number]) => {
    const inHand = s.folded ? m.poker.folded : s.allIn ? m.poker.allInStatus : null;
    return [s.status === 'playing' && inHand ? null : m.poker.statuses[s.status], inHand].filter(Boolean).join(' · ');
  };
  const aliasOf = (seat: number) => table?.seats.find((s) => s.seat === seat)?.alias ?? fill(m.poker.seat, { seat });

  return (
    <TableFrame
      title={tournament ? fill(m.poker.tournament.title, { name: tournament.name }) : (entry?.name ?? m.lobby.poker)}
      seat={mine?.seat ?? null}
      balance={balance}
      status={<span data-testid="poker-status">{status}</span>}
      info={
        <>
          <GameLine game={table?.game} />
          {atTournament && <Link to={`/tournaments/${tableId}`}>{m.poker.tournament.back}</Link>}
        </>
      }
      {...(atTournament ? {} : { onSit: () => setBuying(true), onLeave: () => void leave() })}
      error={error}
    >
      {entry && (
        <p data-testid="poker-table-info">
          {stakes?.kind === 'stud'
            ? fill(m.poker.studInfo, {
                variant: entry.variantName,
                ante: money(stakes.anteMinor),
                bringIn: money(stakes.bringInMinor),
                smallBet: money(stakes.smallBetMinor),
                bigBet: money(stakes.bigBetMinor),
                profile: entry.profile,
              })
            : fill(m.poker.info, {
                variant: entry.variantName,
                blinds: `${money(amountToMinor(entry.smallBlind.amount))} / ${money(amountToMinor(entry.bigBlind.amount))}`,
                profile: entry.profile,
              })}
        </p>
      )}
      {atTournament && (
        <p data-testid="poker-tournament-info">
          {[
            mine?.level &&
              fill(mine.level.ante === '0' ? m.poker.tournament.level : m.poker.tournament.levelAnte, {
                level: mine.level.index + 1,
                blinds: `${chips(mine.level.smallBlind)} / ${chips(mine.level.bigBlind)}`,
                ante: chips(mine.level.ante),
              }),
            mine?.onBreak ? m.poker.tournament.onBreak : null,
            mine?.paused ? m.poker.tournament.paused : null,
            mine?.playersLeft !== undefined ? fill(m.poker.tournament.playersLeft, { count: mine.playersLeft }) : null,
            mine?.tableNumber !== undefined ? fill(m.poker.tournament.tableNumber, { table: mine.tableNumber }) : null,
            mine ? null : m.poker.tournament.out,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      {fixed ? (
        <>
          <FixedStage view={fixed} />
          {fixed.communityCards.length > 0 && (
            <>
              <h2>{m.poker.board}</h2>
              <div className="cards" data-testid="poker-board">
                {fixed.communityCards.map((card) => (
                  <Card key={card} card={card} />
                ))}
              </div>
            </>
          )}
        </>
      ) : (
        <>
          <h2>{m.poker.board}</h2>
          <div className="cards" data-testid="poker-board">
            {table?.board.length ? table.board.map((card) => <Card key={card} card={card} />) : <span>{m.poker.noBoard}</span>}
          </div>
        </>
      )}
      <p data-testid="poker-pots">
        {table?.potsMinor.length
          ? table.potsMinor
              .map((pot, k) => fill(k === 0 ? m.poker.mainPot : m.poker.sidePot, { amount: money(pot), k }))
              .join(' · ')
          : m.poker.noPot}
      </p>
      <h2>{m.poker.seats}</h2>
      {table?.allInEquity && <p data-testid="poker-run-out">{m.poker.runOut.title}</p>}
      <ul className="poker-seats">
        {table?.seats.map((s) => (
          <li
            key={s.seat}
            className={`box ${s.seat === mine?.seat ? 'mine' : ''} ${s.seat === table.toAct?.seat ? 'to-act' : ''}`}
            data-testid={s.seat === mine?.seat ? 'my-seat' : `poker-seat-${s.seat}`}
            aria-current={s.seat === table.toAct?.seat ? 'true' : undefined}
          >
            <h3>
              {s.seat === mine?.seat ? fill(m.poker.you, { alias: s.alias }) : s.alias}
              {/* Stud has no dealer button: its buttonSeat is the frozen position (002:HORSE-03). */}
              {s.seat === table.buttonSeat && fixed?.family !== 'stud' && (
                <span className="dealer-button"> {m.poker.button}</span>
              )}
            </h3>
            <p>
              {fill(m.poker.stack, { amount: atTournament ? count(s.stackMinor) : money(s.stackMinor) })}
              {s.betMinor !== '0' && <> · {fill(m.poker.betInFront, { amount: money(s.betMinor) })}</>}
            </p>
            <p>{seatStatusText(s)}</p>
            {equityOf(s.seat) && (
              <p data-testid={`poker-equity-${s.seat}`}>
                {fill(m.poker.runOut.chance, {
                  win: percent(equityOf(s.seat)!.winBps),
                  tie: percent(equityOf(s.seat)!.tieBps),
                  street: m.poker.runOut.streets[table!.allInEquity!.street] ?? '',
                })}
              </p>
            )}
            {fixedSeat(s.seat) ? (
              <FixedSeatCards
                seat={fixedSeat(s.seat)!}
                family={fixed!.family}
                own={mine?.fixedLimit && mine.fixedLimit.seat === s.seat ? mine.fixedLimit : null}
              />
            ) : (
              s.shownCards && (
                <div className="cards" aria-label={m.poker.shown}>
                  {s.shownCards.map((card) => (
                    <Card key={card} card={card} />
                  ))}
                </div>
              )
            )}
          </li>
        ))}
      </ul>
      {mine && !fixed && (
        <>
          <h2>{m.poker.yourCards}</h2>
          <div className="cards" data-testid="my-cards">
            {mine.holeCards.length ? (
              mine.holeCards.map((card) => <Card key={card} card={card} />)
            ) : (
              <span>{m.poker.noCards}</span>
            )}
          </div>
        </>
      )}
      {mine?.fixedLimit && fixed && <DrawnCards mine={mine.fixedLimit} />}
      {fixed && fixedLegal?.kind === 'draw' && table?.toAct && (
        <DrawControl
          key={table.toAct.turn}
          mine={mine!.fixedLimit!}
          max={fixedLegal.discardMax ?? 0}
          turn={table.toAct.turn}
          onDraw={(discard) => void draw(discard)}
        />
      )}
      {fixed && fixedLegal && fixedLegal.kind !== 'draw' && (
        <FixedActionBar
          legal={fixedLegal}
          view={fixed}
          turn={table?.toAct?.turn ?? 0}
          currency={currency}
          smallBetMinor={entry ? amountToMinor(entry.bigBlind.amount) : mine?.level ? BigInt(mine.level.bigBlind) : null}
          {...(atTournament ? { formatAmount: chips } : {})}
          onAct={actFixed}
        />
      )}
      {mine?.legal && me && (
        <ActionBar
          legal={mine.legal}
          turn={table?.toAct?.turn ?? 0}
          currency={currency}
          stackMinor={BigInt(me.stackMinor)}
          {...(atTournament ? { chips } : {})}
          onAct={(a, x) => void act(a, x)}
        />
      )}
      {result && (
        <div className="result" role="status" data-testid="poker-result">
          {result.voided ? (
            <p>{m.poker.voided}</p>
          ) : (
            <>
              <p>{fill(m.poker.handOver, { hand: table?.handNumber ?? 0 })}</p>
              <ul>
                {result.awards.map((award, k) => (
                  <li key={k}>
                    {fill(m.poker.award, {
                      alias: aliasOf(award.seat),
                      amount: money(award.amountMinor),
                      pot: award.pot === 0 ? m.poker.mainPotName : fill(m.poker.sidePotName, { k: award.pot }),
                    })}
                  </li>
                ))}
              </ul>
              {result.rakeMinor !== '0' && <p>{fill(m.poker.rake, { amount: money(result.rakeMinor) })}</p>}
            </>
          )}
        </div>
      )}
      {mine && me && !atTournament && (
        <div className="row">
          {me.status === 'sitting-out' ? (
            <button type="button" className="secondary" onClick={() => void command('sit-in')}>
              {m.poker.sitIn}
            </button>
          ) : (
            <button type="button" className="secondary" onClick={() => void command('sit-out')}>
              {m.poker.sitOut}
            </button>
          )}
        </div>
      )}
      {mine && me && !atTournament && <TopUp entry={entry} stackMinor={BigInt(me.stackMinor)} onTopUp={topUp} />}
      {!atTournament && <BuyInDialog open={buying} entry={entry} onBuyIn={buyIn} onClose={() => setBuying(false)} />}
      {!atTournament && <MyHands tableId={tableId} refreshKey={handKey} />}
    </TableFrame>
  );
}
