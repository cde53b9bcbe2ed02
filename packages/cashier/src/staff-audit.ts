import { appendAuditEntry, type Actor, type AuditRecord } from '@casino/compliance';
import type { Tx } from '@casino/db';

/** A staff user acting through the admin API, as the audit log records them (`staffActor(request)`). */
export type StaffActor = Actor & { kind: 'staff' };

/** The identity the cashier's own rows record for staff (reviewedBy, setBy, createdBy…). */
export function staffMark(staff: StaffActor): string {
  return `staff:${staff.staffUserId}`;
}

/**
 * Every staff action of the cashier is in the append-only, hash-chained audit log (issue 9), written
 * in the same transaction as the change it records, so the log has an entry exactly when the change
 * committed.
 */
export function auditStaffAction(tx: Tx, staff: StaffActor, at: Date, record: AuditRecord): Promise<unknown> {
  return appendAuditEntry(tx, staff, at, record);
}
