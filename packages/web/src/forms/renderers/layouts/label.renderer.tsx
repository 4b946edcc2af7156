/** Label: a line of explanatory text between fields. */
import { rankWith, uiTypeIs, type LabelProps } from '@jsonforms/core';
import { withJsonFormsLabelProps } from '@jsonforms/react';
import Typography from '@mui/material/Typography';
import { useFormServices } from '../../form-services.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function LabelRenderer({ text, visible }: LabelProps) {
  const { translate } = useFormServices();
  if (!visible || !text) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate(text)}
    </Typography>
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.base, uiTypeIs('Label')),
  renderer: withJsonFormsLabelProps(LabelRenderer),
};
