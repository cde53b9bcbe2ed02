/**
 * The page's Content-Security-Policy (issue 17): every script and stylesheet is a file of this origin
 * (Vite's build emits no inline script; the page sets no style attribute), the page talks only to
 * this origin (its API proxy and the table WebSocket, which `'self'` covers), and nothing may frame it.
 */
export const pageContentSecurityPolicy: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export function cspHeader(policy: Readonly<Record<string, readonly string[]>> = pageContentSecurityPolicy): string {
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}
