import { useState, type FormEvent } from 'react';
import { admin, download, problemCode } from '../api.ts';
import { Field, Notice, ReasonDialog } from '../components/ui.tsx';
import { fill, formatDateTime, useI18n } from '../i18n/index.tsx';
import { actionRoles, holds } from '../roles.ts';
import { useSession } from '../session.tsx';

/** What the admin API's case document route takes in one body (8 MiB of JSON), less the base64 growth. */
const documentBytesMax = 5 * 1024 * 1024;

interface CaseDocument {
  id: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  uploadedAt: string;
}
interface CaseReport {
  id: string;
  filedAt: string | null;
  authorityReference: string | null;
}

/** A file's bytes as base64, read in the browser (the API stores the bytes and audits their SHA-256). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The case file's documents: the list with each SHA-256, a download, and an upload for the officers. */
export function CaseDocuments(props: { caseId: string; documents: CaseDocument[]; onChange(): void }) {
  const { m, lang } = useI18n();
  const { session } = useSession();
  const mayUpload = holds(session?.roles, actionRoles.workAlerts);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem('document') as HTMLInputElement).files?.[0];
    if (!file) return;
    if (file.size > documentBytesMax) return setNotice({ kind: 'error', text: m.caseFile.tooLarge });
    setBusy(true);
    try {
      const { data, error } = await admin.POST('/v1/cases/{caseId}/documents', {
        params: { path: { caseId: props.caseId } },
        body: {
          filename: file.name,
          contentType: file.type || 'application/octet-stream',
          contentBase64: await base64Of(file),
        },
      });
      if (error) {
        const detail = (error as { detail?: string }).detail ?? problemCode(error);
        return setNotice({ kind: 'error', text: fill(m.common.refused, { detail: String(detail) }) });
      }
      setNotice({ kind: 'success', text: fill(m.caseFile.uploaded, { sha256: data.sha256 }) });
      form.reset();
      props.onChange();
    } finally {
      setBusy(false);
    }
  };
  const save = async (d: CaseDocument) => {
    const { data, error } = await admin.GET('/v1/cases/{caseId}/documents/{documentId}', {
      params: { path: { caseId: props.caseId, documentId: d.id } },
    });
    if (error) return setNotice({ kind: 'error', text: m.app.unavailable });
    const bytes = Uint8Array.from(atob(data.contentBase64), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: data.contentType }));
    const link = document.createElement('a');
    link.href = url;
    link.download = data.filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <section aria-labelledby="case-documents">
      <h2 id="case-documents">{m.cases.documents}</h2>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <ul data-testid="case-documents">
        {props.documents.map((d) => (
          <li key={d.id}>
            {`${d.filename} (${d.sizeBytes} B, ${formatDateTime(d.uploadedAt, lang)}) `}
            <code title={d.sha256}>{`SHA-256 ${d.sha256.slice(0, 12)}…`}</code>{' '}
            <button type="button" className="link" onClick={() => void save(d)}>
              {fill(m.caseFile.downloadDocument, { name: d.filename })}
            </button>
          </li>
        ))}
      </ul>
      {props.documents.length === 0 && <p>{m.common.none}</p>}
      {mayUpload && (
        <form onSubmit={(e) => void upload(e)}>
          <Field label={m.caseFile.document} help={m.caseFile.documentHelp}>
            {({ id, describedBy }) => <input id={id} name="document" type="file" required aria-describedby={describedBy} />}
          </Field>
          <button type="submit" className="secondary" disabled={busy}>
            {m.caseFile.upload}
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * The suspicious transaction reports filed from the case (the decision "file a report", MLRO only):
 * the STR document as the admin API composes it (player, transactions, reasoning, SHA-256) and the
 * filing with the FIU's reference, recorded once.
 */
export function CaseReports(props: { reports: CaseReport[]; onChange(): void }) {
  const { m, lang } = useI18n();
  const { session } = useSession();
  const mayRead = holds(session?.roles, ['mlro', 'auditor', 'admin']);
  const mayFile = holds(session?.roles, ['mlro']);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const file = async (event: FormEvent<HTMLFormElement>, reportId: string) => {
    event.preventDefault();
    const authorityReference = String(new FormData(event.currentTarget).get('authorityReference')).trim();
    const { error } = await admin.POST('/v1/reports/{reportId}/filing', {
      params: { path: { reportId } },
      body: { authorityReference },
    });
    if (error) {
      const detail = (error as { detail?: string }).detail ?? problemCode(error);
      return setNotice({ kind: 'error', text: fill(m.common.refused, { detail: String(detail) }) });
    }
    setNotice({ kind: 'success', text: m.caseFile.filed });
    props.onChange();
  };

  return (
    <section aria-labelledby="case-reports">
      <h2 id="case-reports">{m.cases.report}</h2>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {props.reports.length === 0 && <p>{m.common.none}</p>}
      <ul data-testid="case-reports">
        {props.reports.map((r) => (
          <li key={r.id} data-report-id={r.id}>
            <span data-testid="report-filing">
              {r.filedAt
                ? fill(m.caseFile.filedAt, { at: formatDateTime(r.filedAt, lang), reference: r.authorityReference ?? '–' })
                : m.caseFile.notFiled}
            </span>{' '}
            {mayRead && (
              <button
                type="button"
                className="link"
                onClick={() => void download(`/v1/reports/${r.id}/document`, `str-${r.id}.json`)}
              >
                {m.caseFile.downloadReport}
              </button>
            )}
            {mayFile && !r.filedAt && (
              <form onSubmit={(e) => void file(e, r.id)}>
                <Field label={m.caseFile.authorityReference} help={m.caseFile.authorityReferenceHelp}>
                  {({ id, describedBy }) => (
                    <input id={id} name="authorityReference" required maxLength={100} aria-describedby={describedBy} />
                  )}
                </Field>
                <button type="submit">{m.caseFile.recordFiling}</button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An officer hands the case to the money-laundering reporting officer, with a reason (the API audits it). */
export function CaseEscalation(props: { caseId: string; status: string; onChange(): void }) {
  const { m } = useI18n();
  const { session } = useSession();
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  if (!holds(session?.roles, ['compliance-officer']) || props.status === 'ESCALATED' || props.status === 'CLOSED')
    return notice && <Notice kind={notice.kind}>{notice.text}</Notice>;
  const escalate = async (reason: string) => {
    const { error } = await admin.POST('/v1/cases/{caseId}/escalate', {
      params: { path: { caseId: props.caseId } },
      body: { reason },
    });
    setOpen(false);
    if (error) {
      const detail = (error as { detail?: string }).detail ?? problemCode(error);
      return setNotice({ kind: 'error', text: fill(m.common.refused, { detail: String(detail) }) });
    }
    setNotice({ kind: 'success', text: m.caseFile.escalated });
    props.onChange();
  };
  return (
    <>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <p>
        <button type="button" className="secondary" onClick={() => setOpen(true)}>
          {m.caseFile.escalate}
        </button>
      </p>
      {/* Mounted only while asked for: a closed dialog's "Reason" field would share its label with the decision's. */}
      {open && (
        <ReasonDialog
          open
          title={m.caseFile.escalateTitle}
          confirm={m.caseFile.escalate}
          onConfirm={escalate}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
