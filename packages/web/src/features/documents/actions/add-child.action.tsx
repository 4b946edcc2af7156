/** Add child: one item per child type the user may create, for editors of the parent (docs/product/access.md#document-access). */
import AddCircleIcon from '@mui/icons-material/AddCircleOutline';
import { createHref } from '../document-links.ts';
import { accessOf, type DocumentActionEntry } from '../document-action.ts';
import { canCreate } from '../type-access.ts';

export const entry: DocumentActionEntry = {
  id: 'add-child',
  order: 60,
  placement: 'menu',
  items: (ctx) => {
    if (!(accessOf(ctx.doc).editor || ctx.viewer.isAdministrator)) return [];
    return (ctx.type.childTypes ?? []).flatMap((name) => {
      const child = ctx.types?.byName.get(name);
      if (!child || !canCreate(child, ctx.types)) return [];
      const title = ctx.translate(child.form?.title ?? name);
      return [
        {
          key: `add-${name}`,
          label: ctx.t('documents.addChild', { title }),
          icon: <AddCircleIcon />,
          run: () => ctx.navigate(createHref(name, { parent: String(ctx.doc.id), parentType: ctx.type.type })),
        },
      ];
    });
  },
};
