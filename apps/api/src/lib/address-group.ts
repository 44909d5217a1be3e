import ipaddr from 'ipaddr.js';

/** Bits of an IPv6 address that name one subscriber's network: a host is usually given a whole /64. */
const IPV6_SUBSCRIBER_PREFIX_BITS = 64;

/**
 * What counts as one client address for the limits per address (rate limits, open connections):
 * an IPv4 address as it is; an IPv4 address that a dual-stack socket reports as IPv6
 * (`::ffff:192.0.2.7`) as that IPv4 address; any other IPv6 address as its /64 network
 * (`2001:db8:1:2::/64`). A host on IPv6 usually holds a whole /64 and may pick any address in
 * it, so counting addresses one by one would give it a fresh bucket per request, and the
 * counters (which live in memory with the embedded database) one entry per request. Anything
 * that is not an address (`unknown`, a proxy header's odd value) is kept as it is.
 *
 * @example
 * addressGroup('2001:db8:1:2:3:4:5:6'); // '2001:db8:1:2::/64'
 * addressGroup('::ffff:192.0.2.7');     // '192.0.2.7'
 */
export function addressGroup(address: string): string {
  // The common case, an IPv4 peer, without parsing.
  if (!address.includes(':')) return address;
  let parsed: ReturnType<typeof ipaddr.parse>;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return address;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const words = IPV6_SUBSCRIBER_PREFIX_BITS / 16;
  const network = new ipaddr.IPv6([...v6.parts.slice(0, words), ...new Array<number>(8 - words).fill(0)]);
  return `${network.toString()}/${IPV6_SUBSCRIBER_PREFIX_BITS}`;
}
