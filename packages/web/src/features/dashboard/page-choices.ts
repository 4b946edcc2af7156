/**
 * Which pages of a report a user may open (docs/product/reporting.md#dashboard): the report's
 * page schemas that are visible and whose `requiredRoles` the user holds, 'dashboard' first; and
 * Manage Period (the 'manager' template) for administrators, managers and editors.
 */
import { localisedText } from '../reporting-api/translated-text.ts';
import type { PageSchema, Report } from '../reporting-api/index.ts';

export interface PageChoice {
  name: string;
  title: string;
  page: PageSchema;
}

export const MANAGER_PAGE_TEMPLATE = 'manager';
/** Roles that may open Manage Period (docs/product/reporting.md#manage-period). */
export const MANAGER_ROLES = ['administrator', 'manager', 'editor'];
/** The name Manage Period goes by when the report's layout has no page for it. */
export const MANAGER_PAGE_NAME = 'manager';

const isPage = (value: unknown): value is PageSchema => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

export function holdsRoles(required: readonly string[] | undefined, roles: readonly string[]): boolean {
  if (!required || required.length === 0) return true;
  const held = new Set(roles.map((role) => role.toLowerCase()));
  return required.some((role) => held.has(role.toLowerCase()));
}

/** The page's title in the user's language, else its own, else its name. */
function titleOf(name: string, page: PageSchema, language: string | undefined): string {
  return localisedText(page, 'title', language) ?? name;
}

export interface PageChoices {
  pages: PageChoice[];
  manager: PageChoice | null;
}

export function pageChoicesOf(report: Report, roles: readonly string[], hasManagerTemplate: boolean, language?: string): PageChoices {
  const schema = isPage(report.schema) ? report.schema : {};
  const pages: PageChoice[] = [];
  let manager: PageChoice | null = null;
  for (const [name, page] of Object.entries(schema)) {
    if (!isPage(page)) continue;
    if (page.template === MANAGER_PAGE_TEMPLATE) {
      if (!manager) manager = { name, title: titleOf(name, page, language), page };
      continue;
    }
    if (page.visible === false || !holdsRoles(page.requiredRoles, roles)) continue;
    pages.push({ name, title: titleOf(name, page, language), page });
  }
  pages.sort((a, b) => Number(b.name === 'dashboard') - Number(a.name === 'dashboard'));
  if (!manager && hasManagerTemplate)
    manager = { name: MANAGER_PAGE_NAME, title: MANAGER_PAGE_NAME, page: { template: MANAGER_PAGE_TEMPLATE } };
  if (manager && !holdsRoles([...MANAGER_ROLES], roles)) manager = null;
  return { pages, manager };
}

export type ResolvedPage = { kind: 'page'; choice: PageChoice } | { kind: 'notAuthorised' } | { kind: 'none' };

/**
 * The page to show for the query's `page`: that page when the user may open it (a page they may
 * not open is 'Not Authorised'), else 'dashboard', else the first page.
 */
export function resolvePage(report: Report, choices: PageChoices, requested: string | null, roles: readonly string[]): ResolvedPage {
  if (requested) {
    if (choices.manager?.name === requested) return { kind: 'page', choice: choices.manager };
    const found = choices.pages.find((choice) => choice.name === requested);
    if (found) return { kind: 'page', choice: found };
    const schema = isPage(report.schema) ? report.schema : {};
    const hidden = schema[requested];
    if (isPage(hidden) && (!holdsRoles(hidden.requiredRoles, roles) || hidden.template === MANAGER_PAGE_TEMPLATE))
      return { kind: 'notAuthorised' };
    if (requested === MANAGER_PAGE_NAME && !choices.manager) return { kind: 'notAuthorised' };
  }
  const first = choices.pages[0];
  return first ? { kind: 'page', choice: first } : { kind: 'none' };
}
