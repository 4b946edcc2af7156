/**
 * The one select every remote lookup renders (identities, documents of a type, keywords): an
 * autocomplete, single or multiple, that stores bare values — or `{value, label}` objects with
 * `returnObject` and in filter mode, so chips and exports can name the choice without a lookup.
 */
import { useState } from 'react';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ListIcon from '@mui/icons-material/ListAlt';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ReadField } from './read-field.tsx';
import { isReturnObject } from './schema-options.ts';

export interface LookupOption {
  value: string | number;
  label: string;
  /** Greyed: e.g. a child keyword whose parent is not chosen, or an unmet dependency. */
  isDisabled?: boolean;
  /** Indented under its parent (keyword children). */
  depth?: number;
}

export interface LookupFieldProps {
  id: string;
  label: string;
  value: unknown;
  isMultiple: boolean;
  /** Store `{value, label}` rather than the bare value. */
  storesObjects: boolean;
  options: LookupOption[];
  /** Labels for selected values the current options lack (e.g. the server's data_normalised). */
  knownLabels?: ReadonlyMap<string, string>;
  isLoading: boolean;
  isEnabled: boolean;
  isReadOnly: boolean;
  required?: boolean;
  error: string;
  helper?: string;
  onSearch: (term: string) => void;
  onChange: (value: unknown) => void;
  /** Offers "Browse…" (the full list in a picker); answers the picked options, or null. */
  onBrowse?: () => Promise<LookupOption[] | null>;
}

function selectedValues(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

export function LookupField(props: LookupFieldProps) {
  const { t } = useTranslation();
  const {
    id,
    label,
    value,
    isMultiple,
    storesObjects,
    options,
    knownLabels,
    isLoading,
    isEnabled,
    isReadOnly,
    required,
    error,
    helper,
    onSearch,
    onChange,
    onBrowse,
  } = props;
  const [input, setInput] = useState('');
  const toOption = (item: unknown): LookupOption => {
    if (isReturnObject(item)) return { value: item.value, label: item.label };
    const found = options.find((option) => option.value === item);
    const key = String(item);
    return found ?? { value: item as string | number, label: knownLabels?.get(key) ?? key };
  };
  const selected = selectedValues(value).map(toOption);
  if (isReadOnly) {
    return (
      <ReadField label={label}>
        {isMultiple
          ? selected.map((option) => <Chip key={String(option.value)} label={option.label} size="small" sx={{ mr: 0.5, mb: 0.5 }} />)
          : (selected[0]?.label ?? '')}
      </ReadField>
    );
  }
  const store = (option: LookupOption) => (storesObjects ? { value: option.value, label: option.label } : option.value);
  const renderInput = (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      label={label}
      required={required}
      error={error !== ''}
      helperText={error || helper || undefined}
      // A greyed select's hint ("Choose Site first.") must stay readable: it is the explanation.
      slotProps={{ formHelperText: { sx: error ? undefined : { '&, &.Mui-disabled': { color: 'text.secondary' } } } }}
    />
  );
  const renderOption = (attributes: React.HTMLAttributes<HTMLLIElement> & { key: React.Key }, option: LookupOption) => {
    const { key, ...rest } = attributes;
    return (
      <li key={key} {...rest} style={{ paddingLeft: 16 + (option.depth ?? 0) * 24 }}>
        {option.label}
      </li>
    );
  };
  const onInputChange = (_event: unknown, next: string, reason: string) => {
    setInput(next);
    if (reason === 'input' || reason === 'clear') onSearch(next);
  };
  const shared = {
    id,
    options,
    loading: isLoading,
    disabled: !isEnabled,
    filterOptions: (all: LookupOption[]) => all, // the server has searched already
    getOptionLabel: (option: LookupOption) => option.label,
    getOptionDisabled: (option: LookupOption) => option.isDisabled === true,
    isOptionEqualToValue: (option: LookupOption, other: LookupOption) => option.value === other.value,
    inputValue: input,
    onInputChange,
    noOptionsText: t('forms.noOptions'),
    loadingText: t('common.loading'),
    renderOption,
    renderInput,
  };
  const field = isMultiple ? (
    <Autocomplete<LookupOption, true>
      {...shared}
      multiple
      disableCloseOnSelect
      value={selected}
      onChange={(_event, next) => onChange(next.length ? next.map(store) : undefined)}
    />
  ) : (
    <Autocomplete<LookupOption, false>
      {...shared}
      value={selected[0] ?? null}
      onChange={(_event, next) => onChange(next ? store(next) : undefined)}
    />
  );
  if (!onBrowse) return field;
  const browse = async () => {
    const picked = await onBrowse();
    if (!picked || picked.length === 0) return;
    if (!isMultiple) return onChange(store(picked[0] as LookupOption));
    const kept = selected.filter((option) => !picked.some((p) => p.value === option.value));
    onChange([...kept, ...picked].map(store));
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>{field}</Box>
      <Tooltip title={t('forms.browse', { label })}>
        <span>
          <IconButton onClick={() => void browse()} disabled={!isEnabled} aria-label={t('forms.browse', { label })} sx={{ mt: 1 }}>
            <ListIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
