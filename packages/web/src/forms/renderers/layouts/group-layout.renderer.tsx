/**
 * Group (docs/product/forms-and-lists.md#form-layouts): an accordion, open by default; flat (a plain heading) in
 * filter mode, where folding would hide criteria; a group labelled Sorting is never shown (it
 * carries the list's order, which the filter form sets apart).
 */
import { rankWith, uiTypeIs, type GroupLayout, type LayoutProps } from '@jsonforms/core';
import { withJsonFormsLayoutProps } from '@jsonforms/react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useFormServices } from '../../form-services.ts';
import { LayoutChildren } from '../../support/layout-children.tsx';
import { domId } from '../../support/control-props.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

export const SORTING_GROUP_LABEL = 'Sorting';

function GroupRenderer({ uischema, schema, path, enabled, visible, renderers, cells, label }: LayoutProps) {
  const { mode, translate } = useFormServices();
  const group = uischema as GroupLayout;
  const rawLabel = typeof group.label === 'string' ? group.label : (label ?? '');
  if (!visible || rawLabel === SORTING_GROUP_LABEL) return null;
  const title = translate(rawLabel);
  const children = (
    <LayoutChildren
      elements={group.elements}
      schema={schema}
      path={path}
      enabled={enabled}
      renderers={renderers}
      cells={cells}
      arrangement={{ kind: 'column' }}
    />
  );
  if (mode === 'filter') {
    return (
      <Box component="section" aria-label={title}>
        {title && (
          <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
            {title}
          </Typography>
        )}
        {children}
      </Box>
    );
  }
  const headingId = domId(undefined, `group-${path}-${rawLabel}`);
  return (
    <Accordion
      defaultExpanded
      disableGutters
      variant="outlined"
      sx={{ '&:before': { display: 'none' } }}
      slotProps={{ transition: { unmountOnExit: false } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={headingId} sx={{ bgcolor: 'action.hover' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 2 }}>{children}</AccordionDetails>
    </Accordion>
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.base, uiTypeIs('Group')),
  renderer: withJsonFormsLayoutProps(GroupRenderer),
};
