import { useState, type FormEvent } from 'react';
import { admin, problemCode } from '../api.ts';
import { Field, Notice } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, useI18n } from '../i18n/index.tsx';
import { holds } from '../roles.ts';
import { useSession } from '../session.tsx';

/** The roles `PATCH /v1/monitoring/rules/{code}` admits. */
const tuners = ['mlro', 'admin'] as const;

/** EUR minor units (the API's string) as "2000.00", by string, never through a float. */
export function minorToMajor(minor: string): string {
  const digits = minor.padStart(3, '0');
  return `${digits.slice(0, -2).replace(/^0+(?=\d)/, '')}.${digits.slice(-2)}`;
}
/** "2000", "2000.5" or "2000.50" as minor units ("200000"), by string; null when it is not an amount. */
export function majorToMinor(major: string): string | null {
  const match = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(major.trim());
  if (!match) return null;
  return `${match[1]}${(match[2] ?? '').padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
}

/**
 * The AML monitoring rules as the admin API keeps them (data, versioned): threshold, window, count,
 * score. The MLRO and the admin tune them with a reason (audited by the API); others read.
 */
export function RulesPage() {
  const { m, lang } = useI18n();
  const { session } = useSession();
  const mayTune = holds(session?.roles, tuners);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const rules = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/monitoring/rules');
    if (error) throw new Error('rules');
    return data.rules;
  }, []);

  const save = async (event: FormEvent<HTMLFormElement>, code: string) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const threshold = text('threshold');
    const thresholdMinor = threshold === '' ? null : majorToMinor(threshold);
    if (threshold !== '' && thresholdMinor === null) return setNotice({ kind: 'error', text: m.rules.badAmount });
    const whole = (name: string) => (text(name) === '' ? null : Number.parseInt(text(name), 10));
    const { data, error } = await admin.PATCH('/v1/monitoring/rules/{code}', {
      params: { path: { code } },
      body: {
        enabled: form.get('enabled') === 'on',
        thresholdMinor,
        windowMinutes: whole('window'),
        countMin: whole('count'),
        score: whole('score') ?? 0,
        reason: text('reason'),
      },
    });
    if (error) {
      const detail = (error as { detail?: string }).detail ?? problemCode(error);
      return setNotice({ kind: 'error', text: fill(m.common.refused, { detail: String(detail) }) });
    }
    setNotice({ kind: 'success', text: fill(m.rules.saved, { code, version: String(data.version) }) });
    setEditing(null);
    rules.reload();
  };

  return (
    <>
      <h1>{m.rules.title}</h1>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {rules.error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {rules.data && (
        <table>
          <thead>
            <tr>
              <th scope="col">{m.rules.code}</th>
              <th scope="col">{m.rules.enabled}</th>
              <th scope="col">{m.rules.threshold}</th>
              <th scope="col">{m.rules.window}</th>
              <th scope="col">{m.rules.count}</th>
              <th scope="col">{m.rules.score}</th>
              <th scope="col">{m.rules.version}</th>
              {mayTune && <th scope="col">{m.common.actions}</th>}
            </tr>
          </thead>
          <tbody>
            {rules.data.map((r) => (
              <tr key={r.code} data-rule-code={r.code}>
                <td>
                  <strong>{r.code}</strong>
                  <br />
                  <small>{r.description}</small>
                </td>
                <td>{r.enabled ? m.rules.yes : m.rules.no}</td>
                <td data-testid="rule-threshold">{r.thresholdMinor === null ? '–' : `${minorToMajor(r.thresholdMinor)} EUR`}</td>
                <td>{r.windowMinutes ?? '–'}</td>
                <td>{r.countMin ?? '–'}</td>
                <td>{r.score}</td>
                <td>{`${r.version} (${formatDateTime(r.updatedAt, lang)})`}</td>
                {mayTune && (
                  <td>
                    {editing === r.code ? (
                      <form onSubmit={(e) => void save(e, r.code)}>
                        <label className="check">
                          <input type="checkbox" name="enabled" defaultChecked={r.enabled} />
                          {m.rules.enabled}
                        </label>
                        <Field label={m.rules.thresholdEur}>
                          {({ id }) => (
                            <input
                              id={id}
                              name="threshold"
                              inputMode="decimal"
                              defaultValue={r.thresholdMinor === null ? '' : minorToMajor(r.thresholdMinor)}
                            />
                          )}
                        </Field>
                        <Field label={m.rules.window}>
                          {({ id }) => <input id={id} name="window" type="number" min={1} defaultValue={r.windowMinutes ?? ''} />}
                        </Field>
                        <Field label={m.rules.count}>
                          {({ id }) => <input id={id} name="count" type="number" min={1} defaultValue={r.countMin ?? ''} />}
                        </Field>
                        <Field label={m.rules.score}>
                          {({ id }) => (
                            <input id={id} name="score" type="number" min={0} max={100} required defaultValue={r.score} />
                          )}
                        </Field>
                        <Field label={m.common.reason} help={m.common.reasonHelp}>
                          {({ id, describedBy }) => (
                            <textarea id={id} name="reason" rows={2} required minLength={5} aria-describedby={describedBy} />
                          )}
                        </Field>
                        <button type="submit">{m.common.save}</button>{' '}
                        <button type="button" className="secondary" onClick={() => setEditing(null)}>
                          {m.common.cancel}
                        </button>
                      </form>
                    ) : (
                      <button type="button" className="secondary" onClick={() => setEditing(r.code)}>
                        {fill(m.rules.edit, { code: r.code })}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
