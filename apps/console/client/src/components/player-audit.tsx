import { useState } from 'react';
import { admin } from '../api.ts';
import { useLoad } from '../hooks.ts';
import { formatDateTime, useI18n } from '../i18n/index.tsx';
import { Notice, Pager } from './ui.tsx';

const pageSize = 20;

/**
 * The audit trail of one player (issue 21): every audited staff action whose subject is the player
 * (blocks, unmasking, overrides, fees, …), a page at a time, read from the admin API's audit log,
 * which only auditors, the MLRO and admins may read.
 */
export function PlayerAuditTrail({ playerId }: { playerId: string }) {
  const { m, lang } = useI18n();
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const page = cursors.length - 1;
  const entries = useLoad(async () => {
    const { data, error } = await admin.GET('/v1/audit-log', {
      params: {
        query: {
          subjectType: 'player',
          subjectId: playerId,
          ...(cursors[page] ? { after: cursors[page] } : {}),
          limit: pageSize,
        },
      },
    });
    if (error) throw new Error('audit');
    return data;
  }, [playerId, page]);
  return (
    <section aria-labelledby="player-audit">
      <h2 id="player-audit">{m.verification.playerTrail}</h2>
      {entries.error && <Notice kind="error">{m.app.unavailable}</Notice>}
      {entries.data && (
        <>
          <table data-testid="player-audit">
            <thead>
              <tr>
                <th scope="col">{m.verification.at}</th>
                <th scope="col">{m.verification.action}</th>
                <th scope="col">{m.verification.actor}</th>
                <th scope="col">{m.common.reason}</th>
              </tr>
            </thead>
            <tbody>
              {entries.data.entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.at, lang)}</td>
                  <td>{e.action}</td>
                  <td>{`${e.actorRoles.join(', ') || e.actorKind} ${e.actorId.slice(0, 8)}`}</td>
                  <td>{e.reason ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {entries.data.entries.length === 0 && <p>{m.common.none}</p>}
          <Pager
            offset={page * pageSize}
            count={entries.data.entries.length}
            hasNext={entries.data.nextCursor !== null}
            onPrevious={page > 0 ? () => setCursors(cursors.slice(0, -1)) : undefined}
            onNext={() => setCursors([...cursors, entries.data!.nextCursor ?? undefined])}
          />
        </>
      )}
    </section>
  );
}
