/** Booleans: a checkbox; Yes/No on the document page. */
import { isBooleanControl, rankWith, type ControlProps } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ReadField } from '../../support/read-field.tsx';
import { domId, firstError, modeOf } from '../../support/control-props.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function BooleanControl({ data, handleChange, path, label, errors, enabled, visible, id, description, config }: ControlProps) {
  const { t } = useTranslation();
  if (!visible) return null;
  const mode = modeOf(config);
  if (mode === 'read') return <ReadField label={label}>{data === true ? t('forms.yes') : data === false ? t('forms.no') : ''}</ReadField>;
  const error = firstError(errors);
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            id={domId(id, path)}
            checked={data === true}
            disabled={!enabled}
            // In a filter, unticking means "any", not "false".
            onChange={(event) => handleChange(path, event.target.checked ? true : mode === 'filter' ? undefined : false)}
          />
        }
        label={label}
      />
      {(error || description) && <FormHelperText error={error !== ''}>{error || description}</FormHelperText>}
    </Box>
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.base, isBooleanControl),
  renderer: withJsonFormsControlProps(BooleanControl),
};
