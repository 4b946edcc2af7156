/**
 * One survey item (docs/product/documents-and-schemas.md#survey-and-risk): its questions and guidance, the rating (1 Poor,
 * 3 Sufficient, 5 Good, from the schema's own options), notes, and 'Add Action' while it is
 * rated Poor (docs/product/documents-and-schemas.md#survey-and-risk). Sub-items are rated the same way.
 * On a template (a checklist, docs/product/documents-and-schemas.md#checklists) only the questions
 * and guidance show: templates are rated in the inspections started from them.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddTaskIcon from '@mui/icons-material/AddTask';
import { useTranslation } from 'react-i18next';
import type { Choice } from '../../support/schema-options.ts';
import { textOrUndefined } from '../../support/value-parsing.ts';

export const POOR_RATING = 1;

export interface SurveyEntry {
  title?: string;
  category?: string;
  descrip?: string;
  value?: number;
  valueAdd?: string;
  items?: { title?: string }[];
}

interface SurveyItemCardProps {
  entry: SurveyEntry;
  path: string;
  ratings: Choice[];
  /** A checklist template: nothing to rate, note or act on. */
  isTemplate?: boolean;
  isReadOnly: boolean;
  onChange: (path: string, value: unknown) => void;
  /** Absent while the document is not saved yet: an action needs a parent to link to. */
  onAddAction?: () => void;
  level: number;
}

export function SurveyItemCard({
  entry,
  path,
  ratings,
  isTemplate = false,
  isReadOnly,
  onChange,
  onAddAction,
  level,
}: SurveyItemCardProps) {
  const { t } = useTranslation();
  const title = entry.title || entry.category || '';
  const labelId = `${path.replace(/\W/g, '-')}-title`;
  const rating = ratings.find((choice) => choice.value === entry.value);
  return (
    <Stack spacing={1} sx={{ pl: level * 2 }} data-testid="survey-item">
      <Typography id={labelId} variant={level === 0 ? 'subtitle1' : 'body1'} sx={{ fontWeight: level === 0 ? 600 : 400 }}>
        {title}
      </Typography>
      {entry.items && entry.items.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 3, color: 'text.secondary' }}>
          {entry.items.map((question, index) => (
            <li key={index}>{question.title}</li>
          ))}
        </Box>
      )}
      {entry.descrip && (
        <Typography variant="body2" color="text.secondary">
          {entry.descrip}
        </Typography>
      )}
      {!isTemplate && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            {isReadOnly ? (
              <Typography>{rating?.label ?? '—'}</Typography>
            ) : (
              <ToggleButtonGroup
                exclusive
                size="small"
                value={entry.value ?? null}
                aria-labelledby={labelId}
                onChange={(_event, next: number | null) => onChange(`${path}.value`, next ?? undefined)}
              >
                {ratings.map((choice) => (
                  <ToggleButton
                    key={String(choice.value)}
                    value={choice.value}
                    color={choice.value === POOR_RATING ? 'error' : choice.value === 5 ? 'success' : 'warning'}
                  >
                    {choice.label}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            )}
            {entry.value === POOR_RATING && !isReadOnly && (
              <Button
                size="small"
                startIcon={<AddTaskIcon />}
                onClick={onAddAction}
                disabled={!onAddAction}
                title={onAddAction ? undefined : t('forms.saveBeforeAction')}
              >
                {t('forms.addAction')}
              </Button>
            )}
          </Stack>
          {isReadOnly ? (
            entry.valueAdd && <Typography variant="body2">{entry.valueAdd}</Typography>
          ) : (
            <TextField
              size="small"
              label={t('forms.notes')}
              value={entry.valueAdd ?? ''}
              onChange={(event) => onChange(`${path}.valueAdd`, textOrUndefined(event.target.value))}
              multiline
              fullWidth
            />
          )}
        </>
      )}
    </Stack>
  );
}
