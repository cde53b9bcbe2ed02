import { useState } from 'react';
import { admin, problemCode } from '../api.ts';
import { Field, Notice, Pager, ReasonDialog } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, useI18n } from '../i18n/index.tsx';
import { actionRoles, holds } from '../roles.ts';
import { Link, useRoute } from '../router.tsx';
import { useSession } from '../session.tsx';

type Status = 'OPEN' | 'IN_CASE' | 'CLOSED';
type Source = 'SCREENING' | 'MONITORING';
const pageSize = 25;

/**
 * The AML alert queue (issue 21): filters (status, source, mine), a page at a time by the server's
 * cursor, assignment to oneself, and a case opened from the selected alerts of one player.
 */
export function AlertsPage() {
  const { m, lang } = useI18n();
  const { session } = useSession();
  const { navigate } = useRoute();
  const mayWork = holds(session?.roles, actionRoles.workAlerts);
  const [filters, setFilters] = useState<{ status: Status | ''; source: Source | ''; mine: boolean }>({
    status: 'OPEN',
    source: '',
    mine: false,
  });
  // The cursors of the pages seen so far: `after` of page n is cursors[n].
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const page = cursors.length - 1;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [title, setTitle] = useState(m.alerts.caseTitleDefault);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [screening, setScreening] = useState<{ alertId: string; outcome: 'confirmed-match' | 'false-positive' } | null>(null);
  const alerts = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/alerts', {
      params: {
        query: {
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.source ? { source: filters.source } : {}),
          ...(filters.mine && session ? { assignedTo: session.staffUserId } : {}),
          ...(cursors[page] ? { after: cursors[page] } : {}),
          limit: pageSize,
        },
      },
    });
    if (error) throw new Error('alerts');
    return data;
  }, [filters, page]);

  const refilter = (next: Partial<typeof filters>) => {
    setFilters({ ...filters, ...next });
    setCursors([undefined]);
    setSelected(new Set());
  };
  const refused = (problem: unknown) =>
    setNotice({
      kind: 'error',
      text: fill(m.common.refused, { detail: String((problem as { detail?: string }).detail ?? problemCode(problem)) }),
    });

  const assign = async (alertId: string) => {
    if (!session) return;
    const { error } = await admin.POST('/v1/alerts/{alertId}/assign', {
      params: { path: { alertId } },
      body: { assigneeId: session.staffUserId },
    });
    if (error) return refused(error);
    setNotice({ kind: 'success', text: m.common.done });
    alerts.reload();
  };
  // A sanctions or PEP hit is cleared or confirmed (a confirmed match blocks the account).
  const decideScreening = async (reason: string) => {
    if (!screening) return;
    const { data, error } = await admin.POST('/v1/alerts/{alertId}/screening-decision', {
      params: { path: { alertId: screening.alertId } },
      body: { outcome: screening.outcome, reason },
    });
    setScreening(null);
    if (error) return refused(error);
    setNotice({ kind: 'success', text: fill(m.alerts.screeningDone, { state: data.playerState }) });
    alerts.reload();
  };
  const chosen = (alerts.data?.alerts ?? []).filter((a) => selected.has(a.id));
  const onePlayer = new Set(chosen.map((a) => a.playerId)).size === 1;
  const openCase = async () => {
    const { data, error } = await admin.POST('/v1/cases', {
      body: {
        alertIds: chosen.map((a) => a.id),
        title: title.trim(),
        reason: `${title.trim()}: ${chosen.map((a) => a.ruleCode).join(', ')}`,
      },
    });
    if (error) return refused(error);
    navigate(`/aml/cases/${data.caseId}`);
  };

  return (
    <>
      <h1>{m.alerts.title}</h1>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <div className="filters">
        <Field label={m.alerts.status}>
          {({ id }) => (
            <select id={id} value={filters.status} onChange={(e) => refilter({ status: e.target.value as Status | '' })}>
              <option value="">{m.common.all}</option>
              {(['OPEN', 'IN_CASE', 'CLOSED'] as const).map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={m.alerts.source}>
          {({ id }) => (
            <select id={id} value={filters.source} onChange={(e) => refilter({ source: e.target.value as Source | '' })}>
              <option value="">{m.common.all}</option>
              {(['MONITORING', 'SCREENING'] as const).map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label className="check">
          <input type="checkbox" checked={filters.mine} onChange={(e) => refilter({ mine: e.target.checked })} />
          {m.alerts.mine}
        </label>
      </div>
      {alerts.error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {alerts.data && (
        <>
          <table>
            <thead>
              <tr>
                {mayWork && (
                  <th scope="col">
                    <span className="visually-hidden">{m.common.actions}</span>
                  </th>
                )}
                <th scope="col">{m.alerts.rule}</th>
                <th scope="col">{m.common.player}</th>
                <th scope="col">{m.alerts.score}</th>
                <th scope="col">{m.alerts.status}</th>
                <th scope="col">{m.alerts.lastFired}</th>
                <th scope="col">{m.alerts.assignee}</th>
              </tr>
            </thead>
            <tbody>
              {alerts.data.alerts.map((a) => (
                <tr key={a.id} data-testid="alert-row" data-alert-id={a.id}>
                  {mayWork && (
                    <td>
                      <input
                        type="checkbox"
                        aria-label={fill(m.alerts.select, { id: `${a.ruleCode} ${a.id.slice(0, 8)}` })}
                        disabled={a.status !== 'OPEN'}
                        checked={selected.has(a.id)}
                        onChange={(e) => {
                          const next = new Set(selected);
                          if (e.target.checked) next.add(a.id);
                          else next.delete(a.id);
                          setSelected(next);
                        }}
                      />
                    </td>
                  )}
                  <td>
                    {a.ruleCode}
                    {mayWork && a.source === 'SCREENING' && a.status === 'OPEN' && (
                      <div className="row">
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => setScreening({ alertId: a.id, outcome: 'false-positive' })}
                        >
                          {m.alerts.falsePositive}
                        </button>
                        <button
                          type="button"
                          className="danger"
                          onClick={() => setScreening({ alertId: a.id, outcome: 'confirmed-match' })}
                        >
                          {m.alerts.confirmMatch}
                        </button>
                      </div>
                    )}
                  </td>
                  <td>
                    <Link to={`/players/${a.playerId}`}>{a.playerId.slice(0, 8)}</Link>
                  </td>
                  <td className="num">{a.score}</td>
                  <td>{a.caseId ? <Link to={`/aml/cases/${a.caseId}`}>{a.status}</Link> : a.status}</td>
                  <td>{formatDateTime(a.lastFiredAt, lang)}</td>
                  <td>
                    {a.assignedTo === session?.staffUserId ? (
                      m.alerts.assigned
                    ) : mayWork && a.status !== 'CLOSED' ? (
                      <button type="button" className="secondary" onClick={() => void assign(a.id)}>
                        {m.alerts.assignToMe}
                      </button>
                    ) : (
                      (a.assignedTo?.slice(0, 8) ?? '–')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {alerts.data.alerts.length === 0 && <p>{m.common.none}</p>}
          <Pager
            offset={page * pageSize}
            count={alerts.data.alerts.length}
            hasNext={alerts.data.nextCursor !== null}
            onPrevious={page > 0 ? () => setCursors(cursors.slice(0, -1)) : undefined}
            onNext={() => setCursors([...cursors, alerts.data!.nextCursor ?? undefined])}
          />
          {mayWork && (
            <section aria-labelledby="new-case" className="panel">
              <h2 id="new-case">{m.alerts.openCase}</h2>
              <Field label={m.alerts.caseTitle}>
                {({ id }) => <input id={id} value={title} onChange={(e) => setTitle(e.target.value)} />}
              </Field>
              {chosen.length > 0 && !onePlayer && <p className="muted">{m.alerts.onePlayer}</p>}
              <button type="button" disabled={!onePlayer || title.trim().length < 3} onClick={() => void openCase()}>
                {m.alerts.openCase}
              </button>
            </section>
          )}
        </>
      )}
      <ReasonDialog
        open={screening !== null}
        title={screening?.outcome === 'confirmed-match' ? m.alerts.confirmMatch : m.alerts.falsePositive}
        confirm={screening?.outcome === 'confirmed-match' ? m.alerts.confirmMatch : m.alerts.falsePositive}
        danger={screening?.outcome === 'confirmed-match'}
        onConfirm={decideScreening}
        onClose={() => setScreening(null)}
      />
    </>
  );
}
