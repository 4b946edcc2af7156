/** The event-type filter (docs/product/workflow-and-timeline.md#limits); nothing chosen means every type. */
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { useTranslation } from 'react-i18next';
import { EVENT_FILTER_TYPES } from '@docket/shared';
import type { EventType } from '@docket/shared';
import { eventTypeKey } from './event-labels.ts';

export function EventTypeFilter({ value, onChange }: { value: readonly EventType[]; onChange: (types: EventType[]) => void }) {
  const { t } = useTranslation();
  const id = 'event-type-filter';
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id={`${id}-label`} shrink>
        {t('activity.filter')}
      </InputLabel>
      <Select<EventType[]>
        labelId={`${id}-label`}
        multiple
        displayEmpty
        value={[...value]}
        onChange={(event) => onChange(typeof event.target.value === 'string' ? [] : event.target.value)}
        input={<OutlinedInput notched label={t('activity.filter')} />}
        renderValue={(selected) =>
          selected.length === 0 ? t('activity.allTypes') : selected.map((type) => t(eventTypeKey(type))).join(', ')
        }
      >
        {EVENT_FILTER_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            <Checkbox size="small" checked={value.includes(type)} />
            <ListItemText primary={t(eventTypeKey(type))} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
