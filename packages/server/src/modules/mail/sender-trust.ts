/**
 * Whether a message proves who sent it (docs/product/mail.md#requests-from-mail,
 * docs/product/security.md#incoming-mail). Anyone can write any address in From, so the sender
 * counts (as a request's reporter, as a verified sender on the screen) only when the connector's
 * own mail server says so: an Authentication-Results header (RFC 8601) naming the server the
 * connector trusts (`trustedAuthservId`) with `dmarc=pass` for the From domain, or `dkim=pass`
 * signed by the From domain (or a parent of it, DMARC's relaxed alignment).
 *
 * Which headers: only the topmost run of the trusted server's headers — the first one and the
 * Authentication-Results headers directly below it, up to the first header of another kind (a
 * Received line, From…). The receiving server writes its verdicts together at the top; what is
 * below arrived with the message, and a sender may write any header there, the trusted server's
 * name included. A header a sender put directly under the server's own is not told apart by
 * place: RFC 8601 §5 has the server remove any that claims its name, which is why the name to
 * trust is the server's own and set by an administrator (never a member's own My Mail,
 * `trustedServerOf`). A trusted `dmarc=fail` outweighs any
 * pass beside it. Without a trusted server name, no sender is trusted. The headers were read in
 * the parse worker (authentication-results.ts); this is the decision only.
 */
import type { AuthenticationResult, TraceHeader } from './authentication-results.ts';

export interface SenderEvidence {
  from: { address: string } | null;
  isSingleSender: boolean;
  trace: readonly TraceHeader[];
}

/** The domain of an address or of a bare domain, lower case without a final dot; '' when there is none. */
function domainOf(value: string | undefined): string {
  if (!value) return '';
  const domain = value
    .slice(value.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? domain : '';
}

/** DMARC's relaxed alignment without a public suffix list: the same domain, or a parent of it with at least two labels. */
function isAligned(signer: string | undefined, fromDomain: string): boolean {
  const domain = domainOf(signer);
  return domain !== '' && (domain === fromDomain || fromDomain.endsWith(`.${domain}`));
}

/** The results of the trusted server's topmost run of headers: its first one and the Authentication-Results right below. */
export function trustedResultsOf(trace: readonly TraceHeader[], trustedAuthservId: string): AuthenticationResult[] {
  const trusted = trustedAuthservId.trim().toLowerCase();
  const isTrusted = (header: TraceHeader) => header.kind === 'authentication-results' && header.authservId === trusted;
  const first = trace.findIndex(isTrusted);
  if (!trusted || first < 0) return [];
  const results: AuthenticationResult[] = [];
  for (const header of trace.slice(first)) {
    if (header.kind !== 'authentication-results') break;
    if (isTrusted(header)) results.push(...header.results);
  }
  return results;
}

/** The connector a message was read through: whose mailbox it is (null: the organisation's) and its settings. */
export interface TrustingConnector {
  ownerUuid: string | null;
  settings: { trustedAuthservId?: string | undefined };
}

/**
 * The mail server whose verdicts prove a sender on `connector`: the one an administrator named on
 * an organisation's connector. A member's own My Mail has none, whatever its settings hold: its
 * owner can put any message in their own mailbox (IMAP APPEND), the trusted server's topmost
 * headers included, so nothing in it proves another member sent it.
 */
export function trustedServerOf(connector: TrustingConnector): string | undefined {
  return connector.ownerUuid === null ? connector.settings.trustedAuthservId : undefined;
}

/** True when the connector's trusted mail server vouches for the From address's domain. */
export function isSenderVerified(mail: SenderEvidence, trustedAuthservId: string | undefined): boolean {
  const fromDomain = domainOf(mail.from?.address);
  if (!trustedAuthservId?.trim() || !mail.isSingleSender || !fromDomain) return false;
  const results = trustedResultsOf(mail.trace, trustedAuthservId);
  const isAboutFrom = (result: AuthenticationResult) => domainOf(result.properties['header.from']) === fromDomain;
  const dmarc = results.filter((result) => result.method === 'dmarc');
  if (dmarc.some((result) => result.result === 'fail' && (!result.properties['header.from'] || isAboutFrom(result)))) return false;
  return (
    dmarc.some((result) => result.result === 'pass' && isAboutFrom(result)) ||
    results.some(
      (result) =>
        result.method === 'dkim' &&
        result.result === 'pass' &&
        (isAligned(result.properties['header.d'], fromDomain) || isAligned(result.properties['header.i'], fromDomain)),
    )
  );
}
