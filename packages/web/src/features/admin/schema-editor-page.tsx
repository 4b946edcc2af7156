/**
 * admin/schemas/{id} (and docs/schema/{id}): a type schema's editor (spec issue 5 item 5): the
 * common properties as a form, the whole schema in the CodeMirror JSON editor with its problems
 * listed, a live preview of the generated form and list, the saved versions and the type's indexes
 * (two tabs; `?tab=indexes` opens the second). `new` starts from a template or, with `?from=type`,
 * from a built-in type to customise, whose Indexes tab is there before its first save.
 */
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { useTranslation } from 'react-i18next';
import { builtinTypeByName, SCHEMA_TYPE, type DocumentSchema } from '@docket/shared';
import { definitionOfSchemaDocument, documentTypesKey } from '../../api/document-types.ts';
import { describeError } from '../../api/describe-error.ts';
import { documentRecordApi } from '../../api/record-api.ts';
import { useRecord, useSaveRecord } from '../../api/records-api.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { JsonCodeEditor } from '../../components/json-code-editor.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDebounced } from '../../forms/support/use-debounced.ts';
import { useSaveShortcut } from '../../shortcuts/use-save-shortcut.ts';
import { useViewer } from '../documents/use-document-type.ts';
import { AdminGate } from './admin-gate.tsx';
import { SchemaCommonForm } from './schema-common-form.tsx';
import { newSchemaTemplate, parseSchemaText } from './schema-problems.ts';
import { SchemaPreview } from './schema-preview.tsx';
import { SchemaVersions } from './schema-versions.tsx';
import { SchemaIndexes } from './schema-indexes.tsx';
import { isRecordRouteId } from '../../app/route-ids.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

export default function SchemaEditorPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return <AdminGate section={t('admin.schemas')}>{isRecordRouteId(id) ? <SchemaLoader key={id} id={id} /> : <NotFoundPage />}</AdminGate>;
}

