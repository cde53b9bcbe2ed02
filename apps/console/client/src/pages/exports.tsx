import { useEffect, useState, type FormEvent } from 'react';
import { admin, download, problemCode } from '../api.ts';
import { Field, Notice, Pager } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, useI18n } from '../i18n/index.tsx';

const pageSize = 20;
/** While an export runs, its progress is asked for this often. */
const progressPollMs = 1_000;

/**
 * Auditor exports (issue 21; the exports themselves are issue 10): request a background export of a
 * register, watch its progress, download the file and its manifest (`npm run verify:export -- <file>`
 * checks the one against the other and the database).
 */
export function ExportsPage() {
  const { m, lang } = useI18n();
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const page = cursors.length - 1;
  const registers = useLoad(async () => (await admin.GET('/v1/registers')).data?.registers);
  const list = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/exports', {
      params: { query: { ...(cursors[page] ? { before: cursors[page] } : {}), limit: pageSize } },
    });
    if (error) throw new Error('exports');
    return data;
  }, [page]);
  const running = (list.data?.exports ?? []).some((e) => e.status === 'QUEUED' || e.status === 'RUNNING');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(list.reload, progressPollMs);
    return () => clearInterval(timer);
  }, [running, list.reload]);

  const request = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const { error } = await admin.POST('/v1/exports', {
      body: {
        register: String(form.get('register')) as 'audit-log',
        format: String(form.get('format')) as 'csv' | 'jsonl',
        filters: {},
      },
    });
    if (error)
      return setNotice({
        kind: 'error',
        text: fill(m.common.refused, { detail: String((error as { detail?: string }).detail ?? problemCode(error)) }),
      });
    setNotice({ kind: 'success', text: m.exports.requested });
    setCursors([undefined]);
    list.reload();
  };

  return (
    <>
      <h1>{m.exports.title}</h1>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <form className="filters" onSubmit={(e) => void request(e)}>
        <Field label={m.exports.register}>
          {({ id }) => (
            <select id={id} name="register" defaultValue="audit-log">
              {(registers.data ?? []).map((r) => (
                <option key={r.name} value={r.name}>
                  {`${r.title} (${r.name})`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={m.exports.format}>
          {({ id }) => (
            <select id={id} name="format" defaultValue="csv">
              <option value="csv">CSV</option>
              <option value="jsonl">JSON Lines</option>
            </select>
          )}
        </Field>
        <button type="submit" disabled={!registers.data}>
          {m.exports.request}
        </button>
      </form>
      <h2>{m.exports.list}</h2>
      {list.error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {list.data && (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">{m.exports.register}</th>
                <th scope="col">{m.common.created}</th>
                <th scope="col">{m.common.status}</th>
                <th scope="col">{m.exports.progress}</th>
                <th scope="col">{m.exports.sha256}</th>
                <th scope="col">{m.common.actions}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.exports.map((e) => (
                <tr key={e.exportId} data-testid="export-row" data-status={e.status}>
                  <td>{`${e.register} (${e.format})`}</td>
                  <td>{formatDateTime(e.createdAt, lang)}</td>
                  <td>{e.status === 'FAILED' ? fill(m.exports.failed, { failure: e.failure ?? '' }) : e.status}</td>
                  <td>
                    <progress
                      max={100}
                      value={e.status === 'READY' ? 100 : (e.progressPercent ?? 0)}
                      aria-label={`${m.exports.progress} ${e.register}`}
                    />{' '}
                    {`${e.rowsWritten}${e.rowsTotal === null ? '' : ` / ${e.rowsTotal}`} ${m.exports.rows}`}
                  </td>
                  <td>
                    <code>{e.sha256 ? `${e.sha256.slice(0, 16)}…` : '–'}</code>
                  </td>
                  <td className="row">
                    {e.status === 'READY' && (
                      <>
                        <button
                          type="button"
                          onClick={() => void download(`/v1/exports/${e.exportId}/file`, `${e.register}.${e.format}`)}
                        >
                          {m.exports.download}
                        </button>
                        <button
                          type="button"
                          className="secondary"
                          onClick={() =>
                            void download(`/v1/exports/${e.exportId}/manifest`, `${e.register}.${e.format}.manifest.json`)
                          }
                        >
                          {m.exports.manifest}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.data.exports.length === 0 && <p>{m.common.none}</p>}
          <Pager
            offset={page * pageSize}
            count={list.data.exports.length}
            hasNext={list.data.nextCursor !== null}
            onPrevious={page > 0 ? () => setCursors(cursors.slice(0, -1)) : undefined}
            onNext={() => setCursors([...cursors, list.data!.nextCursor ?? undefined])}
          />
        </>
      )}
    </>
  );
}
