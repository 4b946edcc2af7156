/**
 * docs/{type}: the list view of any document type (docs/product/forms-and-lists.md#list-view), News and Posts included, on the
 * generic list engine: Create when allowed, a star on the type, Save Global for administrators.
 */
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentSchema } from '@docket/shared';
import { documentRecordApi } from '../../api/record-api.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { describeError } from '../../api/describe-error.ts';
import { ListView } from '../../lists/list-view.tsx';
import { useStarred } from '../favourites/use-starred.ts';
import { createHref, documentHref, listHref } from './document-links.ts';
import { useSaveGlobalFilter } from './global-filter.ts';
import { canCreate } from './type-access.ts';
import { TypeGate } from './type-gate.tsx';
import { useDocumentType } from './use-document-type.ts';
import { DocumentMenu } from './document-menu.tsx';

export default function DocumentListPage() {
  const { type: name = '' } = useParams();
  return <TypeGate name={name}>{(type) => <DocumentList key={type.type} type={type} />}</TypeGate>;
}

function DocumentList({ type }: { type: DocumentSchema }) {
  const { t } = useTranslation();
  const { viewer, translate, catalog } = useDocumentType(type.type);
  const showMessage = useMessageBar();
  const stars = useStarred();
  const saveGlobal = useSaveGlobalFilter(viewer.appId, catalog.data);
  const api = useMemo(() => documentRecordApi(viewer.appId, type.type), [viewer.appId, type.type]);
  const title = translate(type.view?.title ?? type.form?.title ?? type.type);
  usePageTitle(title, { label: title, to: listHref(type.type) });
  const mayMergeFilters = type.filter?.schemaOptions?.mergeUiSchema !== false;
  return (
    <ListView
      type={type}
      api={api}
      storageKey={`${viewer.appId}.${type.type}`}
      viewer={viewer}
      hrefOf={(row) => documentHref(type.type, String(row.id))}
      createHref={canCreate(type, catalog.data) ? createHref(type.type) : undefined}
      star={{ isStarred: stars.isStarred({ type: type.type }), onToggle: () => stars.toggle({ type: type.type }) }}
      onSaveGlobalFilter={
        viewer.isAdministrator && mayMergeFilters
          ? (expression) =>
              void saveGlobal(type, expression).then(
                () => showMessage(t('form.globalSaved'), 'success'),
                (error: unknown) => showMessage(describeError(error, t, t('form.updateError')), 'error'),
              )
          : undefined
      }
      onMessage={showMessage}
      // The menu of each row, for views that list an 'actions' column.
      rowActions={
        type.view?.table.schema.some((column) => column.type === 'actions')
          ? (row) => <DocumentMenu doc={row} type={type} place="row" />
          : undefined
      }
    />
  );
}
