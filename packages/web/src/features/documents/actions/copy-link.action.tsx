/** Copy Link: the document's address to the clipboard ('Copied to clipboard!' / 'Clipboard inaccessible!'). */
import LinkIcon from '@mui/icons-material/Link';
import { documentHref } from '../document-links.ts';
import type { DocumentActionEntry } from '../document-action.ts';

export function documentUrl(type: string, id: string): string {
  return `${window.location.origin}${window.location.pathname}#${documentHref(type, id)}`;
}

export const entry: DocumentActionEntry = {
  id: 'copy-link',
  order: 40,
  placement: 'menu',
  items: (ctx) => [
    {
      key: 'copy-link',
      label: ctx.t('documents.copyLink'),
      icon: <LinkIcon />,
      run: () => {
        const text = documentUrl(ctx.type.type, String(ctx.doc.id));
        const clipboard = navigator.clipboard as Clipboard | undefined;
        if (!clipboard) return ctx.showMessage(ctx.t('documents.clipboardError'), 'error');
        clipboard.writeText(text).then(
          () => ctx.showMessage(ctx.t('documents.copied'), 'success'),
          () => ctx.showMessage(ctx.t('documents.clipboardError'), 'error'),
        );
      },
    },
  ],
};
