/** The providers a connector may use, by key (docs/product/mail.md#connectors); adding one adds a line. */
import { imapProvider } from './imap-provider.ts';
import type { MailProvider } from './mail-provider.ts';

export const mailProviders: Readonly<Record<string, MailProvider>> = Object.freeze({ imap: imapProvider });
