import { useState, type FormEvent } from 'react';
import { admin } from '../api.ts';
import { Field, Notice, Pager } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { formatDateTime, useI18n } from '../i18n/index.tsx';
import { Link } from '../router.tsx';

const states = ['TEMPORARY', 'REGISTERED', 'BLOCKED', 'DORMANT', 'CLOSED', 'CANCELLED'] as const;
const pageSize = 25;

/** Players found by id, e-mail or surname, a page at a time from the server; personal data masked. */
export function PlayersPage() {
  const { m, lang } = useI18n();
  const [query, setQuery] = useState<{ q: string; state: (typeof states)[number] | '' }>({ q: '', state: '' });
  const [offset, setOffset] = useState(0);
  const found = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/players', {
      params: {
        query: { ...(query.q ? { q: query.q } : {}), ...(query.state ? { state: query.state } : {}), limit: pageSize, offset },
      },
    });
    if (error) throw new Error('players');
    return data;
  }, [query, offset]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setOffset(0);
    setQuery({ q: String(form.get('q')).trim(), state: String(form.get('state')) as (typeof states)[number] | '' });
  };
  return (
    <>
      <h1>{m.players.title}</h1>
      <form className="filters" onSubmit={submit} role="search">
        <Field label={m.players.query}>{({ id }) => <input id={id} name="q" type="search" />}</Field>
        <Field label={m.players.state}>
          {({ id }) => (
            <select id={id} name="state" defaultValue="">
              <option value="">{m.common.all}</option>
              {states.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit">{m.common.search}</button>
      </form>
      {found.error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {found.data && (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">{m.players.name}</th>
                <th scope="col">{m.players.email}</th>
                <th scope="col">{m.common.status}</th>
                <th scope="col">{m.players.registered}</th>
              </tr>
            </thead>
            <tbody>
              {found.data.players.map((p) => (
                <tr key={p.id} data-testid="player-row">
                  <td>
                    <Link to={`/players/${p.id}`}>{`${p.firstName} ${p.surname}`}</Link>
                  </td>
                  <td>{p.email}</td>
                  <td>{p.state}</td>
                  <td>{formatDateTime(p.registeredAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {found.data.players.length === 0 && <p>{m.common.none}</p>}
          <Pager
            offset={offset}
            count={found.data.players.length}
            total={found.data.total}
            hasNext={offset + found.data.players.length < found.data.total}
            onPrevious={offset > 0 ? () => setOffset(Math.max(0, offset - pageSize)) : undefined}
            onNext={() => setOffset(offset + pageSize)}
          />
        </>
      )}
    </>
  );
}
