import { games } from '../api.ts';
import { Notice } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import type { components } from '../generated/game-service.ts';
import { fill, formatMoney, useI18n } from '../i18n/index.tsx';
import { Link } from '../router.tsx';
import { TemporaryAccountState } from './account.tsx';

type PokerTable = components['schemas']['PokerLobbyTable'];

/** The lobby: every table per game, with its limits and free seats; poker with its variant, blinds and buy-in range. */
export function LobbyPage() {
  const { m, lang } = useI18n();
  const { data, error } = useLoad(async () => (await games.GET('/v1/tables', { params: { query: {} } })).data);
  return (
    <section>
      <h1>{m.lobby.title}</h1>
      <TemporaryAccountState />
      {error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {data && data.tables.length === 0 && <p>{m.lobby.empty}</p>}
      {(['roulette', 'blackjack'] as const).map((game) => {
        const tables = data?.tables.filter((t): t is Exclude<typeof t, PokerTable> => t.game === game) ?? [];
        if (tables.length === 0) return null;
        return (
          <section key={game} aria-labelledby={`lobby-${game}`}>
            <h2 id={`lobby-${game}`}>{m.lobby[game]}</h2>
            <ul className="tables">
              {tables.map((table) => (
                <li key={table.tableId} className="card">
                  <h3>{table.name}</h3>
                  <p>{fill(m.lobby.seats, { taken: table.seatsTaken, max: table.seatsMax })}</p>
                  <p>
                    {fill(m.lobby.limits, {
                      min: formatMoney(table.limits.insideMinimum ?? table.limits.stakeMinimum, lang),
                      max: formatMoney(table.limits.outsideMaximum ?? table.limits.stakeMaximum, lang),
                    })}
                  </p>
                  <Link to={`/tables/${game}/${table.tableId}`} className="button">
                    {m.lobby.play}
                    <span className="visually-hidden"> {table.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <PokerTables tables={data?.tables.filter((t): t is PokerTable => t.game === 'poker') ?? []} />
      <section aria-labelledby="lobby-tournaments">
        <h2 id="lobby-tournaments">{m.tournaments.title}</h2>
        <Link to="/tournaments" className="button">
          {m.lobby.tournaments}
        </Link>
      </section>
    </section>
  );
}

function PokerTables({ tables }: { tables: PokerTable[] }) {
  const { m, lang } = useI18n();
  if (tables.length === 0) return null;
  return (
    <section aria-labelledby="lobby-poker">
      <h2 id="lobby-poker">{m.lobby.poker}</h2>
      <ul className="tables">
        {tables.map((table) => (
          <li key={table.tableId} className="card" data-testid="poker-lobby-table">
            <h3>{table.name}</h3>
            <p>
              {table.variantName} · {table.profile}
            </p>
            <p>{fill(m.lobby.blinds, { small: formatMoney(table.smallBlind, lang), big: formatMoney(table.bigBlind, lang) })}</p>
            <p>
              {fill(m.lobby.buyIn, {
                min: formatMoney(table.buyInMin, lang),
                max: table.buyInMax ? formatMoney(table.buyInMax, lang) : m.lobby.noMaximum,
              })}
            </p>
            <p>{fill(m.lobby.seats, { taken: table.seatsTaken, max: table.seatsMax })}</p>
            <p>{fill(m.lobby.currency, { currency: table.currency })}</p>
            <Link to={`/tables/poker/${table.tableId}`} className="button">
              {m.lobby.play}
              <span className="visually-hidden"> {table.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
