import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormError } from '../../components/errors-dialog.tsx';
import type { PostInput } from './post-api.ts';

/** The post type's required fields (spec 002 §3.4: summary and descrip). */
export function validatePost(values: PostInput, t: TFunction): FormError[] {
  const required: { field: keyof PostInput; label: string }[] = [
    { field: 'summary', label: t('form.summary') },
    { field: 'descrip', label: t('form.descrip') },
  ];
  return required
    .filter(({ field }) => String(values[field]).trim() === '')
    .map(({ field, label }) => ({ field, label, message: t('form.required', { field: label }) }));
}

interface PostFormFieldsProps {
  values: PostInput;
  onChange: (values: PostInput) => void;
  /** Required fields turn red only once the user has changed something. */
  showErrors: boolean;
  isDisabled: boolean;
}

export function PostFormFields({ values, onChange, showErrors, isDisabled }: PostFormFieldsProps) {
  const { t } = useTranslation();
  const isMissing = (field: 'summary' | 'descrip') => showErrors && values[field].trim() === '';
  return (
    <Stack spacing={3}>
      <TextField
        label={t('form.summary')}
        required
        autoFocus
        fullWidth
        disabled={isDisabled}
        value={values.summary}
        error={isMissing('summary')}
        onChange={(event) => onChange({ ...values, summary: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <TextField
        label={t('form.descrip')}
        required
        fullWidth
        multiline
        minRows={8}
        disabled={isDisabled}
        value={values.descrip}
        error={isMissing('descrip')}
        helperText={t('form.descripHelp')}
        onChange={(event) => onChange({ ...values, descrip: event.target.value })}
      />
      <Autocomplete
        multiple
        freeSolo
        autoSelect
        options={[] as string[]}
        value={values.tags}
        disabled={isDisabled}
        onChange={(_event, tags) => {
          const cleaned = [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
          onChange({ ...values, tags: cleaned });
        }}
        renderValue={(tags, getItemProps) =>
          tags.map((tag, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} label={tag} size="small" {...itemProps} />;
          })
        }
        renderInput={(params) => <TextField {...params} label={t('form.tags')} helperText={t('form.tagsHelp')} />}
      />
    </Stack>
  );
}
