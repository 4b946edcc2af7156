/**
 * The keys of a shortcut as written in the registry ('?', 'g d', 'Mod+s') and whether a key press
 * is one of them (docs/product/forms-and-lists.md#keyboard-shortcuts). Pure: no DOM, no React.
 */

/** What the dispatcher needs of a keydown event; copied out of it so the rules stay testable. */
export interface KeyPress {
  key: string;
  /** The physical key ('KeyS'): Ctrl+S still saves on a layout whose S key types another letter. */
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** True while an input method (IME) composes a character, whatever the browser calls it. */
  isComposing: boolean;
  repeat: boolean;
  /** A component already handled this key. */
  defaultPrevented: boolean;
}

/** One key of a shortcut; `mod` is Ctrl, or Cmd on a Mac (either is accepted anywhere). */
export interface KeyStep {
  key: string;
  mod: boolean;
}

/** 'g d' → two steps pressed one after the other; 'Mod+s' → one step with Ctrl or Cmd held. */
export function parseKeys(keys: string): KeyStep[] {
  return keys
    .split(' ')
    .map((part) => (part.startsWith('Mod+') ? { key: part.slice(4).toLowerCase(), mod: true } : { key: part, mod: false }));
}

export function stepMatches(step: KeyStep, press: KeyPress): boolean {
  const hasMod = press.ctrlKey || press.metaKey;
  if (step.mod !== hasMod) return false; // Ctrl+R is the browser's reload, never the list's 'r'
  if (step.mod) {
    return !press.shiftKey && (press.key.toLowerCase() === step.key || press.code === `Key${step.key.toUpperCase()}`);
  }
  // A printed character already carries its Shift ('?' is Shift+/ on a US keyboard, Shift+, on a
  // French one): compare the character, so a capital 'C' is not 'c'.
  return press.key === step.key;
}
