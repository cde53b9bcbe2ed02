import { useState, type FormEvent } from 'react';
import { player, type Problem } from '../api.ts';
import { Field, Notice } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDate, formatMoney, useI18n } from '../i18n/index.tsx';

export function TemporaryAccountState() {
  const { m, lang } = useI18n();
  const { data: me } = useLoad(async () => (await player.GET('/v1/me')).data);
  const temporary = me?.temporaryAccount;
  if (!temporary) return null;
  return (
    <section className="card temporary" aria-labelledby="temporary-title">
      <h2 id="temporary-title">{m.account.temporary}</h2>
      <p>{m.account.temporaryIntro}</p>
      <p data-testid="temporary-cap">
        {fill(m.account.capUsed, { used: formatMoney(temporary.deposited, lang), cap: formatMoney(temporary.depositCap, lang) })}
      </p>
      <p data-testid="temporary-days">
        {fill(m.account.daysLeft, { days: temporary.daysLeft, date: formatDate(temporary.lastDay, lang) })}
      </p>
    </section>
  );
}

/** Password, the SMS second factor, and a change of personal data with its 5-day reporting duty (004:REG-03). */
function AccountForms({ secondFactor, reload }: { secondFactor: boolean; reload(): void }) {
  const { m } = useI18n();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const answer = (ok: boolean, problem: unknown, text: string) =>
    setMessage(
      ok ? { kind: 'success', text } : { kind: 'error', text: (problem as Problem | undefined)?.detail ?? m.app.unavailable },
    );
  const password = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const { response, error } = await player.POST('/v1/me/password', {
      body: { currentPassword: String(form.get('current')), newPassword: String(form.get('next')) },
    });
    answer(response.ok, error, m.account.saved);
  };
  const factor = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const { response, error } = await player.PUT('/v1/me/second-factor', {
      body: { enabled: !secondFactor, currentPassword: String(form.get('current')) },
    });
    answer(response.ok, error, m.account.saved);
    reload();
  };
  const personal = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const phone = String(form.get('phone')).trim();
    const surname = String(form.get('surname')).trim();
    const { data, error } = await player.PATCH('/v1/me/personal-data', {
      body: { ...(phone ? { phone } : {}), ...(surname ? { surname } : {}), changedOn: String(form.get('changedOn')) },
    });
    answer(Boolean(data), error, data?.reportedLate ? m.account.reportedLate : m.account.saved);
  };
  return (
    <>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <div className="grid2">
        <form className="card" onSubmit={(e) => void password(e)}>
          <h2>{m.account.passwordTitle}</h2>
          <Field label={m.account.currentPassword}>
            {({ id }) => <input id={id} name="current" type="password" autoComplete="current-password" />}
          </Field>
          <Field label={m.account.newPassword} help={m.register.passwordHelp}>
            {({ id, describedBy }) => (
              <input id={id} name="next" type="password" autoComplete="new-password" aria-describedby={describedBy} />
            )}
          </Field>
          <button type="submit">{m.limits.save}</button>
        </form>
        <form className="card" onSubmit={(e) => void factor(e)}>
          <h2>{m.account.secondFactor}</h2>
          <p>{secondFactor ? m.account.on : m.account.off}</p>
          <Field label={m.account.currentPassword}>
            {({ id }) => <input id={id} name="current" type="password" autoComplete="current-password" />}
          </Field>
          <button type="submit">{secondFactor ? m.account.turnOff : m.account.turnOn}</button>
        </form>
        <form className="card" onSubmit={(e) => void personal(e)}>
          <h2>{m.account.personalTitle}</h2>
          <p>{m.account.personalIntro}</p>
          <Field label={m.register.surname}>{({ id }) => <input id={id} name="surname" autoComplete="family-name" />}</Field>
          <Field label={m.register.phone}>{({ id }) => <input id={id} name="phone" type="tel" autoComplete="tel" />}</Field>
          <Field label={m.account.changedOn}>
            {({ id }) => (
              <input id={id} name="changedOn" type="date" required defaultValue={new Date().toISOString().slice(0, 10)} />
            )}
          </Field>
          <button type="submit">{m.limits.save}</button>
        </form>
      </div>
    </>
  );
}

export function AccountPage() {
  const { m } = useI18n();
  const { data: me, error, reload } = useLoad(async () => (await player.GET('/v1/me')).data);
  return (
    <section>
      <h1>{m.account.title}</h1>
      {error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {me && (
        <dl className="facts">
          <dt>{m.register.email}</dt>
          <dd>{me.email}</dd>
          <dt>{m.register.firstName}</dt>
          <dd>
            {me.firstName} {me.surname}
          </dd>
          <dt>{m.account.state}</dt>
          <dd data-testid="account-state">{m.account.states[me.state] ?? me.state}</dd>
          <dt>{m.account.secondFactor}</dt>
          <dd>{me.secondFactorEnabled ? m.account.on : m.account.off}</dd>
        </dl>
      )}
      <TemporaryAccountState />
      {me && <AccountForms secondFactor={me.secondFactorEnabled} reload={reload} />}
    </section>
  );
}
