import { staffRoleNames } from '@casino/compliance';
import { z } from 'zod';
import { IsoDate, ReasonSchema } from './common.schema.ts';

export const StaffRoleSchema = z.enum(staffRoleNames);
export const StaffLoginBodySchema = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(200),
  totpCode: z.string().regex(/^\d{6}$/, 'six digits'),
});
export const StaffTokenSchema = z.object({
  staffUserId: z.string(),
  roles: z.array(z.string()),
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('seconds'),
  refreshToken: z
    .string()
    .describe('Rotates on every use (POST /v1/staff/refresh); a session lasts at most 12 hours, 60 minutes idle (D-2101)'),
});
export const StaffRefreshBodySchema = z.object({ refreshToken: z.string().min(20).max(200) });
export const StaffUserParamsSchema = z.object({ staffUserId: z.uuid() });
export const CreateStaffUserBodySchema = z.object({
  email: z.email().max(254),
  displayName: z.string().trim().min(1).max(100),
  roles: z.array(StaffRoleSchema).min(1).max(6),
  password: z.string().min(12).max(200),
  reason: ReasonSchema,
});
export const CreatedStaffUserSchema = z.object({
  staffUserId: z.string(),
  totpSecret: z.string().describe('Shown once: enrol it in the authenticator app'),
  totpUri: z.string(),
});
export const UpdateStaffUserBodySchema = z
  .object({ roles: z.array(StaffRoleSchema).min(1).max(6).optional(), active: z.boolean().optional(), reason: ReasonSchema })
  .refine((b) => b.roles !== undefined || b.active !== undefined, { message: 'change roles or active', path: ['roles'] });
export const StaffUserListSchema = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      displayName: z.string(),
      roles: z.array(z.string()),
      active: z.boolean(),
      lastLoginAt: IsoDate.nullable(),
      createdAt: IsoDate,
    }),
  ),
});
