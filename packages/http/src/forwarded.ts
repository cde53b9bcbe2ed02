import { BlockList, isIPv4 } from 'node:net';

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) as the IPv4 address it is. */
const plainAddress = (address: string) =>
  address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;

/** Whether an address is one of the trusted proxies (addresses and CIDR ranges, as `TRUSTED_PROXIES` gives them). */
export function proxyMatcher(trusted: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of trusted) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = plainAddress(address);
    return list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  };
}

/**
 * The X-Forwarded-For a proxy sends on (D-1766): what its peer forwarded, when the peer is a trusted
 * proxy itself, then the peer's own address. An untrusted peer's header is dropped, so a client
 * cannot name another address; the service behind decides again by its own `TRUSTED_PROXIES`.
 */
export function forwardedFor(
  peer: string | undefined,
  incoming: string | string[] | undefined,
  isTrusted: (address: string) => boolean,
): string | null {
  if (!peer) return null;
  const address = plainAddress(peer);
  const before = (Array.isArray(incoming) ? incoming.join(',') : (incoming ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return [...(isTrusted(address) ? before : []), address].join(', ');
}
