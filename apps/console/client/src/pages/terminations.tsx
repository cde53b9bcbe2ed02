import { useState } from 'react';
import { admin, problemCode } from '../api.ts';
import { Field, Notice, ReasonDialog } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, useI18n } from '../i18n/index.tsx';
import { holds } from '../roles.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

type Status = 'OPEN' | 'DISMISSED' | 'TERMINATED' | 'LAPSED';
/** The roles `POST /v1/termination-candidates/{id}/dismiss` admits. */
const deciders = ['compliance-officer', 'mlro', 'admin'] as const;

/**
 * Account lifecycle (issue 23's API): the termination grounds that are conditions, found by the
 * worker (004:TRM-10 v, xi, xiv, xv) and offered to staff. Dismissing one takes a reason; terminating
 * is the player's "close" action, on the player's page.
 */
export function TerminationsPage() {
  const { m, lang } = useI18n();
  const { session } = useSession();
  const mayDecide = holds(session?.roles, deciders);
  const [status, setStatus] = useState<Status>('OPEN');
  const [dismissing, setDismissing] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const candidates = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/termination-candidates', { params: { query: { status, limit: 100 } } });
    if (error) throw new Error('candidates');
    return data.candidates;
  }, [status]);

  const dismiss = async (reason: string) => {
    if (!dismissing) return;
    const { error } = await admin.POST('/v1/termination-candidates/{candidateId}/dismiss', {
      params: { path: { candidateId: dismissing } },
      body: { reason },
    });
    setDismissing(null);
    if (error) {
      const detail = (error as { detail?: string }).detail ?? problemCode(error);
      return setNotice({ kind: 'error', text: fill(m.common.refused, { detail: String(detail) }) });
    }
    setNotice({ kind: 'success', text: m.terminations.dismissed });
    candidates.reload();
  };

  return (
    <>
      <h1>{m.terminations.title}</h1>
      <p>{m.terminations.intro}</p>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <div className="filters">
        <Field label={m.common.status}>
          {({ id }) => (
            <select id={id} value={status} onChange={(e) => setStatus(e.target.value as Status)}>
              {(['OPEN', 'DISMISSED', 'TERMINATED', 'LAPSED'] as const).map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {candidates.error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {candidates.data && (
        <table>
          <thead>
            <tr>
              <th scope="col">{m.common.player}</th>
              <th scope="col">{m.terminations.ground}</th>
              <th scope="col">{m.terminations.since}</th>
              <th scope="col">{m.terminations.detail}</th>
              <th scope="col">{m.common.status}</th>
              {mayDecide && status === 'OPEN' && <th scope="col">{m.common.actions}</th>}
            </tr>
          </thead>
          <tbody>
            {candidates.data.map((c) => (
              <tr key={c.candidateId} data-candidate-id={c.candidateId}>
                <td>
                  <Link to={`/players/${c.playerId}`}>{c.playerId.slice(0, 8)}</Link>
                </td>
                <td>{fill(m.terminations.clause, { ground: c.ground })}</td>
                <td>{formatDateTime(c.since, lang)}</td>
                <td>{c.detail}</td>
                <td>{c.status}</td>
                {mayDecide && status === 'OPEN' && (
                  <td>
                    <button type="button" className="secondary" onClick={() => setDismissing(c.candidateId)}>
                      {m.terminations.dismiss}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {candidates.data?.length === 0 && <p>{m.common.none}</p>}
      <ReasonDialog
        open={dismissing !== null}
        title={m.terminations.dismissTitle}
        confirm={m.terminations.dismiss}
        onConfirm={dismiss}
        onClose={() => setDismissing(null)}
      />
    </>
  );
}
