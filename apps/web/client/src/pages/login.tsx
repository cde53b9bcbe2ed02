import { useState, type FormEvent } from 'react';
import { login, problemCode, sendSmsCode, type LoginAnswer } from '../api.ts';
import { Field, Notice } from '../components/ui.tsx';
import { useI18n } from '../i18n/index.tsx';
import { Link, useRoute } from '../router.tsx';

/** Login; the SMS code (the contract's conclusion on the first login, or the optional second factor). */
export function LoginPage() {
  const { m } = useI18n();
  const { navigate, path } = useRoute();
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const explain = (answer: LoginAnswer) => {
    if (answer.kind !== 'problem') return null;
    const code = problemCode(answer.problem);
    const known: Record<string, string> = {
      'listed-in-register': m.login.refusedRegister,
      'email-not-confirmed': m.login.refusedEmail,
      'invalid-credentials': m.login.wrong,
      'invalid-sms-code': m.login.wrongCode,
      'login-throttled': m.login.throttled,
      'rate-limited': m.login.throttled,
      'register-unavailable': m.login.registerUnavailable,
    };
    return known[code] ?? answer.problem.detail ?? m.app.unavailable;
  };

  const done = (answer: LoginAnswer) => {
    if (answer.kind === 'authenticated') {
      if (path === '/login') navigate('/');
      return;
    }
    if (answer.kind === 'sms') {
      setChallengeId(answer.challengeId);
      setError(null);
      return;
    }
    setError(explain(answer));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      done(
        challengeId
          ? await sendSmsCode(challengeId, String(form.get('code')).trim())
          : await login(String(form.get('email')).trim(), String(form.get('password'))),
      );
    } catch {
      setError(m.app.unavailable);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="narrow">
      <h1>{challengeId ? m.login.smsTitle : m.login.title}</h1>
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={(e) => void submit(e)} noValidate>
        {challengeId ? (
          <>
            <p>{m.login.smsHelp}</p>
            <Field label={m.login.smsCode}>
              {({ id }) => (
                <input
                  id={id}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="\d{6}"
                  maxLength={6}
                  required
                />
              )}
            </Field>
            <button type="submit" disabled={busy}>
              {m.login.smsSubmit}
            </button>
          </>
        ) : (
          <>
            <Field label={m.login.email}>
              {({ id }) => <input id={id} name="email" type="email" autoComplete="username" required />}
            </Field>
            <Field label={m.login.password}>
              {({ id }) => <input id={id} name="password" type="password" autoComplete="current-password" required />}
            </Field>
            <button type="submit" disabled={busy}>
              {m.login.submit}
            </button>
          </>
        )}
      </form>
      <p>
        {m.login.noAccount} <Link to="/register">{m.login.registerLink}</Link>
      </p>
    </section>
  );
}
