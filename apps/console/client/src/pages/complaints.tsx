import { useState } from 'react';
import { admin } from '../api.ts';
import { Field, Notice } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { formatDateTime, useI18n } from '../i18n/index.tsx';
import { Link } from '../router.tsx';

type Status = 'OPEN' | 'WAITING_FOR_DOCUMENTS' | 'ESCALATED' | 'DECIDED' | 'INCOMPLETE' | 'LATE' | 'DISREGARDED';

/** The complaints queue (issue 23's API): the nearest deadline first, each with its SLA clock. */
export function ComplaintsPage() {
  const { m, lang } = useI18n();
  const [status, setStatus] = useState<Status | ''>('');
  const queue = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/complaints', {
      params: { query: { ...(status ? { status } : {}), limit: 100 } },
    });
    if (error) throw new Error('complaints');
    return data.complaints;
  }, [status]);
  return (
    <>
      <h1>{m.complaints.title}</h1>
      <div className="filters">
        <Field label={m.common.status}>
          {({ id }) => (
            <select id={id} value={status} onChange={(e) => setStatus(e.target.value as Status | '')}>
              <option value="">{m.common.all}</option>
              {(['OPEN', 'WAITING_FOR_DOCUMENTS', 'ESCALATED', 'DECIDED', 'INCOMPLETE', 'LATE', 'DISREGARDED'] as const).map(
                (s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ),
              )}
            </select>
          )}
        </Field>
      </div>
      {queue.error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {queue.data && (
        <table>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{m.common.player}</th>
              <th scope="col">{m.complaints.channel}</th>
              <th scope="col">{m.complaints.received}</th>
              <th scope="col">{m.common.status}</th>
              <th scope="col">{m.complaints.due}</th>
            </tr>
          </thead>
          <tbody>
            {queue.data.map((c) => (
              <tr key={c.complaintId}>
                <td>
                  <Link to={`/complaints/${c.complaintId}`}>{c.reference}</Link>
                </td>
                <td>{c.playerId ? <Link to={`/players/${c.playerId}`}>{c.playerId.slice(0, 8)}</Link> : '–'}</td>
                <td>{c.channel}</td>
                <td>{formatDateTime(c.receivedAt, lang)}</td>
                <td>{c.status}</td>
                <td>
                  <span className={c.clock.overdue ? 'badge danger' : 'badge'}>{formatDateTime(c.clock.nextDeadline, lang)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {queue.data?.length === 0 && <p>{m.common.none}</p>}
    </>
  );
}
