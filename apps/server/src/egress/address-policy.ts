import { isIP, isIPv4 } from 'node:net';
import { domainToASCII } from 'node:url';
import ipaddr from 'ipaddr.js';

export type RefusalReason =
  | 'invalid'
  | 'cloud-metadata'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared-address-space'
  | 'link-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'benchmarking'
  | 'documentation'
  | 'unique-local';

export type AddressVerdict =
  { allowed: true; reason: 'public' } | { allowed: false; reason: RefusalReason };

type Range<T> = [T, number];
type Rule<T> = { range: Range<T>; reason: RefusalReason };

const rules = <T>(parse: (cidr: string) => Range<T>, table: [string, RefusalReason][]): Rule<T>[] =>
  table.map(([cidr, reason]) => ({ range: parse(cidr), reason }));

// Order matters: the first match names the reason, so the most specific ranges come first.
const IPV4_RULES = rules(
  (cidr) => ipaddr.IPv4.parseCIDR(cidr),
  [
    ['169.254.169.254/32', 'cloud-metadata'], // AWS, GCP, Azure IMDS, OpenStack, DigitalOcean, Oracle
    ['169.254.170.2/32', 'cloud-metadata'], // AWS ECS task metadata
    ['100.100.100.200/32', 'cloud-metadata'], // Alibaba Cloud
    ['168.63.129.16/32', 'cloud-metadata'], // Azure WireServer: inside public space, so listed by hand
    ['192.0.0.192/32', 'cloud-metadata'], // Oracle Cloud (legacy)
    ['0.0.0.0/8', 'unspecified'],
    ['10.0.0.0/8', 'private'],
    ['100.64.0.0/10', 'shared-address-space'],
    ['127.0.0.0/8', 'loopback'],
    ['169.254.0.0/16', 'link-local'],
    ['172.16.0.0/12', 'private'],
    ['192.0.0.0/24', 'reserved'],
    ['192.0.2.0/24', 'documentation'],
    ['192.88.99.0/24', 'reserved'],
    ['192.168.0.0/16', 'private'],
    ['198.18.0.0/15', 'benchmarking'],
    ['198.51.100.0/24', 'documentation'],
    ['203.0.113.0/24', 'documentation'],
    ['224.0.0.0/4', 'multicast'],
    ['255.255.255.255/32', 'broadcast'],
    ['240.0.0.0/4', 'reserved'],
  ],
);

// Checked only inside 2000::/3 (global unicast); everything outside it is refused anyway.
const IPV6_GLOBAL_RULES = rules(
  (cidr) => ipaddr.IPv6.parseCIDR(cidr),
  [
    ['2001::/23', 'reserved'], // IETF protocol assignments: Teredo, benchmarking, ORCHID, AMT
    ['2001:db8::/32', 'documentation'],
    ['3fff::/20', 'documentation'],
  ],
);

const IPV6_OTHER_RULES = rules(
  (cidr) => ipaddr.IPv6.parseCIDR(cidr),
  [
    ['fd00:ec2::254/128', 'cloud-metadata'], // AWS IMDS over IPv6
    ['::/128', 'unspecified'],
    ['::1/128', 'loopback'],
    ['64:ff9b:1::/48', 'private'], // local-use NAT64 (RFC 8215)
    ['fc00::/7', 'unique-local'],
    ['fe80::/10', 'link-local'],
    ['fec0::/10', 'private'], // deprecated site-local
    ['ff00::/8', 'multicast'],
  ],
);

const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** Forms that carry an IPv4 address the packet may end up at (RFC 4291, 6052, 6145, 3056, 4380). */
const EMBEDDING = {
  mapped: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'),
  translated: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'),
  nat64: ipaddr.IPv6.parseCIDR('64:ff9b::/96'),
  compatible: ipaddr.IPv6.parseCIDR('::/96'),
  sixToFour: ipaddr.IPv6.parseCIDR('2002::/16'),
  teredo: ipaddr.IPv6.parseCIDR('2001::/32'),
};

