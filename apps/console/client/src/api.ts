/**
 * The console's typed client (openapi-fetch over the types generated from the admin API's OpenAPI
 * document, src/generated/): a changed route fails the type check. It goes through this page's own
 * origin (`/api/admin`); the access token lives in this module's memory only, never in storage, and
 * the session cookie (httpOnly, set by the server) brings a new one after a reload.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './generated/admin-api.ts';

export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  field?: string;
  [key: string]: unknown;
}

/** The stable part of a problem type: `https://problems.casino.example/forbidden` → `forbidden`. */
export const problemCode = (problem: unknown): string =>
  typeof problem === 'object' && problem !== null && typeof (problem as Problem).type === 'string'
    ? (problem as Problem).type!.split('/').pop()!
    : 'unknown';

export type Role = 'compliance-officer' | 'mlro' | 'support' | 'finance' | 'auditor' | 'admin';

export interface Session {
  staffUserId: string;
  roles: Role[];
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
  // Renew a minute before the access token expires, so a review in progress is never cut off.
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

export type LoginAnswer = { kind: 'authenticated' } | { kind: 'problem'; problem: Problem; status: number };

async function sessionAnswer(response: Response): Promise<LoginAnswer> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 200 && typeof body.accessToken === 'string') {
    setSession({
      staffUserId: String(body.staffUserId),
      roles: (body.roles as Role[]) ?? [],
      accessToken: body.accessToken,
      expiresIn: Number(body.expiresIn),
    });
    return { kind: 'authenticated' };
  }
  return { kind: 'problem', problem: body as Problem, status: response.status };
}

export const login = async (email: string, password: string, totpCode: string) =>
  sessionAnswer(await post('/api/session/login', { email, password, totpCode }));

/**
 * A new access token from the session cookie; false when there is no session. One at a time: the
 * admin API rotates the refresh token and treats a second use of the old one as theft.
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

const bearer: Middleware = {
  onRequest({ request }) {
    if (current) request.headers.set('authorization', `Bearer ${current.accessToken}`);
    return request;
  },
  onResponse({ response }) {
    // The server ended the session (expired, deactivated): the page shows the login.
    if (response.status === 401 && current) setSession(null);
    return response;
  },
};

export const admin = createClient<paths>({ baseUrl: '/api/admin', credentials: 'same-origin' });
admin.use(bearer);

/** A file the admin API serves (an export, a report document) fetched with the token and handed to the browser as a download. */
export async function download(path: string, fallbackName: string): Promise<boolean> {
  const response = await fetch(`/api/admin${path}`, {
    headers: current ? { authorization: `Bearer ${current.accessToken}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) return false;
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

export const newKey = () => crypto.randomUUID();
