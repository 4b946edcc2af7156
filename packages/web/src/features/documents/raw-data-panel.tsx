/**
 * The raw-data view of a form (docs/product/forms-and-lists.md#form-screen): a group titled 'JSON Data' with the
 * warning, holding the document's data in the code editor. Valid JSON replaces the form's data.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { JsonCodeEditor } from '../../components/json-code-editor.tsx';

export function RawDataPanel({ data, onChange }: { data: Record<string, unknown>; onChange: (data: Record<string, unknown>) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(data, null, 2));
  const change = (next: string) => {
    setText(next);
    try {
      const parsed: unknown = JSON.parse(next);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) onChange(parsed as Record<string, unknown>);
    } catch {
      // Keep typing: the editor marks the syntax error, the form keeps its last valid data.
    }
  };
  return (
    <Paper component="section" aria-labelledby="json-data-title" sx={{ p: 2 }} data-testid="raw-data">
      <Stack spacing={1.5}>
        <Typography id="json-data-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('form.jsonData')}
        </Typography>
        <Alert severity="warning">{t('form.rawWarning')}</Alert>
        <JsonCodeEditor value={text} onChange={change} height="360px" label={t('form.jsonData')} />
      </Stack>
    </Paper>
  );
}
