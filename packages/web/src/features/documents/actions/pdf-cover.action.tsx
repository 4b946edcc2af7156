/** PDF Cover: whether the document goes on the cover of PDF reports (the document's `pdfCover`). */
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { accessOf, isExternal, type DocumentActionEntry } from '../document-action.ts';

export const entry: DocumentActionEntry = {
  id: 'pdf-cover',
  order: 50,
  placement: 'menu',
  items: (ctx) =>
    (accessOf(ctx.doc).editor || ctx.viewer.isAdministrator) && !isExternal(ctx.doc)
      ? [
          {
            key: 'pdf-cover',
            label: ctx.t('documents.pdfCover'),
            icon: <PictureAsPdfIcon />,
            run: ctx.togglePdfCover,
            isChecked: ctx.doc.pdfCover === true,
          },
        ]
      : [],
};
