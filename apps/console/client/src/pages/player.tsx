import { useState, type FormEvent } from 'react';
import { admin, problemCode } from '../api.ts';
import { Fact, Field, Notice, ReasonDialog } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, formatMoney, useI18n, type Lang } from '../i18n/index.tsx';
import { actionRoles, holds } from '../roles.ts';
import { Link } from '../router.tsx';
import { PlayerAuditTrail } from '../components/player-audit.tsx';
import { PlayerLoyalty } from './player-loyalty.tsx';
import { PlayerMoney } from './player-money.tsx';
import { HandRecall, RoundRecall } from './player-recall.tsx';
import { useSession } from '../session.tsx';

type Limit = {
  set: boolean;
  amount: { amount: string; currency: string } | null;
  minutes: number | null;
  excludedUntil: string | null;
};

/** 004:TRM-10's clauses (i)–(xvi), as the admin API's close action takes them. */
const grounds = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii', 'xiii', 'xiv', 'xv', 'xvi'] as const;
type Ground = (typeof grounds)[number];

function limitText(limit: Limit, lang: Lang): string {
  if (!limit.set) return '–';
  if (limit.amount) return formatMoney(limit.amount, lang);
  if (limit.minutes !== null) return `${limit.minutes} min`;
  return limit.excludedUntil ? formatDateTime(limit.excludedUntil, lang) : '∞';
}

/**
 * A player's whole picture (issue 21): identity masked until unmasked (an audited call with a
 * reason), account state and its history, limits in force and pending, payment methods, balances,
 * the cash wallet's statement, game rounds, alerts, cases and notes; block and unblock with a reason.
 */
