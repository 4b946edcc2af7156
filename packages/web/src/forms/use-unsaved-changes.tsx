/**
 * Leaving a form with unsaved changes asks first (docs/product/forms-and-lists.md#form-screen):
 * an in-app navigation (Back, a menu entry, a link, the browser's back button) opens 'Leave
 * without saving?' with Stay and Leave; closing or reloading the tab gets the browser's own
 * question. Nothing is lost unless the user chooses to leave.
 *
 * `isDirty` is read through a ref at navigation time, so a save that navigates away right after
 * clearing it is not held up.
 */
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface UnsavedChangesGuard {
  /** The dialog to render (null while nothing is being asked). */
  dialog: React.ReactNode;
  /** Call before a navigation that must not ask (after a successful save). */
  release: () => void;
}

export function useUnsavedChanges(isDirty: boolean): UnsavedChangesGuard {
  const { t } = useTranslation();
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current &&
      !released.current &&
      `${currentLocation.pathname}${currentLocation.search}` !== `${nextLocation.pathname}${nextLocation.search}`,
  );

  // Listening from mount and reading the refs when the tab closes: a listener added only once the
  // form is dirty arrives after the render that showed 'Unsaved changes', so a tab closed within
  // that frame left without asking (seen in the browser tests).
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirty.current || released.current) return;
      event.preventDefault();
      // Older browsers need a returnValue; they show their own text, not ours.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const isAsking = blocker.state === 'blocked';
  const dialog = (
    <Dialog open={isAsking} onClose={() => blocker.reset?.()} aria-labelledby="unsaved-dialog-title" maxWidth="xs">
      <DialogTitle id="unsaved-dialog-title">{t('form.unsavedTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('form.unsavedText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.proceed?.()} color="error">
          {t('form.unsavedLeave')}
        </Button>
        <Button onClick={() => blocker.reset?.()} variant="contained" autoFocus>
          {t('form.unsavedStay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return {
    dialog,
    release: () => {
      released.current = true;
    },
  };
}
