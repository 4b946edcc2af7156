/**
 * Add Review (docs/product/workflow-and-timeline.md#reviews): the type's review
 * form in a dialog, saved with `PUT /v3/{appId}/~{type}/{id}`. Failures use the spec's words.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DocumentSchema } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import type { RecordRow } from '../../api/records-api.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { LazyDocumentForm as DocumentForm } from '../../forms/lazy-document-form.tsx';
import type { Translate } from '../../forms/schema-i18n.ts';
import { applyFormDefaults } from '@docket/shared';
import { useFormProblems } from '../../forms/use-form-problems.ts';
import type { Viewer } from '../../lists/filter-dialog.tsx';

interface ReviewDialogProps {
  doc: RecordRow;
  type: DocumentSchema;
  viewer: Viewer;
  translate: Translate;
  onClose: () => void;
}

export function ReviewDialog({ doc, type, viewer, translate, onClose }: ReviewDialogProps) {
  const { t } = useTranslation();
  const showMessage = useMessageBar();
  const review = type.review;
  const [data, setData] = useState<Record<string, unknown>>(() =>
    applyFormDefaults(
      { review_date: 'date-time' },
      {},
      { userId: viewer.userId, now: new Date(), ...(viewer.timeZone ? { timeZone: viewer.timeZone } : {}) },
    ),
  );
  const problems = useFormProblems(review?.schema, data, !!review, translate);
  const save = useMutation({
    mutationFn: () =>
      apiClient.request(`/v3/${encodeURIComponent(viewer.appId)}/~${encodeURIComponent(type.type)}/${String(doc.id)}`, {
        method: 'PUT',
        json: data,
      }),
  });
  const schema = useMemo(() => review?.schema, [review]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="review-dialog-title">
      <DialogTitle id="review-dialog-title">{t('documents.reviewTitle')}</DialogTitle>
      <DialogContent dividers>
        {!schema ? (
          <Alert severity="warning">{t('documents.noReviewSchema', { type: type.type })}</Alert>
        ) : (
          <DocumentForm
            schema={schema}
            uischema={review?.uiSchema}
            data={data}
            onChange={setData}
            mode="edit"
            problems={problems}
            appId={viewer.appId}
            userId={viewer.userId}
            lang={viewer.lang}
            translate={translate}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {schema && (
          <Button
            variant="contained"
            disabled={problems.length > 0 || save.isPending}
            onClick={() =>
              save.mutate(undefined, {
                onSuccess: () => {
                  showMessage(t('documents.reviewSaved'), 'success');
                  onClose();
                },
                onError: () => showMessage(t('documents.reviewError'), 'error'),
              })
            }
          >
            {t('common.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
