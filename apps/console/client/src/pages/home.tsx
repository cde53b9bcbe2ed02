import { admin } from '../api.ts';
import { BarChart } from '../components/ui.tsx';
import { useLoad } from '../hooks.ts';
import { useI18n } from '../i18n/index.tsx';
import { areaPaths, areaRoles, holds, type Area } from '../roles.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

/** The overview: the parts of the console the roles reach, and for AML roles the open alerts per rule. */
export function HomePage() {
  const { m } = useI18n();
  const { session } = useSession();
  const areas = (Object.keys(areaRoles) as Area[]).filter((area) => holds(session?.roles, areaRoles[area]));
  const seesAlerts = holds(session?.roles, areaRoles.alerts);
  const alerts = useLoad(async () => {
    if (!seesAlerts) return undefined;
    const { data } = await admin.GET('/v1/alerts', { params: { query: { status: 'OPEN', limit: 200 } } });
    const counts = new Map<string, number>();
    for (const alert of data?.alerts ?? []) counts.set(alert.ruleCode, (counts.get(alert.ruleCode) ?? 0) + 1);
    return [...counts.entries()].map(([label, value]) => ({ label, value, text: String(value) }));
  }, [seesAlerts]);
  return (
    <>
      <h1>{m.home.title}</h1>
      <p>{m.home.intro}</p>
      <ul className="cards">
        {areas.map((area) => (
          <li key={area}>
            <Link to={areaPaths[area]}>{m.areas[area]}</Link>
          </li>
        ))}
      </ul>
      {alerts.data && alerts.data.length > 0 && <BarChart title={m.home.alertsPerRule} data={alerts.data} />}
    </>
  );
}
