/**
 * Ratings (docs/product/forms-and-lists.md#field-values): stars for a small integer scale (`options.rating`, or a field
 * named rating or score from 0 up to at most 10); 0 is the default and means "not rated".
 */
import { and, isIntegerControl, optionIs, or, rankWith, schemaMatches, scopeEndsWith, type ControlProps } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import type { JsonSchema } from '@docket/shared';
import { ReadField } from '../../support/read-field.tsx';
import { domId, firstError, modeOf } from '../../support/control-props.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function RatingControl({ data, handleChange, path, label, errors, enabled, visible, schema, id, description, config }: ControlProps) {
  if (!visible) return null;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 5;
  const value = typeof data === 'number' ? data : 0;
  if (modeOf(config) === 'read') return <ReadField label={label}>{`${value} / ${max}`}</ReadField>;
  const error = firstError(errors);
  const labelId = `${domId(id, path)}-label`;
  return (
    <Box>
      <Typography id={labelId} variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Rating
        name={domId(id, path)}
        max={max}
        value={value}
        disabled={!enabled}
        onChange={(_event, next) => handleChange(path, next ?? 0)}
        aria-labelledby={labelId}
      />
      {(error || description) && <FormHelperText error={error !== ''}>{error || description}</FormHelperText>}
    </Box>
  );
}

const isSmallScale = schemaMatches((schema) => {
  const s = schema as JsonSchema;
  return s.minimum === 0 && typeof s.maximum === 'number' && s.maximum <= 10 && !s.oneOf && !s.enum;
});

export const entry: FormRendererEntry = {
  tester: rankWith(
    RANK.specialised,
    and(isIntegerControl, or(optionIs('rating', true), and(isSmallScale, or(scopeEndsWith('rating'), scopeEndsWith('score'))))),
  ),
  renderer: withJsonFormsControlProps(RatingControl),
};
