/** The connectors page's server line reads as a sentence in every language (docs/product/mail.md#connector-settings). */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import '../../i18n/index.ts';
import '../../i18n/app/register.ts';
import { connectorServerLine } from './connector-summary.ts';

const connector = { user: 'safety', host: 'mail.example.org', port: 143, security: 'none' as const };

describe('connectorServerLine', () => {
  it.each([
    ['en', 'safety at mail.example.org:143 (unencrypted)'],
    ['fr', 'safety sur mail.example.org:143 (en clair)'],
    ['es', 'safety en mail.example.org:143 (sin cifrar)'],
  ])('names an unencrypted connection in plain words in %s, one pair of brackets', async (language, line) => {
    await i18next.changeLanguage(language);
    expect(connectorServerLine(connector, i18next.t)).toBe(line);
  });

  it('names TLS and STARTTLS as they are', async () => {
    await i18next.changeLanguage('en');
    expect(connectorServerLine({ ...connector, port: 993, security: 'tls' }, i18next.t)).toBe('safety at mail.example.org:993 (TLS)');
    expect(connectorServerLine({ ...connector, security: 'starttls' }, i18next.t)).toBe('safety at mail.example.org:143 (STARTTLS)');
  });
});
