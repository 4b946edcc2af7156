/**
 * Text fields: one line, or several with `options.multi`; `options.html` bodies (post contents)
 * are edited as text and shown sanitised on the document page. Empty text stores undefined
 * (docs/product/forms-and-lists.md#field-values); a required field left empty gets the red border from its error.
 */
import { isStringControl, rankWith, type ControlProps } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../components/rich-text.tsx';
import { useContentTranslation } from '../../../components/content-translation.tsx';
import { useFormServices } from '../../form-services.ts';
import { ReadField } from '../../support/read-field.tsx';
import { domId, fieldError, modeOf } from '../../support/control-props.ts';
import { textOrUndefined } from '../../support/value-parsing.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function TextControl({
  data,
  handleChange,
  path,
  label,
  required,
  errors,
  enabled,
  visible,
  uischema,
  schema,
  id,
  description,
  config,
}: ControlProps) {
  const { t } = useTranslation();
  if (!visible) return null;
  const options = uischema.options ?? {};
  const isHtml = options.html === true || (schema as { contentMediaType?: string }).contentMediaType === 'text/html';
  const value = typeof data === 'string' ? data : data === undefined || data === null ? '' : String(data);
  const isMulti = options.multi === true || isHtml;
  if (modeOf(config) === 'read') {
    if (isMulti && value) return <TranslatableReadField label={label} value={value} isHtml={isHtml} />;
    return <ReadField label={label}>{isHtml && value ? <RichText text={value} /> : value}</ReadField>;
  }
  const error = fieldError(errors, schema);
  const helper = error || (isHtml ? t('forms.htmlHelp') : description) || undefined;
  return (
    <TextField
      id={domId(id, path)}
      label={label}
      required={required}
      fullWidth
      multiline={isMulti}
      minRows={isHtml ? 8 : isMulti ? 3 : undefined}
      disabled={!enabled}
      value={value}
      error={error !== ''}
      helperText={helper}
      type={schema.format === 'email' ? 'email' : schema.format === 'password' ? 'password' : 'text'}
      autoComplete={schema.format === 'password' ? 'new-password' : undefined}
      onChange={(event) => handleChange(path, textOrUndefined(event.target.value))}
      slotProps={{ htmlInput: { maxLength: typeof schema.maxLength === 'number' ? schema.maxLength : undefined } }}
    />
  );
}

/** A long text on the document page, with Translate (docs/product/administration.md#translation). */
function TranslatableReadField({ label, value, isHtml }: { label: string; value: string; isHtml: boolean }) {
  const { appId } = useFormServices();
  const translation = useContentTranslation(appId, value);
  return (
    <ReadField label={label} testId="translatable-field">
      {isHtml ? <RichText text={translation.text} /> : translation.text}
      <div>{translation.action}</div>
      {translation.alert}
    </ReadField>
  );
}

export const entry: FormRendererEntry = { tester: rankWith(RANK.base, isStringControl), renderer: withJsonFormsControlProps(TextControl) };
