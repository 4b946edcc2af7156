/**
 * '/' on the search screen of a phone (docs/product/forms-and-lists.md#keyboard-shortcuts): where the
 * header has no search box, '/' opens this screen (header-search-box.tsx), whose field takes the
 * cursor as it opens; pressed on the screen itself, '/' puts the cursor back in that field, the
 * query and its results kept (the header's '/' would open the screen afresh, emptied).
 */
import type { RefObject } from 'react';
import { useShortcut } from '../../shortcuts/use-shortcut.ts';
import { useIsHeaderSearchBoxShown } from './header-search-box.tsx';

export function SearchFieldShortcut({ field }: { field: RefObject<HTMLInputElement | null> }) {
  // From `md` up the header's box keeps '/': this screen binds nothing there.
  return useIsHeaderSearchBoxShown() ? null : <FocusFieldOnSlash field={field} />;
}

/** Bound after the header's, while this screen is shown: the last binding of a shortcut wins. */
function FocusFieldOnSlash({ field }: { field: RefObject<HTMLInputElement | null> }) {
  useShortcut('focusSearch', () => {
    field.current?.focus();
    field.current?.select(); // typing replaces the last search, as in the header's box
  });
  return null;
}
