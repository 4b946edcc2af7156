/**
 * Preview PDF and Download PDF: the document as a PDF made on the server, in the reader's
 * language, with a cover page when its PDF Cover is on (docs/product/forms-and-lists.md#document-pdf).
 * The preview draws it in the app (docs/product/workflow-and-timeline.md#pdf-preview).
 */
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import PreviewIcon from '@mui/icons-material/PreviewOutlined';
import { downloadFile, saveBlob } from '../../../api/download.ts';
import type { DocumentActionContext, DocumentActionEntry } from '../document-action.ts';

function documentPdf(ctx: DocumentActionContext) {
  return {
    path: `/v3/${encodeURIComponent(ctx.viewer.appId)}/${encodeURIComponent(ctx.type.type)}/${String(ctx.doc.id)}/pdf`,
    query: { lang: ctx.viewer.lang },
    fileName: `${String(ctx.doc.display_id ?? ctx.doc.id)}.pdf`,
  };
}

export const entry: DocumentActionEntry = {
  id: 'pdf',
  order: 79,
  placement: 'menu',
  items: (ctx) =>
    ctx.place === 'page'
      ? [
          {
            key: 'pdf-preview',
            label: ctx.t('documents.previewPdf'),
            icon: <PreviewIcon />,
            run: () => ctx.previewPdf(documentPdf(ctx)),
          },
          {
            key: 'pdf',
            label: ctx.t('documents.downloadPdf'),
            icon: <PictureAsPdfIcon />,
            run: () => {
              const { path, query, fileName } = documentPdf(ctx);
              downloadFile(path, query, () => undefined)
                .then((file) => saveBlob(file.blob, file.fileName ?? fileName))
                .catch(() => ctx.showMessage(ctx.t('documents.pdfError'), 'error'));
            },
          },
        ]
      : [],
};
