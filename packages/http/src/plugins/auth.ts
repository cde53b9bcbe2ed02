import jwt from '@fastify/jwt';
import { assert, DomainError } from '@casino/core';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { PrincipalResolver } from '../principals.ts';

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
  /** Staff roles as the staff record holds them now (never the token's word); empty for players. */
  roles: string[];
}

/** What a token says: who and for which API. Roles and account state are looked up per request. */
export interface TokenSubject {
  audience: Audience;
  subject: string;
}

/**
 * How long an access token is good for (issue 15: one value). Short, because a token is not revoked
 * when it leaks; the refresh token, which is, gets the next one. The logins answer it as `expiresIn`
 * from `app.accessTokenTtlSeconds`, never from a literal of their own.
 */
export const accessTokenTtlSecondsDefault = 900;

export interface AuthOptions {
  jwtSecret: string;
  /** Default `accessTokenTtlSecondsDefault`. */
  accessTokenTtlSeconds?: number;
  /** Who a token's subject is now (issue 14 (1)); required by any app that authenticates. */
  principals?: PrincipalResolver;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Hook that admits only valid tokens for `audience` and sets `request.principal`. It always runs
     * onRequest, before the body is parsed, even when a route lists it among its preHandlers.
     */
    authenticate(audience: Audience): onRequestAsyncHookHandler & preHandlerAsyncHookHandler;
    /** Hooks for staff routes (run onRequest): a valid staff token whose user holds at least one of `roles` now. */
    authorizeStaff(roles: readonly StaffRole[]): Array<onRequestAsyncHookHandler & preHandlerAsyncHookHandler>;
    issueAccessToken(subject: TokenSubject): string;
    /** The lifetime of the tokens `issueAccessToken` makes: what a login answers as `expiresIn`. */
    readonly accessTokenTtlSeconds: number;
    /** Verifies a token for `audience` and resolves its principal; throws `unauthorized` (for the WebSocket). */
    verifyAccessToken(token: string, audience: Audience): Promise<Principal>;
    /** After a change to an account's access has committed: every instance refuses or re-reads at once. */
    principalChanged(audience: Audience, subject: string): Promise<void>;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

interface TokenClaims {
  sub?: unknown;
  aud?: unknown;
}

/** A token without any of these is refused, even when its signature is good (issue 14 (3)). */
const requiredClaims = ['iss', 'aud', 'exp', 'sub'];

async function authPlugin(app: FastifyInstance, options: AuthOptions): Promise<void> {
  const accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? accessTokenTtlSecondsDefault;
  assert(
    Number.isInteger(accessTokenTtlSeconds) && accessTokenTtlSeconds > 0,
    'accessTokenTtlSeconds must be a positive integer',
  );
  await app.register(jwt, {
    secret: options.jwtSecret,
    sign: { iss: tokenIssuer, expiresIn: `${accessTokenTtlSeconds}s`, algorithm: 'HS256' },
    verify: { allowedIss: tokenIssuer, algorithms: ['HS256'], requiredClaims },
  });
  app.decorateRequest('principal', null);
  const principals = options.principals ?? null;

  app.decorate('accessTokenTtlSeconds', accessTokenTtlSeconds);
  app.decorate('issueAccessToken', (token: TokenSubject) => app.jwt.sign({ sub: token.subject, aud: audiences[token.audience] }));

  const resolverFor = (audience: Audience): PrincipalResolver => {
    if (!principals?.audiences.has(audience)) {
      throw new Error(`the app supplies no principal lookup for ${audience} tokens (createServiceApp's principals)`);
    }
    return principals;
  };

  const verified = new VerifiedTokens();
  const verifyAccessToken = async (token: string, audience: Audience): Promise<Principal> => {
    const resolver = resolverFor(audience);
    const subject =
      verified.subjectOf(token, audience) ?? verified.remember(token, audience, verifiedSubject(app, token, audience));
    const record = await resolver.resolve(audience, subject);
    if (!record)
      throw new DomainError('unauthorized', 'The account behind this access token is deactivated, closed or unknown.', {
        field: 'header.authorization',
      });
    return { audience, subject, roles: [...record.roles] };
  };
  app.decorate('verifyAccessToken', verifyAccessToken);

  app.decorate('principalChanged', async (audience: Audience, subject: string) => {
    try {
      await principals?.changed(audience, subject);
    } catch (error) {
      // The change itself committed; without Redis it reaches other instances within the cache's TTL.
      app.log.warn({ err: error, audience }, 'could not announce an access change; cached principals expire on their own');
    }
  });

  app.decorate('authenticate', (audience: Audience) => {
    resolverFor(audience); // at route definition: an app that authenticates an audience must resolve it
    const hook = async (request: FastifyRequest) => {
      request.principal = await verifyAccessToken(bearerToken(request), audience);
    };
    return Object.defineProperty(hook, authenticationKey, { value: audience });
  });

  app.decorate('authorizeStaff', (roles: readonly StaffRole[]) => {
    const authorize = async (request: FastifyRequest) => {
      const held = request.principal?.roles ?? [];
      if (!roles.some((role) => held.includes(role))) {
        throw new DomainError('forbidden', `This action needs one of the roles: ${roles.join(', ')}.`);
      }
    };
    // The roles travel with the hook, so an app can list what each route allows (the role matrix).
    Object.defineProperty(authorize, staffRolesKey, { value: Object.freeze([...roles]) });
    Object.defineProperty(authorize, authenticationKey, { value: 'staff' });
    return [app.authenticate('staff'), authorize];
  });

  app.addHook('onRoute', refuseLateAuthentication);
}

/**
 * Authentication runs before the body is read (issue 14 (5)): an anonymous caller, or staff without
 * the role, gets 401/403 whatever it sends and never reaches the parser or a validator. Routes declare
 * `authenticate` and `authorizeStaff` in onRequest, the stage where they run (issue 15: declared
 * once, where it happens, rather than listed as a preHandler and moved); a route listing one in a
 * later stage is refused when it is defined, so no route can validate first.
 */
function refuseLateAuthentication(route: object): void {
  const stages = route as Record<'method' | 'url' | 'preParsing' | 'preValidation' | 'preHandler', unknown>;
  for (const stage of ['preParsing', 'preValidation', 'preHandler'] as const) {
    if (hooksOf(stages[stage]).some(isAuthenticationHook)) {
      throw new Error(
        `${String(stages.method)} ${String(stages.url)}: authenticate/authorizeStaff belong in onRequest, not ${stage} (authentication runs before the body is read)`,
      );
    }
  }
}

const staffRolesKey = Symbol('casino.staffRoles');
const authenticationKey = Symbol('casino.authentication');

function isAuthenticationHook(hook: unknown): boolean {
  return typeof hook === 'function' && (hook as { [authenticationKey]?: string })[authenticationKey] !== undefined;
}

function hooksOf(hooks: unknown): unknown[] {
  return Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
}

/** The staff roles a route admits, read from the `authorizeStaff` hooks in its onRequest; null if it has none. */
export function declaredStaffRoles(routeOptions: { onRequest?: unknown }): readonly StaffRole[] | null {
  for (const hook of hooksOf(routeOptions.onRequest)) {
    const roles = (hook as { [staffRolesKey]?: readonly StaffRole[] })[staffRolesKey];
    if (roles) return roles;
  }
  return null;
}

/**
 * The subject of a token signed by us for exactly this audience: issuer, audience, expiry and subject
 * all present (issue 14 (3)), and one audience only, so no token is good for both APIs.
 */
/** Tokens whose signature and claims were checked, remembered (bounded) until they expire. */
const verifiedTokensMax = 10_000;

/**
 * A token's signature and claims never change, so one that passed is not verified again until its
 * `exp` (a WebSocket checks its token once per poker action, D-1786, D-1791): only the principal, who
 * the subject is now, is looked up per request. An expired token falls out and is verified (and
 * refused) again; the cache holds at most `verifiedTokensMax`, the oldest dropped first.
 */
class VerifiedTokens {
  private readonly byToken = new Map<string, { audience: Audience; subject: string; expiresAtMs: number }>();

