import { admin } from '../api.ts';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, formatMoney, useI18n } from '../i18n/index.tsx';

/**
 * Issue 26: a player's bonuses (locked, released, forfeited) and VIP points, as the player sees them
 * (002:BON-02, VIP-01). Nothing shows on a house without a loyalty programme: the points request
 * answers 404 there and the player has no bonus.
 */
export function PlayerLoyalty({ playerId }: { playerId: string }) {
  const { m, lang } = useI18n();
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
    </section>
  );
}
