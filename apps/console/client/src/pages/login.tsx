import { useState, type FormEvent } from 'react';
import { login, problemCode } from '../api.ts';
import { Field, Notice } from '../components/ui.tsx';
import { useI18n } from '../i18n/index.tsx';

/** Staff login: e-mail, password and the authenticator's TOTP code, all three at once. */
export function LoginPage() {
  const { m } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const answer = await login(
        String(form.get('email')).trim(),
        String(form.get('password')),
        String(form.get('totp')).replace(/\s/g, ''),
      );
      if (answer.kind === 'problem') {
        const known: Record<string, string> = {
          'invalid-credentials': m.login.wrong,
          'validation-failed': m.login.wrong,
          'login-throttled': m.login.throttled,
          'rate-limited': m.login.throttled,
          'account-not-active': m.login.inactive,
        };
        setError(known[problemCode(answer.problem)] ?? answer.problem.detail ?? m.app.unavailable);
      }
    } catch {
      setError(m.app.unavailable);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="narrow">
      <h1>{m.login.title}</h1>
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field label={m.login.email}>
          {({ id }) => <input id={id} name="email" type="email" autoComplete="username" required />}
        </Field>
        <Field label={m.login.password}>
          {({ id }) => <input id={id} name="password" type="password" autoComplete="current-password" required />}
        </Field>
        <Field label={m.login.totp} help={m.login.totpHelp}>
          {({ id, describedBy }) => (
            <input
              id={id}
              name="totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              aria-describedby={describedBy}
              required
            />
          )}
        </Field>
        <button type="submit" disabled={busy}>
          {m.login.submit}
        </button>
      </form>
    </section>
  );
}
