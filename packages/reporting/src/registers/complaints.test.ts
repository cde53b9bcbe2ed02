import { newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExport, readExportManifest } from '../export/read-export.ts';
import { startDirectExport } from '../export/start-direct-export.ts';
import { readAll, testReportingContext } from '../test-support.ts';

let testDb: TestDatabase;
let ctx: ReturnType<typeof testReportingContext>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ctx = testReportingContext(testDb.db);
  const at = new Date('2026-11-10T09:00:00Z');
  const base = { eventAt: at, description: 'Win not credited', recordedBy: 'test', createdAt: at, updatedAt: at };
  await testDb.db.complaint.createMany({
    data: [
      {
        ...base,
        id: newId(),
        reference: 'C-20261110-aaaaaa',
        channel: 'email',
        status: 'DECIDED',
        receivedAt: at,
        windowEndsAt: new Date('2027-05-10T22:00:00Z'),
        resolveDueAt: new Date('2026-12-10T09:00:00Z'),
        decision: 'not-upheld',
        decisionGround: 'rule-misunderstanding',
        reasoning: 'Settled under the published rules',
        decidedAt: at,
        decidedBy: newId(),
      },
      {
        ...base,
        id: newId(),
        reference: 'C-20261111-bbbbbb',
        channel: 'chat',
        status: 'DISREGARDED',
        receivedAt: new Date('2026-11-11T09:00:00Z'),
        windowEndsAt: new Date('2027-05-10T22:00:00Z'),
      },
    ],
  });
}, 60_000);
afterAll(async () => {
  await testDb?.drop();
});

describe('issue 23: the complaints register in the auditor exports', () => {
  it('004:CMP-06 CMP-05 002:CMP-04 the register lists every complaint, disregarded ones included, with its clock and decision, and its manifest counts them', async () => {
    const started = await startDirectExport(ctx, {
      registerName: 'complaints',
      format: 'csv',
      filters: {},
      requestedBy: 'test-auditor',
    });
    const bytes = await readAll(started.body);
    await waitFor(async () => (await findExport(ctx, started.exportId)).status === 'READY', { what: 'complaints export READY' });
    const rows: Array<Record<string, string>> = parse(bytes, { columns: true, bom: false, strict: true } as never);
    expect(rows.map((r) => [r.reference, r.channel, r.status, r.decision, r.decision_ground])).toEqual([
      ['C-20261110-aaaaaa', 'email', 'DECIDED', 'not-upheld', 'rule-misunderstanding'],
      ['C-20261111-bbbbbb', 'chat', 'DISREGARDED', '', ''],
    ]);
    expect(rows[0]).toMatchObject({ resolve_due_at: '2026-12-10T09:00:00.000Z', reasoning: 'Settled under the published rules' });
    expect((await readExportManifest(ctx, started.exportId)).rowCount).toBe(2);
  });
});
