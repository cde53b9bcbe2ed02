import { useState, type FormEvent } from 'react';
import { admin, problemCode } from '../api.ts';
import { Field, Notice } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, useI18n } from '../i18n/index.tsx';
import { holds } from '../roles.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

type Action = 'assess' | 'request-documents' | 'documents-received' | 'escalate' | 'decide';
type Decision = 'upheld' | 'partly-upheld' | 'not-upheld';
/** The roles `POST /v1/complaints/{id}/actions` admits (apps/admin-api/src/routes/account-lifecycle.ts). */
const actors = ['support', 'compliance-officer', 'admin'] as const;

const when = (value: string | null, lang: 'cs' | 'en') => (value ? formatDateTime(value, lang) : '–');

/**
 * One complaint (issue 23's API): what arrived, its SLA clock (assess, resolve, escalated, paused
 * while waiting for documents, the next deadline) and the steps: assess, request documents, record
 * them, escalate, decide with reasoning. Escalation routes and not-upheld grounds are the operator
 * profile's; the page sends what the officer typed and shows the API's answer, which names them.
 */
export function ComplaintPage({ complaintId }: { complaintId: string }) {
  const { m, lang } = useI18n();
  const { session } = useSession();
  const mayAct = holds(session?.roles, actors);
  const [action, setAction] = useState<Action>('assess');
  const [decision, setDecision] = useState<Decision>('upheld');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const complaint = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/complaints/{complaintId}', { params: { path: { complaintId } } });
    if (error) throw new Error('complaint');
    return data;
  }, [complaintId]);

  const act = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const body =
      action === 'decide'
        ? { action, decision, reasoning: text('text'), ...(text('ground') ? { ground: text('ground') } : {}) }
        : action === 'escalate'
          ? { action, route: text('route'), note: text('text') }
          : action === 'request-documents'
            ? { action, what: text('text') }
            : { action, note: text('text') };
    const { data, error } = await admin.POST('/v1/complaints/{complaintId}/actions', {
      params: { path: { complaintId } },
      body,
    });
    if (error) {
      const detail = (error as { detail?: string }).detail ?? problemCode(error);
      return setNotice({ kind: 'error', text: fill(m.common.refused, { detail: String(detail) }) });
    }
    setNotice({ kind: 'success', text: fill(m.complaint.done, { status: data.status }) });
    complaint.reload();
  };

  if (complaint.error) return <Notice kind="error">{m.app.unavailable}</Notice>;
  const c = complaint.data;
  if (!c) return <p>{m.app.loading}</p>;
  const clock = c.clock;
  const facts: Array<[string, string, string?]> = [
    [m.common.status, c.status, 'complaint-status'],
    [m.complaints.channel, c.channel],
    [m.complaints.received, when(c.receivedAt, lang)],
    [m.complaint.windowEndsAt, when(c.windowEndsAt, lang)],
    [m.complaint.assessDueAt, when(clock.assessDueAt, lang)],
    [m.complaint.assessedAt, when(clock.assessedAt, lang)],
    [m.complaint.resolveDueAt, when(clock.resolveDueAt, lang)],
    [m.complaint.escalated, clock.escalatedAt ? `${when(clock.escalatedAt, lang)} (${clock.escalationRoute ?? '–'})` : '–'],
    [m.complaint.waitingSince, when(clock.waitingSince, lang)],
    [m.complaint.paused, fill(m.complaint.pausedHours, { hours: String(Math.floor(clock.pausedMs / 3_600_000)) })],
  ];
  return (
    <>
      <h1>{fill(m.complaint.title, { reference: c.reference })}</h1>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {clock.nextDeadline && (
        <p>
          {m.complaints.due}:{' '}
          <span className={clock.overdue ? 'badge danger' : 'badge'} data-testid="complaint-deadline">
            {formatDateTime(clock.nextDeadline, lang)}
            {clock.overdue ? ` (${m.complaint.overdue})` : ''}
          </span>
        </p>
      )}
      <dl className="facts-inline">
        {facts.map(([label, value, testId]) => (
          <div className="fact" key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
        <div className="fact">
          <dt>{m.common.player}</dt>
          <dd>{c.playerId ? <Link to={`/players/${c.playerId}`}>{c.playerId.slice(0, 8)}</Link> : '–'}</dd>
        </div>
      </dl>
      <section aria-labelledby="complaint-content">
        <h2 id="complaint-content">{m.complaint.content}</h2>
        <p>{c.description}</p>
        {c.remedyWanted && <p>{fill(m.complaint.remedy, { remedy: c.remedyWanted })}</p>}
        {c.missing.length > 0 && <Notice kind="info">{fill(m.complaint.missing, { missing: c.missing.join(', ') })}</Notice>}
      </section>
      {c.decision && (
        <section aria-labelledby="complaint-decision">
          <h2 id="complaint-decision">{m.complaint.decision}</h2>
          <p data-testid="complaint-decision">
            {`${m.complaint.decisions[c.decision] ?? c.decision}${c.decisionGround ? ` (${c.decisionGround})` : ''}, ${when(c.decidedAt, lang)}`}
          </p>
          <p>{c.reasoning}</p>
          <p>{fill(m.complaint.contact, { contact: c.escalationContact })}</p>
        </section>
      )}
      {mayAct && c.status !== 'DECIDED' && (
        <section aria-labelledby="complaint-act" className="panel">
          <h2 id="complaint-act">{m.complaint.act}</h2>
          <form onSubmit={(e) => void act(e)}>
            <fieldset>
              <legend>{m.complaint.step}</legend>
              {(Object.keys(m.complaint.actions) as Action[]).map((a) => (
                <label key={a} className="check">
                  <input type="radio" name="action" value={a} checked={action === a} onChange={() => setAction(a)} />
                  {m.complaint.actions[a]}
                </label>
              ))}
            </fieldset>
            {action === 'decide' && (
              <>
                <fieldset>
                  <legend>{m.complaint.decision}</legend>
                  {(Object.keys(m.complaint.decisions) as Decision[]).map((d) => (
                    <label key={d} className="check">
                      <input type="radio" name="decision" value={d} checked={decision === d} onChange={() => setDecision(d)} />
                      {m.complaint.decisions[d]}
                    </label>
                  ))}
                </fieldset>
                {decision === 'not-upheld' && (
                  <Field label={m.complaint.ground} help={m.complaint.groundHelp}>
                    {({ id, describedBy }) => <input id={id} name="ground" maxLength={40} aria-describedby={describedBy} />}
                  </Field>
                )}
              </>
            )}
            {action === 'escalate' && (
              <Field label={m.complaint.route} help={m.complaint.routeHelp}>
                {({ id, describedBy }) => <input id={id} name="route" required maxLength={40} aria-describedby={describedBy} />}
              </Field>
            )}
            <Field label={action === 'decide' ? m.complaint.reasoning : m.complaint.note}>
              {({ id }) => <textarea id={id} name="text" rows={3} required minLength={action === 'decide' ? 5 : 1} />}
            </Field>
            <button type="submit">{m.complaint.submit}</button>
          </form>
        </section>
      )}
    </>
  );
}
