/** Edit: for editors (meta.access.editor or administrators), never for external documents. */
import EditIcon from '@mui/icons-material/EditOutlined';
import { editHref } from '../document-links.ts';
import { accessOf, isExternal, type DocumentActionEntry } from '../document-action.ts';

export const entry: DocumentActionEntry = {
  id: 'edit',
  order: 20,
  placement: 'header',
  items: (ctx) =>
    (accessOf(ctx.doc).editor || ctx.viewer.isAdministrator) && !isExternal(ctx.doc) && ctx.type.form
      ? [
          {
            key: 'edit',
            label: ctx.t('documents.edit'),
            icon: <EditIcon />,
            run: () => ctx.navigate(editHref(ctx.type.type, String(ctx.doc.id))),
          },
        ]
      : [],
};
