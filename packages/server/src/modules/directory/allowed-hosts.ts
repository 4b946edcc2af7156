/**
 * An organisation's allowed hosts (directory settings): the public hosts its outbound calls
 * (federated sign-in today) may reach, as `host` or `host:port`. The list only narrows: an empty
 * list means any public host, and no entry can open a loopback, private, link-local or metadata
 * address; only the server's operator can (OUTBOUND_ALLOW_PRIVATE, platform/net/address-policy.ts).
 * Entries naming such an address are refused when saved so the administrator learns it at once;
 * the outbound client checks every connection anyway, so an entry stored earlier has no effect.
 */
import { isIP } from 'node:net';
import { badRequest } from '../../http/http-error.ts';
import { isPermittedAddress, type OutboundPolicy } from '../../platform/net/address-policy.ts';

export function privateHostMessage(entry: string): string {
  return `${entry} is not a public address. Only the server's operator can allow private or local addresses.`;
}

/** The entries lower-cased, trimmed and de-duplicated; a 400 for one the operator does not allow. */
export function allowedHostsOrThrow(entries: readonly string[], policy: OutboundPolicy): string[] {
  const hosts = [...new Set(entries.map((h) => h.trim().toLowerCase()).filter(Boolean))];
  for (const entry of hosts) {
    let hostname: string;
    try {
      hostname = new URL(`https://${entry}`).hostname;
    } catch {
      throw badRequest(`${entry} is not a host name (host or host:port).`);
    }
    if (isClosedHostname(hostname, policy)) throw badRequest(privateHostMessage(entry));
  }
  return hosts;
}

/**
 * Whether a URL's hostname (as `new URL()` spells it: IPv6 in brackets, `127.1` and `0x7f000001`
 * already written as `127.0.0.1`) is a local name or a non-public address the operator did not
 * open. Other names are judged when connecting, by the address they resolve to.
 */
export function isClosedHostname(hostname: string, policy: OutboundPolicy): boolean {
  const literal = hostname.replace(/^\[|\]$/g, '');
  const isLocalName = hostname === 'localhost' || hostname.endsWith('.localhost');
  return isLocalName ? !isPermittedAddress('127.0.0.1', policy) : isIP(literal) !== 0 && !isPermittedAddress(literal, policy);
}
