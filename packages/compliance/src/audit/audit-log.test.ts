import { systemActor } from '../actor.ts';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAuditEntry, verifyAuditChain } from './audit-log.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

const actor = {
  kind: 'staff' as const,
  staffUserId: '0190a0a0-0000-7000-8000-0000000000aa' as never,
  roles: ['compliance-officer'],
  requestId: 'req-12345678',
};

async function append(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await transaction(testDb.db, (tx) =>
      appendAuditEntry(tx, i % 2 ? actor : systemActor('test'), new Date(Date.UTC(2026, 10, 24, 9, 0, i)), {
        action: 'player.block',
        subjectType: 'player',
        subjectId: `p-${i}`,
        reason: `reason ${i}`,
        before: { state: 'REGISTERED', balanceMinor: 1234n },
        after: { state: 'BLOCKED', nested: { b: 1, a: [1, 'x'] } },
      }),
    );
  }
}

/** Runs `sql` with the append-only trigger off, as someone with direct database access could. */
async function behindTheTriggersBack(sql: string): Promise<void> {
  await testDb.db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('ALTER TABLE audit_log_entry DISABLE TRIGGER audit_log_entry_append_only');
    await tx.$executeRawUnsafe(sql);
    await tx.$executeRawUnsafe('ALTER TABLE audit_log_entry ENABLE TRIGGER audit_log_entry_append_only');
  });
}

describe('audit log: append-only and tamper-evident (002:REC-03, AML-06)', () => {
  it('002:REC-03 chains every entry to the previous one, and the chain verifies', async () => {
    await append(6);
    expect(await verifyAuditChain(testDb.db)).toEqual({ ok: true, entriesVerified: 6 });
  });

  it('002:REC-03 refuses UPDATE, DELETE and TRUNCATE (the trigger)', async () => {
    await expect(testDb.db.$executeRawUnsafe(`UPDATE audit_log_entry SET reason = 'x' WHERE seq = 1`)).rejects.toThrow(
      /append-only/,
    );
    await expect(testDb.db.$executeRawUnsafe('DELETE FROM audit_log_entry WHERE seq = 1')).rejects.toThrow(/append-only/);
    await expect(testDb.db.$executeRawUnsafe('TRUNCATE audit_log_entry')).rejects.toThrow(/append-only/);
  });

  it('concurrent appends still form one unbroken chain', async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        transaction(testDb.db, (tx) =>
          appendAuditEntry(tx, actor, new Date(), { action: 'case.comment', subjectType: 'case', subjectId: `c-${i}` }),
        ),
      ),
    );
    expect(await verifyAuditChain(testDb.db)).toEqual({ ok: true, entriesVerified: 16 });
  });

  it("002:REC-03 detects a row changed behind the trigger's back, naming it", async () => {
    await behindTheTriggersBack(`UPDATE audit_log_entry SET after = '{"state": "REGISTERED"}' WHERE seq = 3`);
    const result = await verifyAuditChain(testDb.db);
    expect(result).toMatchObject({ ok: false, brokenSeq: 3n, entriesVerified: 2 });
    expect(result.ok ? '' : result.reason).toMatch(/changed/);
  });

  it('002:REC-03 detects a deleted row by the broken link of the next one', async () => {
    await behindTheTriggersBack(
      `UPDATE audit_log_entry SET after = '{"state": "BLOCKED", "nested": {"a": [1, "x"], "b": 1}}' WHERE seq = 3`,
    );
    expect((await verifyAuditChain(testDb.db)).ok).toBe(true);
    await behindTheTriggersBack('DELETE FROM audit_log_entry WHERE seq = 5');
    expect(await verifyAuditChain(testDb.db)).toMatchObject({ ok: false, brokenSeq: 6n, entriesVerified: 4 });
  });
});
