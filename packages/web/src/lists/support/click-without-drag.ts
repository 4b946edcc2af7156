/**
 * A row opens on click unless the user dragged (selecting text to copy, docs/product/forms-and-lists.md#list-view): the
 * pointer moved between press and release, or text is selected.
 */
import { useRef } from 'react';
import type { MouseEvent } from 'react';

const DRAG_TOLERANCE_PX = 5;

export function useClickWithoutDrag<T>(onClick: (item: T) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onMouseDown: (event: MouseEvent) => {
      start.current = { x: event.clientX, y: event.clientY };
    },
    onClick: (event: MouseEvent, item: T) => {
      const from = start.current;
      start.current = null;
      const hasMoved = from !== null && Math.hypot(event.clientX - from.x, event.clientY - from.y) > DRAG_TOLERANCE_PX;
      const hasSelection = (window.getSelection()?.toString() ?? '') !== '';
      if (hasMoved || hasSelection) return;
      onClick(item);
    },
  };
}
