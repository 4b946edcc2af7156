/**
 * Ctrl+S / Cmd+S as a screen's Save button (docs/product/forms-and-lists.md#keyboard-shortcuts),
 * for a screen whose text reaches its state through a render, as the schema editor's CodeMirror
 * does: the key is taken at once (never the browser's 'Save page as'), and the save runs a moment
 * later with what the screen holds then, so the keystroke just before Ctrl+S is in what it saves.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useShortcut } from './use-shortcut.ts';

/** Long enough for the render that carries the last keystroke; short enough to feel immediate. */
export const SAVE_AFTER_TYPING_MS = 50;

/**
 * `canSave` mirrors the Save button (shown and not greyed). It is read again when the save runs:
 * a keystroke that made the text invalid just before Ctrl+S turns the save into nothing.
 */
export function useSaveShortcut(save: () => void, canSave: boolean): void {
  const latest = useRef({ save, canSave });
  useLayoutEffect(() => {
    latest.current = { save, canSave };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useShortcut(
    'formSave',
    () => {
      clearTimeout(timer.current); // Ctrl+S twice within the moment saves once
      timer.current = setTimeout(() => {
        if (latest.current.canSave) latest.current.save();
      }, SAVE_AFTER_TYPING_MS);
    },
    canSave,
  );
}
