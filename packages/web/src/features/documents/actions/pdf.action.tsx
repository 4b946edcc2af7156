/**
 * Download PDF: the document as a PDF made on the server, in the reader's language, with a cover
 * page when its PDF Cover is on (docs/product/forms-and-lists.md#document-pdf).
 */
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { downloadFile, saveBlob } from '../../../api/download.ts';
import type { DocumentActionEntry } from '../document-action.ts';

export const entry: DocumentActionEntry = {
  id: 'pdf',
  order: 79,
  placement: 'menu',
  items: (ctx) =>
    ctx.place === 'page'
      ? [
          {
            key: 'pdf',
            label: ctx.t('documents.downloadPdf'),
            icon: <PictureAsPdfIcon />,
            run: () => {
              const path = `/v3/${encodeURIComponent(ctx.viewer.appId)}/${encodeURIComponent(ctx.type.type)}/${String(ctx.doc.id)}/pdf`;
              downloadFile(path, { lang: ctx.viewer.lang }, () => undefined)
                .then((file) => saveBlob(file.blob, file.fileName ?? `${String(ctx.doc.display_id ?? ctx.doc.id)}.pdf`))
                .catch(() => ctx.showMessage(ctx.t('documents.pdfError'), 'error'));
            },
          },
        ]
      : [],
};
