/**
 * 'Keyboard shortcuts': what the current screen offers, grouped, each with its keys
 * (docs/product/forms-and-lists.md#keyboard-shortcuts). Opened by '?'; Esc or Close closes it.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HELP_DIALOG_ATTRIBUTE } from './key-press-facts.ts';
import { ShortcutKeys } from './shortcut-keys.tsx';
import { SHORTCUT_SCOPES, shortcutRow, shortcutSteps, type ShortcutId, type ShortcutScope } from './shortcut-registry.ts';

const SCOPE_TITLES = {
  general: 'shortcuts.scopeGeneral',
  navigation: 'shortcuts.scopeNavigation',
  list: 'shortcuts.scopeList',
  form: 'shortcuts.scopeForm',
} as const satisfies Record<ShortcutScope, string>;

interface ShortcutHelpDialogProps {
  isOpen: boolean;
  shortcuts: readonly ShortcutId[];
  onClose: () => void;
  /** After the closing transition, once the focus is back where it was. */
  onExited: () => void;
}

export function ShortcutHelpDialog({ isOpen, shortcuts, onClose, onExited }: ShortcutHelpDialogProps) {
  const { t } = useTranslation();
  const groups = SHORTCUT_SCOPES.map((scope) => ({ scope, ids: shortcuts.filter((id) => shortcutRow(id).scope === scope) })).filter(
    (group) => group.ids.length > 0,
  );
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited } }}
      {...{ [HELP_DIALOG_ATTRIBUTE]: '' }}
      data-testid="shortcuts-help"
    >
      <DialogTitle>{t('shortcuts.title')}</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {groups.map(({ scope, ids }) => (
          <Box component="section" key={scope} aria-labelledby={`shortcuts-${scope}`} sx={{ '& + &': { mt: 2 } }}>
            <Typography id={`shortcuts-${scope}`} variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 0.5 }}>
              {t(SCOPE_TITLES[scope])}
            </Typography>
            <Box component="dl" sx={{ m: 0 }}>
              {ids.map((id) => (
                <Box
                  key={id}
                  data-testid={`shortcut-${id}`}
                  sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, py: 0.75 }}
                >
                  <Box component="dt" sx={{ typography: 'body2', minWidth: 0 }}>
                    {t(shortcutRow(id).labelKey)}
                  </Box>
                  <Box component="dd" sx={{ m: 0, flexShrink: 0 }}>
                    <ShortcutKeys steps={shortcutSteps(id)} />
                  </Box>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
