// @vitest-environment jsdom
/**
 * The mail screen's links to where connectors are set up (docs/product/mail.md#connector-settings)
 * are named after the pages they open: 'My Mail settings' and, for administrators, 'Mail
 * connectors' — not 'Mail settings', the organisation's mail setting that the connectors page
 * itself links to.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import '../../i18n/index.ts';
import '../../i18n/app/register.ts';
import { apiClient } from '../../api/instance.ts';
import { SessionContext, type SessionValue } from '../../app/session-context.tsx';
import { reactRootPerTest } from '../../test-support/react-root.ts';
import MailPage from './mail-page.tsx';

const mounted = reactRootPerTest();

beforeEach(async () => {
  await i18next.changeLanguage('en');
  // No connector yet: the screen says so and offers the links.
  vi.spyOn(apiClient, 'request').mockResolvedValue([] as never);
});
afterEach(() => vi.restoreAllMocks());

async function renderMailPage(isAdministrator: boolean) {
  const session = { appId: 'demo', isAdministrator, user: { roles: ['mail'] } } as unknown as SessionValue;
  await act(async () =>
    mounted.root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionContext.Provider value={session}>
          <MemoryRouter initialEntries={['/mail']}>
            <MailPage />
          </MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>,
    ),
  );
  // The connectors' answer arrives after the first render.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

const link = (id: string) => mounted.container.querySelector<HTMLAnchorElement>(`[data-testid="${id}"]`);

describe("the mail screen's setup links (mail-page.tsx)", () => {
  it('name the connectors page after itself for an administrator', async () => {
    await renderMailPage(true);
    expect(mounted.container.querySelector('[data-testid="mail-no-connectors"]')).not.toBeNull();
    expect(link('my-mail-settings-link')?.textContent).toBe('My Mail settings');
    expect(link('mail-connectors-link')?.textContent).toBe('Mail connectors');
    expect(link('mail-connectors-link')?.getAttribute('href')).toBe('/admin/settings/mail');
  });

  it('offer a member only their own My Mail', async () => {
    await renderMailPage(false);
    expect(link('my-mail-settings-link')?.textContent).toBe('My Mail settings');
    expect(link('mail-connectors-link')).toBeNull();
  });
});