  subjectOf(token: string, audience: Audience): string | null {
    const entry = this.byToken.get(token);
    if (entry === undefined || entry.audience !== audience) return null;
    if (Date.now() >= entry.expiresAtMs) {
      this.byToken.delete(token);
      return null;
    }
    return entry.subject;
  }

  remember(token: string, audience: Audience, subject: string): string {
    const exp = expiryOf(token);
    if (exp === null) return subject;
    if (this.byToken.size >= verifiedTokensMax) this.byToken.delete(this.byToken.keys().next().value!);
    this.byToken.set(token, { audience, subject, expiresAtMs: exp * 1000 });
    return subject;
  }
}

/** The `exp` claim (seconds) of a token that has just been verified, or null if it has none to read. */
function expiryOf(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' && Number.isFinite(payload.exp) ? payload.exp : null;
  } catch {
    return null;
  }
}

function verifiedSubject(app: FastifyInstance, token: string, audience: Audience): string {
  let claims: TokenClaims;
  try {
    claims = app.jwt.verify<TokenClaims>(token);
  } catch (error) {
    throw new DomainError('unauthorized', tokenFailureDetail(error), { field: 'header.authorization' });
  }
  if (Array.isArray(claims.aud))
    throw new DomainError('unauthorized', 'An access token names exactly one audience.', { field: 'header.authorization' });
  if (claims.aud !== audiences[audience])
    throw new DomainError('unauthorized', 'The access token is not valid for this API (wrong audience or issuer).', {
      field: 'header.authorization',
    });
  if (typeof claims.sub !== 'string' || claims.sub.length === 0)
    throw new DomainError('unauthorized', 'The access token is invalid.', { field: 'header.authorization' });
  return claims.sub;
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header) : null;
  if (!match?.[1])
    throw new DomainError('unauthorized', 'A bearer token is required (Authorization: Bearer <token>).', {
      field: 'header.authorization',
    });
  return match[1];
}

function tokenFailureDetail(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  if (code.includes('EXPIRED')) return 'The access token has expired.';
  if (code === 'FAST_JWT_MISSING_REQUIRED_CLAIM') return 'The access token lacks a required claim (iss, aud, exp, sub).';
  if (code === 'FAST_JWT_CLAIM_VALUE_INVALID') return 'The access token is not valid for this API (wrong audience or issuer).';
  return 'The access token is invalid.';
}

export default fp(authPlugin, { name: 'casino-auth', fastify: '5.x' });
