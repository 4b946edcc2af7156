/** VerticalLayout: children stacked, or in a grid when `options.grid` names a column count. */
import { rankWith, uiTypeIs, type LayoutProps, type VerticalLayout } from '@jsonforms/core';
import { withJsonFormsLayoutProps } from '@jsonforms/react';
import { LayoutChildren } from '../../support/layout-children.tsx';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function VerticalLayoutRenderer({ uischema, schema, path, enabled, visible, renderers, cells }: LayoutProps) {
  if (!visible) return null;
  const layout = uischema as VerticalLayout;
  const grid = Number(layout.options?.grid);
  const arrangement = Number.isInteger(grid) && grid > 1 ? { kind: 'grid' as const, columns: grid } : { kind: 'column' as const };
  return (
    <LayoutChildren
      elements={layout.elements}
      schema={schema}
      path={path}
      enabled={enabled}
      renderers={renderers}
      cells={cells}
      arrangement={arrangement}
    />
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.base, uiTypeIs('VerticalLayout')),
  renderer: withJsonFormsLayoutProps(VerticalLayoutRenderer),
};
