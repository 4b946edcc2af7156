/** HorizontalLayout: a row of equal columns on wide screens, stacked on phones. */
import { rankWith, uiTypeIs, type HorizontalLayout, type LayoutProps } from '@jsonforms/core';
import { withJsonFormsLayoutProps } from '@jsonforms/react';
import { LayoutChildren } from '../../support/layout-children.tsx';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function HorizontalLayoutRenderer({ uischema, schema, path, enabled, visible, renderers, cells }: LayoutProps) {
  if (!visible) return null;
  const layout = uischema as HorizontalLayout;
  return (
    <LayoutChildren
      elements={layout.elements}
      schema={schema}
      path={path}
      enabled={enabled}
      renderers={renderers}
      cells={cells}
      arrangement={{ kind: 'row' }}
    />
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.base, uiTypeIs('HorizontalLayout')),
  renderer: withJsonFormsLayoutProps(HorizontalLayoutRenderer),
};
