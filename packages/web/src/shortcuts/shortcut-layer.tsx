/**
 * The keyboard shortcut layer of the private area (docs/product/forms-and-lists.md#keyboard-shortcuts):
 * one keydown listener on the document for the whole app, dispatching to the shortcuts the shown
 * screens bound with `useShortcut`, and the '?' help dialog that lists them.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { keyPressOf, pressPlaceOf } from './key-press-facts.ts';
import { ShortcutContext } from './shortcut-context.ts';
import { createShortcutDispatcher } from './shortcut-dispatcher.ts';
import { ShortcutHelpDialog } from './shortcut-help-dialog.tsx';
import { useListedShortcuts, useShortcut } from './use-shortcut.ts';

export function ShortcutLayer({ children }: { children?: ReactNode }) {
  const [dispatcher] = useState(createShortcutDispatcher);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const isHelpOpenNow = useRef(false);
  isHelpOpenNow.current = isHelpOpen;
  /**
   * A shortcut pressed over the help dialog runs once the dialog has closed: closing gives the
   * focus back to where it was, which would undo '/' focusing the search box.
   */
  const afterHelp = useRef<(() => void) | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const answer = dispatcher.dispatch(keyPressOf(event), pressPlaceOf(event), event.timeStamp);
      if (answer.preventDefault) event.preventDefault();
      const { run } = answer;
      if (!run) return;
      if (isHelpOpenNow.current && answer.id !== 'help') {
        afterHelp.current = run;
        setIsHelpOpen(false);
      } else run();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dispatcher]);

  return (
    <ShortcutContext.Provider value={dispatcher}>
      <HelpShortcut onToggle={() => setIsHelpOpen((open) => !open)} />
      {children}
      <ShortcutHelpDialogOfScreen
        isOpen={isHelpOpen}
        onClose={() => setIsHelpOpen(false)}
        onExited={() => {
          const run = afterHelp.current;
          afterHelp.current = null;
          run?.();
        }}
      />
    </ShortcutContext.Provider>
  );
}

/** '?' opens the help, and closes it again. */
function HelpShortcut({ onToggle }: { onToggle: () => void }) {
  useShortcut('help', onToggle);
  return null;
}

function ShortcutHelpDialogOfScreen(props: { isOpen: boolean; onClose: () => void; onExited: () => void }) {
  const shortcuts = useListedShortcuts();
  return <ShortcutHelpDialog {...props} shortcuts={shortcuts} />;
}
