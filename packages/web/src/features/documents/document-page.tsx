/**
 * docs/{type}/{id}: the document page (card mode 1): title, author and date, status, header
 * actions and the menu, the document's fields (its form, read-only), child documents, a star,
 * and a print view. Opening it records the document among the recent items.
 */
import { useEffect, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useTranslation } from 'react-i18next';
import type { DocumentSchema } from '@docket/shared';
import { isApiRequestError } from '../../api/api-error.ts';
import { describeError } from '../../api/describe-error.ts';
import { documentRecordApi } from '../../api/record-api.ts';
import { useRecord } from '../../api/records-api.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { BackButton } from '../../components/page-header.tsx';
import { usePaintedMark } from '../../components/render-marks.ts';
import { DocumentForm } from '../../forms/document-form.tsx';
import { cardModeOf } from '../../lists/card-registry.ts';
import { titleOf } from '../../lists/cards/card-parts.tsx';
import { ActivityPanel } from '../activity/activity-panel.tsx';
import { forgetRecent, rememberRecent } from '../favourites/recent-store.ts';
import { useStarred } from '../favourites/use-starred.ts';
import { WorkflowBar } from '../workflow/workflow-bar.tsx';
import { ChildDocuments } from './child-documents.tsx';
import { ParentLink } from './parent-link.tsx';
import { listHref } from './document-links.ts';
import { DocumentMenu } from './document-menu.tsx';
import { DocumentNotFound } from './document-not-found.tsx';
import { usePreferredCurrency } from './preferred-currency.ts';
import { PrintStyles } from './print-styles.tsx';
import { useDocumentType } from './use-document-type.ts';

export function DocumentPage({ type, id }: { type: DocumentSchema; id: number }) {
  const { t } = useTranslation();
  const { viewer, translate, catalog } = useDocumentType(type.type);
  const currencyId = usePreferredCurrency();
  const api = useMemo(() => documentRecordApi(viewer.appId, type.type), [viewer.appId, type.type]);
  const record = useRecord(api, id);
  const stars = useStarred();
  const doc = record.data;
  const listTitle = translate(type.view?.title ?? type.form?.title ?? type.type);
  usePageTitle(doc ? titleOf(doc) : listTitle, { label: listTitle, to: listHref(type.type) });
  usePaintedMark('document', record.dataUpdatedAt, record.isSuccess);
  const isMissing = isApiRequestError(record.error) && record.error.status === 404;
  useEffect(() => {
    if (doc)
      rememberRecent(viewer.appId, {
        type: type.type,
        id,
        title: titleOf(doc),
        displayId: typeof doc.display_id === 'string' ? doc.display_id : undefined,
      });
    if (isMissing) forgetRecent(viewer.appId, type.type, id);
  }, [doc, isMissing, viewer.appId, type.type, id]);

  if (record.isPending) return <LoadingScreen label={t('common.loading')} />;
  if (isMissing) return <DocumentNotFound />;
  if (record.isError || !doc)
    return (
      <Alert severity="error">
        {t('lists.fetchError', { title: listTitle })}: {describeError(record.error, t, t('common.unknownError'))}
      </Alert>
    );

  const FullCard = cardModeOf(1).Component;
  const star = { type: type.type, id };
  const isStarred = stars.isStarred(star);
  return (
    <Stack spacing={2} data-testid="document-page">
      <PrintStyles />
      {doc.meta?.ref && <Alert severity="info">{t('documents.external', { ref: doc.meta.ref })}</Alert>}
      {doc.meta?.parent && <ParentLink parent={doc.meta.parent} />}
      {type.hasWorkflow && <WorkflowBar docId={id} docType={type.type} />}
      <FullCard
        row={doc}
        type={type}
        lang={viewer.lang}
        translate={translate}
        leading={<BackButton to={listHref(type.type)} />}
        actions={
          <>
            <Tooltip title={isStarred ? t('documents.unstar') : t('documents.star')}>
              <IconButton
                onClick={() => stars.toggle(star)}
                aria-label={isStarred ? t('documents.unstar') : t('documents.star')}
                aria-pressed={isStarred}
              >
                {isStarred ? <StarIcon color="warning" /> : <StarBorderIcon />}
              </IconButton>
            </Tooltip>
            <DocumentMenu doc={doc} type={type} place="page" />
          </>
        }
      >
        {type.form?.schema && (
          <DocumentForm
            schema={type.form.schema}
            uischema={type.form.uiSchema}
            data={doc}
            mode="read"
            appId={viewer.appId}
            userId={viewer.userId}
            lang={viewer.lang}
            translate={translate}
            resources={type.resources}
            normalised={(doc.data_normalised as Record<string, unknown> | undefined) ?? undefined}
            currencyId={currencyId}
          />
        )}
      </FullCard>
      {(type.childTypes?.length ?? 0) > 0 && <ChildDocuments appId={viewer.appId} id={id} lang={viewer.lang} types={catalog.data} />}
      {type.hasEvents && <ActivityPanel docId={id} docType={type.type} />}
    </Stack>
  );
}
