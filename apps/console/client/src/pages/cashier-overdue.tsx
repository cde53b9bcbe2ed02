import { useState } from 'react';
import { admin } from '../api.ts';
import { Notice, Pager } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, formatMoney, useI18n } from '../i18n/index.tsx';
import { Link } from '../router.tsx';

const pageSize = 25;
const dayMs = 86_400_000;

/**
 * Payouts past their deadline (issue 21; 004:WDR-03): the withdrawals the platform did not pay
 * within 14 days, with how many days late, read from the admin API's `overdue` queue a page at a time.
 */
export function OverduePayoutsPage() {
  const { m, lang } = useI18n();
  const [offset, setOffset] = useState(0);
  const list = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/cashier/withdrawals', {
      params: { query: { status: 'overdue', limit: pageSize + 1, offset } },
    });
    if (error) throw new Error('overdue');
    return { rows: data.withdrawals.slice(0, pageSize), more: data.withdrawals.length > pageSize, at: Date.now() };
  }, [offset]);
  return (
    <>
      <h1>{m.overdue.title}</h1>
      <p className="muted">{m.overdue.intro}</p>
      {list.error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {list.data && (
        <>
          <table data-testid="overdue-payouts">
            <thead>
              <tr>
                <th scope="col">{m.common.player}</th>
                <th scope="col">{m.common.amount}</th>
                <th scope="col">{m.common.status}</th>
                <th scope="col">{m.overdue.due}</th>
                <th scope="col">{m.overdue.late}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.rows.map((w) => (
                <tr key={w.id}>
                  <td>
                    <Link to={`/players/${w.playerId}`}>{w.playerId.slice(0, 8)}</Link>
                  </td>
                  <td className="num">{formatMoney(w.amount, lang)}</td>
                  <td>{w.status}</td>
                  <td>{formatDateTime(w.dueAt, lang)}</td>
                  <td>
                    <span className="badge danger">
                      {fill(m.overdue.days, { days: Math.max(0, Math.floor((list.data!.at - Date.parse(w.dueAt)) / dayMs)) })}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.data.rows.length === 0 && <p>{m.common.none}</p>}
          <Pager
            offset={offset}
            count={list.data.rows.length}
            hasNext={list.data.more}
            onPrevious={offset > 0 ? () => setOffset(Math.max(0, offset - pageSize)) : undefined}
            onNext={() => setOffset(offset + pageSize)}
          />
        </>
      )}
    </>
  );
}

/**
 * Every player's unpaid debts (issue 21; 004:WIN-05, ACC-07): clawbacks and misuse fees the balance
 * did not cover, open or overdue (an overdue debt is a termination ground, 004:TRM-12), the oldest
 * deadline first, a page at a time with the total (`GET /v1/cashier/debts`).
 */
export function DebtsPage() {
  const { m, lang } = useI18n();
  const [status, setStatus] = useState<'OPEN' | 'OVERDUE' | undefined>(undefined);
  const [offset, setOffset] = useState(0);
  const list = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/cashier/debts', {
      params: { query: { limit: pageSize, offset, ...(status ? { status } : {}) } },
    });
    if (error) throw new Error('debts');
    return data;
  }, [status, offset]);
  const filters = [
    [undefined, m.common.all],
    ['OPEN', m.debts.open],
    ['OVERDUE', m.debts.overdue],
  ] as const;
  return (
    <>
      <h1>{m.debts.title}</h1>
      <div className="tabs" role="group" aria-label={m.common.filter}>
        {filters.map(([value, label]) => (
          <button
            key={label}
            type="button"
            aria-pressed={status === value}
            onClick={() => {
              setStatus(value);
              setOffset(0);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {list.error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {list.data && (
        <>
          <table data-testid="debts-list">
            <thead>
              <tr>
                <th scope="col">{m.common.player}</th>
                <th scope="col">{m.money.cause}</th>
                <th scope="col">{m.common.amount}</th>
                <th scope="col">{m.money.outstanding}</th>
                <th scope="col">{m.money.due}</th>
                <th scope="col">{m.common.status}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.debts.map((d) => (
                <tr key={d.id}>
                  <td>
                    <Link to={`/players/${d.playerId}`}>{d.playerId.slice(0, 8)}</Link>
                  </td>
                  <td>{d.cause}</td>
                  <td className="num">{formatMoney(d.amount, lang)}</td>
                  <td className="num">{formatMoney(d.outstanding, lang)}</td>
                  <td>{formatDateTime(d.dueAt, lang)}</td>
                  <td>
                    <span className={d.status === 'OVERDUE' ? 'badge danger' : 'badge'}>{d.status}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.data.debts.length === 0 && <p>{m.common.none}</p>}
          <Pager
            offset={offset}
            count={list.data.debts.length}
            total={list.data.total}
            hasNext={offset + list.data.debts.length < list.data.total}
            onPrevious={offset > 0 ? () => setOffset(Math.max(0, offset - pageSize)) : undefined}
            onNext={() => setOffset(offset + pageSize)}
          />
        </>
      )}
    </>
  );
}
