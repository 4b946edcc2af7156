/**
 * 'Start inspection' (docs/product/documents-and-schemas.md#inspections): docs/inspection/0?edit
 * lists the enabled checklists to start from; with `template={id}` it opens the new inspection's
 * form on a copy of that checklist's revision (the server makes the same copy on save, from the
 * checklist itself).
 */
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import { snapshotOfTemplate, type DocumentSchema } from '@docket/shared';
import { documentRecordApi } from '../../api/record-api.ts';
import { useRecord, useRecordList, type RecordRow } from '../../api/records-api.ts';
import { describeError } from '../../api/describe-error.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { createHref, listHref } from '../documents/document-links.ts';
import { DocumentFormPage } from '../documents/document-form-page.tsx';
import { useDocumentType } from '../documents/use-document-type.ts';

export const TEMPLATE_TYPE = 'survey';

export function startInspectionHref(templateId: number | string): string {
  return createHref('inspection', { template: String(templateId) });
}

function TemplateCard({ template }: { template: RecordRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = Array.isArray(template.items) ? template.items.length : 0;
  const titleId = `template-${String(template.id)}`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {String(template.title ?? template.summary ?? '')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {String(template.display_id ?? '')} ·{' '}
          {t('inspections.templateFacts', {
            category: String(template.category ?? ''),
            revision: String(template.revision ?? 1),
            total: String(items),
          })}
        </Typography>
        {typeof template.descrip === 'string' && template.descrip && <Typography sx={{ mt: 1 }}>{template.descrip}</Typography>}
      </CardContent>
      <CardActions>
        <Button variant="contained" startIcon={<PlayArrowIcon />} onClick={() => void navigate(startInspectionHref(String(template.id)))}>
          {t('inspections.start')}
        </Button>
      </CardActions>
    </Card>
  );
}

function TemplateChooser({ type }: { type: DocumentSchema }) {
  const { t } = useTranslation();
  const { viewer, translate } = useDocumentType(type.type);
  const api = useMemo(() => documentRecordApi(viewer.appId, TEMPLATE_TYPE), [viewer.appId]);
  const templates = useRecordList(api, { filter: 'enabled = true', order: 'title asc', count: 100, start: 0 });
  const title = t('inspections.startTitle');
  usePageTitle(title, { label: translate(type.view?.title ?? type.type), to: listHref(type.type) });
  return (
    <Stack spacing={2}>
      <PageHeader title={title} backTo={listHref(type.type)} />
      <Typography>{t('inspections.chooseTemplate')}</Typography>
      {templates.isPending ? (
        <LoadingScreen label={t('common.loading')} />
      ) : templates.isError ? (
        <Alert severity="error">{describeError(templates.error, t, t('common.unknownError'))}</Alert>
      ) : (templates.data?.dataAr ?? []).length === 0 ? (
        <Alert severity="info">{t('inspections.noTemplates')}</Alert>
      ) : (
        <Grid container spacing={2} data-testid="inspection-templates">
          {(templates.data?.dataAr ?? []).map((template) => (
            <Grid key={String(template.id)} size={{ xs: 12, sm: 6, lg: 4 }}>
              <TemplateCard template={template} />
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}

function FromTemplate({ type, templateId }: { type: DocumentSchema; templateId: number }) {
  const { t } = useTranslation();
  const { viewer } = useDocumentType(type.type);
  const api = useMemo(() => documentRecordApi(viewer.appId, TEMPLATE_TYPE), [viewer.appId]);
  const template = useRecord(api, templateId);
  const seed = useMemo(() => {
    if (!template.data) return undefined;
    const { template: snapshot, items } = snapshotOfTemplate({
      id: Number(template.data.id),
      display_id: String(template.data.display_id ?? ''),
      data: template.data,
    });
    return { template_id: snapshot.id, template: snapshot, title: snapshot.title, items };
  }, [template.data]);
  if (template.isPending) return <LoadingScreen label={t('common.loading')} />;
  if (template.isError || !seed) {
    return (
      <Alert severity="error">
        {t('inspections.templateError', { title: String(templateId) })}: {describeError(template.error, t, t('common.unknownError'))}
      </Alert>
    );
  }
  return <DocumentFormPage key={templateId} type={type} id={0} seed={seed} />;
}

/** The create screen of an inspection: choose a checklist, then answer it. */
export function StartInspection({ type }: { type: DocumentSchema }) {
  const [params] = useSearchParams();
  const templateId = Number(params.get('template'));
  if (!Number.isSafeInteger(templateId) || templateId < 1) return <TemplateChooser type={type} />;
  return <FromTemplate type={type} templateId={templateId} />;
}
