/**
 * Delete (docs/product/forms-and-lists.md#document-page): offered to editors; without delete access it explains instead
 * ('You do not have access to delete this document!'); otherwise the confirmation dialog.
 */
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { accessOf, isExternal, type DocumentActionEntry } from '../document-action.ts';

export const entry: DocumentActionEntry = {
  id: 'delete',
  order: 30,
  placement: 'header',
  items: (ctx) => {
    const access = accessOf(ctx.doc);
    if (isExternal(ctx.doc) || !(access.editor || access.delete || ctx.viewer.isAdministrator)) return [];
    const run = () =>
      access.delete || ctx.viewer.isAdministrator ? ctx.askDelete() : ctx.showMessage(ctx.t('documents.deleteNoAccess'), 'warning');
    return [{ key: 'delete', label: ctx.t('documents.delete'), icon: <DeleteIcon />, run, isDestructive: true }];
  },
};
