import { useState, type FormEvent } from 'react';
import type { components } from '../generated/player-api.ts';
import { newKey, player, problemCode, type Problem } from '../api.ts';
import { Field, Notice } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, formatMoney, useI18n } from '../i18n/index.tsx';
import { parseCrowns } from '../validation.ts';

/**
 * Issue 26 on the wallet page: the wallets per currency with an exchange at a quote the player sees
 * before committing (002:WAL-06, T-WAL-01), the bonuses apart from cash (002:BON-02) and the VIP points
 * with their StarsCoin exchange and commission refund (002:VIP-01..03). Each card shows only where the
 * operator's profile has the feature: a single-currency house has one wallet, and a house without a
 * loyalty programme answers the points request with a problem, so the card stays away.
 */

function useMoneyRefusal() {
  const { m } = useI18n();
  return (problem: unknown) =>
    m.money.refusals[problemCode(problem)] ?? (problem as Problem | undefined)?.detail ?? m.app.unavailable;
}

export interface QuoteTerms {
  quoteId: string;
  debit: { amount: string; currency: string };
  credit: { amount: string; currency: string };
  fee: { amount: string; currency: string };
  feeBps: number;
  rate: string;
  rateSource: string;
  ratePublishedAt: string;
  expiresAt: string;
}

/** A currency as the API's money carries it (the form's fields are text). */
export type Currency = components['schemas']['Money']['currency'];

/** Basis points as a percentage written as text (150 → "1.5", Czech "1,5"), never through a float. */
function percentOf(bps: number, lang: 'cs' | 'en'): string {
  const whole = Math.trunc(bps / 100);
  const rest = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return rest ? `${whole}${lang === 'cs' ? ',' : '.'}${rest}` : String(whole);
}

/** `refreshKey`: a change elsewhere on the page (a refund, a released bonus) moved these balances. */
/** A quote's terms as the player reads them before committing: both amounts, the fee, the rate and its source (002:T-WAL-01). */
export function QuoteFacts({
  quote,
  testId,
  showFeeShare = false,
}: {
  quote: QuoteTerms;
  testId: string;
  showFeeShare?: boolean;
}) {
  const { m, lang } = useI18n();
  return (
    <dl className="facts">
      <dt>{m.money.youPay}</dt>
      <dd data-testid={`${testId}-debit`}>{formatMoney(quote.debit, lang)}</dd>
      <dt>{m.money.fee}</dt>
      <dd data-testid={`${testId}-fee`}>
        {formatMoney(quote.fee, lang)}
        {showFeeShare && ` (${percentOf(quote.feeBps, lang)} %)`}
      </dd>
      <dt>{m.money.youGet}</dt>
      <dd data-testid={`${testId}-credit`}>{formatMoney(quote.credit, lang)}</dd>
      <dt>{m.money.rate}</dt>
      <dd data-testid={`${testId}-rate`}>
        {fill(m.money.rateLine, {
          from: quote.debit.currency,
          rate: quote.rate,
          to: quote.credit.currency,
          source: quote.rateSource,
          at: formatDateTime(quote.ratePublishedAt, lang),
        })}
      </dd>
      <dt>{m.money.validUntil}</dt>
      <dd>{formatDateTime(quote.expiresAt, lang)}</dd>
    </dl>
  );
}

