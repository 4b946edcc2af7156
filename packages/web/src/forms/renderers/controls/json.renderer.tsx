/**
 * Free-form objects (a schema `object` without properties, or `options.json`): edited as JSON in
 * the code editor; the value changes only while the text parses.
 */
import { useEffect, useState } from 'react';
import { and, optionIs, or, rankWith, schemaMatches, uiTypeIs, type ControlProps } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { JsonSchema } from '@docket/shared';
import { JsonCodeEditor } from '../../../components/json-code-editor.tsx';
import { ReadField } from '../../support/read-field.tsx';
import { firstError, modeOf } from '../../support/control-props.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

const pretty = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

function JsonControl({ data, handleChange, path, label, errors, enabled, visible, description, config }: ControlProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => pretty(data));
  const [parseError, setParseError] = useState('');
  useEffect(() => {
    setText((current) => {
      try {
        return JSON.stringify(JSON.parse(current || 'null')) === JSON.stringify(data ?? null) ? current : pretty(data);
      } catch {
        return current;
      }
    });
  }, [data]);
  if (!visible) return null;
  if (modeOf(config) === 'read')
    return (
      <ReadField label={label}>
        {data === undefined ? (
          ''
        ) : (
          <Box component="pre" sx={{ m: 0, fontSize: 12 }}>
            {pretty(data)}
          </Box>
        )}
      </ReadField>
    );
  const change = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      setParseError('');
      return handleChange(path, undefined);
    }
    try {
      handleChange(path, JSON.parse(next));
      setParseError('');
    } catch {
      setParseError(t('forms.invalidJson'));
    }
  };
  const error = parseError || firstError(errors);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {label}
      </Typography>
      <JsonCodeEditor value={text} onChange={change} height="180px" isReadOnly={!enabled} label={label} />
      {(error || description) && <FormHelperText error={error !== ''}>{error || description}</FormHelperText>}
    </Box>
  );
}

const isFreeObject = schemaMatches((schema) => (schema as JsonSchema).type === 'object' && !(schema as JsonSchema).properties);

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.lookup, and(uiTypeIs('Control'), or(optionIs('json', true), isFreeObject))),
  renderer: withJsonFormsControlProps(JsonControl),
};
