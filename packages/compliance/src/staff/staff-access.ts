import type { Db } from '@casino/db';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a staff token may do right now (issue 14 (1)): the roles on the staff record, or null when
 * the user is unknown or deactivated. The token only says who logged in; a role removed or a user
 * deactivated since then counts from the next request (the apps cache this behind a version key
 * that `principalChanged` bumps, so it costs no query per request).
 */
export async function findStaffAccess(db: Db, staffUserId: string): Promise<{ roles: string[] } | null> {
  if (!uuidPattern.test(staffUserId)) return null;
  const user = await db.staffUser.findUnique({ where: { id: staffUserId }, select: { active: true, roles: true } });
  return user?.active ? { roles: user.roles } : null;
}
