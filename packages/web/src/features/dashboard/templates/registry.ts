/**
 * Page templates, keyed by a page schema's `template` (docs/product/reporting.md#dashboard):
 * 'manager' (Manage Period), 'Layout1', 'default' and the safety-reporting template. The card
 * grids travel with the dashboard (no extra chunk before the first card paints); Manage Period
 * loads on demand. An unknown name shows 'Report Template {x} not found!' (see template-outlet.tsx).
 *
 * Convention with Manage Period: `features/manage-period/index.ts` exports
 * `ManagePeriodPage(props: PageTemplateProps)` — `{ report, reportDate (YYYY-MM-DD, first of the
 * month), page (the page schema), pageName }`; see template-props.ts. It is found through
 * `import.meta.glob`, so this registry builds whether or not that module is present yet; when it
 * is absent the 'manager' template reads as not found.
 */
import { createElement, lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { PageTemplateProps } from './template-props.ts';
import { CardGridTemplate } from './card-grid-template.tsx';
import type { GridVariant } from './card-grid-template.tsx';

export type { PageTemplateProps } from './template-props.ts';

type TemplateModule = { default: ComponentType<PageTemplateProps> };
type Template = ComponentType<PageTemplateProps> | LazyExoticComponent<ComponentType<PageTemplateProps>>;

/** The page template that shows Manage Period. */
export const MANAGER_TEMPLATE = 'manager';
/** A page without `template` is a card grid. */
export const DEFAULT_TEMPLATE = 'default';

const managePeriodModules = import.meta.glob<{ ManagePeriodPage: ComponentType<PageTemplateProps> }>('../../manage-period/index.ts');
const managePeriodLoader = managePeriodModules['../../manage-period/index.ts'];

const gridTemplate =
  (variant: GridVariant): ComponentType<PageTemplateProps> =>
  (props: PageTemplateProps) =>
    createElement(CardGridTemplate, { ...props, variant });

const templates = new Map<string, Template>([
  ['default', gridTemplate('default')],
  ['Layout1', gridTemplate('Layout1')],
  ['safety', gridTemplate('safety')],
]);

if (managePeriodLoader) {
  templates.set(
    MANAGER_TEMPLATE,
    lazy(async (): Promise<TemplateModule> => ({ default: (await managePeriodLoader()).ManagePeriodPage })),
  );
}

/** The template component for a name; undefined when no template has that name. */
export function pageTemplateOf(name: string | undefined): Template | undefined {
  return templates.get(name?.trim() || DEFAULT_TEMPLATE);
}

export function hasPageTemplate(name: string | undefined): boolean {
  return templates.has(name?.trim() || DEFAULT_TEMPLATE);
}
