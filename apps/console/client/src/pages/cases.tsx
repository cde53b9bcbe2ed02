import { useState, type FormEvent } from 'react';
import { admin, problemCode } from '../api.ts';
import { Field, Notice, Pager } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, useI18n } from '../i18n/index.tsx';
import { actionRoles, holds } from '../roles.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';
import { CaseDocuments, CaseEscalation, CaseReports } from './case-file.tsx';

const pageSize = 25;
type CaseStatus = 'OPEN' | 'AWAITING_INFORMATION' | 'ESCALATED' | 'CLOSED';

export function CasesPage() {
  const { m, lang } = useI18n();
  const [status, setStatus] = useState<CaseStatus | ''>('');
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const page = cursors.length - 1;
  const cases = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/cases', {
      params: { query: { ...(status ? { status } : {}), ...(cursors[page] ? { after: cursors[page] } : {}), limit: pageSize } },
    });
    if (error) throw new Error('cases');
    return data;
  }, [status, page]);
  return (
    <>
      <h1>{m.cases.title}</h1>
      <div className="filters">
        <Field label={m.common.status}>
          {({ id }) => (
            <select
              id={id}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as CaseStatus | '');
                setCursors([undefined]);
              }}
            >
              <option value="">{m.common.all}</option>
              {(['OPEN', 'AWAITING_INFORMATION', 'ESCALATED', 'CLOSED'] as const).map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {cases.error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {cases.data && (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">{m.cases.title}</th>
                <th scope="col">{m.common.player}</th>
                <th scope="col">{m.common.status}</th>
                <th scope="col">{m.cases.decision}</th>
                <th scope="col">{m.common.created}</th>
              </tr>
            </thead>
            <tbody>
              {cases.data.cases.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link to={`/aml/cases/${c.id}`}>{c.title}</Link>
                  </td>
                  <td>
                    <Link to={`/players/${c.playerId}`}>{c.playerId.slice(0, 8)}</Link>
                  </td>
                  <td>{c.status}</td>
                  <td>{c.decision ?? '–'}</td>
                  <td>{formatDateTime(c.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {cases.data.cases.length === 0 && <p>{m.common.none}</p>}
          <Pager
            offset={page * pageSize}
            count={cases.data.cases.length}
            hasNext={cases.data.nextCursor !== null}
            onPrevious={page > 0 ? () => setCursors(cursors.slice(0, -1)) : undefined}
            onNext={() => setCursors([...cursors, cases.data!.nextCursor ?? undefined])}
          />
        </>
      )}
    </>
  );
}

type Decision = 'no-action' | 'request-information' | 'hold-payouts' | 'file-report' | 'close-account';

/** A case file: its alerts, notes, documents, holds and reports; a note; a decision with its reasoning. */
export function CasePage({ caseId }: { caseId: string }) {
  const { m, lang } = useI18n();
  const { session } = useSession();
  const mayWork = holds(session?.roles, actionRoles.workAlerts);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [decision, setDecision] = useState<Decision>('hold-payouts');
  const file = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/cases/{caseId}', { params: { path: { caseId } } });
    if (error) throw new Error('case');
    return data;
  }, [caseId]);
  const refused = (problem: unknown) =>
    setNotice({
      kind: 'error',
      text: fill(m.common.refused, { detail: String((problem as { detail?: string }).detail ?? problemCode(problem)) }),
    });

  const comment = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = String(new FormData(form).get('comment')).trim();
    if (!body) return;
    const { error } = await admin.POST('/v1/cases/{caseId}/comments', { params: { path: { caseId } }, body: { body } });
    if (error) return refused(error);
    form.reset();
    file.reload();
  };
  const decide = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reasoning')).trim();
    const { data, error } = await admin.POST('/v1/cases/{caseId}/decision', {
      params: { path: { caseId } },
      body: decision === 'close-account' ? { decision, reason, ground: 'x', barReregistration: true } : { decision, reason },
    });
    if (error) return refused(error);
    setNotice({ kind: 'success', text: fill(m.cases.decided, { status: data.status }) });
    file.reload();
  };

  if (file.error) return <Notice kind="error">{m.app.unavailable}</Notice>;
  const c = file.data;
  if (!c) return <p>{m.app.loading}</p>;
  return (
    <>
      <h1>{fill(m.cases.caseTitle, { title: c.title })}</h1>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <dl className="facts-inline">
        <div className="fact">
          <dt>{m.common.status}</dt>
          <dd data-testid="case-status">{c.status}</dd>
        </div>
        <div className="fact">
          <dt>{m.common.player}</dt>
          <dd>
            <Link to={`/players/${c.playerId}`}>{c.playerId}</Link>
          </dd>
        </div>
        <div className="fact">
          <dt>{m.cases.decision}</dt>
          <dd>{c.decision ? (m.cases.decisions[c.decision] ?? c.decision) : '–'}</dd>
        </div>
      </dl>
      <CaseEscalation caseId={caseId} status={c.status} onChange={file.reload} />
      <div className="grid">
        <section aria-labelledby="case-alerts">
          <h2 id="case-alerts">{m.cases.alerts}</h2>
          <ul>
            {c.alerts.map((a) => (
              <li key={a.id}>{`${a.ruleCode}: ${a.status}`}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="case-holds">
          <h2 id="case-holds">{m.cases.holds}</h2>
          <ul data-testid="case-holds">
            {c.holds.map((h) => (
              <li key={h.id}>
                {h.releasedAt
                  ? `${m.cases.released} ${formatDateTime(h.releasedAt, lang)}`
                  : `${m.cases.holdExpires} ${formatDateTime(h.expiresAt, lang)}`}
              </li>
            ))}
          </ul>
          {c.holds.length === 0 && <p>{m.common.none}</p>}
        </section>
        <CaseDocuments caseId={caseId} documents={c.documents} onChange={file.reload} />
      </div>
      <CaseReports reports={c.reports} onChange={file.reload} />
      <section aria-labelledby="case-comments">
        <h2 id="case-comments">{m.cases.comments}</h2>
        <ul>
          {c.comments.map((note) => (
            <li key={note.id}>
              {`${formatDateTime(note.createdAt, lang)}: `}
              {note.body}
            </li>
          ))}
        </ul>
        {mayWork && (
          <form onSubmit={(e) => void comment(e)}>
            <Field label={m.cases.comment}>{({ id }) => <textarea id={id} name="comment" rows={2} />}</Field>
            <button type="submit" className="secondary">
              {m.cases.addComment}
            </button>
          </form>
        )}
      </section>
      {mayWork && c.status !== 'CLOSED' && (
        <section aria-labelledby="case-decision" className="panel">
          <h2 id="case-decision">{m.cases.decision}</h2>
          <form onSubmit={(e) => void decide(e)}>
            <fieldset>
              <legend>{m.cases.decision}</legend>
              {(Object.keys(m.cases.decisions) as Decision[]).map((d) => (
                <label key={d} className="check">
                  <input type="radio" name="decision" value={d} checked={decision === d} onChange={() => setDecision(d)} />
                  {m.cases.decisions[d]}
                </label>
              ))}
            </fieldset>
            <Field label={m.common.reason} help={m.common.reasonHelp}>
              {({ id, describedBy }) => (
                <textarea id={id} name="reasoning" rows={3} required minLength={5} aria-describedby={describedBy} />
              )}
            </Field>
            <button type="submit">{m.cases.decide}</button>
          </form>
        </section>
      )}
    </>
  );
}
