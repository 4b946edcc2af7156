/** A nested object (e.g. an investigation's SCAT part): its fields under the object's title. */
import { isObjectControl, rankWith, type StatePropsOfControlWithDetail } from '@jsonforms/core';
import { JsonFormsDispatch, withJsonFormsDetailProps } from '@jsonforms/react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDetailUiSchema } from '../../support/use-detail-ui-schema.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function ObjectRenderer({
  schema,
  uischema,
  uischemas,
  rootSchema,
  path,
  label,
  enabled,
  visible,
  renderers,
  cells,
}: StatePropsOfControlWithDetail) {
  const detail = useDetailUiSchema({ uischemas, schema, uischema, path, rootSchema });
  if (!visible) return null;
  return (
    <Box component="section" aria-label={label}>
      {label && (
        <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
          {label}
        </Typography>
      )}
      <JsonFormsDispatch schema={schema} uischema={detail} path={path} enabled={enabled} renderers={renderers} cells={cells} />
    </Box>
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.base, isObjectControl),
  renderer: withJsonFormsDetailProps(ObjectRenderer),
};
