import { useState, type FormEvent } from 'react';
import type { components } from '../generated/admin-api.ts';
import { admin, newKey, problemCode } from '../api.ts';
import { Field, Notice } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, formatMoney, useI18n } from '../i18n/index.tsx';
import { actionRoles, holds } from '../roles.ts';
import { useSession } from '../session.tsx';

/**
 * Issue 26: a player's bonuses (locked, released, forfeited) and VIP points, as the player sees them
 * (002:BON-02, VIP-01), and finance's grant of a bonus with a reason (audited by the API). Nothing
 * shows on a house without a loyalty programme: the points request answers 404 there and the player
 * has no bonus.
 */
/** A currency as the API's money carries it (the form's field is text). */
type Currency = components['schemas']['MoneyInput']['currency'];

export function PlayerLoyalty({ playerId }: { playerId: string }) {
  const { m, lang } = useI18n();
  const { session } = useSession();
  const mayGrant = holds(session?.roles, actionRoles.grantBonus);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const wallets = useLoad(async () => {
    const { data } = await admin.GET('/v1/players/{playerId}/wallets', { params: { path: { playerId } } });
    return data;
  }, [playerId]);
  const bonuses = useLoad(async () => {
    const { data } = await admin.GET('/v1/players/{playerId}/bonuses', { params: { path: { playerId } } });
    return data;
  }, [playerId]);
  const points = useLoad(async () => {
    const { data } = await admin.GET('/v1/players/{playerId}/vip-points', { params: { path: { playerId } } });
    return data;
  }, [playerId]);
  const list = bonuses.data?.bonuses ?? [];
  if (list.length === 0 && !points.data) return null;

  const grant = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const amount = String(form.get('amount')).trim().replace(',', '.');
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(amount)) return setNotice({ kind: 'error', text: m.loyalty.amountInvalid });
    const { data, error } = await admin.POST('/v1/players/{playerId}/bonuses', {
      params: { path: { playerId }, header: { 'idempotency-key': newKey() } },
      body: {
        amount: { amount, currency: String(form.get('currency')) as Currency },
        reason: String(form.get('reason')).trim(),
      },
    });
    if (!data)
      return setNotice({
        kind: 'error',
        text: fill(m.common.refused, { detail: String((error as { detail?: string }).detail ?? problemCode(error)) }),
      });
    setNotice({ kind: 'success', text: fill(m.loyalty.grantedNotice, { amount: formatMoney(data.amount, lang) }) });
    bonuses.reload();
  };
  return (
    <section aria-labelledby="loyalty">
      <h2 id="loyalty">{m.loyalty.title}</h2>
      {points.data && (
        <p data-testid="player-vip">
          {fill(m.loyalty.points, {
            points: points.data.points,
            starsCoins: points.data.starsCoins,
            earned: points.data.pointsEarned,
            level: points.data.level?.name ?? '–',
          })}
        </p>
      )}
      {list.length === 0 ? (
        <p>{m.loyalty.noBonus}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{m.loyalty.granted}</th>
              <th scope="col">{m.loyalty.source}</th>
              <th scope="col">{m.loyalty.status}</th>
              <th scope="col">{m.loyalty.amount}</th>
              <th scope="col">{m.loyalty.locked}</th>
              <th scope="col">{m.loyalty.released}</th>
              <th scope="col">{m.loyalty.forfeited}</th>
              <th scope="col">{m.loyalty.expires}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((b) => (
              <tr key={b.id} data-testid="player-bonus">
                <td>{formatDateTime(b.grantedAt, lang)}</td>
                <td>{m.loyalty.sources[b.source] ?? b.source}</td>
                <td>{fill(m.loyalty.statuses[b.status] ?? b.status, { parts: b.releasedTranches, of: b.trancheCount })}</td>
                <td className="num">{formatMoney(b.amount, lang)}</td>
                <td className="num">{formatMoney(b.locked, lang)}</td>
                <td className="num">{formatMoney(b.released, lang)}</td>
                <td className="num">{formatMoney(b.forfeited, lang)}</td>
                <td>{formatDateTime(b.expiresAt, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {mayGrant && (
        <form onSubmit={(e) => void grant(e)} noValidate className="row">
          <Field label={m.loyalty.grantAmount}>{({ id }) => <input id={id} name="amount" inputMode="decimal" />}</Field>
          <Field label={m.loyalty.grantCurrency}>
            {({ id }) => (
              <select id={id} name="currency">
                {(wallets.data?.wallets ?? [])
                  .filter((w) => w.offered)
                  .map((w) => (
                    <option key={w.currency} value={w.currency}>
                      {w.currency}
                    </option>
                  ))}
              </select>
            )}
          </Field>
          <Field label={m.loyalty.grantReason}>{({ id }) => <input id={id} name="reason" minLength={5} />}</Field>
          <button type="submit">{m.loyalty.grant}</button>
        </form>
      )}
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
    </section>
  );
}
