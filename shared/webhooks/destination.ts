// Where webhooks may go. Refused, both when a subscription is created and again when each delivery
// connects: anything but HTTPS, special-use host names, and every address that is not global
// unicast by the IANA special-purpose registries (as ipaddr.js classifies them) — IPv4, IPv6, and
// IPv4 carried inside IPv6. Host names are resolved by the delivery's own lookup and the address that
// would be dialled is the one checked, so a name that later resolves elsewhere (DNS rebinding) is
// refused at delivery time.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * IANA allocates global unicast IPv6 only from 2000::/3; anything outside it (IPv4-compatible ::/96 included) is
 * refused.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/** Special-use domain names (RFC 6761, 6762, 7686, 8375, and ICANN's .internal): never a public receiver. */
const SPECIAL_USE_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa', 'invalid', 'test', 'onion'];

/**
 * True when an IP address may be dialled for a webhook. An IPv4-mapped IPv6 address is judged as the
 * IPv4 address it is; every other form that embeds IPv4 (IPv4-compatible, SIIT, NAT64, 6to4, Teredo)
 * is a special-purpose range and refused whatever it carries.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
  if (family !== 6) return false;
  const parsed = ipaddr.IPv6.parse(canonicalIpv6(address));
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().range() === 'unicast';
  return parsed.range() === 'unicast' && parsed.match(GLOBAL_UNICAST_V6);
}

/**
 * The URL standard's serialisation of an IPv6 address (hex groups only). ipaddr.js reads the
 * IPv4-compatible "::a.b.c.d" as if it were mapped; serialised first, it classifies it correctly.
 */
function canonicalIpv6(address: string): string {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return '::'; // a zone index or another form URLs do not take: classified as unspecified
  }
}

/**
 * The host as it will be looked up: lower case, IDNA-encoded (the URL parser does both), without trailing dots or
 * brackets.
 */
export const normalizedHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');

export type DestinationPolicy = {
  /** Local development and tests only: allow http://127.0.0.1 and http://localhost receivers. */
  allowLoopbackHttp: boolean;
};

const isLoopbackHost = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '::1';
const isSpecialUseName = (host: string) =>
  !host.includes('.') || SPECIAL_USE_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));

/** Why a webhook URL is refused, or undefined when it may be used (names are checked again at delivery). */
export function refusalOf(rawUrl: string | URL, policy: DestinationPolicy): string | undefined {
  let url: URL;
  try {
    url = typeof rawUrl === 'string' ? new URL(rawUrl) : rawUrl;
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'may not carry credentials';
  // The WHATWG parser has already turned decimal, octal and hex IPv4 forms into dotted quads.
  const host = normalizedHost(url);
  if (policy.allowLoopbackHttp && url.protocol === 'http:' && isLoopbackHost(host)) return undefined;
  if (url.protocol !== 'https:') return 'must use https';
  if (isIP(host))
    return isPublicAddress(host) ? undefined : 'may not point at a private, loopback, link-local or reserved address';
  if (!host || isSpecialUseName(host)) return 'must be a public host name';
  return undefined;
}

export type Lookup = (hostname: string, options: { all: true }) => Promise<{ address: string; family: number }[]>;

/**
 * What a webhook URL alone decides: the URL as it will be dialled, and either its literal address
 * or the host name to look up at each delivery (a name may resolve elsewhere tomorrow).
 */
export type Destination = { url: URL; host: string; literal?: { address: string; family: number } };

/** Judged once per URL under each policy: a delivery worker sends to the same few URLs all day. */
const judged = { loopback: new Map<string, Verdict>(), public: new Map<string, Verdict>() };
type Verdict = Destination | DestinationRefusedError;
const KEPT_DESTINATIONS = 256;

/** The destination of `rawUrl` under the policy; throws DestinationRefusedError when the rules refuse it. */
export function destinationOf(rawUrl: string, policy: DestinationPolicy): Destination {
  const verdicts = policy.allowLoopbackHttp ? judged.loopback : judged.public;
  let verdict = verdicts.get(rawUrl);
  if (!verdict) {
    if (verdicts.size >= KEPT_DESTINATIONS) verdicts.clear();
    verdict = judge(rawUrl, policy);
    verdicts.set(rawUrl, verdict);
  }
  if (verdict instanceof DestinationRefusedError) throw verdict;
  return verdict;
}

function judge(rawUrl: string, policy: DestinationPolicy): Verdict {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return new DestinationRefusedError('must be an absolute URL');
  }
  const refused = refusalOf(url, policy);
  if (refused) return new DestinationRefusedError(refused);
  const host = normalizedHost(url);
  const family = isIP(host);
  if (family) return { url, host, literal: { address: host, family } };
  if (policy.allowLoopbackHttp && host === 'localhost')
    return { url, host, literal: { address: '127.0.0.1', family: 4 } };
  return { url, host };
}

/**
 * The address a delivery to the host name would dial: the first public address the lookup answers
 * now. Throws when there is none, or when any answer is not public, so nothing is dialled.
 */
export async function lookedUpAddress(host: string, lookup: Lookup): Promise<{ address: string; family: number }> {
  const answers = await lookup(host, { all: true });
  if (answers.length === 0) throw new DestinationRefusedError('does not resolve');
  const unsafe = answers.find((answer) => !isPublicAddress(answer.address));
  if (unsafe) throw new DestinationRefusedError(`resolves to a non-public address (${unsafe.address})`);
  return answers[0]!;
}

export class DestinationRefusedError extends Error {}
