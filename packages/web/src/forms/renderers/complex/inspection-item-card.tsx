/**
 * One inspection item (docs/product/documents-and-schemas.md#inspections): its words from the
 * template, the answer (Poor / Sufficient / Good or N/A: toggle buttons, reachable with Tab and
 * pressed with Space or Enter), notes, photos uploaded on pick, and — when Poor — an action to
 * raise (docs/product/workflow-and-timeline.md#tracked-actions). An action drafted here is created
 * by the next Save, also on an inspection never saved before; the card says so.
 */
import { useId, useState } from 'react';
import { JsonFormsDispatch } from '@jsonforms/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddAPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import AddTaskIcon from '@mui/icons-material/AddTask';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import type { UISchemaElement } from '@jsonforms/core';
import { BEST_RATING, POOR_RATING, type InspectionItem, type JsonSchema } from '@docket/shared';
import { documentFileUrl, uploadDocumentFiles } from '../../../api/attachments-api.ts';
import { useFormServices } from '../../form-services.ts';
import type { Choice } from '../../support/schema-options.ts';
import { textOrUndefined } from '../../support/value-parsing.ts';

const NOT_APPLICABLE = 'na';

/** The action's fields, drawn by the form's own controls (date picker, people picker). */
const actionLayout = {
  type: 'VerticalLayout',
  elements: [
    { type: 'Control', scope: '#/properties/action_descrip', options: { multi: true } },
    {
      type: 'HorizontalLayout',
      elements: [
        { type: 'Control', scope: '#/properties/action_due_date' },
        { type: 'Control', scope: '#/properties/action_actionee_ids' },
      ],
    },
  ],
} as UISchemaElement;

interface InspectionItemCardProps {
  item: InspectionItem;
  path: string;
  itemSchema: JsonSchema | undefined;
  ratings: Choice[];
  /** Absent while the inspection is not saved yet: photos need a document to attach to. */
  docId: number | undefined;
  actionDisplayId: string | undefined;
  isReadOnly: boolean;
  onChange: (path: string, value: unknown) => void;
}

function ratingColor(value: unknown): 'error' | 'warning' | 'success' {
  if (value === POOR_RATING) return 'error';
  return value === BEST_RATING ? 'success' : 'warning';
}

