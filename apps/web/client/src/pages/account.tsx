import { player } from '../api.ts';
import { Notice } from '../components/ui.tsx';
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

export function AccountPage() {
  const { m } = useI18n();
  const { data: me, error } = useLoad(async () => (await player.GET('/v1/me')).data);
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
    </section>
  );
}
