import { useEffect, useState } from 'react';
import { games, player, problemCode, type Problem } from '../api.ts';
import { ConfirmDialog, Field, Notice } from '../components/ui.tsx';
import type { components } from '../generated/game-service.ts';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, formatMoney, useI18n } from '../i18n/index.tsx';
import { Link } from '../router.tsx';

type Summary = components['schemas']['TournamentSummary'];
type Money = { amount: string; currency: string };

/** Start fee + fee as the page writes money, without a float: both have the currency's two decimals. */
function sum(a: Money, b: Money): Money {
  const minor = (m: Money) => BigInt(m.amount.replace('.', ''));
  const total = minor(a) + minor(b);
  return { amount: `${total / 100n}.${String(total % 100n).padStart(2, '0')}`, currency: a.currency };
}

/** A refusal in the player's words: the tournament's reason, else the problem type, else the API's detail. */
function useRefusal() {
  const { m } = useI18n();
  return (problem: unknown) => {
    const reason = (problem as Problem | undefined)?.reason;
    return (
      (typeof reason === 'string' ? m.tournaments.refusals[reason] : undefined) ??
      m.tournaments.refusals[problemCode(problem)] ??
      (problem as Problem | undefined)?.detail ??
      m.app.unavailable
    );
  };
}

function Facts({ t }: { t: Summary }) {
  const { m, lang } = useI18n();
  return (
    <>
      <p>{m.tournaments.status[t.status]}</p>
      <p>
        {fill(m.tournaments.buyIn, {
          total: formatMoney(sum(t.startFee, t.fee), lang),
          startFee: formatMoney(t.startFee, lang),
          fee: formatMoney(t.fee, lang),
        })}
      </p>
      <p>{fill(m.tournaments.prizePool, { pool: formatMoney(t.prizePool, lang) })}</p>
      {t.guarantee && <p>{fill(m.tournaments.guarantee, { guarantee: formatMoney(t.guarantee, lang) })}</p>}
      <p>{fill(m.tournaments.players, { registered: t.registered, max: t.entrantsMax })}</p>
      <p>{t.startsAt ? fill(m.tournaments.startsAt, { at: formatDateTime(t.startsAt, lang) }) : m.tournaments.sitAndGo}</p>
    </>
  );
}

