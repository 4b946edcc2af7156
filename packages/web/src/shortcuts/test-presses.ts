/** Key presses for the shortcut tests: a plain key unless the test says otherwise. */
import type { KeyPress } from './key-steps.ts';

export function press(key: string, extra: Partial<KeyPress> = {}): KeyPress {
  return {
    key,
    code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : '',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: key === '?' || /^[A-Z]$/.test(key),
    isComposing: false,
    repeat: false,
    defaultPrevented: false,
    ...extra,
  };
}
