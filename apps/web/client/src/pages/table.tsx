import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { games, getSession, newKey, player, problemCode, type Problem } from '../api.ts';
import { ConfirmDialog, Notice } from '../components/ui.tsx';
import { fill, formatMoney, useI18n } from '../i18n/index.tsx';
import { Link, useRoute } from '../router.tsx';

/** A round message as the game service pushes it (docs/game-service.md, the WebSocket protocol). */
export interface RoundMessage {
  roundId: string;
  kind?: 'live' | 'temporary';
  version: number;
  phase: string;
  deadlineAt: string | null;
  currency?: string;
  view: Record<string, unknown> | null;
  events?: Array<Record<string, unknown>>;
}

export interface ActionAnswer {
  ok: boolean;
  result?: {
    needsReconfirmation?: boolean;
    warnings?: string[];
    phase?: string;
    version?: number;
    view?: Record<string, unknown>;
  };
  problem?: Problem;
}

/**
 * One table over the game service's WebSocket (through this page's origin): the latest round by
 * version (older pushes are dropped), my seat, and actions answered by their action id.
 */
export function useTable(tableId: string) {
  const [round, setRound] = useState<RoundMessage | null>(null);
  const [settled, setSettled] = useState<RoundMessage | null>(null);
  const [seat, setSeat] = useState<number | null>(null);
  const [connected, setConnected] = useState(false);
  const [temporaryTables, setTemporaryTables] = useState<string[]>([]);
  const socket = useRef<WebSocket | null>(null);
  const waiting = useRef(new Map<string, (answer: ActionAnswer) => void>());
  const version = useRef(-1);

  const accept = useCallback((next: RoundMessage) => {
    if (next.roundId === undefined) return;
    // The next round opens in the transaction that settles the last one, so their pushes may arrive in
    // either order: a settled round is reported on its own and never replaces a newer running one.
    if (next.phase === 'settled') setSettled(next);
    setRound((current) => {
      if (current && current.roundId === next.roundId && next.version < version.current) return current;
      if (current && current.roundId !== next.roundId && next.phase === 'settled' && current.phase !== 'settled') return current;
      version.current = next.version;
      return next;
    });
  }, []);

  useEffect(() => {
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const token = getSession()?.accessToken;
      if (!token || closed) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(
        `${scheme}://${window.location.host}/api/game/v1/tables/${tableId}/stream?access_token=${encodeURIComponent(token)}`,
      );
      socket.current = ws;
      ws.onopen = () => setConnected(true);
      ws.onclose = () => {
        setConnected(false);
        if (!closed) retry = setTimeout(open, 2_000);
      };
      ws.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as Record<string, unknown>;
        if (message.type === 'welcome') {
          const table = message.table as { round: RoundMessage | null; view: Record<string, unknown> | null };
          setSeat((message.seat as number | null) ?? null);
          setTemporaryTables(((message.temporaryTables as Array<{ roundId: string }>) ?? []).map((t) => t.roundId));
          if (table.round) accept({ ...table.round, view: table.view });
        } else if (message.type === 'round') accept(message as unknown as RoundMessage);
        else if (message.type === 'temporary-table') setTemporaryTables((t) => [...t, String(message.roundId)]);
        else if (message.type === 'seat-released') setSeat(null);
        else if (message.type === 'action-result' || message.type === 'error') {
          const resolve = waiting.current.get(String(message.actionId));
          waiting.current.delete(String(message.actionId));
          resolve?.(
            message.type === 'action-result'
              ? { ok: true, result: message.result as ActionAnswer['result'] }
              : { ok: false, problem: message.problem as Problem },
          );
        }
      };
    };
    open();
    const ping = setInterval(
      () => socket.current?.readyState === WebSocket.OPEN && socket.current.send('{"type":"ping"}'),
      10_000,
    );
    return () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket.current?.close();
    };
  }, [tableId, accept]);

  const act = useCallback(
    (roundId: string, action: Record<string, unknown>) =>
      new Promise<ActionAnswer>((resolve) => {
        const actionId = newKey();
        waiting.current.set(actionId, resolve);
        socket.current?.send(JSON.stringify({ type: 'action', actionId, roundId, action }));
      }),
    [],
  );

  const sit = useCallback(async () => {
    const { data, error } = await games.POST('/v1/tables/{tableId}/seats', { params: { path: { tableId } }, body: {} });
    if (data) setSeat(data.seat);
    return { data, error };
  }, [tableId]);

  const leave = useCallback(async () => {
    await games.DELETE('/v1/tables/{tableId}/seats/me', { params: { path: { tableId } } });
    setSeat(null);
  }, [tableId]);

  return { round, settled, seat, connected, act, sit, leave, temporaryTables };
}

