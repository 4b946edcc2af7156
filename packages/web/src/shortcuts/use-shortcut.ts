/**
 * How a screen offers a shortcut of the registry while it is shown (docs/product/forms-and-lists.md#keyboard-shortcuts).
 */
import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { ShortcutContext } from './shortcut-context.ts';
import type { ShortcutId } from './shortcut-registry.ts';

/**
 * Binds `id` to `handler` while the calling component is mounted. `enabled` mirrors the button the
 * shortcut stands for (Create allowed, Save not greyed); a disabled shortcut runs nothing and is
 * left out of the help unless its row keeps the key.
 */
export function useShortcut(id: ShortcutId, handler: () => void, enabled = true): void {
  const dispatcher = useContext(ShortcutContext);
  // The latest handler, without binding again on every render (handlers are usually new closures).
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => dispatcher?.bind(id, { run: () => latest.current(), enabled }), [dispatcher, id, enabled]);
}

const NONE: readonly ShortcutId[] = [];

/** The shortcuts the current screen offers, for the help dialog. */
export function useListedShortcuts(): readonly ShortcutId[] {
  const dispatcher = useContext(ShortcutContext);
  const subscribe = useCallback((listener: () => void) => dispatcher?.subscribe(listener) ?? (() => undefined), [dispatcher]);
  return useSyncExternalStore(subscribe, () => dispatcher?.listed() ?? NONE);
}
