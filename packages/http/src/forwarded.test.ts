import { parseConfig, serviceConfigSchema, trustedProxiesVar } from '@casino/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpApp } from './create-app.ts';
import { forwardedFor, proxyMatcher } from './forwarded.ts';

const settingOf = (value?: string) =>
  parseConfig(z.object({ TRUSTED_PROXIES: trustedProxiesVar() }), value === undefined ? {} : { TRUSTED_PROXIES: value })
    .TRUSTED_PROXIES;

describe('trusted proxies and forwarded client addresses', () => {
  it('D-1766: TRUSTED_PROXIES takes addresses, CIDR ranges and the names loopback, linklocal, uniquelocal (spelled out), or none; loopback by default; anything else stops start-up naming it', () => {
    expect(settingOf()).toEqual(['127.0.0.0/8', '::1/128']);
    expect(settingOf('10.1.2.3, 10.0.0.0/8,fd00::/8')).toEqual(['10.1.2.3', '10.0.0.0/8', 'fd00::/8']);
    expect(settingOf('uniquelocal')).toEqual(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']);
    expect(settingOf('none')).toEqual([]);
    for (const bad of ['10.0.0.0/33', 'ingress.local', '10.0.0.1/8/1', 'loopback,nonsense'])
      expect(() => settingOf(bad), bad).toThrow(/TRUSTED_PROXIES/);
    expect(serviceConfigSchema.shape.TRUSTED_PROXIES).toBeDefined();
  });

  it('D-1766: a service believes X-Forwarded-For only from its trusted proxies: the client is the first address from the right that is not one of them, so an address a client wrote in front is never taken', async () => {
    const app = await createHttpApp({
      service: 'test',
      version: '0',
      description: 'test',
      logLevel: 'silent',
      readinessChecks: [],
      trustedProxies: ['10.0.0.0/8'],
    });
    app.get('/ip', async (request) => ({ ip: request.ip }));
    const ipOf = async (remoteAddress: string, forwarded?: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/ip',
          remoteAddress,
          ...(forwarded ? { headers: { 'x-forwarded-for': forwarded } } : {}),
        })
      ).json().ip;
    expect(await ipOf('10.1.2.3', '198.51.100.7')).toBe('198.51.100.7');
    expect(await ipOf('10.1.2.3', '6.6.6.6, 198.51.100.7, 10.0.0.5')).toBe('198.51.100.7');
    expect(await ipOf('127.0.0.1', '198.51.100.7')).toBe('127.0.0.1');
    expect(await ipOf('10.1.2.3')).toBe('10.1.2.3');
    await app.close();
  });

  it("D-1766: a proxy passes on its peer's forwarded chain only when the peer is trusted, then the peer's own address (an IPv4 peer on a dual-stack socket as IPv4)", () => {
    const trusted = proxyMatcher(['127.0.0.0/8', '::1/128', '10.0.0.5']);
    expect(forwardedFor('127.0.0.1', '203.0.113.10', trusted)).toBe('203.0.113.10, 127.0.0.1');
    expect(forwardedFor('::ffff:10.0.0.5', ['198.51.100.1, 10.9.9.9'], trusted)).toBe('198.51.100.1, 10.9.9.9, 10.0.0.5');
    expect(forwardedFor('192.0.2.44', '203.0.113.10', trusted)).toBe('192.0.2.44');
    expect(forwardedFor('::1', undefined, trusted)).toBe('::1');
    expect(forwardedFor(undefined, '203.0.113.10', trusted)).toBeNull();
  });
});
