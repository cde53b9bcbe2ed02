/**
 * The refresh token never reaches the page (issue 17): the server keeps it in an httpOnly,
 * SameSite=Strict cookie scoped to `/api/session`, and hands the page only the short-lived access
 * token, which the page keeps in memory. A reload asks `/api/session/refresh` for a new one.
 */
export const refreshCookieName = 'casino_refresh';
export const refreshCookiePath = '/api/session';
/** The player API's refresh tokens live 30 days; the cookie never outlives them. */
export const refreshCookieMaxAgeSeconds = 30 * 24 * 3600;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `Secure` always, except over plain http to this machine (D-1750): browsers disagree on whether a
 * `Secure` cookie may be set by http://localhost (Chromium and Firefox allow it, Safari does not), and
 * `npm start` serves plain http on 127.0.0.1. The cookie stays httpOnly and SameSite=Strict there.
 */
export function cookieIsSecure(options: { behindTls: boolean; protocol: string; hostname: string }): boolean {
  if (options.behindTls || options.protocol === 'https') return true;
  return !loopbackHosts.has(options.hostname.replace(/:\d+$/, '').toLowerCase());
}

export function refreshCookie(value: string, secure: boolean): string {
  return [
    `${refreshCookieName}=${encodeURIComponent(value)}`,
    `Path=${refreshCookiePath}`,
    `Max-Age=${refreshCookieMaxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedRefreshCookie(secure: boolean): string {
  return [
    `${refreshCookieName}=`,
    `Path=${refreshCookiePath}`,
    'Max-Age=0',
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = rest.join('=');
      try {
        return value ? decodeURIComponent(value) : undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
