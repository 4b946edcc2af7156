/**
 * Live preview of an edited schema (spec issue 5 item 5): its form (edit mode, empty document)
 * and its list (the columns over the type's real documents when the type exists already).
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type { DocumentSchema } from '@docket/shared';
import { documentRecordApi } from '../../api/record-api.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { DocumentForm } from '../../forms/document-form.tsx';
import { schemaTranslator } from '../../forms/schema-i18n.ts';
import { newDocumentData } from '../../forms/support/initial-data.ts';
import { useFormProblems } from '../../forms/use-form-problems.ts';
import type { Viewer } from '../../lists/filter-dialog.tsx';
import { ListView } from '../../lists/list-view.tsx';
import { PreviewBoundary } from './preview-boundary.tsx';

function FormPreview({ definition, viewer }: { definition: DocumentSchema; viewer: Viewer }) {
  const translate = useMemo(() => schemaTranslator(definition, viewer.lang), [definition, viewer.lang]);
  const [data, setData] = useState(() => newDocumentData(definition, {}, viewer));
  const problems = useFormProblems(definition.form?.schema, data, true, translate);
  if (!definition.form?.schema) return null;
  return (
    <DocumentForm
      schema={definition.form.schema}
      uischema={definition.form.uiSchema}
      data={data}
      onChange={setData}
      mode="edit"
      problems={problems}
      appId={viewer.appId}
      userId={viewer.userId}
      lang={viewer.lang}
      translate={translate}
      resources={definition.resources}
    />
  );
}

export function SchemaPreview({ definition, version, viewer }: { definition: DocumentSchema; version: string; viewer: Viewer }) {
  const { t } = useTranslation();
  const showMessage = useMessageBar();
  const [tab, setTab] = useState<'form' | 'list'>('form');
  const api = useMemo(() => documentRecordApi(viewer.appId, definition.type), [viewer.appId, definition.type]);
  return (
    <Paper variant="outlined" data-testid="schema-preview">
      {/* Scrollable: on a phone the French and Spanish tab names are wider than the screen. */}
      <Tabs
        value={tab}
        onChange={(_event, next: 'form' | 'list') => setTab(next)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="form" label={t('admin.previewForm')} id="preview-tab-form" aria-controls="preview-panel" />
        <Tab value="list" label={t('admin.previewList')} id="preview-tab-list" aria-controls="preview-panel" />
      </Tabs>
      <Box id="preview-panel" role="tabpanel" aria-labelledby={`preview-tab-${tab}`} sx={{ p: 2 }}>
        <PreviewBoundary key={`${tab}-${version}`} message={tab === 'form' ? t('admin.previewForm') : t('admin.previewList')}>
          {tab === 'form' ? (
            <FormPreview definition={definition} viewer={viewer} />
          ) : (
            <ListView
              type={definition}
              api={api}
              storageKey={`${viewer.appId}.preview.${definition.type}`}
              viewer={viewer}
              hrefOf={() => undefined}
              onOpen={() => undefined}
              onMessage={showMessage}
              isPicker
            />
          )}
        </PreviewBoundary>
      </Box>
    </Paper>
  );
}
