import {
  createStaffUser,
  endStaffSession,
  listStaffUsers,
  loginStaff,
  refreshStaffSession,
  startStaffSession,
  updateStaffUser,
  type ComplianceContext,
} from '@casino/compliance';
import { problemResponses, type App } from '@casino/http';
import { z } from 'zod';
import { json, staffActor } from './common.ts';
import { adminProblems, OkSchema, security } from './common.schema.ts';
import {
  CreatedStaffUserSchema,
  CreateStaffUserBodySchema,
  StaffLoginBodySchema,
  StaffRefreshBodySchema,
  StaffTokenSchema,
  StaffUserListSchema,
  StaffUserParamsSchema,
  UpdateStaffUserBodySchema,
} from './staff.schema.ts';

const staffLoginsPerMinuteMax = 10;
/** A console renews its token every 14 minutes; a higher rate is a script guessing tokens. */
const staffRefreshesPerMinuteMax = 30;
const tags = ['staff'];

/** Staff login (password + TOTP) and the management of staff users and their roles (admins). */
export function staffRoutes(app: App, ctx: ComplianceContext): void {
  app.post(
    '/v1/staff/login',
    {
      config: { public: true, credentialResponse: true, rateLimit: { max: staffLoginsPerMinuteMax, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Staff login: password and authenticator code; returns a staff access token',
        body: StaffLoginBodySchema,
        response: { 200: StaffTokenSchema, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const login = await loginStaff(ctx, { ...request.body, clientAddress: request.ip, requestId: request.id });
      const accessToken = app.issueAccessToken({ audience: 'staff', subject: login.staffUserId });
      return {
        staffUserId: login.staffUserId,
        roles: login.roles,
        accessToken,
        tokenType: 'Bearer' as const,
        expiresIn: app.accessTokenTtlSeconds,
        refreshToken: await startStaffSession(ctx, login.staffUserId),
      };
    },
  );

  app.post(
    '/v1/staff/refresh',
    {
      config: { public: true, credentialResponse: true, rateLimit: { max: staffRefreshesPerMinuteMax, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "A new staff access token for the session's refresh token, which is rotated (the console keeps it in a cookie)",
        body: StaffRefreshBodySchema,
        response: { 200: StaffTokenSchema, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const session = await refreshStaffSession(ctx, request.body.refreshToken);
      return {
        staffUserId: session.staffUserId,
        roles: session.roles,
        accessToken: app.issueAccessToken({ audience: 'staff', subject: session.staffUserId }),
        tokenType: 'Bearer' as const,
        expiresIn: app.accessTokenTtlSeconds,
        refreshToken: session.refreshToken,
      };
    },
  );

  app.post(
    '/v1/staff/logout',
    {
      onRequest: app.authorizeStaff(['support', 'compliance-officer', 'mlro', 'finance', 'auditor', 'admin']),
      schema: {
        tags,
        security,
        summary: "Log out: the session's refresh tokens are revoked",
        body: StaffRefreshBodySchema,
        response: { 200: OkSchema, ...adminProblems },
      },
    },
    async (request) => {
      await endStaffSession(ctx, staffActor(request).staffUserId, request.body.refreshToken);
      return { ok: true as const };
    },
  );

  app.get(
    '/v1/staff/users',
    {
      onRequest: app.authorizeStaff(['admin']),
      schema: {
        tags,
        security,
        summary: 'Staff users and their roles',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(200) }),
        response: { 200: StaffUserListSchema, ...adminProblems },
      },
    },
    async (request) => ({
      users: json(await listStaffUsers(ctx, request.query.limit)) as z.infer<typeof StaffUserListSchema>['users'],
    }),
  );

  app.post(
    '/v1/staff/users',
    {
      onRequest: app.authorizeStaff(['admin']),
      config: { credentialResponse: true },
      schema: {
        tags,
        security,
        summary: 'Create a staff user with roles; the TOTP secret is shown once',
        body: CreateStaffUserBodySchema,
        response: { 201: CreatedStaffUserSchema, ...adminProblems },
      },
    },
    async (request, reply) => reply.code(201).send(await createStaffUser(ctx, staffActor(request), request.body)),
  );

  app.patch(
    '/v1/staff/users/:staffUserId',
    {
      onRequest: app.authorizeStaff(['admin']),
      schema: {
        tags,
        security,
        summary: "Change a staff user's roles or deactivate them",
        params: StaffUserParamsSchema,
        body: UpdateStaffUserBodySchema,
        response: { 200: OkSchema, ...adminProblems },
      },
    },
    async (request) => {
      await updateStaffUser(ctx, staffActor(request), { staffUserId: request.params.staffUserId, ...request.body });
      // Committed: the user's next request, on any instance, is judged by the new roles and state.
      await app.principalChanged('staff', request.params.staffUserId);
      return { ok: true as const };
    },
  );
}
