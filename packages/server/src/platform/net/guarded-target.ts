/**
 * The guarded outbound client for protocols other than HTTP (IMAP today;
 * docs/product/security.md#outbound-connections): before a socket is opened, the host name is
 * resolved once and every address it answers is judged by the same policy as `guardedFetch`
 * (public addresses, plus the ranges the server's operator allowed), and the organisation's
 * allow-list (`host` or `host:port`) narrows the hosts. The caller then connects to the checked
 * address itself — never to the name again — so DNS rebinding cannot swap in another address
 * between the check and the connection; TLS still verifies the certificate against the name.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPermittedAddress, STRICT_OUTBOUND_POLICY, type OutboundPolicy } from './address-policy.ts';
import { OutboundRefused } from './guarded-fetch.ts';

export interface CheckedTarget {
  /** The address to connect to. */
  address: string;
  /** The name the certificate must carry (the host as configured). */
  servername: string;
}

export function isListedHostPort(host: string, port: number, allowHosts: readonly string[]): boolean {
  if (allowHosts.length === 0) return true;
  const name = host.toLowerCase();
  return allowHosts.includes(name) || allowHosts.includes(`${name}:${port}`);
}

export async function checkedTarget(
  host: string,
  port: number,
  options: { policy?: OutboundPolicy; allowHosts?: readonly string[] } = {},
): Promise<CheckedTarget> {
  const policy = options.policy ?? STRICT_OUTBOUND_POLICY;
  const name = host.trim().replace(/^\[|\]$/g, '');
  if (!name) throw new OutboundRefused('No host given');
  if (!isListedHostPort(name, port, options.allowHosts ?? []))
    throw new OutboundRefused(`Refused to connect to ${name}: not among the organisation's allowed hosts`);
  const addresses = isIP(name) ? [name] : (await lookup(name, { all: true })).map((entry) => entry.address);
  if (addresses.length === 0 || addresses.some((address) => !isPermittedAddress(address, policy)))
    throw new OutboundRefused(`Refused to connect to ${name}: not a public address`);
  return { address: addresses[0]!, servername: name };
}
