/**
 * The page's typed clients (openapi-fetch over the types generated from the APIs' OpenAPI documents,
 * src/generated/): a changed route fails the type check. Both go through this page's own origin
 * (`/api/player`, `/api/game`); the access token lives in this module's memory only, never in
 * storage, and the session cookie (httpOnly, set by the server) brings a new one after a reload.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths as GamePaths } from './generated/game-service.ts';
import type { paths as PlayerPaths } from './generated/player-api.ts';

export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  field?: string;
  reason?: string;
  [key: string]: unknown;
}

/** The stable part of a problem type: `https://problems.casino.example/limit-exceeded` → `limit-exceeded`. */
export const problemCode = (problem: unknown): string =>
  typeof problem === 'object' && problem !== null && typeof (problem as Problem).type === 'string'
    ? (problem as Problem).type!.split('/').pop()!
    : 'unknown';

interface Session {
  playerId: string;
  accessToken: string;
  expiresIn: number;
}

let current: Session | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<(session: Session | null) => void>();

export const getSession = () => current;
export const onSessionChange = (listener: (session: Session | null) => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function setSession(session: Session | null) {
  current = session;
  clearTimeout(refreshTimer);
  // Renew a minute before the access token expires, so a player at a table is never cut off.
  if (session) refreshTimer = setTimeout(() => void refreshSession(), Math.max(10, session.expiresIn - 60) * 1000);
  for (const listener of listeners) listener(session);
}

async function post(path: string, body?: unknown): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(current ? { authorization: `Bearer ${current.accessToken}` } : {}),
    },
    credentials: 'same-origin',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

export type LoginAnswer =
  { kind: 'authenticated' } | { kind: 'sms'; challengeId: string } | { kind: 'problem'; problem: Problem; status: number };

async function sessionAnswer(response: Response): Promise<LoginAnswer> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 200 && body.status === 'authenticated') {
    setSession({ playerId: String(body.playerId), accessToken: String(body.accessToken), expiresIn: Number(body.expiresIn) });
    return { kind: 'authenticated' };
  }
  if (response.status === 202 && typeof body.challengeId === 'string') return { kind: 'sms', challengeId: body.challengeId };
  return { kind: 'problem', problem: body as Problem, status: response.status };
}

export const login = async (email: string, password: string) =>
  sessionAnswer(await post('/api/session/login', { email, password }));
export const sendSmsCode = async (challengeId: string, code: string) =>
  sessionAnswer(await post('/api/session/sms-code', { challengeId, code }));

/**
 * A new access token from the session cookie; false when there is no session (logged out). One at a
 * time: the player API rotates the refresh token and treats a second use of the old one as theft
 * (every session of the login is revoked), so concurrent callers share the request in flight.
 */
let refreshing: Promise<boolean> | null = null;
export function refreshSession(): Promise<boolean> {
  refreshing ??= refreshOnce().finally(() => (refreshing = null));
  return refreshing;
}

async function refreshOnce(): Promise<boolean> {
  try {
    const answer = await sessionAnswer(await post('/api/session/refresh'));
    if (answer.kind === 'authenticated') return true;
  } catch {
    // offline: treated as logged out until the next attempt
  }
  setSession(null);
  return false;
}

export async function logout(): Promise<void> {
  await post('/api/session/logout').catch(() => undefined);
  setSession(null);
}

/** Forget the session without asking the server (it already ended it: the panic button, self-exclusion). */
export const dropSession = () => setSession(null);

const bearer: Middleware = {
  onRequest({ request }) {
    if (current) request.headers.set('authorization', `Bearer ${current.accessToken}`);
    return request;
  },
  onResponse({ response }) {
    // The server ended the session (expired, revoked): the page shows the login.
    if (response.status === 401 && current) setSession(null);
    return response;
  },
};

export const player = createClient<PlayerPaths>({ baseUrl: '/api/player', credentials: 'same-origin' });
export const games = createClient<GamePaths>({ baseUrl: '/api/game', credentials: 'same-origin' });
player.use(bearer);
games.use(bearer);

/** A fresh id for `Idempotency-Key` and WebSocket `actionId`s. */
export const newKey = () => crypto.randomUUID();
