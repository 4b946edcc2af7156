/**
 * The mail preview beside a notification rule's form (docs/product/mail.md#notifications): the
 * subject and text the rule would send, rendered by the server with the newest document of the
 * rule's type (`POST /v3/{appId}/notification/preview`), following the title, message and type
 * as they are typed.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDebounced } from '../../../forms/support/use-debounced.ts';
import { useNotificationPreview, type RuleDraft } from '../../../api/notification-preview-api.ts';
import type { FormPanelEntry, FormPanelProps } from '../form-panel.ts';

function draftOf(data: Record<string, unknown>): RuleDraft {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { title: text(data.title)?.trim() ?? '', message: text(data.message), target_type: text(data.target_type) };
}

function NotificationPreview({ appId, data }: FormPanelProps) {
  const { t } = useTranslation();
  // Debounced as text: a new data object on every keystroke must not restart the wait by itself.
  const settled = useDebounced(JSON.stringify(draftOf(data)), 400);
  const draft = useMemo(() => JSON.parse(settled) as RuleDraft, [settled]);
  const preview = useNotificationPreview(appId, draft);
  return (
    <Paper component="section" aria-labelledby="mail-preview-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="mail-preview">
      <Stack spacing={1}>
        <Typography id="mail-preview-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('referenceLists.mailPreview')}
        </Typography>
        {!draft.title && <Typography color="text.secondary">{t('referenceLists.mailPreviewEmpty')}</Typography>}
        {draft.title && preview.isError && <Alert severity="warning">{t('referenceLists.mailPreviewError')}</Alert>}
        {draft.title && preview.data && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('referenceLists.mailPreviewHint', {
                doc: preview.data.sample ? preview.data.sample.display_id : t('referenceLists.mailPreviewSample'),
              })}
            </Typography>
            <Typography variant="body2">
              <strong>{t('referenceLists.mailPreviewSubject')}:</strong> {preview.data.subject}
            </Typography>
            {/* The server's text is HTML-escaped for mail; shown as plain text it must read as typed. */}
            <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
              {unescapeHtml(preview.data.text)}
            </Typography>
          </>
        )}
      </Stack>
    </Paper>
  );
}

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);
}

export const entry: FormPanelEntry = { type: 'notification', Panel: NotificationPreview };
