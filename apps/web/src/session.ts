/**
 * The refresh token never reaches the page (issue 17): the server keeps it in an httpOnly,
 * SameSite=Strict cookie scoped to `/api/session`, and hands the page only the short-lived access
 * token, which the page keeps in memory. A reload asks `/api/session/refresh` for a new one. The
 * cookie's mechanics are shared with the staff console (`@casino/http/bff`, D-2102).
 */
import { clearedSessionCookieHeader, sessionCookieHeader, type SessionCookie } from '@casino/http/bff';

export { cookieIsSecure, readCookie } from '@casino/http/bff';

export const refreshCookieName = 'casino_refresh';
export const refreshCookiePath = '/api/session';
/** The player API's refresh tokens live 30 days; the cookie never outlives them. */
export const refreshCookieMaxAgeSeconds = 30 * 24 * 3600;

const cookie: SessionCookie = { name: refreshCookieName, path: refreshCookiePath, maxAgeSeconds: refreshCookieMaxAgeSeconds };

export const refreshCookie = (value: string, secure: boolean) => sessionCookieHeader(cookie, value, secure);
export const clearedRefreshCookie = (secure: boolean) => clearedSessionCookieHeader(cookie, secure);
