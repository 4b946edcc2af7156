/**
 * What the mail tests share: the operator's settings that let Docket reach their mail servers on
 * loopback (dovecot, the fake servers), which the outbound policy refuses by default
 * (docs/product/security.md#outbound-connections).
 */
import { parseAddressRanges } from '../platform/net/address-policy.ts';

export const LOOPBACK_MAIL = { outbound: { allowPrivate: parseAddressRanges('127.0.0.1'), allowHttp: true } };

/** A connector's settings for a test mailbox on loopback, plain IMAP, its inbox only. */
export function loopbackConnector(
  title: string,
  port: number,
  mailbox: { user: string; password: string },
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    title,
    kind: 'imap',
    host: '127.0.0.1',
    port,
    security: 'none',
    user: mailbox.user,
    secret: mailbox.password,
    folders: ['INBOX'],
    ...extra,
  };
}