const PUBLIC: AddressVerdict = { allowed: true, reason: 'public' };
const refuse = (reason: RefusalReason): AddressVerdict => ({ allowed: false, reason });

const v4FromWords = (high: number, low: number) =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

function firstMatch<T extends ipaddr.IPv4 | ipaddr.IPv6>(address: T, table: Rule<T>[]) {
  return table.find((rule) => address.match(rule.range))?.reason;
}

function classifyV4(address: ipaddr.IPv4): AddressVerdict {
  const reason = firstMatch(address, IPV4_RULES);
  return reason ? refuse(reason) : PUBLIC;
}

/** The IPv4 addresses an IPv6 address may deliver to, or undefined when it embeds none. */
function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const p = address.parts as [number, number, number, number, number, number, number, number];
  if (address.match(EMBEDDING.teredo)) {
    // The client address is stored inverted; the server address is in the clear.
    return [v4FromWords(p[2], p[3]), v4FromWords(~p[6] & 0xffff, ~p[7] & 0xffff)];
  }
  if (address.match(EMBEDDING.sixToFour)) return [v4FromWords(p[1], p[2])];
  if (
    address.match(EMBEDDING.mapped) ||
    address.match(EMBEDDING.translated) ||
    address.match(EMBEDDING.nat64) ||
    (address.match(EMBEDDING.compatible) && p[6] !== 0)
  ) {
    return [v4FromWords(p[6], p[7])];
  }
  return undefined;
}

function classifyV6(address: ipaddr.IPv6): AddressVerdict {
  const named = firstMatch(address, IPV6_OTHER_RULES);
  if (named) return refuse(named);
  const embedded = embeddedV4(address);
  if (embedded) {
    const refused = embedded.map(classifyV4).find((verdict) => !verdict.allowed);
    if (refused) return refused;
    // Teredo and IPv4-compatible forms are never needed to reach a public page.
    if (address.match(EMBEDDING.teredo) || address.match(EMBEDDING.compatible)) {
      return refuse('reserved');
    }
    return PUBLIC;
  }
  if (!address.match(GLOBAL_UNICAST)) return refuse('reserved');
  const reason = firstMatch(address, IPV6_GLOBAL_RULES);
  return reason ? refuse(reason) : PUBLIC;
}

/**
 * Decides whether a resolved address may be contacted. Only canonical literals are accepted
 * (what DNS and `parseHostLiteral` produce): anything else, e.g. "0177.0.0.1", is refused as
 * invalid rather than guessed at.
 */
export function classifyAddress(ip: string): AddressVerdict {
  switch (isIP(ip)) {
    case 4:
      return classifyV4(ipaddr.IPv4.parse(ip));
    case 6:
      return classifyV6(ipaddr.IPv6.parse(ip));
    default:
      return refuse('invalid');
  }
}

export type HostLiteral =
  | { kind: 'ip'; address: string; family: 4 | 6 }
  | { kind: 'name'; name: string }
  | { kind: 'invalid' };

/**
 * Reads a host the way browsers and Node's URL parser do (WHATWG host parsing, so decimal,
 * octal, hex and short IPv4 forms, full-width digits and a trailing dot all count), plus the
 * unbracketed IPv6 that the URL parser refuses. Returns canonical addresses.
 */
export function parseHostLiteral(host: string): HostLiteral {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare.includes(':')) {
    // Zone ids ("%eth0") pick an interface; the URL parser refuses them and so do we.
    if (isIP(bare) !== 6 || bare.includes('%')) return { kind: 'invalid' };
    return { kind: 'ip', address: ipaddr.IPv6.parse(bare).toString(), family: 6 };
  }
  if (host !== bare) return { kind: 'invalid' };
  const ascii = domainToASCII(host);
  if (ascii === '') return { kind: 'invalid' };
  if (isIPv4(ascii)) return { kind: 'ip', address: ascii, family: 4 };
  return { kind: 'name', name: ascii };
}
