import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /**
   * Send Strict-Transport-Security. Only where TLS terminates in front of the service (an ingress or
   * proxy on https): over plain http the header is ignored by browsers at best, and on a laptop it
   * would pin `localhost` to https for a year at worst. `BEHIND_TLS` in the configuration.
   */
  hsts: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The response carries a credential (access or refresh token, a TOTP secret): `Cache-Control:
     * no-store`, so no browser, proxy or CDN keeps a copy (issue 14 (14)).
     */
    credentialResponse?: boolean;
  }
}

/** One year, the value HSTS preload lists ask for. */
const hstsMaxAgeSeconds = 31_536_000;

/**
 * The Content-Security-Policy of Swagger UI at `/docs` (set by swagger-ui's `staticCSP`, see
 * openapi.ts): its page, scripts and stylesheets are files of our own origin (no inline script or
 * style element), its images are ours or `data:` URIs in its stylesheet, and it fetches only the
 * OpenAPI document and, with "Try it out", this same API. Everything else is refused.
 */
export const docsContentSecurityPolicy: Readonly<Record<string, string[]>> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Security headers on every response (`@fastify/helmet`), each chosen here rather than left to the
 * library's defaults. The APIs answer JSON, so a page-wide CSP would protect nothing; Swagger UI, the
 * one HTML page, gets its own (above).
 */
async function securityHeadersPlugin(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    strictTransportSecurity: options.hsts ? { maxAge: hstsMaxAgeSeconds, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    originAgentCluster: true,
    xDnsPrefetchControl: { allow: false },
    xDownloadOptions: true,
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    xXssProtection: true,
  });
  app.addHook('onRoute', (route) => {
    if (route.config?.credentialResponse !== true) return;
    const noStore = async (_request: unknown, reply: { header(name: string, value: string): unknown }, payload: unknown) => {
      reply.header('cache-control', 'no-store');
      return payload;
    };
    route.onSend = [
      ...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []),
      noStore,
    ] as typeof route.onSend;
  });
}

export default fp(securityHeadersPlugin, { name: 'casino-security-headers', fastify: '5.x' });