function SchemaLoader({ id }: { id: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [params] = useSearchParams();
  const isNew = id === 'new' || id === '0';
  const api = useMemo(() => documentRecordApi(viewer.appId, SCHEMA_TYPE), [viewer.appId]);
  const record = useRecord(api, id, !isNew);
  if (!isNew && record.isPending) return <LoadingScreen label={t('common.loading')} />;
  if (!isNew && record.isError) return <Alert severity="error">{describeError(record.error, t, t('common.unknownError'))}</Alert>;
  const from = params.get('from');
  // Customising a built-in type: its indexes exist before its stored copy does.
  const builtinType = isNew && from ? builtinTypeByName(from) : undefined;
  const initial = isNew ? (builtinType ?? newSchemaTemplate()) : definitionOfSchemaDocument(record.data ?? {});
  const version = (record.data?.meta as { version?: number } | undefined)?.version;
  const builtin = builtinType !== undefined;
  const askedForIndexes = params.get('tab') === 'indexes';
  return (
    <SchemaEditor
      id={isNew ? null : Number(id)}
      initial={initial}
      version={version}
      builtin={builtin}
      firstTab={askedForIndexes || builtin ? 'indexes' : 'versions'}
      showTabs={askedForIndexes}
    />
  );
}

type SchemaTab = 'versions' | 'indexes';

/**
 * `version`: the stored schema document's version when it was read; the save names it. `builtin`:
 * a built-in type being customised, which has indexes but no saved versions yet. `showTabs`: the
 * link asked for a tab (the schemas list's Indexes): the tabs come first, before the preview and,
 * on a phone, before the form's editor.
 */
function SchemaEditor({
  id,
  initial,
  version,
  builtin,
  firstTab,
  showTabs,
}: {
  id: number | null;
  initial: DocumentSchema;
  version: number | undefined;
  builtin: boolean;
  firstTab: SchemaTab;
  showTabs: boolean;
}) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showMessage = useMessageBar();
  const api = useMemo(() => documentRecordApi(viewer.appId, SCHEMA_TYPE), [viewer.appId]);
  const save = useSaveRecord(api);
  const [text, setText] = useState(() => pretty(initial));
  const [tab, setTab] = useState<SchemaTab>(firstTab);
  const parsed = useMemo(() => parseSchemaText(text, (message) => t('admin.invalidJson', { message })), [text, t]);
  const settledText = useDebounced(text, 500);
  const settled = useMemo(() => parseSchemaText(settledText, (message) => message), [settledText]);
  // While the text has problems the preview keeps showing the last schema that had none.
  const [previewed, setPreviewed] = useState<{ definition: DocumentSchema; text: string } | null>(null);
  if (settled.definition && settled.problems.length === 0 && previewed?.text !== settledText)
    setPreviewed({ definition: settled.definition, text: settledText });
  const title = t('admin.schemaEditor', { type: parsed.definition?.type ?? initial.type });
  usePageTitle(title, { label: t('admin.schemas'), to: '/admin/schemas' });

  const submit = () =>
    parsed.definition &&
    save.mutate(
      {
        id,
        data: { ...(parsed.definition as unknown as Record<string, unknown>), ...(version === undefined ? {} : { meta: { version } }) },
      },
      {
        onSuccess: (saved) => {
          showMessage(t('admin.schemaSaved'), 'success');
          void queryClient.invalidateQueries({ queryKey: documentTypesKey(viewer.appId) });
          if (id === null) void navigate(`/admin/schemas/${String(saved.id)}`, { replace: true });
        },
        onError: (error) => showMessage(describeError(error, t, id === null ? t('form.createError') : t('form.updateError')), 'error'),
      },
    );
  // Versions and indexes, below the preview; first when a link asked for a tab (the schemas list's Indexes).
  const tabsPanel = (id !== null || builtin) && (
    <Paper sx={{ p: 2 }} component="section" aria-label={t(tab === 'versions' ? 'admin.versions' : 'admin.indexes')}>
      <Tabs value={tab} onChange={(_event, next: SchemaTab) => setTab(next)} sx={{ mb: 1 }}>
        {id !== null && <Tab value="versions" label={t('admin.versions')} id="schema-tab-versions" aria-controls="schema-tabpanel" />}
        <Tab value="indexes" label={t('admin.indexes')} id="schema-tab-indexes" aria-controls="schema-tabpanel" />
      </Tabs>
      <div role="tabpanel" id="schema-tabpanel" aria-labelledby={`schema-tab-${tab}`}>
        {tab === 'versions' && id !== null ? (
          <SchemaVersions appId={viewer.appId} id={id} lang={viewer.lang} />
        ) : (
          <SchemaIndexes appId={viewer.appId} type={initial.type} lang={viewer.lang} />
        )}
      </div>
    </Paper>
  );
  const problems = parsed.problems;
  // Ctrl+S / Cmd+S saves exactly as the Save button, from inside the JSON editor too; it is
  // enabled while that button is (no problems listed in its place, no save running).
  const canSave = problems.length === 0 && !save.isPending;
  useSaveShortcut(submit, canSave);
  return (
    <Stack spacing={2}>
      <PageHeader
        title={title}
        backTo="/admin/schemas"
        actions={
          problems.length > 0 ? (
            <Button
              variant="contained"
              color="error"
              startIcon={<ErrorIcon />}
              onClick={() => document.getElementById('schema-problems')?.focus()}
            >
              {t('admin.schemaProblems', { count: problems.length })}
            </Button>
          ) : (
            <Button variant="contained" startIcon={<SaveIcon />} onClick={submit} disabled={save.isPending}>
              {t('common.save')}
            </Button>
          )
        }
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Stack spacing={2}>
            <Paper sx={{ p: 2 }} component="section" aria-labelledby="schema-common-title">
              <Typography id="schema-common-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
                {t('admin.commonProperties')}
              </Typography>
              {parsed.definition ? (
                <SchemaCommonForm definition={parsed.definition} onChange={(next) => setText(pretty(next))} viewer={viewer} />
              ) : (
                <Alert severity="info">{problems[0]?.message}</Alert>
              )}
            </Paper>
            <Paper sx={{ p: 2 }} component="section" aria-labelledby="schema-json-title">
              <Typography id="schema-json-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
                {t('admin.schemaJson')}
              </Typography>
              <JsonCodeEditor value={text} onChange={setText} height="480px" label={t('admin.schemaJson')} />
              {problems.length > 0 && (
                <List
                  dense
                  id="schema-problems"
                  tabIndex={-1}
                  aria-label={t('admin.schemaProblems', { count: problems.length })}
                  data-testid="schema-problems"
                >
                  {problems.map((problem, index) => (
                    <ListItem key={index} disableGutters>
                      <ListItemText
                        primary={problem.message}
                        secondary={problem.path || undefined}
                        slotProps={{ primary: { color: 'error' } }}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </Paper>
          </Stack>
        </Grid>
        {/* A link that asked for a tab finds it first on a phone too, above the form's editor. */}
        <Grid size={{ xs: 12, lg: 6 }} sx={{ order: { xs: showTabs ? -1 : 0, lg: 0 } }}>
          <Stack spacing={2}>
            {showTabs && tabsPanel}
            {previewed && <SchemaPreview definition={previewed.definition} version={previewed.text} viewer={viewer} />}
            {!showTabs && tabsPanel}
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
