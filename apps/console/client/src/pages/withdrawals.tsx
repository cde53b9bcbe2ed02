import { useState } from 'react';
import { admin, problemCode } from '../api.ts';
import { Notice, Pager, ReasonDialog } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, formatMoney, useI18n } from '../i18n/index.tsx';
import { actionRoles, holds } from '../roles.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

type Queue = 'IN_REVIEW' | 'APPROVED' | 'SENT' | 'overdue' | 'discrepancy';
const pageSize = 25;
const dayMs = 86_400_000;

/**
 * The cashier's withdrawal review queue (issue 21): the 14-day deadline of 004:WDR-03 as a timer
 * per row, the review reasons, a payout hold on the player shown before anyone approves, and
 * approve or reject with a note; a page at a time from the server.
 */
export function WithdrawalsPage() {
  const { m, lang } = useI18n();
  const { session } = useSession();
  const mayDecide = holds(session?.roles, actionRoles.decideWithdrawal);
  const [queue, setQueue] = useState<Queue>('IN_REVIEW');
  const [offset, setOffset] = useState(0);
  const [deciding, setDeciding] = useState<{ id: string; decision: 'approve' | 'reject'; amount: string } | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const list = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/cashier/withdrawals', {
      params: { query: { status: queue, limit: pageSize + 1, offset } },
    });
    if (error) throw new Error('withdrawals');
    return { rows: data.withdrawals.slice(0, pageSize), more: data.withdrawals.length > pageSize, at: Date.now() };
  }, [queue, offset]);

  const decide = async (note: string) => {
    if (!deciding) return;
    const { error } = await admin.POST('/v1/cashier/withdrawals/{withdrawalId}/decision', {
      params: { path: { withdrawalId: deciding.id } },
      body: { decision: deciding.decision, note },
    });
    const decision = deciding.decision;
    setDeciding(null);
    if (error)
      return setNotice({
        kind: 'error',
        text: fill(m.common.refused, { detail: String((error as { detail?: string }).detail ?? problemCode(error)) }),
      });
    setNotice({ kind: 'success', text: decision === 'approve' ? m.withdrawals.approved : m.withdrawals.rejected });
    list.reload();
  };

  return (
    <>
      <h1>{m.withdrawals.title}</h1>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <div className="tabs" role="group" aria-label={m.common.filter}>
        {(Object.keys(m.withdrawals.statuses) as Queue[]).map((q) => (
          <button
            key={q}
            type="button"
            aria-pressed={queue === q}
            onClick={() => {
              setQueue(q);
              setOffset(0);
            }}
          >
            {m.withdrawals.statuses[q]}
          </button>
        ))}
      </div>
      {list.error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {list.data && (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">{m.common.player}</th>
                <th scope="col">{m.common.amount}</th>
                <th scope="col">{m.withdrawals.requested}</th>
                <th scope="col">{m.withdrawals.sla}</th>
                <th scope="col">{m.withdrawals.reasons}</th>
                <th scope="col">{m.common.status}</th>
                {mayDecide && queue === 'IN_REVIEW' && <th scope="col">{m.common.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {list.data.rows.map((w) => {
                const daysLeft = Math.ceil((Date.parse(w.dueAt) - list.data!.at) / dayMs);
                const amount = formatMoney(w.amount, lang);
                return (
                  <tr key={w.id} data-testid="withdrawal-row" data-withdrawal-id={w.id}>
                    <td>
                      <Link to={`/players/${w.playerId}`}>{w.playerId.slice(0, 8)}</Link>
                    </td>
                    <td className="num">{amount}</td>
                    <td>{formatDateTime(w.createdAt, lang)}</td>
                    <td>
                      <span className={w.overdue || daysLeft < 0 ? 'badge danger' : daysLeft <= 3 ? 'badge warn' : 'badge'}>
                        {w.overdue || daysLeft < 0 ? m.withdrawals.overdue : fill(m.withdrawals.daysLeft, { days: daysLeft })}
                      </span>{' '}
                      <small>{formatDateTime(w.dueAt, lang)}</small>
                    </td>
                    <td>
                      {w.reviewReasons.join('; ')}
                      {w.payoutHold && (
                        <div className="badge danger" data-testid="payout-hold">
                          {`${m.withdrawals.hold}: ${w.payoutHold.reason}`}
                        </div>
                      )}
                    </td>
                    <td>{w.status}</td>
                    {mayDecide && queue === 'IN_REVIEW' && (
                      <td className="row">
                        <button type="button" onClick={() => setDeciding({ id: w.id, decision: 'approve', amount })}>
                          {m.withdrawals.approve}
                        </button>
                        <button
                          type="button"
                          className="danger"
                          onClick={() => setDeciding({ id: w.id, decision: 'reject', amount })}
                        >
                          {m.withdrawals.reject}
                        </button>
                      </td>
                    )}
                  </tr>
                );
              })}
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
      <ReasonDialog
        open={deciding !== null}
        title={fill(deciding?.decision === 'reject' ? m.withdrawals.rejectTitle : m.withdrawals.approveTitle, {
          amount: deciding?.amount ?? '',
        })}
        confirm={deciding?.decision === 'reject' ? m.withdrawals.reject : m.withdrawals.approve}
        danger={deciding?.decision === 'reject'}
        onConfirm={decide}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
