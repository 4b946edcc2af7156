import { describe, expect, it } from 'vitest';
import { pageChoicesOf, resolvePage } from './page-choices.ts';
import type { Report } from '../reporting-api/types.ts';

const report: Report = {
  id: 2,
  title: 'Safety Performance',
  schema: {
    safety: { template: 'safety', title: 'Safety', i18n: { data: { fr: { title: 'Sécurité' } } } },
    dashboard: { template: 'default', title: 'Overview' },
    hidden: { visible: false },
    board: { requiredRoles: ['Administrator'] },
    manage: { template: 'manager' },
  },
};

// docs/product/reporting.md#dashboard: pages, 'dashboard' first, requiredRoles, Manage Period for administrators, managers and editors.
describe('page choices', () => {
  it("lists visible pages the user may open, 'dashboard' first, and Manage Period for a manager", () => {
    const choices = pageChoicesOf(report, ['manager'], true);
    expect(choices.pages.map((page) => page.name)).toEqual(['dashboard', 'safety']);
    expect(choices.manager?.name).toBe('manage');
    expect(pageChoicesOf(report, ['administrator'], true).pages.map((page) => page.name)).toEqual(['dashboard', 'safety', 'board']);
  });

  it("titles each page in the user's language when it has a translation, else by its own title, else its name", () => {
    const titles = (language?: string) => pageChoicesOf(report, ['administrator'], true, language).pages.map((page) => page.title);
    expect(titles('fr-CA')).toEqual(['Overview', 'Sécurité', 'board']);
    expect(titles('es')).toEqual(['Overview', 'Safety', 'board']);
    expect(titles()).toEqual(['Overview', 'Safety', 'board']);
  });

  it('keeps Manage Period from a reader and says Not Authorised when asked for it', () => {
    const choices = pageChoicesOf(report, ['reader'], true);
    expect(choices.manager).toBeNull();
    expect(resolvePage(report, choices, 'manage', ['reader'])).toEqual({ kind: 'notAuthorised' });
    expect(resolvePage(report, choices, 'board', ['reader'])).toEqual({ kind: 'notAuthorised' });
  });

  it('falls back to dashboard for no or an unknown page, and offers Manage Period even without a page for it', () => {
    const choices = pageChoicesOf(report, ['reader'], true);
    expect(resolvePage(report, choices, null, ['reader'])).toMatchObject({ kind: 'page', choice: { name: 'dashboard' } });
    expect(resolvePage(report, choices, 'nope', ['reader'])).toMatchObject({ kind: 'page', choice: { name: 'dashboard' } });
    const bare = pageChoicesOf({ id: 1, title: 'x', schema: { dashboard: {} } }, ['editor'], true);
    expect(bare.manager).toMatchObject({ name: 'manager', page: { template: 'manager' } });
    expect(pageChoicesOf({ id: 1, title: 'x', schema: { dashboard: {} } }, ['editor'], false).manager).toBeNull();
    expect(resolvePage({ id: 1, title: 'x', schema: {} }, pageChoicesOf({ id: 1, title: 'x', schema: {} }, [], false), null, [])).toEqual({
      kind: 'none',
    });
  });
});
