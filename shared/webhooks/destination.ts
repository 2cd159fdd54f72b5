// Where webhooks may go. Refused, both when a subscription is created and again when each delivery
// connects: anything but HTTPS, and any address that is loopback, private, link-local, CGNAT, the
// cloud metadata address, multicast or reserved — in IPv4, IPv6 and IPv4-mapped IPv6 forms. Host
// names are resolved by the delivery's own lookup and the address that would be dialled is the one
// checked, so a name that later resolves elsewhere (DNS rebinding) is refused at delivery time.
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(network, prefix, 'ipv6');

/** IPv4 addresses embedded in IPv6 (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d) are judged as IPv4. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True when an IP address may be dialled for a webhook. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    return v4 ? !blocked.check(v4, 'ipv4') : !blocked.check(address, 'ipv6');
  }
  return false;
}

export type DestinationPolicy = {
  /** Local development and tests only: allow http://127.0.0.1 and http://localhost receivers. */
  allowLoopbackHttp: boolean;
};

const isLoopbackHost = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';

/** Why a webhook URL is refused, or undefined when it may be used (names are checked again at delivery). */
export function refusalOf(rawUrl: string, policy: DestinationPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'may not carry credentials';
  // The WHATWG parser has already turned decimal, octal and hex IPv4 forms into dotted quads.
  const host = url.hostname;
  if (policy.allowLoopbackHttp && url.protocol === 'http:' && isLoopbackHost(host)) return undefined;
  if (url.protocol !== 'https:') return 'must use https';
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIP(literal)) return isPublicAddress(literal) ? undefined : 'may not point at a private, loopback, link-local or reserved address';
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) return 'must be a public host name';
  return undefined;
}

export type Lookup = (hostname: string, options: { all: true }) => Promise<{ address: string; family: number }[]>;

/**
 * The address a delivery to `url` would dial, after the policy: the literal, or the first public
 * address the lookup answers. Throws when there is none, so nothing is dialled.
 */
export async function addressToDial(rawUrl: string, policy: DestinationPolicy, lookup: Lookup): Promise<{ address: string; family: number }> {
  const refused = refusalOf(rawUrl, policy);
  if (refused) throw new DestinationRefused(refused);
  const host = new URL(rawUrl).hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  if (family) return { address: host, family };
  if (policy.allowLoopbackHttp && host === 'localhost') return { address: '127.0.0.1', family: 4 };
  const answers = await lookup(host, { all: true });
  if (answers.length === 0) throw new DestinationRefused('does not resolve');
  const unsafe = answers.find((answer) => !isPublicAddress(answer.address));
  if (unsafe) throw new DestinationRefused(`resolves to a non-public address (${unsafe.address})`);
  return answers[0]!;
}

export class DestinationRefused extends Error {}
