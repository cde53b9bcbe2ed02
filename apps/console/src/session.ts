/**
 * The staff refresh token never reaches the page (issue 21, as the players' web app, D-1750): the
 * server keeps it in an httpOnly, SameSite=Strict cookie scoped to `/api/session`, and hands the page
 * only the 15-minute access token, which the page keeps in memory. Its own name: cookies do not keep
 * to a port, and the player web app runs on the same host under `npm start`.
 */
import { clearedSessionCookieHeader, sessionCookieHeader, type SessionCookie } from '@casino/http/bff';

export { cookieIsSecure, readCookie } from '@casino/http/bff';

export const staffCookie: SessionCookie = {
  name: 'casino_staff_session',
  path: '/api/session',
  /** The admin API ends a staff session 12 hours after the login (D-2101); the cookie never outlives it. */
  maxAgeSeconds: 12 * 3600,
};

export const staffSessionCookie = (value: string, secure: boolean) => sessionCookieHeader(staffCookie, value, secure);
export const clearedStaffSessionCookie = (secure: boolean) => clearedSessionCookieHeader(staffCookie, secure);