/** The tournament lobby (issue 19, 002:BET-03): every tournament with its buy-in, prize pool, players and start. */
export function TournamentsPage() {
  const { m } = useI18n();
  const { data, error } = useLoad(async () => (await games.GET('/v1/poker/tournaments', { params: { query: {} } })).data);
  return (
    <section>
      <h1>{m.tournaments.title}</h1>
      {error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {data && data.tournaments.length === 0 && <p>{m.tournaments.empty}</p>}
      <ul className="tables">
        {data?.tournaments.map((t) => (
          <li key={t.tournamentId} className="card" data-testid="tournament">
            <h2>{t.name}</h2>
            <Facts t={t} />
            <Link to={`/tournaments/${t.tournamentId}`} className="button">
              {m.tournaments.details}
              <span className="visually-hidden"> {t.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One tournament (002:TRN-08, BET-03, BET-04, WAL-09): the buy-in split into start fee and fee, the prize of
 * each paid place, and registration: the player picks the wallet that pays, sees what it will be debited
 * (converted at the current rate without fee when it is another currency, 002:WAL-08) and confirms; then
 * unregistering, and the way to the table while the tournament runs.
 */
export function TournamentPage({ tournamentId }: { tournamentId: string }) {
  const { m, lang } = useI18n();
  const refusal = useRefusal();
  const [tick, setTick] = useState(0);
  const { data: t, error } = useLoad(
    async () => (await games.GET('/v1/poker/tournaments/{tournamentId}', { params: { path: { tournamentId } } })).data,
    [tick],
  );
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const reload = () => setTick((n) => n + 1);

  const unregister = async () => {
    const { response, error: problem } = await games.DELETE('/v1/poker/tournaments/{tournamentId}/registration', {
      params: { path: { tournamentId } },
    });
    setMessage(
      response.status === 204 ? { kind: 'success', text: m.tournaments.unregistered } : { kind: 'error', text: refusal(problem) },
    );
    reload();
  };

  // The game, and in a mix the level's game and the next level's (002 HORSE-02, 8GAME-05; D-2040).
  const gameText = (game: NonNullable<typeof t>['game']) =>
    game.currentName === null
      ? fill(m.tournaments.game, { game: game.name })
      : game.nextName === null
        ? fill(m.tournaments.mixedGameLast, { mix: game.name, game: game.currentName })
        : fill(m.tournaments.mixedGame, { mix: game.name, game: game.currentName, next: game.nextName });
  if (error) return <Notice kind="error">{m.app.unavailable}</Notice>;
  if (!t) return <p>{m.app.loading}</p>;
  const registered = t.mine?.status === 'registered';
  return (
    <section>
      <h1>{t.name}</h1>
      <Link to="/tournaments">{m.tournaments.back}</Link>
      <div aria-live="polite">{message && <Notice kind={message.kind}>{message.text}</Notice>}</div>
      <Facts t={t} />
      <p data-testid="tournament-game">{gameText(t.game)}</p>
      <p>{fill(m.tournaments.chips, { chips: t.startingChips })}</p>

      <section aria-labelledby="entry-title">
        <h2 id="entry-title">{m.tournaments.entry}</h2>
        <table className="ledger" data-testid="buy-in-split">
          <tbody>
            <tr>
              <th scope="row">{m.tournaments.startFee}</th>
              <td data-testid="start-fee">{formatMoney(t.startFee, lang)}</td>
            </tr>
            <tr>
              <th scope="row">{m.tournaments.fee}</th>
              <td data-testid="fee">{formatMoney(t.fee, lang)}</td>
            </tr>
            <tr>
              <th scope="row">{m.tournaments.total}</th>
              <td data-testid="total">{formatMoney(sum(t.startFee, t.fee), lang)}</td>
            </tr>
          </tbody>
        </table>
      </section>

      <section aria-labelledby="prizes-title">
        <h2 id="prizes-title">{m.tournaments.prizes}</h2>
        {t.payouts.length === 0 ? (
          <p>{m.tournaments.noPrizes}</p>
        ) : (
          <>
            <ol className="prizes">
              {t.payouts.map((prize, i) => (
                <li key={i} data-testid="prize">
                  {fill(m.tournaments.place, { place: i + 1 })}: {formatMoney(prize, lang)}
                </li>
              ))}
            </ol>
            {t.status === 'REGISTERING' && <p>{m.tournaments.prizesNote}</p>}
          </>
        )}
      </section>

      {t.mine && <p data-testid="my-entry">{m.tournaments.mine[t.mine.status]}</p>}
      {t.mine?.seated && (
        <Link to={`/tables/poker/${tournamentId}`} className="button">
          {m.tournaments.play}
        </Link>
      )}
      {t.status === 'RUNNING' && !t.mine?.seated && <p>{m.tournaments.noTable}</p>}
      {t.status === 'REGISTERING' && registered && (
        <button type="button" onClick={() => void unregister()}>
          {m.tournaments.unregister}
        </button>
      )}
      {t.status === 'REGISTERING' && !registered && (
        <Registration
          tournament={t}
          onDone={(text, kind) => {
            setMessage({ kind, text });
            reload();
          }}
        />
      )}
    </section>
  );
}

/** The wallet that pays and the amount it will be debited, shown before the player confirms (002:WAL-09, T-WAL-05). */
function Registration({ tournament: t, onDone }: { tournament: Summary; onDone(text: string, kind: 'error' | 'success'): void }) {
  const { m, lang } = useI18n();
  const refusal = useRefusal();
  const { data: wallets } = useLoad(async () => (await player.GET('/v1/me/wallets')).data);
  const payers = (wallets?.wallets ?? []).filter((w) => w.offered);
  const [wallet, setWallet] = useState<string | null>(null);
  const chosen = wallet ?? payers.find((w) => w.currency === t.startFee.currency)?.currency ?? payers[0]?.currency ?? null;
  const [asking, setAsking] = useState(false);
  const [priceError, setPriceError] = useState<string | null>(null);
  const { data: price } = useLoad(async () => {
    if (!chosen) return undefined;
    const { data, error: problem } = await games.GET('/v1/poker/tournaments/{tournamentId}/buy-in', {
      params: { path: { tournamentId: t.tournamentId }, query: { fromWallet: chosen as 'EUR' } },
    });
    setPriceError(data ? null : refusal(problem));
    return data;
  }, [chosen]);
  useEffect(() => setAsking(false), [chosen]);

  const register = async () => {
    setAsking(false);
    if (!price || !chosen) return;
    const { data, error: problem } = await games.POST('/v1/poker/tournaments/{tournamentId}/registration', {
      params: { path: { tournamentId: t.tournamentId } },
      body: { fromWallet: chosen as 'EUR', confirmedDebit: price.debit as { amount: string; currency: 'EUR' } },
    });
    if (data) onDone(fill(m.tournaments.registered, { debit: formatMoney(data.debit ?? price.debit, lang) }), 'success');
    else onDone(refusal(problem), 'error');
  };

  const debit = price ? formatMoney(price.debit, lang) : '';
  return (
    <section aria-labelledby="register-title" className="card">
      <h2 id="register-title">{m.tournaments.register}</h2>
      {payers.length > 1 && (
        <Field label={m.tournaments.payFrom}>
          {({ id }) => (
            <select id={id} value={chosen ?? ''} onChange={(event) => setWallet(event.target.value)}>
              {payers.map((w) => (
                <option key={w.currency} value={w.currency}>
                  {w.currency} ({formatMoney(w.balance, lang)})
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {priceError && <Notice kind="error">{priceError}</Notice>}
      {price && chosen && (
        <>
          <p data-testid="buy-in-debit">{fill(m.tournaments.debit, { debit, currency: chosen })}</p>
          {price.rate && (
            <p data-testid="buy-in-rate">
              {fill(m.tournaments.converted, {
                total: formatMoney(price.total, lang),
                from: price.total.currency,
                rate: price.rate,
                currency: chosen,
              })}
            </p>
          )}
          <button type="button" onClick={() => setAsking(true)}>
            {m.tournaments.registerButton}
          </button>
        </>
      )}
      <ConfirmDialog
        open={asking}
        text={fill(m.tournaments.confirmText, { debit, currency: chosen ?? '', name: t.name })}
        yes={fill(m.tournaments.confirmYes, { debit })}
        no={m.tournaments.confirmNo}
        onYes={() => void register()}
        onNo={() => setAsking(false)}
      />
    </section>
  );
}
