/**
 * docs/{type}/{id}?edit: the form of a document; id 0 creates (docs/product/forms-and-lists.md#form-screen). Gates: 'No form
 * schema found for …' (no buttons), 'Error fetching {form title}', and edit rights.
 */
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { DocumentSchema } from '@docket/shared';
import { documentRecordApi } from '../../api/record-api.ts';
import { useRecord } from '../../api/records-api.ts';
import { describeError } from '../../api/describe-error.ts';
import { isApiRequestError } from '../../api/api-error.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { FullPageMessage } from '../../components/full-page-message.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { NotAuthorised } from '../../components/not-authorised.tsx';
import { newDocumentData } from '../../forms/support/initial-data.ts';
import { createHref, documentHref, listHref } from './document-links.ts';
import { FormEditor } from './form-editor.tsx';
import { parentMetaOf, parentOfQuery, seedFromQuery } from './form-seed.ts';
import { DocumentNotFound } from './document-not-found.tsx';
import { canCreate } from './type-access.ts';
import { useDocumentType } from './use-document-type.ts';

/** `seed`: data a create screen starts from besides the query's (an inspection's checklist copy). */
export function DocumentFormPage({ type, id, seed }: { type: DocumentSchema; id: number; seed?: Record<string, unknown> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { viewer, translate, catalog } = useDocumentType(type.type);
  const api = useMemo(() => documentRecordApi(viewer.appId, type.type), [viewer.appId, type.type]);
  const isCreate = id === 0;
  const record = useRecord(api, id, !isCreate);
  // Add child / Add Action: the parent is read so its field shows its display id and title.
  const parentRef = isCreate ? parentOfQuery(params) : null;
  const parentApi = useMemo(
    () => documentRecordApi(viewer.appId, parentRef?.type ?? type.type),
    [viewer.appId, parentRef?.type, type.type],
  );
  const parent = useRecord(parentApi, parentRef?.id ?? 0, parentRef !== null);
  const formTitle = translate(type.form?.title ?? type.type);
  const title = isCreate ? t('form.newTitle', { title: formTitle }) : t('form.editTitle', { title: formTitle });
  usePageTitle(title, { label: translate(type.view?.title ?? formTitle), to: listHref(type.type) });
  const parentRow = parent.data;
  const initial = useMemo(
    () => {
      if (!isCreate) return null;
      const data = newDocumentData(type, { ...seedFromQuery(type, params), ...seed }, viewer);
      // Server-owned: shown by the parent field, never sent (records-api.ts writableBody).
      return parentRef && parentRow ? { ...data, meta: { parent: parentMetaOf(parentRef.type, parentRow) } } : data;
    },
    // The seed is read once per opening of the form, like its defaults (the parent once it is read).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [isCreate, type, viewer.userId, viewer.timeZone, parentRow],
  );

  if (!type.form?.schema) return <FullPageMessage title={t('form.noFormSchema', { title: formTitle })} />;
  if (isCreate && !canCreate(type, catalog.data)) return <NotAuthorised />;
  if (!isCreate && record.isPending) return <LoadingScreen label={t('common.loading')} />;
  // A parent that cannot be read leaves the field its bare id, as before.
  if (parentRef && parent.isPending) return <LoadingScreen label={t('common.loading')} />;
  if (!isCreate && record.isError) {
    if (isApiRequestError(record.error) && record.error.status === 404) return <DocumentNotFound />;
    return (
      <Alert severity="error">
        {t('form.fetchError', { title: formTitle })}: {describeError(record.error, t, t('common.unknownError'))}
      </Alert>
    );
  }
  const data = initial ?? record.data;
  if (!data) return null;
  const access = (data.meta as { access?: { editor?: boolean } } | undefined)?.access;
  if (!isCreate && !viewer.isAdministrator && access?.editor !== true) return <NotAuthorised />;
  const hasActions = catalog.data?.byName.has('action') === true;
  return (
    <FormEditor
      type={type}
      api={api}
      id={isCreate ? null : id}
      initial={data}
      title={title}
      backTo={isCreate ? listHref(type.type) : documentHref(type.type, id)}
      viewer={viewer}
      translate={translate}
      afterSave={(saved, wasCreated) =>
        wasCreated || type.view?.uiSchemas ? documentHref(type.type, String(saved.id)) : listHref(type.type)
      }
      onAddAction={
        !isCreate && hasActions
          ? (request) => void navigate(createHref('action', { parent: id, parentType: type.type, summary: request.title }))
          : undefined
      }
    />
  );
}
