// @vitest-environment jsdom
/**
 * The trusted mail server belongs to an organisation's connector only
 * (docs/product/mail.md#requests-from-mail): My Mail's form neither shows the field nor sends
 * the setting, which the server refuses there — not even one stored before; the organisation's
 * form shows it, explains it and sends it. Nor does My Mail show the poll interval and allowed
 * hosts, which only an organisation's connector uses (docs/product/mail.md#connector-settings).
 */
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailConnectorInput, MailConnectorSettingsAnswer } from '@docket/shared';
import i18next from 'i18next';
import '../../i18n/index.ts';
import '../../i18n/app/register.ts';
import { apiClient } from '../../api/instance.ts';
import { SessionContext, type SessionValue } from '../../app/session-context.tsx';
import { reactRootPerTest } from '../../test-support/react-root.ts';
import type { ConnectorScope } from './connector-draft.ts';
import { ConnectorForm } from './connector-form.tsx';

const mounted = reactRootPerTest();
const session = { appId: 'demo', isAdministrator: true, user: { roles: ['mail'] } } as unknown as SessionValue;

/** A connector as the server answers it, with a secret stored so the form can be saved untouched. */
const stored = (overrides: Partial<MailConnectorSettingsAnswer> = {}): MailConnectorSettingsAnswer => ({
  id: 7,
  title: 'Safety inbox',
  kind: 'shared',
  folders: [{ path: 'INBOX', title: 'Inbox' }],
  host: 'imap.example.org',
  port: 993,
  security: 'tls',
  user: 'safety@example.org',
  auth: 'password',
  poll_minutes: 15,
  allow_hosts: [],
  trusted_authserv_id: null,
  rules: [],
  enabled: true,
  has_secret: true,
  last_error: null,
  ...overrides,
});

let sent: { path: string; json: MailConnectorInput }[] = [];

beforeEach(async () => {
  sent = [];
  await i18next.changeLanguage('en');
  // Saves answer what they were sent; the rest (the document types of the rules) answer nothing.
  vi.spyOn(apiClient, 'request').mockImplementation(async (path, options) => {
    if (options?.method === 'PUT' || options?.method === 'POST') {
      sent.push({ path, json: options.json as MailConnectorInput });
      return stored() as never;
    }
    return { types: [] } as never;
  });
});
afterEach(() => vi.restoreAllMocks());

async function renderForm(scope: ConnectorScope, initial: MailConnectorSettingsAnswer | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    mounted.root.render(
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={session}>
          <ConnectorForm scope={scope} initial={initial} onSaved={() => undefined} />
        </SessionContext.Provider>
      </QueryClientProvider>,
    ),
  );
}

const labels = () => [...mounted.container.querySelectorAll('label')].map((label) => label.textContent ?? '');
const byTestId = (id: string) => mounted.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);

function type(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

async function save(prefix: string) {
  await act(async () => byTestId(`${prefix}-save`)?.click());
}

describe("the connector form's interval and allowed hosts (connector-form.tsx)", () => {
  it('are not on My Mail, which has no rules and so is never polled', async () => {
    await renderForm('mine', stored({ title: 'My Mail', kind: 'personal', poll_minutes: 30 }));
    expect(labels().some((label) => label.startsWith('Check every'))).toBe(false);
    expect(labels().some((label) => label.startsWith('Allowed hosts'))).toBe(false);
    await save('my-mail');
    // What is stored is sent back unchanged.
    expect(sent[0]?.json.poll_minutes).toBe(30);
  });

  it("are on an organisation's connector", async () => {
    await renderForm('organisation', stored());
    expect(labels().some((label) => label.startsWith('Check every'))).toBe(true);
    expect(labels().some((label) => label.startsWith('Allowed hosts'))).toBe(true);
  });
});

describe("the connector form's trusted mail server (connector-form.tsx)", () => {
  it('is not on My Mail, which says instead that its senders are never verified', async () => {
    await renderForm('mine', stored({ title: 'My Mail', kind: 'personal' }));
    expect(labels().some((label) => label.startsWith('Trusted mail server'))).toBe(false);
    expect(byTestId('my-mail-trusted-server')).toBeNull();
    expect(byTestId('no-trusted-server')).toBeNull();
    expect(byTestId('my-mail-senders-unverified')?.textContent).toMatch(/^Senders in My Mail are never verified/);
  });

  it('is never sent from My Mail, not even one stored before the server refused it', async () => {
    await renderForm('mine', stored({ title: 'My Mail', kind: 'personal', trusted_authserv_id: 'mx.example.org' }));
    await save('my-mail');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('/mail/settings/my');
    expect(sent[0]?.json).not.toHaveProperty('trusted_authserv_id');
  });

  it("is on an organisation's connector, explained, and sent when saved", async () => {
    await renderForm('organisation', stored());
    expect(labels().some((label) => label.startsWith('Trusted mail server'))).toBe(true);
    expect(mounted.container.textContent).toContain('When that server says a message passed DMARC or DKIM');
    expect(byTestId('no-trusted-server')).not.toBeNull();
    expect(byTestId('my-mail-senders-unverified')).toBeNull();
    await act(async () => type(byTestId('connector-trusted-server') as HTMLInputElement, 'mx.example.org'));
    expect(byTestId('no-trusted-server')).toBeNull();
    await save('connector');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('/mail/settings/connectors/7');
    expect(sent[0]?.json.trusted_authserv_id).toBe('mx.example.org');
  });

  it("sends an emptied field, so the organisation's connector stops trusting the server", async () => {
    await renderForm('organisation', stored({ trusted_authserv_id: 'mx.example.org' }));
    await act(async () => type(byTestId('connector-trusted-server') as HTMLInputElement, ''));
    await save('connector');
    expect(sent[0]?.json.trusted_authserv_id).toBe('');
  });
});
