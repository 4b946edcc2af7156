/** Open: from a list row's menu, the document's page. */
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { documentHref } from '../document-links.ts';
import type { DocumentActionEntry } from '../document-action.ts';

export const entry: DocumentActionEntry = {
  id: 'open',
  order: 10,
  placement: 'menu',
  items: (ctx) =>
    ctx.place === 'row'
      ? [
          {
            key: 'open',
            label: ctx.t('documents.open'),
            icon: <OpenInNewIcon />,
            run: () => ctx.navigate(documentHref(ctx.type.type, String(ctx.doc.id))),
          },
        ]
      : [],
};
