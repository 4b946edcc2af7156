/**
 * admin/{section}/{id}: the form of an identity or an access control entry (`new` creates), on
 * the same form screen as documents; after a save the list opens again.
 */
import { useMemo } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/describe-error.ts';
import type { RecordApi } from '../../api/record-api.ts';
import { useRecord } from '../../api/records-api.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { isRecordRouteId } from '../../app/route-ids.ts';
import { schemaTranslator } from '../../forms/schema-i18n.ts';
import { newDocumentData } from '../../forms/support/initial-data.ts';
import { FormEditor } from '../documents/form-editor.tsx';
import { useViewer } from '../documents/use-document-type.ts';
import { AdminGate } from './admin-gate.tsx';
import { adminSectionOf } from './admin-registry.ts';
import type { AdminSection } from './admin-section.ts';

export default function AdminRecordPage() {
  const { section = '', id = '' } = useParams();
  const { t } = useTranslation();
  const registered = adminSectionOf(section);
  const viewer = useViewer();
  // Built once here: the route check asks it what a key looks like, the form reads and saves through it.
  const api = useMemo(() => registered?.api(viewer.appId), [registered, viewer.appId]);
  return (
    <AdminGate section={t('admin.title')}>
      {registered?.hasForm && api && isRecordRouteId(id, api.isRecordId) ? (
        <AdminRecord key={`${section}-${id}`} section={registered} api={api} id={id} />
      ) : (
        <NotFoundPage />
      )}
    </AdminGate>
  );
}

/** The address an invitation answer (`{invited, invitation}`) was sent to. */
function invitedEmail(saved: Record<string, unknown>): string {
  const invitation = saved.invitation as { email?: unknown } | undefined;
  return typeof invitation?.email === 'string' ? invitation.email : '';
}

function AdminRecord({ section, api, id }: { section: AdminSection; api: RecordApi; id: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const isCreate = id === 'new';
  const record = useRecord(api, id, !isCreate);
  const translate = useMemo(() => schemaTranslator(section.type, viewer.lang), [section.type, viewer.lang]);
  const formTitle = translate(section.type.form?.title ?? section.id);
  const title = isCreate ? t('form.newTitle', { title: formTitle }) : t('form.editTitle', { title: formTitle });
  usePageTitle(title, { label: t(section.titleKey), to: `/admin/${section.id}` });
  const initial = useMemo(() => {
    if (isCreate) return newDocumentData(section.type, {}, viewer);
    return record.data ? (section.toForm?.(record.data) ?? record.data) : null;
  }, [isCreate, section, viewer, record.data]);
  if (!isCreate && record.isPending) return <LoadingScreen label={t('common.loading')} />;
  if (!isCreate && record.isError)
    return (
      <Alert severity="error">
        {t('form.fetchError', { title: formTitle })}: {describeError(record.error, t, t('common.unknownError'))}
      </Alert>
    );
  if (!initial) return null;
  const listPath = `/admin/${section.id}`;
  return (
    <FormEditor
      type={section.type}
      api={api}
      id={isCreate ? null : id}
      initial={initial}
      title={title}
      backTo={listPath}
      viewer={viewer}
      translate={translate}
      mapBody={section.fromForm}
      afterSave={() => listPath}
      savedMessage={(saved) => (saved.invited === true ? t('admin.invitationSentMessage', { email: invitedEmail(saved) }) : undefined)}
    />
  );
}
