import { useEffect, useRef, useState } from 'react';
import { player } from '../api.ts';
import { Notice } from '../components/ui.tsx';
import { useI18n } from '../i18n/index.tsx';
import { Link, useRoute } from '../router.tsx';

/** The landing of the confirmation e-mail's link (`/confirm-email?token=…`). */
export function ConfirmEmailPage() {
  const { m } = useI18n();
  const { query } = useRoute();
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = query.get('token') ?? '';
    player.POST('/v1/registrations/email-confirmations', { body: { token } }).then(
      ({ response }) => setState(response.ok ? 'done' : 'failed'),
      () => setState('failed'),
    );
  }, [query]);
  return (
    <section className="narrow">
      <h1>{m.confirm.title}</h1>
      {state === 'working' && <p>{m.confirm.working}</p>}
      {state === 'done' && (
        <>
          <Notice kind="success">{m.confirm.done}</Notice>
          <Link to="/login" className="button">
            {m.app.login}
          </Link>
        </>
      )}
      {state === 'failed' && <Notice kind="error">{m.confirm.failed}</Notice>}
    </section>
  );
}
