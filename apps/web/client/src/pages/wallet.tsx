import { useEffect, useId, useState, type FormEvent } from 'react';
import { getSession, newKey, player, problemCode, type Problem } from '../api.ts';
import { Field, Notice } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { fill, formatDateTime, formatMoney, useI18n } from '../i18n/index.tsx';
import { Link } from '../router.tsx';
import { parseCrowns } from '../validation.ts';
import { Bonuses, CurrencySelect, CurrencyWallets, QuoteConfirm, VipPoints, type Currency, type QuoteTerms } from './money.tsx';

/** A refusal as the player reads it: the catalogue's sentence for a known problem type, else the API's own detail. */
function useRefusal() {
  const { m } = useI18n();
  return (problem: unknown) =>
    m.wallet.refusals[problemCode(problem)] ?? (problem as Problem | undefined)?.detail ?? m.app.unavailable;
}

/** The browser goes to the payment provider's 3-D Secure page, which sends it back to the return page. */
const goTo = (url: string) => window.location.assign(url);

function Balances() {
  const { m, lang } = useI18n();
  const { data } = useLoad(async () => (await player.GET('/v1/me/balances')).data);
  return (
    <section className="card" aria-labelledby="balances-title">
      <h2 id="balances-title">{m.wallet.balances}</h2>
      {data?.wallets.length === 0 && <p>{m.wallet.noBalances}</p>}
      <dl className="facts">
        {data?.wallets.map((w) => (
          <div key={w.wallet} className="contents">
            <dt>{m.wallet.wallets[w.wallet] ?? w.wallet}</dt>
            <dd className="balance" data-testid={`balance-${w.wallet}`}>
              {formatMoney(w.balance, lang)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Deposit({ methods }: { methods: Array<{ id: string; display: string; status: string }> }) {
  const { m, lang } = useI18n();
  const refusal = useRefusal();
  const { data: me } = useLoad(async () => (await player.GET('/v1/me')).data);
  const [error, setError] = useState<string | null>(null);
  const usable = methods.filter((method) => method.status !== 'REMOVED' && method.status !== 'REJECTED');
  const [methodId, setMethodId] = useState<string | null>(null);
  const chosen = methodId ?? usable[0]?.id ?? null;
  // The method's caps before the player types (issue 17): its minimum, maximum and what the caps allow now.
  const { data: caps } = useLoad(
    async () =>
      chosen
        ? (
            await player.GET('/v1/payment-methods/{paymentMethodId}/deposit-caps', {
              params: { path: { paymentMethodId: chosen } },
            })
          ).data
        : undefined,
    [chosen],
  );
  // A multi-currency house (CZ-PS): the payment, in crowns, is credited to the wallet the player picks,
  // converted at a quote the page shows first, both amounts and the fee (002:WAL-06, T-WAL-01).
  const { data: wallets } = useLoad(async () => (await player.GET('/v1/me/wallets')).data);
  const intoWallets = (wallets?.wallets ?? []).filter((w) => w.offered);
  const choosesWallet = intoWallets.length > 1;
  const [quote, setQuote] = useState<DepositQuote | null>(null);
  const pay = async (paymentMethodId: string, amount: string, quoteId?: string) => {
    const { data, error: problem } = await player.POST('/v1/deposits', {
      params: { header: { 'idempotency-key': newKey() } },
      body: { paymentMethodId, amount: { amount, currency: 'CZK' }, ...(quoteId ? { quoteId } : {}) },
    });
    if (!data) return setError(fill(m.wallet.depositRefused, { reason: refusal(problem) }));
    if (data.redirectUrl) goTo(data.redirectUrl);
    else goTo(`/deposits/${data.id}/payment-return`);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setQuote(null);
    const form = new FormData(event.currentTarget);
    const amount = parseCrowns(String(form.get('amount')));
    if (!amount) return setError(m.register.errors.amount);
    const method = String(form.get('method'));
    const into = form.get('wallet');
    if (!choosesWallet || into === null || into === 'CZK') return pay(method, amount);
    const { data: quoted, error: problem } = await player.POST('/v1/fx/quotes', {
      body: { purpose: 'deposit', amount: { amount, currency: 'CZK' }, to: String(into) as Currency },
    });
    if (!quoted) return setError(fill(m.wallet.depositRefused, { reason: refusal(problem) }));
    setQuote({ ...quoted, paymentMethodId: method });
  };
  const temporary = me?.temporaryAccount;
  return (
    <section className="card" aria-labelledby="deposit-title">
      <h2 id="deposit-title">{m.wallet.deposit}</h2>
      {temporary && (
        <p data-testid="deposit-temporary-left">
          {fill(m.wallet.temporaryLeft, {
            left: formatMoney(temporary.depositRemaining, lang),
            cap: formatMoney(temporary.depositCap, lang),
          })}
        </p>
      )}
      {caps && (
        <p data-testid="deposit-caps">
          {fill(m.wallet.caps, {
            min: formatMoney(caps.perTransaction.min, lang),
            max: caps.perTransaction.max ? formatMoney(caps.perTransaction.max, lang) : '∞',
            now: caps.largestNow ? formatMoney(caps.largestNow, lang) : '∞',
          })}
        </p>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      {usable.length === 0 ? (
        <p>{m.wallet.noMethodForDeposit}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Field label={m.wallet.method}>
            {({ id }) => (
              <select id={id} name="method" value={chosen ?? ''} onChange={(e) => setMethodId(e.target.value)}>
                {usable.map((method) => (
                  <option key={method.id} value={method.id}>
                    {method.display}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {choosesWallet && (
            <CurrencySelect label={m.wallet.depositInto} name="wallet" currencies={intoWallets.map((w) => w.currency)} />
          )}
          <Field label={m.wallet.depositAmount}>{({ id }) => <input id={id} name="amount" inputMode="decimal" required />}</Field>
          <button type="submit">{choosesWallet ? m.money.quoteSubmit : m.wallet.depositSubmit}</button>
        </form>
      )}
      {quote && (
        <QuoteConfirm
          quote={quote}
          testId="deposit-quote"
          confirm={m.wallet.depositSubmit}
          onConfirm={() => void pay(quote.paymentMethodId, quote.debit.amount, quote.quoteId)}
          onCancel={() => setQuote(null)}
        />
      )}
    </section>
  );
}

type DepositQuote = QuoteTerms & { paymentMethodId: string };

interface Method {
  id: string;
  kind: string;
  display: string;
  status: string;
  active: boolean;
  verificationMethod: string | null;
  verificationDeadlineAt: string;
  rejectionReason: string | null;
}

/** The proofs each kind of method takes (packages/cashier submit-ownership-document.ts, 002:PM-05). */
const proofsOf: Record<string, readonly ('account-statement' | 'account-contract' | 'card-statement' | 'screenshot')[]> = {
  'bank-account': ['account-statement', 'account-contract'],
  card: ['card-statement'],
  other: ['screenshot', 'account-statement'],
};
const documentTypes = ['application/pdf', 'image/jpeg', 'image/png', 'text/plain'] as const;
const documentBytesMax = 1_048_576;

/** A file's bytes as base64 (the documents route takes JSON). */
const base64Of = async (file: File): Promise<string> => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let k = 0; k < bytes.length; k += 0x8000) binary += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
  return btoa(binary);
};

/**
 * Every way the cashier API verifies this method, walked through in order (004:PAY-03, PAY-04,
 * 002:PM-05): a card by a 3-D Secure payment, a bank account by a transfer from it (the operator's
 * account, the reference and the least amount shown to copy), and any method by a document for staff
 * to review; the deadline after which an unverified method is blocked (004:PAY-07) above them (D-1764).
 */
function VerifyMethod({ method, reload, onGone }: { method: Method; reload(): void; onGone(message: string): void }) {
  const { m, lang } = useI18n();
  const refusal = useRefusal();
  const titleId = useId();
  const [transfer, setTransfer] = useState<{
    toAccount: string;
    reference: string;
    amountMin: { amount: string; currency: string };
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const proofs = proofsOf[method.kind] ?? [];

  const start = async (via: 'online-transaction' | 'offline-transfer') => {
    setError(null);
    const { data, error: problem } = await player.POST('/v1/payment-methods/{paymentMethodId}/verifications', {
      params: { path: { paymentMethodId: method.id } },
      body: { via },
    });
    if (!data) return setError(refusal(problem));
    if (via === 'offline-transfer' && data.transfer) {
      setTransfer(data.transfer);
      reload();
    } else if (data.redirectUrl) goTo(data.redirectUrl);
    else goTo(`/payment-methods/${method.id}/verification-return`);
  };

  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSent(null);
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    const kind = String(form.get('kind')) as (typeof proofs)[number];
    if (!(file instanceof File) || file.size === 0) return setFileError(m.wallet.verification.fileMissing);
    const contentType = documentTypes.find((type) => type === file.type);
    if (!contentType) return setFileError(m.wallet.verification.fileType);
    if (file.size > documentBytesMax) return setFileError(m.wallet.verification.fileSize);
    setFileError(undefined);
    setBusy(true);
    const { data, error: problem } = await player.POST('/v1/payment-methods/{paymentMethodId}/documents', {
      params: { path: { paymentMethodId: method.id } },
      body: { kind, contentType, contentBase64: await base64Of(file) },
    });
    setBusy(false);
    reload();
    const code = problemCode(problem);
    const message = m.wallet.verification.refusals[code] ?? refusal(problem);
    // Card data rejects the method: this panel goes with it, so the list says why.
    if (!data) return code === 'card-data-refused' ? onGone(message) : setError(message);
    setSent(m.wallet.verification.documentSent);
  };

  return (
    <section className="verify" aria-labelledby={titleId} data-testid="verify-method">
      <h4 id={titleId}>{fill(m.wallet.verification.title, { method: method.display })}</h4>
      <p>{fill(m.wallet.verification.deadline, { date: formatDateTime(method.verificationDeadlineAt, lang) })}</p>
      {error && <Notice kind="error">{error}</Notice>}
      <ol>
        {method.kind === 'card' && (
          <li>
            <p>{m.wallet.verification.online}</p>
            <button type="button" className="secondary" onClick={() => void start('online-transaction')}>
              {m.wallet.verify}
            </button>
          </li>
        )}
        {method.kind === 'bank-account' && (
          <li>
            <p>{m.wallet.verification.offline}</p>
            <button type="button" className="secondary" onClick={() => void start('offline-transfer')}>
              {method.verificationMethod === 'offline-transfer'
                ? m.wallet.verification.showTransfer
                : m.wallet.verification.startTransfer}
            </button>
            {transfer && (
              <dl className="transfer" data-testid="verification-transfer">
                <dt>{m.wallet.verification.toAccount}</dt>
                <dd data-testid="transfer-account">{transfer.toAccount}</dd>
                <dt>{m.wallet.verification.reference}</dt>
                <dd data-testid="transfer-reference">{transfer.reference}</dd>
                <dt>{m.wallet.verification.amountMin}</dt>
                <dd>{formatMoney(transfer.amountMin, lang)}</dd>
                <dd className="help">{m.wallet.verification.transferAfter}</dd>
              </dl>
            )}
          </li>
        )}
        <li>
          <p>{m.wallet.verification.document}</p>
          <form onSubmit={(e) => void upload(e)} noValidate>
            <Field label={m.wallet.verification.documentKind}>
              {({ id }) => (
                <select id={id} name="kind" defaultValue={proofs[0]}>
                  {proofs.map((kind) => (
                    <option key={kind} value={kind}>
                      {m.wallet.verification.kinds[kind]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={m.wallet.verification.file} help={m.wallet.verification.fileHelp} error={fileError}>
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  name="file"
                  type="file"
                  accept={documentTypes.join(',')}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                />
              )}
            </Field>
            <button type="submit" className="secondary" disabled={busy}>
              {m.wallet.verification.upload}
            </button>
          </form>
          {sent && <Notice kind="success">{sent}</Notice>}
        </li>
      </ol>
    </section>
  );
}

function PaymentMethods({ methods, reload }: { methods: Method[]; reload(): void }) {
  const { m } = useI18n();
  const refusal = useRefusal();
  const [error, setError] = useState<string | null>(null);
  const addCard = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    const [month, year] = String(form.get('expiry'))
      .split('/')
      .map((part) => Number(part.trim()));
    // The card number goes to the payment provider only (here the sandbox's, through this origin); the platform gets its token.
    const tokenised = await fetch('/sandbox/psp/card-tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        number: String(form.get('number')).replace(/\s/g, ''),
        expiryMonth: month,
        expiryYear: (year ?? 0) < 100 ? 2000 + (year ?? 0) : year,
        holderName: String(form.get('holder')).trim(),
      }),
    });
    const card = (await tokenised.json()) as { token?: string; detail?: string };
    if (!card.token) return setError(card.detail ?? m.app.unavailable);
    const { data, error: problem } = await player.POST('/v1/payment-methods', { body: { kind: 'card', token: card.token } });
    if (!data) return setError(refusal(problem));
    reload();
  };
  const addBank = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    const { data, error: problem } = await player.POST('/v1/payment-methods', {
      body: {
        kind: 'bank-account',
        iban: String(form.get('iban')).replace(/\s/g, ''),
        holderName: String(form.get('holder')).trim(),
      },
    });
    if (!data) return setError(refusal(problem));
    reload();
  };
  // A transfer or a document is decided elsewhere (the bank's webhook, staff): while one is awaited the list is read again.
  const awaiting = methods.some((method) => method.status === 'VERIFICATION_PENDING');
  useEffect(() => {
    if (!awaiting) return;
    const timer = setInterval(reload, 5_000);
    return () => clearInterval(timer);
  }, [awaiting, reload]);
  const activate = async (id: string) => {
    const { error: problem } = await player.POST('/v1/payment-methods/{paymentMethodId}/activation', {
      params: { path: { paymentMethodId: id } },
    });
    if (problem) setError(refusal(problem));
    reload();
  };
  return (
    <section className="card" aria-labelledby="methods-title">
      <h2 id="methods-title">{m.wallet.methods}</h2>
      {error && <Notice kind="error">{error}</Notice>}
      {methods.length === 0 && <p>{m.wallet.noMethods}</p>}
      <ul className="plain">
        {methods.map((method) => (
          <li key={method.id} data-testid="payment-method">
            <strong>{method.display}</strong> – {m.wallet.states[method.status] ?? method.status}
            {method.active && ` (${m.wallet.active})`}{' '}
            {method.status === 'REJECTED' && method.rejectionReason && (
              <p className="error" data-testid="method-rejected">
                {fill(m.wallet.verification.rejected, { reason: method.rejectionReason })}
              </p>
            )}
            {method.status === 'VERIFIED' && !method.active && (
              <button type="button" className="secondary" onClick={() => void activate(method.id)}>
                {m.wallet.activate}
              </button>
            )}
            {(method.status === 'REGISTERED' || method.status === 'VERIFICATION_PENDING') && (
              <VerifyMethod method={method} reload={reload} onGone={setError} />
            )}
          </li>
        ))}
      </ul>
      <div className="grid2">
        <form onSubmit={(e) => void addCard(e)} noValidate>
          <h3>{m.wallet.addCard}</h3>
          <Field label={m.wallet.cardNumber}>
            {({ id }) => <input id={id} name="number" inputMode="numeric" autoComplete="cc-number" />}
          </Field>
          <Field label={m.wallet.cardExpiry}>
            {({ id }) => <input id={id} name="expiry" autoComplete="cc-exp" placeholder="12/30" />}
          </Field>
          <Field label={m.wallet.cardHolder}>{({ id }) => <input id={id} name="holder" autoComplete="cc-name" />}</Field>
          <button type="submit">{m.wallet.cardSubmit}</button>
        </form>
        <form onSubmit={(e) => void addBank(e)} noValidate>
          <h3>{m.wallet.addBank}</h3>
          <Field label={m.wallet.iban}>{({ id }) => <input id={id} name="iban" />}</Field>
          <Field label={m.wallet.cardHolder}>{({ id }) => <input id={id} name="holder" autoComplete="name" />}</Field>
          <button type="submit">{m.wallet.bankSubmit}</button>
        </form>
      </div>
    </section>
  );
}

function Withdrawals() {
  const { m, lang } = useI18n();
  const refusal = useRefusal();
  const { data, reload } = useLoad(async () => (await player.GET('/v1/withdrawals', { params: { query: {} } })).data);
  const [error, setError] = useState<string | null>(null);
  // A multi-currency house (CZ-PS): the player picks the wallet the money leaves; the payout, in crowns,
  // is converted at a quote shown first (002:WAL-06, T-WAL-01: withdrawals the same way as deposits).
  const { data: wallets } = useLoad(async () => (await player.GET('/v1/me/wallets')).data);
  const fromWallets = (wallets?.wallets ?? []).filter((w) => w.balance.amount !== '0.00' || w.offered);
  const choosesWallet = fromWallets.length > 1;
  const [quote, setQuote] = useState<QuoteTerms | null>(null);
  const request = async (amount: string, quoteId?: string) => {
    setQuote(null);
    const { error: problem } = await player.POST('/v1/withdrawals', {
      params: { header: { 'idempotency-key': newKey() } },
      body: { amount: { amount, currency: 'CZK' }, ...(quoteId ? { quoteId } : {}) },
    });
    if (problem) setError(refusal(problem));
    reload();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setQuote(null);
    const form = new FormData(event.currentTarget);
    const amount = parseCrowns(String(form.get('amount')));
    if (!amount) return setError(m.register.errors.amount);
    const from = form.get('wallet');
    if (!choosesWallet || from === null || from === 'CZK') return request(amount);
    const { data: quoted, error: problem } = await player.POST('/v1/fx/quotes', {
      body: { purpose: 'withdrawal', amount: { amount, currency: String(from) as Currency }, to: 'CZK' },
    });
    if (!quoted) return setError(refusal(problem));
    setQuote(quoted);
  };
  const cancel = async (id: string) => {
    await player.POST('/v1/withdrawals/{withdrawalId}/cancellation', { params: { path: { withdrawalId: id } } });
    reload();
  };
  const list = data?.withdrawals;
  return (
    <section className="card" aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title">{m.wallet.withdrawals}</h2>
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={(e) => void submit(e)} noValidate className="row">
        {choosesWallet && (
          <CurrencySelect label={m.wallet.withdrawFrom} name="wallet" currencies={fromWallets.map((w) => w.currency)} />
        )}
        <Field label={choosesWallet ? m.wallet.withdrawAmountFromWallet : m.wallet.withdrawAmount}>
          {({ id }) => <input id={id} name="amount" inputMode="decimal" />}
        </Field>
        <button type="submit">{choosesWallet ? m.money.quoteSubmit : m.wallet.withdrawSubmit}</button>
      </form>
      {quote && (
        <QuoteConfirm
          quote={quote}
          testId="withdrawal-quote"
          confirm={m.wallet.withdrawSubmit}
          onConfirm={() => void request(quote.credit.amount, quote.quoteId)}
          onCancel={() => setQuote(null)}
        />
      )}
      {list?.length === 0 && <p>{m.wallet.noWithdrawals}</p>}
      <ul className="plain">
        {list?.map((w) => (
          <li key={w.id}>
            {formatDateTime(w.createdAt, lang)} · {formatMoney(w.amount, lang)} · {m.wallet.withdrawalState}:{' '}
            {m.wallet.states[w.status] ?? w.status}{' '}
            {(w.status === 'IN_REVIEW' || w.status === 'APPROVED') && (
              <button type="button" className="secondary" onClick={() => void cancel(w.id)}>
                {m.wallet.cancel}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Statement() {
  const { m, lang } = useI18n();
  const [filters, setFilters] = useState({ betsOnly: false, from: '', to: '' });
  const { data } = useLoad(
    async () =>
      (await player.GET('/v1/me/statement', { params: { query: { limit: 200, betsOnly: filters.betsOnly ? 'true' : 'false' } } }))
        .data,
    [filters.betsOnly],
  );
  const inRange = (at: string) =>
    (!filters.from || at.slice(0, 10) >= filters.from) && (!filters.to || at.slice(0, 10) <= filters.to);
  const lines = data?.lines.filter((line) => inRange(line.effectiveAt)) ?? [];
  /** The CSV needs the access token, so it is fetched and handed to the browser as a file. */
  const download = async () => {
    const query = new URLSearchParams();
    if (filters.from) query.set('from', `${filters.from}T00:00:00+01:00`);
    if (filters.to) query.set('to', `${filters.to}T23:59:59+01:00`);
    const response = await fetch(`/api/player/v1/me/statement.csv?${query}`, {
      headers: { authorization: `Bearer ${getSession()?.accessToken ?? ''}` },
    });
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = 'vypis.csv';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <section className="card" aria-labelledby="statement-title">
      <h2 id="statement-title">{m.wallet.statement}</h2>
      <div className="row">
        <Field label={m.wallet.from}>
          {({ id }) => (
            <input
              id={id}
              type="date"
              value={filters.from}
              onChange={(e) => setFilters((f) => ({ ...f, from: e.target.value }))}
            />
          )}
        </Field>
        <Field label={m.wallet.to}>
          {({ id }) => (
            <input id={id} type="date" value={filters.to} onChange={(e) => setFilters((f) => ({ ...f, to: e.target.value }))} />
          )}
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={filters.betsOnly}
            onChange={(e) => setFilters((f) => ({ ...f, betsOnly: e.target.checked }))}
          />
          {m.wallet.onlyGames}
        </label>
        <button type="button" className="secondary" onClick={() => void download()}>
          {m.wallet.csv}
        </button>
      </div>
      {lines.length === 0 ? (
        <p>{m.wallet.noLines}</p>
      ) : (
        <div className="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{m.wallet.when}</th>
                <th scope="col">{m.wallet.what}</th>
                <th scope="col">{m.wallet.round}</th>
                <th scope="col" className="amount">
                  {m.wallet.amount}
                </th>
                <th scope="col" className="amount">
                  {m.wallet.after}
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.postingId} data-testid="statement-line">
                  <td>{formatDateTime(line.effectiveAt, lang)}</td>
                  <td>
                    {m.wallet.kinds[line.kind] ?? line.kind}
                    {line.game ? ` · ${line.game}` : ''}
                  </td>
                  <td>{line.gameRoundId ? <code title={line.gameRoundId}>{line.gameRoundId.slice(-8)}</code> : '–'}</td>
                  <td className="amount">{formatMoney(line.amount, lang)}</td>
                  <td className="amount">{formatMoney(line.balanceAfter, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function WalletPage() {
  const { m } = useI18n();
  const { data, reload } = useLoad(async () => (await player.GET('/v1/payment-methods')).data);
  const methods: Method[] = data?.paymentMethods ?? [];
  // A conversion or a commission refund moves the balances the other cards show: they load again.
  const [moneyMoved, setMoneyMoved] = useState(0);
  const moved = () => setMoneyMoved((n) => n + 1);
  return (
    <section>
      <h1>{m.wallet.title}</h1>
      <Balances key={moneyMoved} />
      <CurrencyWallets refreshKey={moneyMoved} onChange={moved} />
      <Bonuses />
      <VipPoints onChange={moved} />
      <Deposit methods={methods} />
      <PaymentMethods methods={methods} reload={reload} />
      <Withdrawals />
      <Statement key={moneyMoved} />
    </section>
  );
}

/** Where the provider sends the browser after a deposit's 3-D Secure: the deposit's state, from the API. */
export function DepositReturnPage({ depositId }: { depositId: string }) {
  const { m, lang } = useI18n();
  const [deposit, setDeposit] = useState<{
    status: string;
    amount: { amount: string; currency: string };
    refusal: { detail: string } | null;
  } | null>(null);
  useEffect(() => {
    let live = true;
    const ask = async () => {
      const { data } = await player.GET('/v1/deposits/{depositId}', { params: { path: { depositId } } });
      if (!live) return;
      if (data) setDeposit(data);
      // The webhook credits it moments later: ask again until the state is final.
      if (!data || ['CREATED', 'PENDING', 'AUTHORIZED'].includes(data.status)) setTimeout(() => void ask(), 500);
    };
    void ask();
    return () => {
      live = false;
    };
  }, [depositId]);
  return (
    <section className="narrow">
      <h1>{m.wallet.deposit}</h1>
      {!deposit || ['CREATED', 'PENDING', 'AUTHORIZED'].includes(deposit.status) ? (
        <p role="status">{m.wallet.checking}</p>
      ) : deposit.status === 'SETTLED' ? (
        <Notice kind="success">{fill(m.wallet.depositDone, { amount: formatMoney(deposit.amount, lang) })}</Notice>
      ) : (
        <Notice kind="error">
          {fill(m.wallet.depositRefused, {
            reason: deposit.refusal?.detail ?? m.wallet.states[deposit.status] ?? deposit.status,
          })}
        </Notice>
      )}
      <Link to="/wallet" className="button">
        {m.wallet.backToWallet}
      </Link>
    </section>
  );
}

/** Where the provider sends the browser after a card's 3-D Secure check: the outcome, from the API (never from the return itself). */
export function VerificationReturnPage({ paymentMethodId }: { paymentMethodId: string }) {
  const { m } = useI18n();
  const [outcome, setOutcome] = useState<'pending' | 'passed' | 'failed'>('pending');
  useEffect(() => {
    let live = true;
    const ask = async () => {
      const { data } = await player.GET('/v1/payment-methods/{paymentMethodId}/verification', {
        params: { path: { paymentMethodId } },
      });
      if (!live) return;
      const now = data?.onlineCheck?.outcome ?? 'pending';
      setOutcome(now);
      if (now === 'pending') setTimeout(() => void ask(), 500);
    };
    void ask();
    return () => {
      live = false;
    };
  }, [paymentMethodId]);
  return (
    <section className="narrow">
      <h1>{m.wallet.secureTitle}</h1>
      {outcome === 'pending' && <p role="status">{m.wallet.checking}</p>}
      {outcome === 'passed' && <Notice kind="success">{m.wallet.secureDone}</Notice>}
      {outcome === 'failed' && <Notice kind="error">{m.wallet.secureFailed}</Notice>}
      <Link to="/wallet" className="button">
        {m.wallet.backToWallet}
      </Link>
    </section>
  );
}
