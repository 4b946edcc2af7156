/**
 * The shortcuts bound by the screens now shown, and which of them a key press runs
 * (docs/product/forms-and-lists.md#keyboard-shortcuts). No React and no DOM: the layer feeds it
 * key presses and runs what it answers, so the dispatch is tested on its own.
 */
import { stepMatches, type KeyPress } from './key-steps.ts';
import { mayTriggerShortcut, type PressPlace } from './may-trigger.ts';
import { SHORTCUT_IDS, shortcutRow, shortcutSteps, type ShortcutId } from './shortcut-registry.ts';

/** How long the second key of a sequence ('g' then 'd') may wait for the first. */
export const SEQUENCE_TIMEOUT_MS = 1_000;

export interface ShortcutBinding {
  /** Read at the moment the key is pressed, so a screen may pass a new function each render. */
  run: () => void;
  enabled: boolean;
}

export interface DispatchAnswer {
  /** The shortcut the press completed, if any. */
  id?: ShortcutId;
  /** What to run; absent for a shortcut that is disabled but keeps its key. */
  run?: () => void;
  /** Keep the browser from acting on the key too (Ctrl+S's 'Save page as'; '/' typed into a box just focused). */
  preventDefault: boolean;
}

const NOTHING: DispatchAnswer = { preventDefault: false };

export interface ShortcutDispatcher {
  /** Binds a shortcut while a screen is shown; the binding last added wins. Returns the unbinding. */
  bind(id: ShortcutId, binding: ShortcutBinding): () => void;
  dispatch(press: KeyPress, place: PressPlace, now: number): DispatchAnswer;
  /** The shortcuts the current screen offers, in registry order (a stable array between changes). */
  listed(): readonly ShortcutId[];
  subscribe(listener: () => void): () => void;
}

export function createShortcutDispatcher(): ShortcutDispatcher {
  const bindings = new Map<ShortcutId, ShortcutBinding[]>();
  const listeners = new Set<() => void>();
  let listedNow: readonly ShortcutId[] = [];
  /** The first key of a sequence, while it waits for the second. */
  let pending: { press: KeyPress; at: number } | null = null;

  const current = (id: ShortcutId) => bindings.get(id)?.at(-1);
  /** Bound and either enabled or keeping its key: what a press may land on, and what help lists. */
  const isOffered = (id: ShortcutId) => {
    const binding = current(id);
    return binding !== undefined && (binding.enabled || shortcutRow(id).keepsKeyWhenDisabled === true);
  };
  const changed = () => {
    listedNow = SHORTCUT_IDS.filter(isOffered);
    for (const listener of listeners) listener();
  };
  const answer = (id: ShortcutId): DispatchAnswer => {
    const binding = current(id);
    return binding?.enabled ? { id, run: binding.run, preventDefault: true } : { id, preventDefault: true };
  };

  return {
    bind(id, binding) {
      const stack = bindings.get(id) ?? [];
      stack.push(binding);
      bindings.set(id, stack);
      changed();
      return () => {
        const index = stack.lastIndexOf(binding);
        if (index >= 0) stack.splice(index, 1);
        if (stack.length === 0) bindings.delete(id);
        changed();
      };
    },

    dispatch(press, place, now) {
      const candidates = SHORTCUT_IDS.filter(
        (id) => isOffered(id) && mayTriggerShortcut(press, place, shortcutRow(id).whileTyping === true),
      );
      const waiting = pending && now - pending.at <= SEQUENCE_TIMEOUT_MS ? pending.press : null;
      pending = null;
      if (press.repeat) {
        // A held key runs nothing again, but keeps the key it took (a held Ctrl+S opens no browser dialog).
        const held = candidates.find((id) => shortcutSteps(id).length === 1 && stepMatches(shortcutSteps(id)[0]!, press));
        return held ? { preventDefault: true } : NOTHING;
      }
      if (waiting) {
        const second = candidates.find((id) => {
          const [first, next] = shortcutSteps(id);
          return next !== undefined && stepMatches(first!, waiting) && stepMatches(next, press);
        });
        if (second) return answer(second);
        // Otherwise the key starts afresh: 'g' then '?' still opens the help.
      }
      const single = candidates.find((id) => shortcutSteps(id).length === 1 && stepMatches(shortcutSteps(id)[0]!, press));
      if (single) return answer(single);
      const starts = candidates.some((id) => shortcutSteps(id).length > 1 && stepMatches(shortcutSteps(id)[0]!, press));
      if (starts) pending = { press, at: now };
      return NOTHING;
    },

    listed: () => listedNow,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
