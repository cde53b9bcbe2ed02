import jwt from '@fastify/jwt';
import { DomainError } from '@casino/core';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Players and staff get tokens from the same issuer but for different audiences, and every
 * protected route names the one audience it accepts: a staff token cannot call a player route
 * and a player token cannot call a staff route, whatever else the token says.
 */
export const audiences = { player: 'casino:player', staff: 'casino:staff' } as const;
export type Audience = keyof typeof audiences;
export const tokenIssuer = 'casino';

/** Staff roles (the full role matrix comes with the compliance back office). */
export const staffRoles = ['compliance-officer', 'mlro', 'support', 'finance', 'auditor', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export interface Principal {
  audience: Audience;
  subject: string;
  /** Staff roles; empty for players. */
  roles: string[];
}

export interface AuthOptions {
  jwtSecret: string;
  accessTokenTtlSeconds?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler that admits only valid tokens for `audience` and sets `request.principal`. */
    authenticate(audience: Audience): preHandlerAsyncHookHandler;
    /** preHandler for staff routes: a valid staff token holding at least one of `roles`. */
    authorizeStaff(roles: readonly StaffRole[]): preHandlerAsyncHookHandler[];
    issueAccessToken(principal: Principal): string;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

interface TokenClaims {
  sub: string;
  aud: string;
  roles?: string[];
}

async function authPlugin(app: FastifyInstance, options: AuthOptions): Promise<void> {
  await app.register(jwt, {
    secret: options.jwtSecret,
    sign: { iss: tokenIssuer, expiresIn: `${options.accessTokenTtlSeconds ?? 900}s`, algorithm: 'HS256' },
    verify: { allowedIss: tokenIssuer, algorithms: ['HS256'] },
  });
  app.decorateRequest('principal', null);

  app.decorate('issueAccessToken', (principal: Principal) =>
    app.jwt.sign({ sub: principal.subject, aud: audiences[principal.audience], roles: principal.roles }),
  );

  app.decorate('authenticate', (audience: Audience): preHandlerAsyncHookHandler => {
    return async (request: FastifyRequest) => {
      const token = bearerToken(request);
      let claims: TokenClaims;
      try {
        claims = app.jwt.verify<TokenClaims>(token, { allowedAud: audiences[audience] });
      } catch (error) {
        throw new DomainError('unauthorized', tokenFailureDetail(error), { field: 'header.authorization' });
      }
      request.principal = { audience, subject: claims.sub, roles: claims.roles ?? [] };
    };
  });

  app.decorate('authorizeStaff', (roles: readonly StaffRole[]): preHandlerAsyncHookHandler[] => {
    const authorize = async (request: FastifyRequest) => {
      const held = request.principal?.roles ?? [];
      if (!roles.some((role) => held.includes(role))) {
        throw new DomainError('forbidden', `This action needs one of the roles: ${roles.join(', ')}.`);
      }
    };
    // The roles travel with the hook, so an app can list what each route allows (the role matrix).
    Object.defineProperty(authorize, staffRolesKey, { value: Object.freeze([...roles]) });
    return [app.authenticate('staff'), authorize];
  });
}

const staffRolesKey = Symbol('casino.staffRoles');

/** The staff roles a route admits, read from the `authorizeStaff` hooks in its options; null if it has none. */
export function declaredStaffRoles(routeOptions: { onRequest?: unknown; preValidation?: unknown; preHandler?: unknown }): readonly StaffRole[] | null {
  for (const hooks of [routeOptions.onRequest, routeOptions.preValidation, routeOptions.preHandler]) {
    for (const hook of Array.isArray(hooks) ? hooks : hooks ? [hooks] : []) {
      const roles = (hook as { [staffRolesKey]?: readonly StaffRole[] })[staffRolesKey];
      if (roles) return roles;
    }
  }
  return null;
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header) : null;
  if (!match?.[1]) throw new DomainError('unauthorized', 'A bearer token is required (Authorization: Bearer <token>).', { field: 'header.authorization' });
  return match[1];
}

function tokenFailureDetail(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  if (code.includes('EXPIRED')) return 'The access token has expired.';
  if (code === 'FAST_JWT_CLAIM_VALUE_INVALID') return 'The access token is not valid for this API (wrong audience or issuer).';
  return 'The access token is invalid.';
}

export default fp(authPlugin, { name: 'casino-auth', fastify: '5.x' });
