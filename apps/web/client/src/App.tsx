import { useState } from 'react';
import { dropSession, logout, player } from './api.ts';
import { ConfirmDialog, Notice } from './components/ui.tsx';
import { fill, formatDateTime, useI18n, type Lang } from './i18n/index.tsx';
import { AccountPage } from './pages/account.tsx';
import { BlackjackPage } from './pages/blackjack.tsx';
import { ConfirmEmailPage } from './pages/confirm-email.tsx';
import { LimitsPage } from './pages/limits.tsx';
import { LobbyPage } from './pages/lobby.tsx';
import { LoginPage } from './pages/login.tsx';
import { PokerPage } from './pages/poker.tsx';
import { RegisterPage } from './pages/register.tsx';
import { RoulettePage } from './pages/roulette.tsx';
import { TournamentPage, TournamentsPage } from './pages/tournaments.tsx';
import { DepositReturnPage, VerificationReturnPage, WalletPage } from './pages/wallet.tsx';
import { Link, useRoute } from './router.tsx';
import { useSession } from './session.tsx';

function LanguageSwitch() {
  const { m, lang, setLang } = useI18n();
  return (
    <div className="lang" role="group" aria-label={m.app.language}>
      {(['cs', 'en'] as Lang[]).map((code) => (
        <button key={code} type="button" lang={code} aria-pressed={lang === code} onClick={() => setLang(code)}>
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

/** The panic button (002 RG, 004:SLM): in the header of every page, 48 hours at once, no way back. */
function PanicButton({ onDone }: { onDone(until: string): void }) {
  const { m } = useI18n();
  const [asking, setAsking] = useState(false);
  const press = async () => {
    setAsking(false);
    const { data } = await player.POST('/v1/me/panic-button');
    if (data) {
      onDone(data.excludedUntil ?? '');
      dropSession();
    }
  };
  return (
    <>
      <button type="button" className="panic" title={m.app.panic} onClick={() => setAsking(true)}>
        {m.app.panicShort}
      </button>
      <ConfirmDialog
        open={asking}
        text={m.app.panicConfirm}
        yes={m.app.panicYes}
        no={m.app.panicNo}
        onYes={() => void press()}
        onNo={() => setAsking(false)}
      />
    </>
  );
}

function Header({ onPanic }: { onPanic(until: string): void }) {
  const { m } = useI18n();
  const { playerId } = useSession();
  const { navigate } = useRoute();
  return (
    <header className="header">
      <a className="skip" href="#main">
        {m.app.skip}
      </a>
      <Link to="/" className="brand">
        {m.app.name}
      </Link>
      <nav aria-label={m.app.nav}>
        {playerId ? (
          <>
            <Link to="/">{m.app.lobby}</Link>
            <Link to="/tournaments">{m.tournaments.nav}</Link>
            <Link to="/wallet">{m.app.wallet}</Link>
            <Link to="/limits">{m.app.limits}</Link>
            <Link to="/account">{m.app.account}</Link>
            <button type="button" className="link" onClick={() => void logout().then(() => navigate('/login'))}>
              {m.app.logout}
            </button>
          </>
        ) : (
          <>
            <Link to="/login">{m.app.login}</Link>
            <Link to="/register">{m.app.register}</Link>
          </>
        )}
      </nav>
      <LanguageSwitch />
      {playerId && <PanicButton onDone={onPanic} />}
    </header>
  );
}

function Footer() {
  const { m } = useI18n();
  return (
    <footer className="footer">
      <p>{m.app.footer}</p>
      <section aria-labelledby="harm-title">
        <h2 id="harm-title">{m.harm.title}</h2>
        <p>{m.harm.intro}</p>
        <ul>
          {m.harm.links.map((link) => (
            <li key={link.href}>
              <a href={link.href} rel="noopener noreferrer" target={link.href.startsWith('http') ? '_blank' : undefined}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </footer>
  );
}

function Page() {
  const { path } = useRoute();
  const { playerId } = useSession();
  const { m } = useI18n();
  if (path === '/register') return <RegisterPage />;
  if (path === '/confirm-email') return <ConfirmEmailPage />;
  if (playerId === undefined) return <p>{m.app.loading}</p>;
  if (path === '/login' || playerId === null) return <LoginPage />;
  if (path === '/') return <LobbyPage />;
  if (path === '/wallet') return <WalletPage />;
  if (path === '/limits') return <LimitsPage />;
  if (path === '/account') return <AccountPage />;
  if (path === '/tournaments') return <TournamentsPage />;
  const tournament = /^\/tournaments\/([\w-]+)$/.exec(path);
  if (tournament) return <TournamentPage key={tournament[1]} tournamentId={tournament[1]!} />;
  const deposit = /^\/deposits\/([\w-]+)\/payment-return$/.exec(path);
  if (deposit) return <DepositReturnPage depositId={deposit[1]!} />;
  const check = /^\/payment-methods\/([\w-]+)\/verification-return$/.exec(path);
  if (check) return <VerificationReturnPage paymentMethodId={check[1]!} />;
  const table = /^\/tables\/(roulette|blackjack|poker)\/([\w-]+)$/.exec(path);
  if (table?.[1] === 'roulette') return <RoulettePage tableId={table[2]!} />;
  if (table?.[1] === 'blackjack') return <BlackjackPage tableId={table[2]!} />;
  if (table?.[1] === 'poker') return <PokerPage tableId={table[2]!} />;
  return (
    <>
      <h1>{m.app.notFound}</h1>
      <Link to="/">{m.app.back}</Link>
    </>
  );
}

export function App() {
  const { m, lang } = useI18n();
  const [excludedUntil, setExcludedUntil] = useState<string | null>(null);
  return (
    <>
      <Header onPanic={setExcludedUntil} />
      <main id="main" tabIndex={-1}>
        {excludedUntil !== null && (
          <Notice kind="info">{fill(m.app.panicDone, { until: formatDateTime(excludedUntil, lang) })}</Notice>
        )}
        <Page />
      </main>
      <Footer />
    </>
  );
}
