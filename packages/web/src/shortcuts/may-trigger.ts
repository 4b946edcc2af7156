/**
 * Whether a key press may trigger a shortcut at all (docs/product/forms-and-lists.md#keyboard-shortcuts).
 * Pure: the DOM facts come from key-press-facts.ts, so the rule is tested without a browser.
 */
import type { KeyPress } from './key-steps.ts';

/** Where the key was pressed. */
export interface PressPlace {
  /** The focus is in something one types into: a text input, textarea, select, contenteditable, CodeMirror. */
  isTyping: boolean;
  /** A modal dialog, drawer or menu other than the shortcuts' help is open: its keys are its own. */
  isOtherModalOpen: boolean;
}

export function mayTriggerShortcut(press: KeyPress, place: PressPlace, runsWhileTyping = false): boolean {
  // Mid-composition keys build a character (Japanese, Chinese…): they are text, not commands.
  if (press.isComposing) return false;
  // Alt (Option on a Mac) types characters and drives menus; AltGr arrives as Ctrl+Alt.
  if (press.altKey) return false;
  if (press.defaultPrevented) return false;
  if (place.isOtherModalOpen) return false;
  if (place.isTyping && !runsWhileTyping) return false;
  return true;
}
