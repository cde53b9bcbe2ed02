import { useState } from 'react';
import { admin, problemCode } from '../api.ts';
import { Notice, ReasonDialog } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, useI18n } from '../i18n/index.tsx';
import { Link } from '../router.tsx';

/** Payment methods whose proof of ownership waits for a decision (004:PAY-03): verify or reject, with a reason. */
export function PaymentMethodsPage() {
  const { m, lang } = useI18n();
  const [deciding, setDeciding] = useState<{ id: string; decision: 'approve' | 'reject' } | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const queue = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/cashier/payment-methods/review-queue', { params: { query: { limit: 100 } } });
    if (error) throw new Error('queue');
    return data.paymentMethods;
  });
  const decide = async (reason: string) => {
    if (!deciding) return;
    const { error } = await admin.POST('/v1/cashier/payment-methods/{paymentMethodId}/verification-decision', {
      params: { path: { paymentMethodId: deciding.id } },
      body: { decision: deciding.decision, reason, cardDataFound: false },
    });
    setDeciding(null);
    if (error)
      return setNotice({
        kind: 'error',
        text: fill(m.common.refused, { detail: String((error as { detail?: string }).detail ?? problemCode(error)) }),
      });
    setNotice({ kind: 'success', text: m.common.done });
    queue.reload();
  };
  return (
    <>
      <h1>{m.methods.title}</h1>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {queue.error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {queue.data && (
        <table>
          <thead>
            <tr>
              <th scope="col">{m.common.player}</th>
              <th scope="col">{m.methods.kind}</th>
              <th scope="col">{m.methods.deadline}</th>
              <th scope="col">{m.methods.documents}</th>
              <th scope="col">{m.common.actions}</th>
            </tr>
          </thead>
          <tbody>
            {queue.data.map((pm) => (
              <tr key={pm.id}>
                <td>
                  <Link to={`/players/${pm.playerId}`}>{pm.playerId.slice(0, 8)}</Link>
                </td>
                <td>{`${pm.display} (${pm.instrument}), ${pm.holderName}`}</td>
                <td>{formatDateTime(pm.verificationDeadlineAt, lang)}</td>
                <td>{pm.documents.map((d) => `${d.kind} (${d.contentType})`).join(', ') || '–'}</td>
                <td className="row">
                  <button type="button" onClick={() => setDeciding({ id: pm.id, decision: 'approve' })}>
                    {m.methods.approve}
                  </button>
                  <button type="button" className="danger" onClick={() => setDeciding({ id: pm.id, decision: 'reject' })}>
                    {m.methods.reject}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {queue.data?.length === 0 && <p>{m.common.none}</p>}
      <ReasonDialog
        open={deciding !== null}
        title={deciding?.decision === 'reject' ? m.methods.rejectTitle : m.methods.approveTitle}
        confirm={deciding?.decision === 'reject' ? m.methods.reject : m.methods.approve}
        danger={deciding?.decision === 'reject'}
        onConfirm={decide}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
