import { useState, type FormEvent } from 'react';
import { admin } from '../api.ts';
import { BarChart, Field, Notice } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDate, formatMoney, useI18n } from '../i18n/index.tsx';
import { actionRoles, holds } from '../roles.ts';
import { useSession } from '../session.tsx';

/** A Europe/Prague calendar day, `days` from today. */
function pragueDay(days: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date(Date.now() + days * 86_400_000));
  return parts.slice(0, 10);
}

/** Whole crowns for the chart's bar heights only; every figure shown is the API's exact decimal string. */
const crowns = (amount: string) => Number(amount.split('.')[0]);

/**
 * GGR per day (a table and a chart), deposits and withdrawals paid per day (a table and a chart of
 * the deposits), the liability to players and its cover, the shared-liquidity
 * allocation of poker revenue (002:ALLOC) for the roles that may see it, and the trial balance.
 */
export function ReportsPage() {
  const { m, lang } = useI18n();
  const { session } = useSession();
  const mayAllocation = holds(session?.roles, actionRoles.sharedLiquidity);
  const [range, setRange] = useState({ from: pragueDay(-13), to: pragueDay(1) });
  const ggr = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/reports/ggr', { params: { query: { ...range, granularity: 'day' } } });
    if (error) throw new Error('ggr');
    return data;
  }, [range]);
  const trial = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/reports/trial-balance', {
      // Both operator profiles keep their books in CZK; a currency picker comes with a second currency (issue 26).
      params: { query: { currency: 'CZK', date: pragueDay(0) } },
    });
    if (error) throw new Error('trial');
    return data;
  });
  const payments = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/reports/payments', { params: { query: range } });
    if (error) throw new Error('payments');
    return data;
  }, [range]);
  const liability = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/reports/player-liability', {
      params: { query: { currency: 'CZK', date: pragueDay(0) } },
    });
    if (error) throw new Error('liability');
    return data;
  });
  const allocation = useLoad(async () => {
    if (!mayAllocation) return undefined;
    const { data, error } = await admin.GET('/v1/reports/shared-liquidity', {
      params: { query: { ...range, currency: 'CZK' } },
    });
    if (error) throw new Error('shared-liquidity');
    return data;
  }, [range, mayAllocation]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setRange({ from: String(form.get('from')), to: String(form.get('to')) });
  };
  const perDay = new Map<string, number>();
  for (const line of ggr.data?.lines ?? []) perDay.set(line.period, (perDay.get(line.period) ?? 0) + crowns(line.ggr.amount));
  const currency = ggr.data?.lines[0]?.currency ?? 'CZK';
  return (
    <>
      <h1>{m.reports.title}</h1>
      <section aria-labelledby="ggr">
        <h2 id="ggr">{m.reports.ggr}</h2>
        <form className="filters" onSubmit={submit}>
          <Field label={m.reports.from}>{({ id }) => <input id={id} name="from" type="date" defaultValue={range.from} />}</Field>
          <Field label={m.reports.to}>{({ id }) => <input id={id} name="to" type="date" defaultValue={range.to} />}</Field>
          <button type="submit">{m.reports.show}</button>
        </form>
        {ggr.error && <Notice kind="error">{m.app.unavailable}</Notice>}
        {ggr.data && (
          <>
            {perDay.size > 0 && (
              <BarChart
                title={m.reports.chart}
                data={[...perDay.entries()].map(([day, value]) => ({
                  label: day.slice(5),
                  value,
                  text: formatMoney({ amount: `${value}`, currency }, lang),
                }))}
              />
            )}
            <table>
              <thead>
                <tr>
                  <th scope="col">{m.reports.day}</th>
                  <th scope="col">{m.reports.game}</th>
                  <th scope="col">{m.reports.stakes}</th>
                  <th scope="col">{m.reports.wins}</th>
                  <th scope="col">{m.reports.ggrValue}</th>
                </tr>
              </thead>
              <tbody>
                {ggr.data.lines.map((line) => (
                  <tr key={`${line.period}-${line.game}-${line.currency}`}>
                    <td>{formatDate(line.period, lang)}</td>
                    <td>{line.game}</td>
                    <td className="num">{formatMoney(line.stakes, lang)}</td>
                    <td className="num">{formatMoney(line.wins, lang)}</td>
                    <td className="num">{formatMoney(line.ggr, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {ggr.data.lines.length === 0 && <p>{m.common.none}</p>}
          </>
        )}
      </section>
      <section aria-labelledby="payments">
        <h2 id="payments">{m.reports.payments}</h2>
        {payments.error && <Notice kind="error">{m.app.unavailable}</Notice>}
        {payments.data && (
          <>
            {payments.data.days.some((d) => d.currency === 'CZK') && (
              <BarChart
                title={m.reports.paymentsChart}
                data={payments.data.days
                  .filter((d) => d.currency === 'CZK')
                  .map((d) => ({ label: d.day.slice(5), value: crowns(d.deposits.amount), text: formatMoney(d.deposits, lang) }))}
              />
            )}
            <table data-testid="payments-per-day">
              <thead>
                <tr>
                  <th scope="col">{m.reports.day}</th>
                  <th scope="col">{m.reports.deposits}</th>
                  <th scope="col">{m.reports.depositCount}</th>
                  <th scope="col">{m.reports.withdrawalsPaid}</th>
                  <th scope="col">{m.reports.withdrawalCount}</th>
                </tr>
              </thead>
              <tbody>
                {payments.data.days.map((d) => (
                  <tr key={`${d.day}-${d.currency}`}>
                    <td>{formatDate(d.day, lang)}</td>
                    <td className="num">{formatMoney(d.deposits, lang)}</td>
                    <td className="num">{d.depositCount}</td>
                    <td className="num">{formatMoney(d.withdrawals, lang)}</td>
                    <td className="num">{d.withdrawalCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {payments.data.days.length === 0 && <p>{m.common.none}</p>}
          </>
        )}
      </section>
      <section aria-labelledby="liability">
        <h2 id="liability">{m.reports.liability}</h2>
        {liability.error && <Notice kind="error">{m.app.unavailable}</Notice>}
        {liability.data && (
          <table>
            <tbody>
              {(
                [
                  [m.reports.cashWallets, liability.data.playerWallets.cash],
                  [m.reports.temporaryWallets, liability.data.playerWallets.temporary],
                  [m.reports.bonusWallets, liability.data.playerWallets.bonus],
                  [m.reports.walletsTotal, liability.data.playerWallets.total],
                  [m.reports.pendingWithdrawals, liability.data.pendingWithdrawals],
                  [m.reports.inPlay, liability.data.inPlay],
                  ...liability.data.paymentProviderClearing.map(
                    (c) => [fill(m.reports.clearing, { provider: c.provider }), c.balance] as const,
                  ),
                  [m.reports.bank, liability.data.bank],
                  [m.reports.surplus, liability.data.surplus],
                ] as const
              ).map(([label, money]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td className="num">{formatMoney(money, lang)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">{m.reports.walletCount}</th>
                <td className="num">{liability.data.playerWallets.walletCount}</td>
              </tr>
            </tbody>
          </table>
        )}
      </section>
      {mayAllocation && (
        <section aria-labelledby="allocation">
          <h2 id="allocation">{m.reports.sharedLiquidity}</h2>
          {allocation.error && <Notice kind="error">{m.app.unavailable}</Notice>}
          {allocation.data && (
            <table>
              <tbody>
                <tr>
                  <th scope="row">{m.reports.hands}</th>
                  <td className="num">{allocation.data.hands}</td>
                </tr>
                <tr>
                  <th scope="row">{m.reports.sharedHands}</th>
                  <td className="num">{allocation.data.sharedHands}</td>
                </tr>
                {(
                  [
                    [m.reports.stakes, allocation.data.stakes],
                    [m.reports.wins, allocation.data.wins],
                    [m.reports.netRevenue, allocation.data.net],
                    [m.reports.czechRevenue, allocation.data.czechRevenue],
                    [m.reports.otherRevenue, allocation.data.otherRevenue],
                  ] as const
                ).map(([label, money]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td className="num">{formatMoney(money, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      <section aria-labelledby="trial">
        <h2 id="trial">{m.reports.trialBalance}</h2>
        {trial.data && (
          <table>
            <thead>
              <tr>
                <th scope="col">{m.reports.accountType}</th>
                <th scope="col">{m.reports.debit}</th>
                <th scope="col">{m.reports.credit}</th>
              </tr>
            </thead>
            <tbody>
              {trial.data.lines.map((line) => (
                <tr key={`${line.type}-${line.purpose}`}>
                  <td>{`${line.type} / ${line.purpose}`}</td>
                  <td className="num">{formatMoney(line.debits, lang)}</td>
                  <td className="num">{formatMoney(line.credits, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
