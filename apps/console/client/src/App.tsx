import { logout } from './api.ts';
import { useI18n, type Lang } from './i18n/index.tsx';
import { AlertsPage } from './pages/alerts.tsx';
import { CasePage, CasesPage } from './pages/cases.tsx';
import { ComplaintPage } from './pages/complaint.tsx';
import { ComplaintsPage } from './pages/complaints.tsx';
import { ExportsPage } from './pages/exports.tsx';
import { HomePage } from './pages/home.tsx';
import { LoginPage } from './pages/login.tsx';
import { PaymentMethodsPage } from './pages/payment-methods.tsx';
import { PlayerPage } from './pages/player.tsx';
import { PlayersPage } from './pages/players.tsx';
import { ReportsPage } from './pages/reports.tsx';
import { RulesPage } from './pages/rules.tsx';
import { TerminationsPage } from './pages/terminations.tsx';
import { VerificationPage } from './pages/verification.tsx';
import { WithdrawalsPage } from './pages/withdrawals.tsx';
import { DebtsPage, OverduePayoutsPage } from './pages/cashier-overdue.tsx';
import { areaPaths, areaRoles, holds, type Area } from './roles.ts';
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

function Header() {
  const { m } = useI18n();
  const { session } = useSession();
  const { navigate } = useRoute();
  const areas = (Object.keys(areaRoles) as Area[]).filter((area) => holds(session?.roles, areaRoles[area]));
  return (
    <header className="header">
      <a className="skip" href="#main">
        {m.app.skip}
      </a>
      <Link to="/" className="brand">
        {m.app.name}
      </Link>
      {session && (
        <nav aria-label={m.app.nav}>
          <Link to="/">{m.areas.home}</Link>
          {areas.map((area) => (
            <Link key={area} to={areaPaths[area]}>
              {m.areas[area]}
            </Link>
          ))}
        </nav>
      )}
      <div className="who">
        {session && (
          <>
            <span>
              {m.app.roles}: {session.roles.map((r) => m.roles[r] ?? r).join(', ')}
            </span>
            <button type="button" className="link" onClick={() => void logout().then(() => navigate('/'))}>
              {m.app.logout}
            </button>
          </>
        )}
        <LanguageSwitch />
      </div>
    </header>
  );
}

/** A page of an area the staff user's roles do not reach: said plainly (the API would refuse its calls anyway). */
function Guarded({ area, children }: { area: Area; children: React.ReactNode }) {
  const { m } = useI18n();
  const { session } = useSession();
  if (!holds(session?.roles, areaRoles[area])) {
    return (
      <>
        <h1>{m.app.forbidden}</h1>
        <Link to="/">{m.app.back}</Link>
      </>
    );
  }
  return <>{children}</>;
}

function Page() {
  const { path } = useRoute();
  const { session } = useSession();
  const { m } = useI18n();
  if (session === undefined) return <p>{m.app.loading}</p>;
  if (session === null) return <LoginPage />;
  if (path === '/' || path === '/login') return <HomePage />;
  if (path === '/players')
    return (
      <Guarded area="players">
        <PlayersPage />
      </Guarded>
    );
  const player = /^\/players\/([\w-]+)$/.exec(path);
  if (player)
    return (
      <Guarded area="players">
        <PlayerPage playerId={player[1]!} />
      </Guarded>
    );
  if (path === '/aml/alerts')
    return (
      <Guarded area="alerts">
        <AlertsPage />
      </Guarded>
    );
  if (path === '/aml/cases')
    return (
      <Guarded area="cases">
        <CasesPage />
      </Guarded>
    );
  const amlCase = /^\/aml\/cases\/([\w-]+)$/.exec(path);
  if (amlCase)
    return (
      <Guarded area="cases">
        <CasePage caseId={amlCase[1]!} />
      </Guarded>
    );
  if (path === '/cashier/withdrawals')
    return (
      <Guarded area="withdrawals">
        <WithdrawalsPage />
      </Guarded>
    );
  if (path === '/cashier/payment-methods')
    return (
      <Guarded area="paymentMethods">
        <PaymentMethodsPage />
      </Guarded>
    );
  if (path === '/audit/exports')
    return (
      <Guarded area="exports">
        <ExportsPage />
      </Guarded>
    );
  if (path === '/audit/reports')
    return (
      <Guarded area="reports">
        <ReportsPage />
      </Guarded>
    );
  if (path === '/audit/verification')
    return (
      <Guarded area="verification">
        <VerificationPage />
      </Guarded>
    );
  if (path === '/cashier/overdue')
    return (
      <Guarded area="overduePayouts">
        <OverduePayoutsPage />
      </Guarded>
    );
  if (path === '/cashier/debts')
    return (
      <Guarded area="debts">
        <DebtsPage />
      </Guarded>
    );
  if (path === '/complaints')
    return (
      <Guarded area="complaints">
        <ComplaintsPage />
      </Guarded>
    );
  const complaint = /^\/complaints\/([\w-]+)$/.exec(path);
  if (complaint)
    return (
      <Guarded area="complaints">
        <ComplaintPage complaintId={complaint[1]!} />
      </Guarded>
    );
  if (path === '/aml/rules')
    return (
      <Guarded area="rules">
        <RulesPage />
      </Guarded>
    );
  if (path === '/lifecycle/terminations')
    return (
      <Guarded area="terminations">
        <TerminationsPage />
      </Guarded>
    );
  return (
    <>
      <h1>{m.app.notFound}</h1>
      <Link to="/">{m.app.back}</Link>
    </>
  );
}

export function App() {
  return (
    <>
      <Header />
      <main id="main" tabIndex={-1}>
        <Page />
      </main>
    </>
  );
}
