import { useState } from 'react';
import { admin } from '../api.ts';
import { Notice, Pager } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, useI18n } from '../i18n/index.tsx';

const pageSize = 25;

/** The audit log's and the ledger's hash chains verified on request, and the audit log a page at a time. */
export function VerificationPage() {
  const { m, lang } = useI18n();
  const [audit, setAudit] = useState<{ ok: boolean; text: string } | null>(null);
  const [chain, setChain] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const page = cursors.length - 1;
  const entries = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/audit-log', {
      params: { query: { ...(cursors[page] ? { after: cursors[page] } : {}), limit: pageSize } },
    });
    if (error) throw new Error('audit');
    return data;
  }, [page]);

  const verify = async () => {
    setBusy(true);
    try {
      const [a, c] = await Promise.all([admin.GET('/v1/audit-log/verify'), admin.GET('/v1/ledger/chain')]);
      if (a.data)
        setAudit({
          ok: a.data.ok,
          text: a.data.ok
            ? fill(m.verification.intact, { count: a.data.entriesVerified })
            : fill(m.verification.broken, { detail: `${a.data.brokenSeq ?? ''} ${a.data.reason ?? ''}` }),
        });
      if (c.data)
        setChain({
          ok: c.data.ok,
          text: c.data.ok
            ? fill(m.verification.intact, { count: c.data.blocksVerified })
            : fill(m.verification.broken, { detail: `${c.data.brokenBlockNo ?? ''} ${c.data.reason ?? ''}` }),
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>{m.verification.title}</h1>
      <button type="button" onClick={() => void verify()} disabled={busy}>
        {m.verification.verify}
      </button>
      <div className="grid">
        <section aria-labelledby="audit-result">
          <h2 id="audit-result">{m.verification.auditLog}</h2>
          {audit && (
            <Notice kind={audit.ok ? 'success' : 'error'}>
              <span data-testid="audit-verification">{audit.text}</span>
            </Notice>
          )}
        </section>
        <section aria-labelledby="chain-result">
          <h2 id="chain-result">{m.verification.ledgerChain}</h2>
          {chain && (
            <Notice kind={chain.ok ? 'success' : 'error'}>
              <span data-testid="chain-verification">{chain.text}</span>
            </Notice>
          )}
        </section>
      </div>
      <h2>{m.verification.entries}</h2>
      {entries.data && (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">{m.verification.at}</th>
                <th scope="col">{m.verification.action}</th>
                <th scope="col">{m.verification.actor}</th>
                <th scope="col">{m.verification.subject}</th>
                <th scope="col">{m.common.reason}</th>
              </tr>
            </thead>
            <tbody>
              {entries.data.entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.at, lang)}</td>
                  <td>{e.action}</td>
                  <td>{`${e.actorKind}:${e.actorId.slice(0, 8)}`}</td>
                  <td>{`${e.subjectType} ${e.subjectId.slice(0, 8)}`}</td>
                  <td>{e.reason ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            offset={page * pageSize}
            count={entries.data.entries.length}
            hasNext={entries.data.nextCursor !== null}
            onPrevious={page > 0 ? () => setCursors(cursors.slice(0, -1)) : undefined}
            onNext={() => setCursors([...cursors, entries.data!.nextCursor ?? undefined])}
          />
        </>
      )}
    </>
  );
}
