/** Print: the browser's print dialog over the print view (menus and navigation hidden), which can save a PDF. */
import PrintIcon from '@mui/icons-material/PrintOutlined';
import type { DocumentActionEntry } from '../document-action.ts';

export const entry: DocumentActionEntry = {
  id: 'print',
  order: 80,
  placement: 'menu',
  items: (ctx) =>
    ctx.place === 'page' ? [{ key: 'print', label: ctx.t('documents.print'), icon: <PrintIcon />, run: () => window.print() }] : [],
};
