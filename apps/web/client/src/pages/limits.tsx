import { useState, type FormEvent } from 'react';
import { dropSession, player, problemCode, type Problem } from '../api.ts';
import { ConfirmDialog, Field, Notice } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, formatMoney, useI18n, type Lang } from '../i18n/index.tsx';
import type { Messages } from '../i18n/cs.ts';
import { parseCrowns } from '../validation.ts';

interface Setting {
  set: boolean;
  amount: { amount: string; currency: string } | null;
  minutes: number | null;
  excludedUntil: string | null;
}

function describe(setting: Setting, m: Messages, lang: Lang): string {
  if (!setting.set) return m.limits.none;
  if (setting.amount) return formatMoney(setting.amount, lang);
  if (setting.minutes !== null) return `${setting.minutes} ${m.limits.minutesUnit}`;
  return setting.excludedUntil ? formatDateTime(setting.excludedUntil, lang) : '∞';
}

/**
 * The limits page (002:RG-06, 004:SLM): each measure in force, what is used, a pending loosening with
 * the day it applies (withdrawable), a new value (tightening applies at once, loosening after 7 days),
 * self-exclusion and the reality check.
 */
export function LimitsPage() {
  const { m, lang } = useI18n();
  const { data, error, reload } = useLoad(async () => (await player.GET('/v1/me/limits')).data);
  const [message, setMessage] = useState<{ kind: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [excluding, setExcluding] = useState<number | null | undefined>(undefined);

  const change = async (event: FormEvent<HTMLFormElement>, measure: string, kind: string) => {
    event.preventDefault();
    const raw = String(new FormData(event.currentTarget).get('value'));
    const amount = kind === 'amount' ? parseCrowns(raw) : null;
    const minutes = kind === 'duration' && /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
    if (amount === null && minutes === null) return setMessage({ kind: 'error', text: m.register.errors.amount });
    const { data: changed, error: problem } = await player.PUT('/v1/me/limits/{measure}', {
      params: { path: { measure } },
      body: amount !== null ? { amount: { amount, currency: 'CZK' } } : { minutes: minutes! },
    });
    if (!changed) return setMessage({ kind: 'error', text: (problem as Problem | undefined)?.detail ?? problemCode(problem) });
    setMessage(
      changed.pending
        ? { kind: 'info', text: fill(m.limits.loosening, { date: formatDateTime(changed.effectiveFrom, lang) }) }
        : { kind: 'success', text: m.limits.tightened },
    );
    reload();
  };

  const withdraw = async (measure: string) => {
    await player.DELETE('/v1/me/limits/{measure}/pending-change', { params: { path: { measure } } });
    reload();
  };

  const exclude = async () => {
    const hours = excluding;
    setExcluding(undefined);
    const { data: excluded } = await player.POST('/v1/me/self-exclusion', { body: { hours: hours ?? null } });
    if (excluded) {
      setMessage({ kind: 'info', text: m.limits.excluded });
      dropSession();
    }
  };

  const realityCheck = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const raw = String(new FormData(event.currentTarget).get('minutes'));
    await player.PUT('/v1/me/reality-check', { body: { intervalMinutes: raw === '' ? null : Number(raw) } });
    reload();
  };

  const limits = data?.measures.filter((measure) => measure.kind !== 'exclusion') ?? [];
  return (
    <section>
      <h1>{m.limits.title}</h1>
      <p>{m.limits.intro}</p>
      {error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {data?.refusal && <Notice kind="error">{m.limits.refusal[data.refusal] ?? data.refusal}</Notice>}
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <div className="scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{m.limits.measure}</th>
              <th scope="col">{m.limits.inForce}</th>
              <th scope="col">{m.limits.used}</th>
              <th scope="col">{m.limits.newValue}</th>
            </tr>
          </thead>
          <tbody>
            {limits.map((measure) => (
              <tr key={measure.measure} data-measure={measure.measure}>
                <th scope="row">{m.limits.names[measure.measure] ?? measure.description}</th>
                <td>
                  <span data-testid="in-force">{describe(measure.inForce, m, lang)}</span>
                  {measure.pending && (
                    <p className="pending" data-testid="pending">
                      {fill(m.limits.pending, {
                        value: describe(measure.pending, m, lang),
                        date: formatDateTime(measure.pending.effectiveFrom, lang),
                      })}{' '}
                      <button type="button" className="link" onClick={() => void withdraw(measure.measure)}>
                        {m.limits.withdraw}
                      </button>
                    </p>
                  )}
                </td>
                <td>
                  {measure.usage?.used
                    ? formatMoney(measure.usage.used, lang)
                    : measure.usage?.usedSeconds != null
                      ? `${Math.floor(measure.usage.usedSeconds / 60)} ${m.limits.minutesUnit}`
                      : '–'}
                </td>
                <td>
                  <form className="row" onSubmit={(e) => void change(e, measure.measure, measure.kind)} noValidate>
                    <Field label={`${m.limits.newValue}: ${m.limits.names[measure.measure] ?? measure.measure}`}>
                      {({ id }) => <input id={id} name="value" inputMode="numeric" size={8} />}
                    </Field>
                    <button type="submit" className="secondary">
                      {m.limits.save}
                      <span className="visually-hidden"> {m.limits.names[measure.measure]}</span>
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section className="card" aria-labelledby="exclusion-title">
        <h2 id="exclusion-title">{m.limits.exclusionTitle}</h2>
        <p>{m.limits.exclusionIntro}</p>
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            const raw = String(new FormData(event.currentTarget).get('hours'));
            setExcluding(raw === '' ? null : Number(raw));
          }}
        >
          <Field label={m.limits.exclusionHours}>{({ id }) => <input id={id} name="hours" inputMode="numeric" size={8} />}</Field>
          <button type="submit" className="danger">
            {m.limits.exclusionSubmit}
          </button>
        </form>
        <ConfirmDialog
          open={excluding !== undefined}
          text={m.limits.exclusionConfirm}
          yes={m.limits.exclusionSubmit}
          no={m.app.panicNo}
          onYes={() => void exclude()}
          onNo={() => setExcluding(undefined)}
        />
      </section>

      <section className="card" aria-labelledby="reality-title">
        <h2 id="reality-title">{m.limits.realityTitle}</h2>
        <p>{m.limits.realityIntro}</p>
        <form className="row" onSubmit={(e) => void realityCheck(e)}>
          <Field label={m.limits.realityEvery}>
            {({ id }) => (
              <input
                id={id}
                name="minutes"
                inputMode="numeric"
                size={6}
                defaultValue={data?.realityCheckMinutes ?? ''}
                key={data?.realityCheckMinutes ?? 'off'}
              />
            )}
          </Field>
          <button type="submit" className="secondary">
            {m.limits.save}
          </button>
        </form>
      </section>
    </section>
  );
}
