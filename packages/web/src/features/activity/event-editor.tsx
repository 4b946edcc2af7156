/** Inline text editor for a comment edit or a reply: Save and Cancel (docs/product/workflow-and-timeline.md#events). */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface EventEditorProps {
  label: string;
  initial?: string;
  isBusy: boolean;
  onSave: (text: string) => void;
  onCancel: () => void;
}

export function EventEditor({ label, initial = '', isBusy, onSave, onCancel }: EventEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <TextField
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        autoFocus
        disabled={isBusy}
        size="small"
      />
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        <Button size="small" onClick={onCancel} disabled={isBusy}>
          {t('activity.cancel')}
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={() => onSave(text.trim())}
          disabled={isBusy || text.trim() === '' || text === initial}
        >
          {t('activity.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
