/**
 * Every keyboard shortcut of the web app, one row each (docs/product/forms-and-lists.md#keyboard-shortcuts).
 * A row says which keys, where it belongs and what it is called; the screen that can do it binds
 * the action with `useShortcut(id, handler, enabled)` while it is shown, so a shortcut exists only
 * on the screens that offer it.
 */
import { parseKeys, type KeyStep } from './key-steps.ts';

/** The help dialog's groups, in the order it lists them. */
export const SHORTCUT_SCOPES = ['general', 'navigation', 'list', 'form'] as const;
export type ShortcutScope = (typeof SHORTCUT_SCOPES)[number];

export type ShortcutLabelKey =
  | 'shortcuts.showHelp'
  | 'shortcuts.focusSearch'
  | 'shortcuts.goDashboard'
  | 'shortcuts.goActivity'
  | 'shortcuts.goSearch'
  | 'shortcuts.create'
  | 'shortcuts.refresh'
  | 'shortcuts.save';

export interface ShortcutRow {
  /** Space-separated steps pressed in turn; 'Mod+' is Ctrl, or Cmd on a Mac. */
  keys: string;
  scope: ShortcutScope;
  labelKey: ShortcutLabelKey;
  /** Runs while the focus is in a field: saving must not need a click out of what one types. */
  whileTyping?: boolean;
  /**
   * While its action is disabled the key is still taken (and the shortcut still listed), as the
   * button it mirrors stays on screen greyed: Ctrl+S on a form must never open the browser's
   * 'Save page as' dialog just because there is nothing to save yet.
   */
  keepsKeyWhenDisabled?: boolean;
}

export const SHORTCUTS = {
  help: { keys: '?', scope: 'general', labelKey: 'shortcuts.showHelp' },
  focusSearch: { keys: '/', scope: 'general', labelKey: 'shortcuts.focusSearch' },
  goDashboard: { keys: 'g d', scope: 'navigation', labelKey: 'shortcuts.goDashboard' },
  goActivity: { keys: 'g a', scope: 'navigation', labelKey: 'shortcuts.goActivity' },
  goSearch: { keys: 'g s', scope: 'navigation', labelKey: 'shortcuts.goSearch' },
  listCreate: { keys: 'c', scope: 'list', labelKey: 'shortcuts.create' },
  listRefresh: { keys: 'r', scope: 'list', labelKey: 'shortcuts.refresh' },
  formSave: { keys: 'Mod+s', scope: 'form', labelKey: 'shortcuts.save', whileTyping: true, keepsKeyWhenDisabled: true },
} as const satisfies Record<string, ShortcutRow>;

export type ShortcutId = keyof typeof SHORTCUTS;

export const SHORTCUT_IDS = Object.keys(SHORTCUTS) as ShortcutId[];

export function shortcutRow(id: ShortcutId): ShortcutRow {
  return SHORTCUTS[id];
}

const stepsById = new Map<ShortcutId, KeyStep[]>(SHORTCUT_IDS.map((id) => [id, parseKeys(SHORTCUTS[id].keys)]));

export function shortcutSteps(id: ShortcutId): KeyStep[] {
  return stepsById.get(id) ?? [];
}
