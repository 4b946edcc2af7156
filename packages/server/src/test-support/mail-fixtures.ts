/**
 * What the mail tests share: the operator's settings that let Docket reach their mail servers on
 * loopback (dovecot, the fake servers), which the outbound policy refuses by default
 * (docs/product/security.md#outbound-connections).
 */
import { parseAddressRanges } from '../platform/net/address-policy.ts';

export const LOOPBACK_MAIL = { outbound: { allowPrivate: parseAddressRanges('127.0.0.1'), allowHttp: true } };
