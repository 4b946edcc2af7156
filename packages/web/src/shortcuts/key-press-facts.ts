/**
 * The DOM facts behind a key press (docs/product/forms-and-lists.md#keyboard-shortcuts): the event's
 * keys, whether the focus is where one types, and whether another modal is open.
 */
import type { KeyPress } from './key-steps.ts';
import type { PressPlace } from './may-trigger.ts';

/** Marks the help dialog's root: the one modal over which shortcuts keep working. */
export const HELP_DIALOG_ATTRIBUTE = 'data-shortcuts-help';

/** Inputs that take no text: a focused checkbox or button lets the page's shortcuts through. */
const INPUT_TYPES_WITHOUT_TEXT = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Where typing goes somewhere: native fields, rich text and CodeMirror (whose content is contenteditable too). */
const TEXT_ENTRY_SELECTOR = 'textarea, select, [contenteditable]:not([contenteditable="false"]), .cm-editor';

/** An open MUI modal (dialog, temporary drawer, menu, popover), a native modal dialog, or any aria-modal element. */
const OPEN_MODAL_SELECTOR = '.MuiModal-root:not(.MuiModal-hidden), dialog[open], [aria-modal="true"]';

export function keyPressOf(event: KeyboardEvent): KeyPress {
  return {
    key: event.key,
    code: event.code,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    shiftKey: event.shiftKey,
    // 229: what some browsers send instead of the key while an IME composes.
    isComposing: event.isComposing || event.keyCode === 229,
    repeat: event.repeat,
    defaultPrevented: event.defaultPrevented,
  };
}

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !INPUT_TYPES_WITHOUT_TEXT.has(target.type);
  return target.closest(TEXT_ENTRY_SELECTOR) !== null;
}

/**
 * Closed but kept in the page: the phone menu's drawer stays mounted, its panel still marked
 * aria-modal, inside a MUI modal hidden until it opens.
 */
const CLOSED_SELECTOR = '.MuiModal-hidden, [hidden]';

export function isOtherModalOpen(doc: Document): boolean {
  return Array.from(doc.querySelectorAll(OPEN_MODAL_SELECTOR)).some(
    (modal) => !modal.closest(CLOSED_SELECTOR) && !modal.closest(`[${HELP_DIALOG_ATTRIBUTE}]`),
  );
}

export function pressPlaceOf(event: KeyboardEvent): PressPlace {
  return { isTyping: isTypingTarget(event.target), isOtherModalOpen: isOtherModalOpen(document) };
}
