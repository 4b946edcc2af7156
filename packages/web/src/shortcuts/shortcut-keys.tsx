/**
 * A shortcut's keys as the keyboard shows them, each in a <kbd> (docs/product/forms-and-lists.md#keyboard-shortcuts):
 * 'g then d', 'Ctrl + S' ('⌘ + S' on a Mac).
 */
import { Fragment } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { KeyStep } from './key-steps.ts';

const isApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

function Kbd({ children, label }: { children: string; label?: string }) {
  return (
    <Box
      component="kbd"
      title={label}
      sx={{
        display: 'inline-block',
        minWidth: '1.8em',
        px: 0.75,
        py: 0.25,
        fontFamily: 'monospace',
        fontSize: '0.85rem',
        lineHeight: 1.4,
        textAlign: 'center',
        color: 'text.primary',
        bgcolor: 'action.hover',
        border: 1,
        borderColor: 'divider',
        borderBottomWidth: 2,
        borderRadius: 1,
      }}
    >
      {children}
    </Box>
  );
}

export function ShortcutKeys({ steps }: { steps: readonly KeyStep[] }) {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}>
      {steps.map((step, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8rem' }}>
              {t('shortcuts.then')}
            </Box>
          )}
          {step.mod && (
            <>
              <Kbd label={isApple ? 'Command' : 'Control'}>{isApple ? '⌘' : 'Ctrl'}</Kbd>
              <span aria-hidden>+</span>
            </>
          )}
          <Kbd>{step.mod ? step.key.toUpperCase() : step.key}</Kbd>
        </Fragment>
      ))}
    </Box>
  );
}
