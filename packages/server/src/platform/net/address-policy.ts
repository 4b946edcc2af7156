/**
 * Which IP addresses an outbound connection may reach (SECURITY-LESSONS #6). Addresses are
 * canonicalised first: IPv4-mapped and IPv4-compatible IPv6 (`::ffff:127.0.0.1`,
 * `::ffff:7f00:1`, `::127.0.0.1`) and NAT64 (`64:ff9b::/96`) are judged as the IPv4 address they
 * carry, so no spelling of loopback or a private range slips through.
 */
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
// IPv4: "this network", private, carrier-grade NAT, loopback (all of 127/8), link-local,
// IETF protocol assignments, benchmarking, multicast, reserved and broadcast.
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
// IPv6: unspecified, loopback, unique local, link-local, site-local (deprecated), multicast, documentation.
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address, or undefined when the text is not one. */
export function ipv6Bytes(address: string): Uint8Array | undefined {
  const text = address.replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  if (isIP(text) !== 6) return undefined;
  let head = text;
  let tailV4: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    tailV4 = last.split('.').map(Number);
    head = text.slice(0, lastColon + 1) + '0:0';
  }
  const [left = '', right] = head.split('::');
  const leftGroups = left ? left.split(':') : [];
  const rightGroups = right === undefined ? [] : right ? right.split(':') : [];
  const missing = 8 - leftGroups.length - rightGroups.length;
  const groups = [...leftGroups, ...Array<string>(right === undefined ? 0 : missing).fill('0'), ...rightGroups];
  if (groups.length !== 8) return undefined;
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  if (tailV4.length === 4) bytes.set(tailV4, 12);
  return bytes;
}

/** The address in its canonical form: embedded IPv4 as dotted IPv4, other IPv6 unchanged. */
export function canonicalAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return { address: bare, family: 'ipv4' };
  const bytes = ipv6Bytes(bare);
  if (!bytes) return undefined;
  const zeroPrefix = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  const v4 = `${bytes[12]}.${bytes[13]}.${bytes[14]}.${bytes[15]}`;
  const mapped = zeroPrefix(10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const compatible = zeroPrefix(12) && !(bytes[12] === 0 && bytes[13] === 0 && bytes[14] === 0 && (bytes[15] ?? 0) <= 1);
  const nat64 =
    bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && bytes.slice(4, 12).every((b) => b === 0);
  if (mapped || compatible || nat64) return { address: v4, family: 'ipv4' };
  return { address: bare.split('%')[0] ?? bare, family: 'ipv6' };
}

/** True for loopback, private, link-local and other non-public addresses (and for anything unparsable). */
export function isBlockedAddress(address: string): boolean {
  const canonical = canonicalAddress(address);
  if (!canonical) return true;
  return blocked.check(canonical.address, canonical.family);
}
