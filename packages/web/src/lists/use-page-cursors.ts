/**
 * Keyset paging for the list engine (docs/product/forms-and-lists.md#deep-pages). The address keeps
 * page numbers (`page=40` is a link anyone can open: the server skips rows for it); but when the
 * user steps to the next or previous page of a page already shown, the list asks for the rows
 * after that page's last row (`after`) or before its first row (`before`), which costs the server
 * what page 1 costs however deep the page is. Cursors are remembered per filter, order and page
 * size; a changed question starts again from numbers.
 */
import { useCallback, useRef } from 'react';
import type { ListAnswer } from '@docket/shared';

export interface PageContinuation {
  after?: string;
  before?: string;
}

/** Pages whose cursors are remembered at most (a long walk keeps the nearest ones). */
const MAX_REMEMBERED = 200;

export interface PageCursors {
  /** What to send for `page`: a remembered neighbour's cursor, or nothing (the page by its number). */
  continuationAt: (page: number) => PageContinuation;
  /** Keeps the cursors of a page just answered, for the pages on either side of it. */
  remember: (page: number, answer: ListAnswer<unknown>) => void;
}

export function usePageCursors(isEnabled: boolean, question: string): PageCursors {
  const remembered = useRef(new Map<string, PageContinuation>());
  const keyOf = useCallback((at: number) => `${question}\u0000${at}`, [question]);
  const remember = useCallback(
    (page: number, answer: ListAnswer<unknown>) => {
      const cursors = answer.cursors;
      if (!isEnabled || !cursors || answer.dataAr.length === 0) return;
      const map = remembered.current;
      map.set(keyOf(page + 1), { after: cursors.next });
      if (page > 0) map.set(keyOf(page - 1), { before: cursors.previous });
      while (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value!);
    },
    [isEnabled, keyOf],
  );
  // Page 1 is cheapest by its number; elsewhere a remembered neighbour's cursor.
  const continuationAt = (page: number): PageContinuation => (!isEnabled || page === 0 ? {} : (remembered.current.get(keyOf(page)) ?? {}));
  return { continuationAt, remember };
}
