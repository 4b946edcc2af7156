/**
 * Categorization: one tab per category, the first visible category shown first (docs/product/forms-and-lists.md#form-layouts).
 * Categories hidden by their rules leave the tab bar (e.g. an investigation's SCAT tab while the
 * format is TEXT).
 */
import { useMemo, useState } from 'react';
import { isVisible, rankWith, uiTypeIs, type Categorization, type Category, type LayoutProps } from '@jsonforms/core';
import { useJsonForms, withJsonFormsLayoutProps } from '@jsonforms/react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useFormServices } from '../../form-services.ts';
import { LayoutChildren } from '../../support/layout-children.tsx';
import { domId } from '../../support/control-props.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function CategorizationRenderer({ uischema, schema, path, enabled, visible, renderers, cells, config }: LayoutProps) {
  const { translate } = useFormServices();
  const ctx = useJsonForms();
  const data = ctx.core?.data;
  const ajv = ctx.core?.ajv;
  const categories = useMemo(
    () => ((uischema as Categorization).elements as Category[]).filter((category) => !ajv || isVisible(category, data, path, ajv, config)),
    [uischema, data, path, ajv, config],
  );
  const [selected, setSelected] = useState(0);
  if (!visible || categories.length === 0) return null;
  const index = Math.min(selected, categories.length - 1);
  const current = categories[index] as Category;
  const baseId = domId(undefined, `categories-${path}`);
  const labelOf = (category: Category) => translate(typeof category.label === 'string' ? category.label : '');
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Tabs
        value={index}
        onChange={(_event, next: number) => setSelected(next)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
      >
        {categories.map((category, i) => (
          <Tab key={labelOf(category) || i} label={labelOf(category)} id={`${baseId}-tab-${i}`} aria-controls={`${baseId}-panel-${i}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${baseId}-panel-${index}`} aria-labelledby={`${baseId}-tab-${index}`} sx={{ p: { xs: 2, sm: 3 } }}>
        <LayoutChildren
          key={index}
          elements={current.elements}
          schema={schema}
          path={path}
          enabled={enabled}
          renderers={renderers}
          cells={cells}
          arrangement={{ kind: 'column' }}
        />
      </Box>
    </Paper>
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.base, uiTypeIs('Categorization')),
  renderer: withJsonFormsLayoutProps(CategorizationRenderer),
};
