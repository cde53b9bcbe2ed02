import { useEffect, useId, useRef, type ReactNode } from 'react';

/** A modal question with two answers (native <dialog>: focus trapped, Escape answers no). */
export function ConfirmDialog(props: { open: boolean; text: string; yes: string; no: string; onYes(): void; onNo(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} aria-labelledby={id} onCancel={props.onNo} className="dialog">
      <p id={id}>{props.text}</p>
      <div className="row">
        <button type="button" className="danger" onClick={props.onYes}>
          {props.yes}
        </button>
        <button type="button" onClick={props.onNo}>
          {props.no}
        </button>
      </div>
    </dialog>
  );
}

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