export function PlayerPage({ playerId }: { playerId: string }) {
  const { m, lang } = useI18n();
  const { session } = useSession();
  const [dialog, setDialog] = useState<'unmask' | 'block' | 'unblock' | 'close' | null>(null);
  const [ground, setGround] = useState<Ground>('ix');
  const [barReregistration, setBar] = useState(false);
  const [recalled, setRecalled] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [revealed, setRevealed] = useState<Record<string, unknown> | null>(null);
  const view = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/players/{playerId}', { params: { path: { playerId } } });
    if (error) throw new Error('player');
    return data;
  }, [playerId]);
  const cash = view.data?.wallets.find((w) => w.purpose === 'cash') ?? view.data?.wallets[0];
  const mayStatement = holds(session?.roles, actionRoles.statement);
  const statement = useLoad(async () => {
    if (!cash || !mayStatement) return undefined;
    const { data } = await admin.GET('/v1/ledger/accounts/{accountId}/statement', {
      params: { path: { accountId: cash.accountId }, query: { limit: 20 } },
    });
    return data;
  }, [cash?.accountId, mayStatement]);
  const mayRounds = holds(session?.roles, actionRoles.rounds);
  const rounds = useLoad(async () => {
    if (!mayRounds) return undefined;
    const { data } = await admin.GET('/v1/players/{playerId}/game-rounds', {
      params: { path: { playerId }, query: { limit: 20 } },
    });
    return data;
  }, [playerId, mayRounds]);

  const refused = (problem: unknown) =>
    setNotice({
      kind: 'error',
      text: fill(m.common.refused, { detail: String((problem as { detail?: string }).detail ?? problemCode(problem)) }),
    });

  const unmask = async (reason: string) => {
    const { data, error } = await admin.POST('/v1/players/{playerId}/personal-data/unmask', {
      params: { path: { playerId } },
      body: { reason },
    });
    setDialog(null);
    if (error) return refused(error);
    setRevealed(data.personalData);
    setNotice({ kind: 'success', text: fill(m.player.unmasked, { id: data.auditEntryId }) });
  };
  const act = async (action: 'block' | 'unblock' | 'close', reason: string) => {
    const { error } = await admin.POST('/v1/players/{playerId}/actions', {
      params: { path: { playerId } },
      body: action === 'close' ? { action, reason, ground, barReregistration } : { action, reason },
    });
    setDialog(null);
    if (error) return refused(error);
    setNotice({ kind: 'success', text: m.common.done });
    view.reload();
  };

  const addNote = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = String(new FormData(form).get('note')).trim();
    if (!body) return;
    const { error } = await admin.POST('/v1/players/{playerId}/notes', { params: { path: { playerId } }, body: { body } });
    if (error) return refused(error);
    form.reset();
    view.reload();
  };

  if (view.error) return <Notice kind="error">{m.app.unavailable}</Notice>;
  const p = view.data;
  if (!p) return <p>{m.app.loading}</p>;
  const personal = (revealed ?? p.personalData) as typeof p.personalData;
  const mayAct = holds(session?.roles, actionRoles.accountAction);
  return (
    <>
      <h1>{fill(m.player.title, { name: `${p.personalData.firstName} ${p.personalData.surname}` })}</h1>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <div className="grid">
        <section aria-labelledby="identity">
          <h2 id="identity">{m.player.identity}</h2>
          {personal.masked && <p className="muted">{m.player.masked}</p>}
          <dl data-testid="identity">
            <Fact label={m.player.birthNumber}>
              <span data-testid="birth-number">{personal.birthNumber ?? '–'}</span>
            </Fact>
            <Fact label={m.player.dateOfBirth}>{personal.dateOfBirth}</Fact>
            <Fact label={m.player.email}>{personal.email}</Fact>
            <Fact label={m.player.phone}>{personal.phone}</Fact>
            <Fact label={m.player.citizenship}>{String(personal.citizenship ?? '–')}</Fact>
          </dl>
          {personal.masked && holds(session?.roles, actionRoles.unmask) && (
            <button type="button" onClick={() => setDialog('unmask')}>
              {m.player.unmask}
            </button>
          )}
        </section>
        <section aria-labelledby="account">
          <h2 id="account">{m.player.account}</h2>
          <dl>
            <Fact label={m.player.state}>
              <span data-testid="player-state">{p.state}</span>
            </Fact>
            <Fact label={m.player.identityStatus}>{p.identityStatus}</Fact>
            <Fact label={m.player.registerStatus}>{p.registerStatus}</Fact>
            <Fact label={m.player.screeningStatus}>{p.screeningStatus}</Fact>
            <Fact label={m.player.risk}>{`${p.risk.level} (${p.risk.score})`}</Fact>
            <Fact label={m.player.payoutHold}>
              {p.payoutHold
                ? fill(m.player.holdUntil, {
                    until: formatDateTime(String(p.payoutHold.expiresAt), lang),
                    reason: String(p.payoutHold.reason ?? ''),
                  })
                : m.player.noHold}
            </Fact>
          </dl>
          {mayAct && (
            <div className="row">
              {p.state === 'BLOCKED' ? (
                <button type="button" onClick={() => setDialog('unblock')}>
                  {m.player.unblock}
                </button>
              ) : (
                <button type="button" className="danger" onClick={() => setDialog('block')}>
                  {m.player.block}
                </button>
              )}
              {p.state !== 'CLOSED' && (
                <button type="button" className="danger" onClick={() => setDialog('close')}>
                  {m.closing.close}
                </button>
              )}
            </div>
          )}
        </section>
      </div>

      <section aria-labelledby="history">
        <h2 id="history">{m.player.history}</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">{m.player.when}</th>
              <th scope="col">{m.player.from}</th>
              <th scope="col">{m.player.to}</th>
              <th scope="col">{m.common.reason}</th>
              <th scope="col">{m.player.by}</th>
            </tr>
          </thead>
          <tbody>
            {p.stateHistory.map((h, i) => (
              <tr key={i}>
                <td>{formatDateTime(h.at, lang)}</td>
                <td>{h.from ?? '–'}</td>
                <td>{h.to}</td>
                <td>{h.reason}</td>
                <td>{h.actor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <div className="grid">
        <section aria-labelledby="balances">
          <h2 id="balances">{m.player.balances}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">{m.player.wallet}</th>
                <th scope="col">{m.player.balance}</th>
              </tr>
            </thead>
            <tbody>
              {p.wallets.map((w) => (
                <tr key={w.accountId}>
                  <td>{w.purpose}</td>
                  <td className="num">{formatMoney(w.balance, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="limits">
          <h2 id="limits">{m.player.limits}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">{m.player.measure}</th>
                <th scope="col">{m.player.value}</th>
                <th scope="col">{m.player.pending}</th>
              </tr>
            </thead>
            <tbody>
              {p.selfLimits.map((l) => (
                <tr key={l.measure}>
                  <td>{l.measure}</td>
                  <td>{limitText(l.inForce, lang)}</td>
                  <td>{l.pending ? `${limitText(l.pending, lang)} (${formatDateTime(l.pending.effectiveFrom, lang)})` : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>

      <section aria-labelledby="methods">
        <h2 id="methods">{m.player.paymentMethods}</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">{m.player.method}</th>
              <th scope="col">{m.common.status}</th>
              <th scope="col">{m.common.created}</th>
            </tr>
          </thead>
          <tbody>
            {p.paymentMethods.map((pm) => (
              <tr key={pm.id}>
                <td>{`${pm.display} (${pm.instrument})${pm.active ? ' ✓' : ''}`}</td>
                <td>{pm.status}</td>
                <td>{formatDateTime(pm.createdAt, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {statement.data && (
        <section aria-labelledby="statement">
          <h2 id="statement">{m.player.statement}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">{m.player.postedAt}</th>
                <th scope="col">{m.player.kind}</th>
                <th scope="col">{m.common.amount}</th>
                <th scope="col">{m.player.runningBalance}</th>
              </tr>
            </thead>
            <tbody>
              {statement.data.lines.map((line) => (
                <tr key={line.postingId}>
                  <td>{formatDateTime(line.effectiveAt, lang)}</td>
                  <td>{line.kind}</td>
                  <td className="num">{formatMoney(line.amount, lang)}</td>
                  <td className="num">{formatMoney(line.balanceAfter, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      {rounds.data && (
        <section aria-labelledby="rounds">
          <h2 id="rounds">{m.player.rounds}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">{m.player.when}</th>
                <th scope="col">{m.player.game}</th>
                <th scope="col">{m.player.stake}</th>
                <th scope="col">{m.player.win}</th>
                <th scope="col">{m.recall.recall}</th>
              </tr>
            </thead>
            <tbody>
              {rounds.data.rounds.map((r) => (
                <tr key={`${r.roundId}-${r.seat}`}>
                  <td>{formatDateTime(r.openedAt, lang)}</td>
                  <td>{`${r.game} (${r.tableName})`}</td>
                  <td className="num">{formatMoney(r.staked, lang)}</td>
                  <td className="num">{formatMoney(r.returned, lang)}</td>
                  <td>
                    <button type="button" className="secondary" onClick={() => setRecalled(r.roundId)}>
                      {m.recall.recall}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rounds.data.rounds.length === 0 && <p>{m.common.none}</p>}
          {recalled && <RoundRecall roundId={recalled} />}
          <HandRecall />
        </section>
      )}

      <PlayerLoyalty playerId={playerId} />

      {cash && (
        <PlayerMoney
          playerId={playerId}
          currency={cash.balance.currency}
          statementLines={statement.data?.lines ?? []}
          onChanged={() => {
            view.reload();
            statement.reload();
          }}
        />
      )}

      <div className="grid">
        <section aria-labelledby="player-alerts">
          <h2 id="player-alerts">{m.player.alerts}</h2>
          <ul>
            {p.alerts.map((a) => (
              <li key={a.id}>{`${a.ruleCode}: ${a.status}`}</li>
            ))}
          </ul>
          {p.alerts.length === 0 && <p>{m.common.none}</p>}
        </section>
        <section aria-labelledby="player-cases">
          <h2 id="player-cases">{m.player.cases}</h2>
          <ul>
            {p.cases.map((c) => (
              <li key={c.id}>
                <Link to={`/aml/cases/${c.id}`}>{`${String(c.title ?? c.id)}: ${c.status}`}</Link>
              </li>
            ))}
          </ul>
          {p.cases.length === 0 && <p>{m.common.none}</p>}
        </section>
        <section aria-labelledby="player-notes">
          <h2 id="player-notes">{m.player.notes}</h2>
          <ul>
            {p.notes.map((n) => (
              <li key={n.id}>{n.body}</li>
            ))}
          </ul>
          {p.notes.length === 0 && <p>{m.common.none}</p>}
          {holds(session?.roles, actionRoles.notes) && (
            <form onSubmit={(e) => void addNote(e)}>
              <Field label={m.player.newNote}>{({ id }) => <textarea id={id} name="note" rows={2} />}</Field>
              <button type="submit" className="secondary">
                {m.player.addNote}
              </button>
            </form>
          )}
        </section>
      </div>

      {holds(session?.roles, actionRoles.auditTrail) && <PlayerAuditTrail playerId={playerId} />}

      <ReasonDialog
        open={dialog === 'unmask'}
        title={m.player.unmaskTitle}
        confirm={m.player.unmask}
        onConfirm={unmask}
        onClose={() => setDialog(null)}
      >
        <p>{m.player.unmaskIntro}</p>
      </ReasonDialog>
      <ReasonDialog
        open={dialog === 'block' || dialog === 'unblock'}
        title={dialog === 'unblock' ? m.player.unblockTitle : m.player.blockTitle}
        confirm={dialog === 'unblock' ? m.player.unblock : m.player.block}
        danger={dialog === 'block'}
        onConfirm={(reason) => act(dialog === 'unblock' ? 'unblock' : 'block', reason)}
        onClose={() => setDialog(null)}
      />
      <ReasonDialog
        open={dialog === 'close'}
        title={m.closing.title}
        confirm={m.closing.close}
        danger
        onConfirm={(reason) => act('close', reason)}
        onClose={() => setDialog(null)}
      >
        <Field label={m.closing.ground}>
          {({ id }) => (
            <select id={id} value={ground} onChange={(e) => setGround(e.target.value as Ground)}>
              {grounds.map((g) => (
                <option key={g} value={g}>
                  {`(${g})`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label>
          <input type="checkbox" checked={barReregistration} onChange={(e) => setBar(e.target.checked)} /> {m.closing.bar}
        </label>
      </ReasonDialog>
    </>
  );
}
