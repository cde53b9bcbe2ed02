/**
 * The staff roles of the back office (issue 9). The same list is in packages/http (`staffRoles`),
 * which tokens carry, and in the CHECK constraint of staff_user.roles.
 */
export const staffRoleNames = ['compliance-officer', 'mlro', 'support', 'finance', 'auditor', 'admin'] as const;
export type StaffRoleName = (typeof staffRoleNames)[number];

export function isStaffRoleName(value: string): value is StaffRoleName {
  return (staffRoleNames as readonly string[]).includes(value);
}
