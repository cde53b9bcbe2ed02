import { useMemo, useState, type FormEvent } from 'react';
import { player, problemCode } from '../api.ts';
import { Field, Notice } from '../components/ui.tsx';
import { fill, useI18n } from '../i18n/index.tsx';
import { checkBirthNumber, isAdultOn, parseCrowns } from '../validation.ts';

/**
 * The measures the Czech profile asks a decision on at registration (004:REG-07, 002:REG-02), in its
 * order; the API refuses an application that leaves one undecided (`self-limit-decision-missing`).
 */
const registrationMeasures = [
  { code: 'deposit:day', unit: 'amount' },
  { code: 'deposit:month', unit: 'amount' },
  { code: 'stake:day', unit: 'amount' },
  { code: 'stake:month', unit: 'amount' },
  { code: 'net-loss:day', unit: 'amount' },
  { code: 'net-loss:month', unit: 'amount' },
  { code: 'playing-time:day', unit: 'minutes' },
  { code: 'self-exclusion', unit: 'hours' },
] as const;

type Decision = { choice: 'set' | 'refused' | null; value: string };

const fields = [
  'firstName',
  'surname',
  'birthNumber',
  'dateOfBirth',
  'placeOfBirth',
  'citizenship',
  'street',
  'city',
  'postalCode',
  'country',
  'phone',
  'email',
  'password',
] as const;
type FieldName = (typeof fields)[number];

const today = () => new Date().toISOString().slice(0, 10);

