import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Where a partner's webhook may be sent (ADR 362): http or https only, never to this server, never to the
 * cloud metadata or link-local range, the unspecified address or multicast, and, unless
 * PARTNER_WEBHOOKS_ALLOW_PRIVATE (tests, never production), never to loopback or a private range. Checked when
 * staff configure the URL and again at each delivery, on the addresses the name resolves to then; the
 * request then connects to the address that was checked (no second resolution: DNS rebinding).
 */
export class UnsafeUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeUrlError';
  }
}

export interface UrlPolicy {
  allowPrivate: boolean;
  /** This server's own origins (its listening address, PUBLIC_URL). */
  selfOrigins: string[];
}

export interface CheckedUrl {
  url: URL;
  /** The address to connect to (checked). */
  address: string;
  family: 4 | 6;
}

const subnets = (list: [string, number, 'ipv4' | 'ipv6'][]) => {
  const b = new net.BlockList();
  for (const [a, p, t] of list) b.addSubnet(a, p, t);
  return b;
};

/** Never a target, whatever the configuration. */
const ALWAYS_REFUSED = subnets([
  ['0.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local, 169.254.169.254 (cloud metadata)
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['100.100.100.200', 32, 'ipv4'], // Alibaba metadata
  ['::', 128, 'ipv6'],
  ['fe80::', 10, 'ipv6'], // link-local
  ['ff00::', 8, 'ipv6'], // multicast
  ['fd00:ec2::254', 128, 'ipv6'], // AWS metadata over IPv6
]);

/** Loopback and private ranges: refused unless PARTNER_WEBHOOKS_ALLOW_PRIVATE. */
const PRIVATE = subnets([
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'], // unique local
]);

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as its IPv4 address. */
function normalise(address: string): { address: string; type: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, type: 'ipv4' };
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [hi, lo] = [Number.parseInt(hex[1]!, 16), Number.parseInt(hex[2]!, 16)];
    return { address: [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.'), type: 'ipv4' };
  }
  return { address, type: net.isIPv6(address) ? 'ipv6' : 'ipv4' };
}

const LOOPBACK = subnets([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
]);

/** This machine's own addresses (its interfaces, loopback, the unspecified address). */
function isThisMachine(address: string, type: 'ipv4' | 'ipv6'): boolean {
  if (LOOPBACK.check(address, type) || address === '0.0.0.0' || address === '::') return true;
  for (const list of Object.values(networkInterfaces()))
    for (const i of list ?? []) if (normalise(i.address).address === address) return true;
  return false;
}

const portOf = (u: URL) => Number(u.port || (u.protocol === 'https:' ? 443 : 80));

/** Throws UnsafeUrlError unless `raw` may be sent a webhook; answers the checked address to connect to. */
export async function checkPartnerUrl(raw: string, policy: UrlPolicy): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('Not a URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UnsafeUrlError('Only http and https URLs can receive webhooks.');
  if (url.username || url.password)
    throw new UnsafeUrlError('The URL may not carry a user name or password.');
  const self = policy.selfOrigins.flatMap((o) => {
    try {
      return [new URL(o)];
    } catch {
      return [];
    }
  });
  if (self.some((s) => s.origin === url.origin))
    throw new UnsafeUrlError('The URL points back to this server.');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new UnsafeUrlError(`The host ${host} could not be resolved.`);
    }
  }
  if (addresses.length === 0) throw new UnsafeUrlError(`The host ${host} could not be resolved.`);
  for (const a of addresses) {
    const { address, type } = normalise(a.address);
    if (ALWAYS_REFUSED.check(address, type))
      throw new UnsafeUrlError('The URL points to a link-local, metadata or reserved address.');
    // This server: one of its own addresses on the port it listens on.
    if (isThisMachine(address, type) && self.some((s) => portOf(s) === portOf(url)))
      throw new UnsafeUrlError('The URL points back to this server.');
    if (!policy.allowPrivate && PRIVATE.check(address, type))
      throw new UnsafeUrlError('The URL points to a loopback or private address.');
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