export function InspectionItemCard(props: InspectionItemCardProps) {
  const { item, path, itemSchema, ratings, docId, actionDisplayId, isReadOnly, onChange } = props;
  const { t } = useTranslation();
  const { appId, mode } = useFormServices();
  const titleId = useId();
  const [isDrafting, setIsDrafting] = useState(false);
  const [upload, setUpload] = useState<'idle' | 'busy' | 'failed'>('idle');
  const answer = item.na ? NOT_APPLICABLE : (item.value ?? null);
  const hasDraft = item.action_descrip !== undefined || isDrafting;
  const isPoor = item.value === POOR_RATING && !item.na;
  const photos = item.photos ?? [];

  const answerWith = (next: number | string | null) => {
    if (next === NOT_APPLICABLE) onChange(path, { ...item, na: true, value: undefined });
    else onChange(path, { ...item, na: false, value: typeof next === 'number' ? next : undefined });
  };
  const dropDraft = () => {
    setIsDrafting(false);
    onChange(path, { ...item, action_descrip: undefined, action_due_date: undefined, action_actionee_ids: undefined });
  };
  const addPhotos = async (files: File[]) => {
    if (docId === undefined || files.length === 0) return;
    setUpload('busy');
    try {
      const stored = await uploadDocumentFiles(appId, docId, files);
      onChange(`${path}.photos`, [...photos, ...stored.map((entry) => entry.name)]);
      setUpload('idle');
    } catch {
      setUpload('failed');
    }
  };
  const ratingLabel = item.na ? t('inspections.notApplicable') : ratings.find((choice) => choice.value === item.value)?.label;

  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        borderLeft: 4,
        borderLeftColor: answer === null ? 'divider' : item.na ? 'text.disabled' : `${ratingColor(item.value)}.main`,
      }}
      data-testid="inspection-item"
      role="group"
      aria-labelledby={titleId}
    >
      <Stack spacing={1.5}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {item.title}
        </Typography>
        {item.questions && item.questions.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 3, color: 'text.secondary' }}>
            {item.questions.map((question, index) => (
              <li key={index}>{question}</li>
            ))}
          </Box>
        )}
        {item.guidance && (
          <Typography variant="body2" color="text.secondary">
            {item.guidance}
          </Typography>
        )}
        {isReadOnly ? (
          <Typography>{ratingLabel ?? t('inspections.notAnswered')}</Typography>
        ) : (
          <ToggleButtonGroup
            exclusive
            value={answer}
            aria-labelledby={titleId}
            onChange={(_event, next: number | string | null) => answerWith(next)}
            // One row on a phone too: four equal buttons, big enough for a thumb.
            sx={{
              width: { xs: '100%', sm: 'auto' },
              '& .MuiToggleButton-root': {
                flex: { xs: 1, sm: 'none' },
                minWidth: { xs: 0, sm: 104 },
                minHeight: 44,
                px: { xs: 0.5, sm: 1.5 },
                fontSize: { xs: '0.75rem', sm: '0.875rem' },
              },
            }}
          >
            {ratings.map((choice) => (
              <ToggleButton key={String(choice.value)} value={choice.value} color={ratingColor(choice.value)}>
                {choice.label}
              </ToggleButton>
            ))}
            <ToggleButton value={NOT_APPLICABLE}>{t('inspections.notApplicable')}</ToggleButton>
          </ToggleButtonGroup>
        )}
        {isReadOnly ? (
          item.notes && <Typography variant="body2">{item.notes}</Typography>
        ) : (
          <TextField
            size="small"
            label={t('forms.notes')}
            value={item.notes ?? ''}
            onChange={(event) => onChange(`${path}.notes`, textOrUndefined(event.target.value))}
            multiline
            fullWidth
          />
        )}
        {(photos.length > 0 || !isReadOnly) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} data-testid="inspection-photos">
            {docId !== undefined &&
              photos.map((name) => (
                <Box key={name} sx={{ position: 'relative' }}>
                  <Link href={documentFileUrl(docId, name)} target="_blank" rel="noopener" title={name}>
                    <Box
                      component="img"
                      src={documentFileUrl(docId, name, true)}
                      alt={name}
                      loading="lazy"
                      sx={{
                        width: 88,
                        height: 88,
                        objectFit: 'cover',
                        borderRadius: 1,
                        border: 1,
                        borderColor: 'divider',
                        display: 'block',
                      }}
                    />
                  </Link>
                  {!isReadOnly && (
                    <IconButton
                      size="small"
                      aria-label={t('inspections.removePhoto', { name })}
                      onClick={() =>
                        onChange(
                          `${path}.photos`,
                          photos.filter((photo) => photo !== name),
                        )
                      }
                      sx={{
                        position: 'absolute',
                        top: 2,
                        right: 2,
                        bgcolor: 'background.paper',
                        '&:hover': { bgcolor: 'background.paper' },
                      }}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  )}
                </Box>
              ))}
            {!isReadOnly && (
              <Button
                component="label"
                size="small"
                variant="outlined"
                startIcon={<AddAPhotoIcon />}
                disabled={docId === undefined || upload === 'busy'}
                title={docId === undefined ? t('inspections.photosAfterSave') : undefined}
              >
                {upload === 'busy' ? t('inspections.uploading') : t('inspections.addPhoto')}
                <input
                  hidden
                  type="file"
                  accept="image/*"
                  multiple
                  onChange={(event) => {
                    const files = [...(event.target.files ?? [])].slice(0, 10);
                    event.target.value = '';
                    void addPhotos(files);
                  }}
                />
              </Button>
            )}
          </Stack>
        )}
        {upload === 'failed' && <Alert severity="error">{t('inspections.uploadError')}</Alert>}
        {item.action_id !== undefined ? (
          <Typography variant="body2" data-testid="inspection-action">
            {t('inspections.actionRaised')} <Link href={`#/docs/action/${item.action_id}`}>{actionDisplayId ?? `#${item.action_id}`}</Link>
            {item.action_descrip ? ` — ${item.action_descrip}` : ''}
          </Typography>
        ) : (
          !isReadOnly &&
          (hasDraft ? (
            <Stack spacing={1} sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }} data-testid="inspection-action-draft">
              <JsonFormsDispatch schema={itemSchema ?? {}} uischema={actionLayout} path={path} enabled />
              <Alert severity="info" action={<Button onClick={dropDraft}>{t('inspections.dropAction')}</Button>}>
                {t('inspections.actionOnSave')}
              </Alert>
            </Stack>
          ) : (
            isPoor &&
            mode === 'edit' && (
              <div>
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  startIcon={<AddTaskIcon />}
                  onClick={() => {
                    setIsDrafting(true);
                    onChange(`${path}.action_descrip`, item.title);
                  }}
                >
                  {t('inspections.raiseAction')}
                </Button>
              </div>
            )
          ))
        )}
      </Stack>
    </Paper>
  );
}
