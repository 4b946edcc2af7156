/**
 * admin/{section}: a list view of an administration type on the generic list engine — the
 * issue-3 tables (identities, access control entries, logs, outbox), the administrative document
 * types (reference data, keyword lists), the Document Schemas and the All-documents search.
 */
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentSchema } from '@docket/shared';
import { useDocumentTypes } from '../../api/document-types.ts';
import { documentRecordApi, type RecordApi } from '../../api/record-api.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { ADMIN_CATEGORIES } from '../../app/forms-menu-groups.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { ListView } from '../../lists/list-view.tsx';
import type { Row } from '../../lists/support/cell-value.ts';
import { canCreate } from '../documents/type-access.ts';
import { createHref, documentHref } from '../documents/document-links.ts';
import { useDocumentType, useViewer } from '../documents/use-document-type.ts';
import { AdminGate } from './admin-gate.tsx';
import { adminSectionOf } from './admin-registry.ts';
import { AllDocumentsPage } from './all-documents-page.tsx';
import { MergeButton } from './merge-dialog.tsx';
import { PendingInvitations } from './pending-invitations.tsx';
import { SchemaListPage } from './schema-list-page.tsx';

export default function AdminSectionPage() {
  const { section = '' } = useParams();
  const { t } = useTranslation();
  return (
    <AdminGate section={t('admin.title')}>
      <SectionRouter key={section} section={section} />
    </AdminGate>
  );
}

function SectionRouter({ section }: { section: string }) {
  const { t } = useTranslation();
  const { type, translate, isLoading } = useDocumentType(section);
  if (section === 'schemas') return <SchemaListPage />;
  if (section === 'all-documents') return <AllDocumentsPage />;
  const registered = adminSectionOf(section);
  if (registered) {
    return (
      <AdminList
        type={registered.type}
        title={t(registered.titleKey)}
        makeApi={registered.api}
        section={section}
        hasForm={registered.hasForm}
      />
    );
  }
  if (isLoading) return <LoadingScreen label={t('common.loading')} />;
  if (type && ADMIN_CATEGORIES.has(type.category ?? '')) {
    return (
      <AdminList
        type={type}
        title={translate(type.view?.title ?? type.type)}
        makeApi={(appId) => documentRecordApi(appId, type.type)}
        section={section}
        isDocumentType
      />
    );
  }
  return <NotFoundPage />;
}

interface AdminListProps {
  type: DocumentSchema;
  title: string;
  section: string;
  makeApi: (appId: string) => RecordApi;
  hasForm?: boolean;
  isDocumentType?: boolean;
}

function AdminList({ type, title, section, makeApi, hasForm = false, isDocumentType = false }: AdminListProps) {
  const viewer = useViewer();
  const catalog = useDocumentTypes(viewer.appId, viewer.isAdministrator);
  const navigate = useNavigate();
  const showMessage = useMessageBar();
  const api = useMemo(() => makeApi(viewer.appId), [makeApi, viewer.appId]);
  usePageTitle(title, { label: title, to: `/admin/${section}` });
  const hrefOf = (row: Row) =>
    isDocumentType
      ? documentHref(type.type, String(row.id))
      : hasForm
        ? `/admin/${section}/${encodeURIComponent(String(api.idOf(row)))}`
        : undefined;
  const create = isDocumentType
    ? canCreate(type, catalog.data)
      ? createHref(type.type)
      : undefined
    : api.supportsCreate
      ? `/admin/${section}/new`
      : undefined;
  return (
    <>
      {section === 'users' && <PendingInvitations appId={viewer.appId} />}
      <ListView
        type={type}
        api={api}
        storageKey={`${viewer.appId}.admin.${section}`}
        viewer={viewer}
        hrefOf={hrefOf}
        onOpen={
          hasForm || isDocumentType
            ? (row) => {
                const href = hrefOf(row);
                if (href) void navigate(href);
              }
            : undefined
        }
        createHref={create}
        onMessage={showMessage}
        selectionActions={section === 'users' ? (selected, clear) => <MergeButton selected={selected} onDone={clear} /> : undefined}
      />
    </>
  );
}
