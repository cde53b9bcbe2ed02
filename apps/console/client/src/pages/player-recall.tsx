import { useState, type FormEvent } from 'react';
import { admin, problemCode } from '../api.ts';
import { Fact, Field, Notice } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, formatMoney, useI18n } from '../i18n/index.tsx';

/**
 * A game round recalled (issue 21): the admin API replays the stored record through the engine and
 * says whether it reproduced every event (`replayVerified`); the page shows that verdict first, then
 * the players and the ledger postings of the round.
 */
export function RoundRecall({ roundId }: { roundId: string }) {
  const { m, lang } = useI18n();
  const round = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/game-rounds/{roundId}', { params: { path: { roundId } } });
    if (error) throw new Error('recall');
    return data;
  }, [roundId]);
  if (round.error) return <Notice kind="error">{m.app.unavailable}</Notice>;
  const r = round.data;
  if (!r) return <p>{m.app.loading}</p>;
  return (
    <div aria-labelledby="recall-title" role="region" data-testid="round-recall">
      <h3 id="recall-title">{fill(m.recall.title, { roundId: r.roundId })}</h3>
      <Notice kind={r.replayVerified ? 'success' : 'error'}>{r.replayVerified ? m.recall.verified : m.recall.notVerified}</Notice>
      <dl>
        <Fact label={m.player.game}>{`${r.game} ${r.variant} (${r.tableName})`}</Fact>
        <Fact label={m.common.status}>{r.status}</Fact>
        <Fact label={m.player.when}>{formatDateTime(r.openedAt, lang)}</Fact>
      </dl>
      <table>
        <caption>{m.recall.postings}</caption>
        <thead>
          <tr>
            <th scope="col">{m.player.when}</th>
            <th scope="col">{m.recall.seat}</th>
            <th scope="col">{m.player.kind}</th>
            <th scope="col">{m.common.amount}</th>
            <th scope="col">{m.recall.transaction}</th>
          </tr>
        </thead>
        <tbody>
          {r.postings.map((p) => (
            <tr key={`${p.ledgerTransactionId}-${p.seat}-${p.kind}`}>
              <td>{formatDateTime(p.at, lang)}</td>
              <td>{p.seat}</td>
              <td>{p.kind}</td>
              <td className="num">{formatMoney(p.amount, lang)}</td>
              <td>
                <code>{p.ledgerTransactionId}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A poker hand recalled by its id (the admin API has no list of a player's hands yet): the record
 * dealt again and replayed; a record that does not replay is the API's error, never shown as fine.
 */
export function HandRecall() {
  const { m, lang } = useI18n();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const recall = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const handId = String(new FormData(event.currentTarget).get('handId') ?? '').trim();
    const { data, error } = await admin.GET('/v1/poker/hands/{handId}', { params: { path: { handId } } });
    if (error)
      return setOutcome({
        kind: 'error',
        text: fill(m.common.refused, { detail: String((error as { detail?: string }).detail ?? problemCode(error)) }),
      });
    setOutcome({
      kind: data.replayVerified ? 'success' : 'error',
      text: `${fill(data.replayVerified ? m.recall.handVerified : m.recall.handNotVerified, {
        handNumber: data.handNumber,
        table: data.tableName,
      })} ${formatMoney(data.pot, lang)}`,
    });
  };
  return (
    <form aria-labelledby="hand-recall" onSubmit={(e) => void recall(e)}>
      <h3 id="hand-recall">{m.recall.handTitle}</h3>
      <Field label={m.recall.handId}>{({ id }) => <input id={id} name="handId" required />}</Field>
      <button type="submit" className="secondary">
        {m.recall.recall}
      </button>
      {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
    </form>
  );
}
