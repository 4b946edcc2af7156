import { useMemo } from 'react';
import { JsonFormsDispatch, useJsonForms } from '@jsonforms/react';
import {
  isVisible,
  type JsonFormsCellRendererRegistryEntry,
  type JsonFormsRendererRegistryEntry,
  type JsonSchema,
  type UISchemaElement,
} from '@jsonforms/core';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';

interface LayoutChildrenProps {
  elements: UISchemaElement[];
  schema: JsonSchema;
  path: string;
  enabled: boolean;
  renderers?: JsonFormsRendererRegistryEntry[];
  cells?: JsonFormsCellRendererRegistryEntry[];
  /** row: side by side on wide screens; grid: that many columns; column: stacked. */
  arrangement: { kind: 'column' } | { kind: 'row' } | { kind: 'grid'; columns: number };
}

/**
 * The children of a layout. Hidden children (by their rules) are left out before the grid is
 * sized, so a row of three with one hidden lays out as two, not as two and a hole.
 */
export function LayoutChildren({ elements, schema, path, enabled, renderers, cells, arrangement }: LayoutChildrenProps) {
  const ctx = useJsonForms();
  const data = ctx.core?.data;
  const ajv = ctx.core?.ajv;
  const shown = useMemo(
    () => elements.filter((element) => !ajv || isVisible(element, data, path, ajv, ctx.config)),
    [elements, data, path, ajv, ctx.config],
  );
  const dispatch = (element: UISchemaElement, index: number) => (
    <JsonFormsDispatch
      key={`${path}-${index}`}
      uischema={element}
      schema={schema}
      path={path}
      enabled={enabled}
      renderers={renderers}
      cells={cells}
    />
  );
  if (arrangement.kind === 'column') return <Stack spacing={2}>{shown.map(dispatch)}</Stack>;
  const columns = arrangement.kind === 'grid' ? arrangement.columns : Math.max(shown.length, 1);
  const size = Math.max(Math.floor(12 / columns), 1);
  return (
    <Grid container spacing={2}>
      {shown.map((element, index) => (
        <Grid key={`${path}-${index}`} size={{ xs: 12, sm: arrangement.kind === 'row' && columns > 2 ? 6 : size, md: size }}>
          {dispatch(element, index)}
        </Grid>
      ))}
    </Grid>
  );
}
