/** Key presses for the component tests of shortcuts (jsdom): a keydown as the browser sends it. */
import { act } from 'react';

/** Presses a key on the focused element (or the page), as the browser sends it; returns the event to read `defaultPrevented`. */
export function pressKey(key: string, init: KeyboardEventInit = {}, on: Element = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  act(() => {
    on.dispatchEvent(event);
  });
  return event;
}