export function RegisterPage() {
  const { m } = useI18n();
  const e = m.register.errors;
  const [values, setValues] = useState<Record<FieldName, string>>(
    () =>
      Object.fromEntries(fields.map((f) => [f, f === 'citizenship' || f === 'country' ? 'CZ' : ''])) as Record<FieldName, string>,
  );
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [decisions, setDecisions] = useState<Record<string, Decision>>(() =>
    Object.fromEntries(registrationMeasures.map((measure) => [measure.code, { choice: null, value: '' }])),
  );
  const [accepted, setAccepted] = useState({ terms: false, gamePlan: false });
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const errors = useMemo(() => {
    const found: Partial<Record<string, string>> = {};
    for (const f of fields) if (!values[f].trim() && f !== 'placeOfBirth') found[f] = e.required;
    if (values.birthNumber) {
      const problem = checkBirthNumber(values.birthNumber.trim(), values.dateOfBirth);
      if (problem)
        found.birthNumber = { format: e.birthNumberFormat, checksum: e.birthNumberChecksum, date: e.birthNumberDate }[problem];
    }
    if (values.dateOfBirth && !isAdultOn(values.dateOfBirth, today())) found.dateOfBirth = e.underAge;
    if (values.country && !/^[A-Z]{2}$/.test(values.country)) found.country = e.country;
    else if (values.country && values.country !== 'CZ') found.country = e.notResident;
    if (values.citizenship && !/^[A-Z]{2}$/.test(values.citizenship)) found.citizenship = e.country;
    if (values.phone && !/^\+\d{8,15}$/.test(values.phone)) found.phone = e.phone;
    if (values.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) found.email = e.email;
    if (values.password && values.password.length < 12) found.password = e.password;
    for (const measure of registrationMeasures) {
      const decision = decisions[measure.code]!;
      if (decision.choice === null) found[measure.code] = e.decision;
      else if (decision.choice === 'set') {
        const valid =
          measure.unit === 'amount'
            ? parseCrowns(decision.value) !== null
            : measure.unit === 'hours'
              ? decision.value === '' || /^\d+$/.test(decision.value)
              : /^[1-9]\d*$/.test(decision.value);
        if (!valid) found[measure.code] = e.amount;
      }
    }
    if (!accepted.terms) found.terms = e.accept;
    if (!accepted.gamePlan) found.gamePlan = e.accept;
    return found;
  }, [values, decisions, accepted, e]);

  // Live validation: a field's error shows once it was left (or on submit).
  const shown = (name: string) => (submitted || touched.has(name) ? errors[name] : undefined);
  const touch = (name: string) => setTouched((t) => new Set(t).add(name));
  const set = (name: FieldName, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(errors).length > 0) {
      setServerError(e.fixErrors);
      return;
    }
    const selfLimits = registrationMeasures.map((measure) => {
      const decision = decisions[measure.code]!;
      if (decision.choice === 'refused') return { measure: measure.code, decision: 'refused' as const };
      if (measure.unit === 'amount')
        return {
          measure: measure.code,
          decision: 'set' as const,
          amount: { amount: parseCrowns(decision.value)!, currency: 'CZK' as const },
        };
      if (measure.unit === 'minutes') return { measure: measure.code, decision: 'set' as const, minutes: Number(decision.value) };
      return { measure: measure.code, decision: 'set' as const, hours: decision.value === '' ? null : Number(decision.value) };
    });
    const { data, error } = await player.POST('/v1/registrations', {
      body: {
        firstName: values.firstName.trim(),
        surname: values.surname.trim(),
        birthNumber: values.birthNumber.trim(),
        dateOfBirth: values.dateOfBirth,
        ...(values.placeOfBirth.trim() ? { placeOfBirth: values.placeOfBirth.trim() } : {}),
        citizenship: values.citizenship,
        residenceAddress: { street: values.street, city: values.city, postalCode: values.postalCode, country: values.country },
        phone: values.phone,
        email: values.email.trim(),
        password: values.password,
        acceptedDocuments: { termsVersion: 'terms-2026-01', gamePlanVersion: 'game-plan-2026-01' },
        selfLimits,
      },
    });
    if (data) setSentTo(values.email.trim());
    else {
      const code = problemCode(error);
      const known: Record<string, string> = {
        'duplicate-person': e.duplicate,
        'under-age': e.underAge,
        'not-resident': e.notResident,
        'birth-number-invalid': e.birthNumberChecksum,
      };
      setServerError(known[code] ?? (error as { detail?: string } | undefined)?.detail ?? m.app.unavailable);
    }
  };

  if (sentTo) {
    return (
      <section className="narrow">
        <h1>{m.register.title}</h1>
        <Notice kind="success">{fill(m.register.sent, { email: sentTo })}</Notice>
      </section>
    );
  }

  const input = (name: FieldName, label: string, props: Record<string, unknown> = {}, help?: string) => (
    <Field label={label} help={help} error={shown(name)}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          value={values[name]}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(ev) => set(name, ev.target.value)}
          onBlur={() => touch(name)}
          {...props}
        />
      )}
    </Field>
  );

  return (
    <section>
      <h1>{m.register.title}</h1>
      <p>{m.register.intro}</p>
      {serverError && <Notice kind="error">{serverError}</Notice>}
      <form onSubmit={(ev) => void submit(ev)} noValidate className="register">
        <fieldset>
          <legend>{m.register.personal}</legend>
          {input('firstName', m.register.firstName, { autoComplete: 'given-name' })}
          {input('surname', m.register.surname, { autoComplete: 'family-name' })}
          {input('dateOfBirth', m.register.dateOfBirth, { type: 'date', autoComplete: 'bday' })}
          {input('birthNumber', m.register.birthNumber, { inputMode: 'numeric' }, m.register.birthNumberHelp)}
          {input('placeOfBirth', m.register.placeOfBirth)}
          {input('citizenship', m.register.citizenship, { maxLength: 2 })}
        </fieldset>
        <fieldset>
          <legend>{m.register.residence}</legend>
          {input('street', m.register.street, { autoComplete: 'address-line1' })}
          {input('city', m.register.city, { autoComplete: 'address-level2' })}
          {input('postalCode', m.register.postalCode, { autoComplete: 'postal-code' })}
          {input('country', m.register.country, { maxLength: 2 })}
        </fieldset>
        <fieldset>
          <legend>{m.register.contact}</legend>
          {input('phone', m.register.phone, { type: 'tel', autoComplete: 'tel' }, m.register.phoneHelp)}
          {input('email', m.register.email, { type: 'email', autoComplete: 'email' })}
          {input('password', m.register.password, { type: 'password', autoComplete: 'new-password' }, m.register.passwordHelp)}
        </fieldset>
        <fieldset>
          <legend>{m.register.limitsTitle}</legend>
          <p>{m.register.limitsIntro}</p>
          {registrationMeasures.map((measure) => {
            const decision = decisions[measure.code]!;
            const name = m.limits.names[measure.code] ?? measure.code;
            const update = (next: Partial<Decision>) => setDecisions((d) => ({ ...d, [measure.code]: { ...decision, ...next } }));
            const error = submitted || decision.choice !== null ? errors[measure.code] : undefined;
            return (
              <fieldset key={measure.code} className="measure" data-measure={measure.code} aria-invalid={Boolean(error)}>
                <legend>{name}</legend>
                <label>
                  <input
                    type="radio"
                    name={`decision-${measure.code}`}
                    checked={decision.choice === 'set'}
                    onChange={() => update({ choice: 'set' })}
                  />
                  {m.register.set}
                </label>
                <label>
                  <input
                    type="radio"
                    name={`decision-${measure.code}`}
                    checked={decision.choice === 'refused'}
                    onChange={() => update({ choice: 'refused' })}
                  />
                  {m.register.decline}
                </label>
                {decision.choice === 'set' && (
                  <Field
                    label={
                      measure.unit === 'amount'
                        ? m.register.amountCzk
                        : measure.unit === 'minutes'
                          ? m.register.minutes
                          : m.register.hours
                    }
                  >
                    {({ id }) => (
                      <input
                        id={id}
                        inputMode="numeric"
                        value={decision.value}
                        onChange={(ev) => update({ value: ev.target.value })}
                      />
                    )}
                  </Field>
                )}
                {error && <small className="error">{error}</small>}
              </fieldset>
            );
          })}
        </fieldset>
        <fieldset>
          <legend>{m.register.documents}</legend>
          <label className="check">
            <input
              type="checkbox"
              name="terms"
              checked={accepted.terms}
              onChange={(ev) => setAccepted((a) => ({ ...a, terms: ev.target.checked }))}
            />
            {m.register.acceptTerms}
          </label>
          {shown('terms') && <small className="error">{errors.terms}</small>}
          <label className="check">
            <input
              type="checkbox"
              name="gamePlan"
              checked={accepted.gamePlan}
              onChange={(ev) => setAccepted((a) => ({ ...a, gamePlan: ev.target.checked }))}
            />
            {m.register.acceptGamePlan}
          </label>
          {shown('gamePlan') && <small className="error">{errors.gamePlan}</small>}
        </fieldset>
        <button type="submit">{m.register.submit}</button>
      </form>
    </section>
  );
}
