/**
 * Which IP addresses an outbound connection may reach (docs/product/security.md; the outbound
 * client is guarded-fetch.ts). Public unicast addresses, and nothing else unless the server's
 * operator listed a range in OUTBOUND_ALLOW_PRIVATE: an organisation's administrator can never
 * open loopback, private, link-local or cloud-metadata addresses, only narrow the public hosts.
 *
 * Parsing and range classification come from ipaddr.js. Addresses are canonicalised first:
 * IPv4-mapped, IPv4-translated and IPv4-compatible IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`,
 * `::127.0.0.1`) and NAT64 (`64:ff9b::/96`) are judged as the IPv4 address they carry, so no
 * spelling of loopback or a private range slips through.
 */
import ipaddr from 'ipaddr.js';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;
/** A network and its prefix length, e.g. `10.0.0.0/8`. */
export type AddressRange = [IpAddress, number];

/** What the server's operator allows beyond public https hosts (config.ts: OUTBOUND_ALLOW_*). */
export interface OutboundPolicy {
  /** Non-public ranges outbound connections may reach (OUTBOUND_ALLOW_PRIVATE). */
  allowPrivate: readonly AddressRange[];
  /** Plain http allowed (OUTBOUND_ALLOW_HTTP=true); otherwise https only. */
  allowHttp: boolean;
}

/** The default: public addresses over https only. */
export const STRICT_OUTBOUND_POLICY: OutboundPolicy = Object.freeze({ allowPrivate: [], allowHttp: false });

/** IPv6 ranges whose last 32 bits are an IPv4 address the connection ends up at. */
const EMBEDS_IPV4 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052']);

function bareText(address: string): string {
  return (address.replace(/^\[|\]$/g, '').split('%')[0] ?? '').trim();
}

/** The address in canonical form (embedded IPv4 unwrapped), or undefined when the text is not one. */
export function canonicalAddress(address: string): IpAddress | undefined {
  const text = bareText(address);
  if (!ipaddr.isValid(text)) return undefined;
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv4') return parsed;
  const v6 = parsed as ipaddr.IPv6;
  const bytes = v6.toByteArray();
  const head = bytes.slice(0, 12);
  // IPv4-compatible (::a.b.c.d, deprecated) is judged as its IPv4; :: and ::1 stay IPv6.
  const compatible = head.every((b) => b === 0) && !(bytes.slice(12, 15).every((b) => b === 0) && (bytes[15] ?? 0) <= 1);
  if (EMBEDS_IPV4.has(v6.range()) || compatible) return new ipaddr.IPv4(bytes.slice(12));
  return v6;
}

/** True only for public unicast addresses. */
export function isPublicAddress(address: string): boolean {
  return canonicalAddress(address)?.range() === 'unicast';
}

/** True when the policy lets a connection reach this address (public, or inside an operator range). */
export function isPermittedAddress(address: string, policy: OutboundPolicy): boolean {
  const canonical = canonicalAddress(address);
  if (!canonical) return false;
  if (canonical.range() === 'unicast') return true;
  return policy.allowPrivate.some(([network, bits]) => network.kind() === canonical.kind() && canonical.match(network, bits));
}

/** True for loopback, private, link-local and other non-public addresses (and for anything unparsable). */
export function isBlockedAddress(address: string): boolean {
  return !isPermittedAddress(address, STRICT_OUTBOUND_POLICY);
}

/**
 * Parses OUTBOUND_ALLOW_PRIVATE: comma-separated addresses or CIDR ranges (`127.0.0.1`,
 * `10.0.0.0/8`, `::1/128`). Throws with the entry at fault.
 */
export function parseAddressRanges(text: string | undefined): AddressRange[] {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    try {
      if (entry.includes('/')) return ipaddr.parseCIDR(entry);
      const address = canonicalAddress(entry);
      if (!address) throw new Error('not an address');
      return [address, address.kind() === 'ipv4' ? 32 : 128];
    } catch {
      throw new Error(`'${entry}' is not an IP address or CIDR range`);
    }
  });
}
