/**
 * The print view of a document page: the browser's print (and "Save as PDF") shows the document
 * alone — header, menus, drawers and buttons are hidden, the background is plain.
 */
import GlobalStyles from '@mui/material/GlobalStyles';

export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          'header, nav, .MuiDrawer-root, .MuiAppBar-root, .MuiSnackbar-root, button, [data-print="hide"]': { display: 'none !important' },
          'body, main': { background: '#fff !important', color: '#000 !important' },
          'main .MuiPaper-root': { boxShadow: 'none !important', border: '1px solid #ccc' },
          '.no-print-break': { breakInside: 'avoid' },
        },
      }}
    />
  );
}
