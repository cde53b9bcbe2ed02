import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useI18n, fill } from '../i18n/index.tsx';

/** A form field with its label, help and error wired for screen readers. */
export function Field(props: {
  label: string;
  help?: string | undefined;
  error?: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [props.help ? helpId : null, props.error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children({ id, describedBy, invalid: Boolean(props.error) })}
      {props.help && (
        <small id={helpId} className="help">
          {props.help}
        </small>
      )}
      {props.error && (
        <small id={errorId} className="error">
          {props.error}
        </small>
      )}
    </div>
  );
}

export function Notice({ kind, children }: { kind: 'info' | 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`notice ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/**
 * An action that needs a reason (block, unblock, unmask, a decision): a modal dialog (native
 * <dialog>: focus trapped, Escape cancels) whose confirm button stays disabled until the reason is
 * long enough for the admin API (5 characters); the reason goes to the audit log.
 */
export function ReasonDialog(props: {
  open: boolean;
  title: string;
  confirm: string;
  danger?: boolean;
  children?: ReactNode;
  onConfirm(reason: string): Promise<void> | void;
  onClose(): void;
}) {
  const { m } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) {
      setReason('');
      dialog.showModal();
    }
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await props.onConfirm(reason.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <dialog ref={ref} aria-labelledby={id} onCancel={props.onClose} className="dialog">
      <form onSubmit={(e) => void submit(e)}>
        <h2 id={id}>{props.title}</h2>
        {props.children}
        <Field label={m.common.reason} help={m.common.reasonHelp}>
          {({ id: fieldId, describedBy }) => (
            <textarea
              id={fieldId}
              aria-describedby={describedBy}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              minLength={5}
              rows={3}
            />
          )}
        </Field>
        <div className="row">
          <button type="submit" className={props.danger ? 'danger' : undefined} disabled={busy || reason.trim().length < 5}>
            {props.confirm}
          </button>
          <button type="button" className="secondary" onClick={props.onClose}>
            {m.common.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Server-side pages: the range shown, the total when the API gives one, previous and next. */
export function Pager(props: {
  offset: number;
  count: number;
  total?: number | undefined;
  hasNext: boolean;
  onPrevious?: (() => void) | undefined;
  onNext(): void;
}) {
  const { m } = useI18n();
  const from = props.count === 0 ? 0 : props.offset + 1;
  const to = props.offset + props.count;
  return (
    <nav className="pager" aria-label={m.common.pages}>
      <span>
        {props.total === undefined
          ? fill(m.common.range, { from, to })
          : fill(m.common.rangeOf, { from, to, total: props.total })}
      </span>
      <button type="button" className="secondary" disabled={!props.onPrevious} onClick={props.onPrevious}>
        {m.common.previous}
      </button>
      <button type="button" className="secondary" disabled={!props.hasNext} onClick={props.onNext}>
        {m.common.next}
      </button>
    </nav>
  );
}

/** A labelled value in a definition list. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A bar chart as SVG (no style attribute, so the page's CSP holds): one bar per label, values as
 * numbers already (counts, or crowns for display), the exact value in each bar's title and a table
 * alternative for screen readers beside it.
 */
export function BarChart({ title, data }: { title: string; data: Array<{ label: string; value: number; text: string }> }) {
  const max = Math.max(1, ...data.map((d) => Math.abs(d.value)));
  const barWidth = 36;
  const height = 160;
  return (
    <figure className="chart">
      <svg
        role="img"
        aria-label={title}
        width={Math.max(200, data.length * (barWidth + 8))}
        height={height + 40}
        viewBox={`0 0 ${Math.max(200, data.length * (barWidth + 8))} ${height + 40}`}
      >
        {data.map((d, i) => {
          const h = Math.round((Math.abs(d.value) / max) * height);
          return (
            <g key={d.label}>
              <rect
                x={i * (barWidth + 8)}
                y={height - h}
                width={barWidth}
                height={h}
                className={d.value < 0 ? 'bar negative' : 'bar'}
              >
                <title>{`${d.label}: ${d.text}`}</title>
              </rect>
              <text x={i * (barWidth + 8) + barWidth / 2} y={height + 16} textAnchor="middle" className="bar-label">
                {d.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>{title}</figcaption>
    </figure>
  );
}