/** A wallet chosen by its currency, as the form field `name`. */
export function CurrencySelect(props: {
  label: string;
  name: string;
  currencies: readonly string[];
  defaultValue?: string | undefined;
}) {
  return (
    <Field label={props.label}>
      {({ id }) => (
        <select id={id} name={props.name} defaultValue={props.defaultValue}>
          {props.currencies.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A quote shown before anything moves, with the button that commits it and one that drops it. */
export function QuoteConfirm(props: {
  quote: QuoteTerms;
  testId: string;
  /** The panel's own test id where it differs from its facts' prefix. */
  panelTestId?: string;
  showFeeShare?: boolean;
  confirm: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { m } = useI18n();
  return (
    <div className="quote" data-testid={props.panelTestId ?? props.testId} aria-live="polite">
      <QuoteFacts quote={props.quote} testId={props.testId} showFeeShare={props.showFeeShare ?? false} />
      <div className="row">
        <button type="button" onClick={props.onConfirm} disabled={props.busy}>
          {props.confirm}
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          {m.money.cancel}
        </button>
      </div>
    </div>
  );
}

export function CurrencyWallets({ refreshKey, onChange }: { refreshKey?: number; onChange?: () => void }) {
  const { m, lang } = useI18n();
  const refusal = useMoneyRefusal();
  const { data, reload } = useLoad(async () => (await player.GET('/v1/me/wallets')).data, [refreshKey]);
  const [quote, setQuote] = useState<QuoteTerms | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const offered = data?.wallets.filter((w) => w.offered) ?? [];
  // One wallet (a single-currency house): the balances card already says everything.
  if (!data || data.wallets.length < 2) return null;

  const ask = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    setQuote(null);
    const form = new FormData(event.currentTarget);
    const from = String(form.get('from')) as Currency;
    const to = String(form.get('to')) as Currency;
    const amount = parseCrowns(String(form.get('amount')));
    if (!amount) return setError(m.money.amountInvalid);
    if (from === to) return setError(m.money.sameWallet);
    setBusy(true);
    const { data: quoted, error: problem } = await player.POST('/v1/fx/quotes', {
      body: { purpose: 'exchange', amount: { amount, currency: from }, to },
    });
    setBusy(false);
    if (!quoted) return setError(fill(m.money.quoteRefused, { reason: refusal(problem) }));
    setQuote(quoted);
  };

  const commit = async () => {
    if (!quote) return;
    setBusy(true);
    const { data: exchanged, error: problem } = await player.POST('/v1/me/wallets/exchanges', {
      body: { quoteId: quote.quoteId },
    });
    setBusy(false);
    setQuote(null);
    if (!exchanged) return setError(fill(m.money.exchangeRefused, { reason: refusal(problem) }));
    setDone(fill(m.money.exchanged, { debit: formatMoney(exchanged.debit, lang), credit: formatMoney(exchanged.credit, lang) }));
    reload();
    onChange?.();
  };

  return (
    <section className="card" aria-labelledby="currency-wallets-title">
      <h2 id="currency-wallets-title">{m.money.walletsTitle}</h2>
      <dl className="facts">
        {data.wallets.map((w) => (
          <div key={w.currency} className="contents">
            <dt>{fill(m.money.walletIn, { currency: w.currency })}</dt>
            <dd className="balance" data-testid={`wallet-${w.currency}`}>
              {formatMoney(w.balance, lang)}
              {!w.offered && ` (${m.money.notOffered})`}
            </dd>
          </div>
        ))}
      </dl>
      <p className="help">{fill(m.money.gameCurrencies, { currencies: data.gameCurrencies.join(', ') })}</p>
      <h3>{m.money.exchangeTitle}</h3>
      <form onSubmit={(e) => void ask(e)} noValidate className="row">
        <CurrencySelect
          label={m.money.from}
          name="from"
          currencies={data.wallets.map((w) => w.currency)}
          defaultValue={data.wallets[0]?.currency}
        />
        <CurrencySelect
          label={m.money.to}
          name="to"
          currencies={offered.map((w) => w.currency)}
          defaultValue={offered[1]?.currency ?? offered[0]?.currency}
        />
        <Field label={m.money.amount}>
          {({ id, describedBy, invalid }) => (
            <input id={id} name="amount" inputMode="decimal" aria-describedby={describedBy} aria-invalid={invalid} />
          )}
        </Field>
        <button type="submit" disabled={busy}>
          {m.money.quoteSubmit}
        </button>
      </form>
      {quote && (
        <QuoteConfirm
          quote={quote}
          testId="quote"
          panelTestId="fx-quote"
          showFeeShare
          confirm={m.money.exchangeSubmit}
          busy={busy}
          onConfirm={() => void commit()}
          onCancel={() => setQuote(null)}
        />
      )}
      {error && <Notice kind="error">{error}</Notice>}
      {done && <Notice kind="success">{done}</Notice>}
    </section>
  );
}

export function Bonuses() {
  const { m, lang } = useI18n();
  const { data } = useLoad(async () => (await player.GET('/v1/me/bonuses')).data);
  if (!data || data.bonuses.length === 0) return null;
  return (
    <section className="card" aria-labelledby="bonuses-title">
      <h2 id="bonuses-title">{m.money.bonusesTitle}</h2>
      <p className="help">{m.money.bonusesHelp}</p>
      <ul className="plain">
        {data.bonuses.map((b) => (
          <li key={b.id} data-testid="bonus">
            <strong>{formatMoney(b.amount, lang)}</strong> · {m.money.bonusStates[b.status] ?? b.status}
            <br />
            <span data-testid="bonus-parts">
              {fill(m.money.bonusParts, {
                locked: formatMoney(b.locked, lang),
                released: formatMoney(b.released, lang),
                parts: b.releasedTranches,
                of: b.trancheCount,
              })}
            </span>
            {b.status === 'LOCKED' && b.nextTranche && b.nextTranchePoints && (
              <>
                <br />
                <span data-testid="bonus-next">
                  {fill(m.money.bonusNext, {
                    next: formatMoney(b.nextTranche, lang),
                    points: b.nextTranchePoints,
                    earned: b.pointsEarned,
                    until: formatDateTime(b.expiresAt, lang),
                  })}
                </span>
              </>
            )}
            {b.forfeited.amount !== '0.00' && (
              <>
                <br />
                {fill(m.money.bonusForfeited, { forfeited: formatMoney(b.forfeited, lang) })}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function VipPoints({ onChange }: { onChange?: () => void }) {
  const { m, lang } = useI18n();
  const refusal = useMoneyRefusal();
  const { data, reload } = useLoad(async () => (await player.GET('/v1/me/vip-points')).data);
  const { data: wallets } = useLoad(async () => (await player.GET('/v1/me/wallets')).data);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A house without a loyalty programme answers with a problem: no card.
  if (!data) return null;

  const coinsOf = (form: FormData) => {
    const text = String(form.get('coins')).trim();
    return /^[1-9]\d{0,6}$/.test(text) ? Number(text) : null;
  };
  const exchange = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    const starsCoins = coinsOf(new FormData(event.currentTarget));
    if (starsCoins === null) return setError(m.money.coinsInvalid);
    const { data: after, error: problem } = await player.POST('/v1/me/vip-points/exchange', {
      body: { starsCoins, requestId: newKey() },
    });
    if (!after) return setError(fill(m.money.pointsRefused, { reason: refusal(problem) }));
    setDone(fill(m.money.pointsExchanged, { coins: starsCoins }));
    reload();
  };
  const refund = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    const form = new FormData(event.currentTarget);
    const starsCoins = coinsOf(form);
    if (starsCoins === null) return setError(m.money.coinsInvalid);
    const { data: paid, error: problem } = await player.POST('/v1/me/vip-points/refund', {
      body: { starsCoins, currency: String(form.get('currency')) as Currency, requestId: newKey() },
    });
    if (!paid) return setError(fill(m.money.pointsRefused, { reason: refusal(problem) }));
    setDone(fill(m.money.refunded, { refund: formatMoney(paid.refund, lang) }));
    reload();
    onChange?.();
  };

  return (
    <section className="card" aria-labelledby="vip-title">
      <h2 id="vip-title">{m.money.vipTitle}</h2>
      <dl className="facts">
        <dt>{m.money.points}</dt>
        <dd data-testid="vip-points">{data.points}</dd>
        <dt>{m.money.starsCoins}</dt>
        <dd data-testid="vip-starscoins">{data.starsCoins}</dd>
        <dt>{m.money.level}</dt>
        <dd data-testid="vip-level">
          {data.level?.name ?? '–'}
          {data.nextLevel &&
            ` · ${fill(m.money.nextLevel, { name: data.nextLevel.name, points: data.nextLevel.pointsEarnedMin })}`}
        </dd>
      </dl>
      <p className="help">{fill(m.money.pointsHelp, { perCoin: data.pointsPerStarsCoin, earned: data.pointsEarned })}</p>
      <form onSubmit={(e) => void exchange(e)} noValidate className="row">
        <Field label={m.money.coinsToBuy}>{({ id }) => <input id={id} name="coins" inputMode="numeric" />}</Field>
        <button type="submit">{m.money.exchangePoints}</button>
      </form>
      <form onSubmit={(e) => void refund(e)} noValidate className="row">
        <Field label={m.money.coinsToSpend}>{({ id }) => <input id={id} name="coins" inputMode="numeric" />}</Field>
        <CurrencySelect
          label={m.money.refundInto}
          name="currency"
          currencies={(wallets?.wallets ?? []).filter((w) => w.offered).map((w) => w.currency)}
        />
        <button type="submit">{m.money.refundSubmit}</button>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {done && <Notice kind="success">{done}</Notice>}
    </section>
  );
}
