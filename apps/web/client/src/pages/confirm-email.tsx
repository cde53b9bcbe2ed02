import { useState } from 'react';
import { player } from '../api.ts';
import { Notice } from '../components/ui.tsx';
import { useI18n } from '../i18n/index.tsx';
import { Link, useRoute } from '../router.tsx';

/**
 * The landing of the confirmation e-mail's link (`/confirm-email?token=…`). The address is confirmed
 * on a button press, not on load: mail scanners open links, and the token is single-use (D-1783).
 */
export function ConfirmEmailPage() {
  const { m } = useI18n();
  const { query } = useRoute();
  const [state, setState] = useState<'ready' | 'working' | 'done' | 'failed'>('ready');
  const confirm = () => {
    setState('working');
    player.POST('/v1/registrations/email-confirmations', { body: { token: query.get('token') ?? '' } }).then(
      ({ response }) => setState(response.ok ? 'done' : 'failed'),
      () => setState('failed'),
    );
  };
  return (
    <section className="narrow">
      <h1>{m.confirm.title}</h1>
      {(state === 'ready' || state === 'working') && (
        <>
          <p>{m.confirm.intro}</p>
          <button type="button" onClick={confirm} disabled={state === 'working'}>
            {m.confirm.button}
          </button>
        </>
      )}
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
