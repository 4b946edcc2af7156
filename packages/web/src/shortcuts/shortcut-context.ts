/** The dispatcher of the shortcut layer mounted by the private layout (docs/product/forms-and-lists.md#keyboard-shortcuts). */
import { createContext } from 'react';
import type { ShortcutDispatcher } from './shortcut-dispatcher.ts';

/** Null outside the layer (sign-in, tests of a single screen): `useShortcut` then binds nothing. */
export const ShortcutContext = createContext<ShortcutDispatcher | null>(null);