/** Seconds left of the running timer, ticking every second. */
export function useCountdown(deadlineAt: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  if (!deadlineAt) return null;
  return Math.max(0, Math.ceil((new Date(deadlineAt).getTime() - now) / 1_000));
}

/** The player's cash balance (the wallet that plays), refreshed on demand. */
export function useBalance() {
  const [balance, setBalance] = useState<{ amount: string; currency: string } | null>(null);
  const refresh = useCallback(async () => {
    const { data } = await player.GET('/v1/me/balances');
    const wallets = data?.wallets ?? [];
    const playing =
      wallets.find((w) => w.wallet === 'cash' && w.balance.amount !== '0.00') ??
      wallets.find((w) => w.wallet === 'temporary') ??
      wallets[0];
    setBalance(playing?.balance ?? null);
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { balance, refresh };
}

/**
 * What the rule books require at a table (002:T-RG-07): the session-time indicator, the session's
 * net result, the harm warning, and the reality check reminder every N minutes the player chose.
 */
function ResponsibleBar() {
  const { m, lang } = useI18n();
  const { navigate } = useRoute();
  const [time, setTime] = useState<{ seconds: number; net: { amount: string; currency: string } | null; every: number | null }>({
    seconds: 0,
    net: null,
    every: null,
  });
  const reminded = useRef(0);
  const [reminding, setReminding] = useState(false);
  useEffect(() => {
    let live = true;
    const load = async () => {
      const { data } = await player.GET('/v1/me/playing-time');
      if (!live || !data) return;
      const seconds = data.session?.playedSeconds ?? 0;
      setTime({ seconds, net: data.session?.netResult ?? null, every: data.realityCheckMinutes });
      if (data.realityCheckMinutes) {
        const due = Math.floor(seconds / 60 / data.realityCheckMinutes);
        if (due > reminded.current) {
          reminded.current = due;
          setReminding(true);
        }
      }
    };
    void load();
    const timer = setInterval(() => void load(), 15_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  const minutes = Math.floor(time.seconds / 60);
  const net = time.net ? formatMoney(time.net, lang) : formatMoney({ amount: '0.00', currency: 'CZK' }, lang);
  return (
    <div className="card" data-testid="session-time">
      <p>
        <strong>{fill(m.table.session, { minutes, net })}</strong>
      </p>
      <p className="help">{m.app.footer}</p>
      <ConfirmDialog
        open={reminding}
        text={fill(m.table.realityCheck, { minutes, net })}
        yes={m.table.realityStop}
        no={m.table.realityContinue}
        onYes={() => {
          setReminding(false);
          navigate('/');
        }}
        onNo={() => setReminding(false)}
      />
    </div>
  );
}

/** The frame every table page shares: title, seat, balance, the timer, the responsible-gambling bar. */
export function TableFrame(props: {
  title: string;
  seat: number | null;
  balance: { amount: string; currency: string } | null;
  status: ReactNode;
  /** More of the top bar: the poker table's game (002:HORSE-02). */
  info?: ReactNode;
  /** Absent where the player neither sits down nor leaves here (a tournament's seats are the director's). */
  onSit?: () => void;
  onLeave?: () => void;
  error: string | null;
  children: ReactNode;
}) {
  const { m, lang } = useI18n();
  return (
    <section>
      <h1>{props.title}</h1>
      <ResponsibleBar />
      <div className="status-bar">
        <span>
          {m.table.balance}: <strong data-testid="table-balance">{formatMoney(props.balance, lang)}</strong>
        </span>
        {props.info}
        <span aria-live="polite">{props.status}</span>
        {props.seat === null
          ? props.onSit && (
              <button type="button" onClick={props.onSit}>
                {m.table.sit}
              </button>
            )
          : props.onLeave && (
              <button type="button" className="secondary" onClick={props.onLeave}>
                {m.table.leave}
              </button>
            )}
        <Link to="/">{m.app.back}</Link>
      </div>
      {props.seat === null && <Notice kind="info">{m.table.spectator}</Notice>}
      {props.error && <Notice kind="error">{props.error}</Notice>}
      <div className="felt">{props.children}</div>
    </section>
  );
}

/** An engine refusal or a problem as the player reads it. */
export function useActionError() {
  const { m } = useI18n();
  return (problem: Problem | undefined) =>
    fill(m.table.refused, {
      reason:
        m.wallet.refusals[problemCode(problem)] ??
        (problem?.reason as string | undefined) ??
        problem?.detail ??
        problemCode(problem),
    });
}
