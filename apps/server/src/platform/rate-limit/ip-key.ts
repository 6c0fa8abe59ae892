import { isIPv4, isIPv6 } from 'node:net';

/** How many leading 16-bit groups of an IPv6 address name the network one subscriber is given (/64). */
const V6_NETWORK_GROUPS = 4;

/** An IPv6 address as its 8 groups of 16 bits (an embedded IPv4 tail counts as two); null when it is not one. */
function groupsOf(ip: string): number[] | null {
  const bare = ip.replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!isIPv4(g)) return [parseInt(g, 16)];
          const [a, b, c, d] = g.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head, tail] = bare.split('::') as [string, string | undefined];
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The part of a client's address that per-IP limits count (docs/security.md). An IPv4 address counts as itself, and
 * so does an IPv4-mapped IPv6 one (::ffff:1.2.3.4). Any other IPv6 address counts by its /64 network: a subscriber
 * is given a whole /64 and may take a new address in it for every request, which would escape a per-address limit.
 */
export function limitIp(ip: string): string {
  const groups = groupsOf(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  return `${groups
    .slice(0, V6_NETWORK_GROUPS)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
