/**
 * Component tests (`// @vitest-environment jsdom`): a React root in an element of its own for
 * each test, unmounted and removed after it, with React's act() environment switched on.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestRoot {
  /** The test's root; render into it inside act(). */
  root: Root;
  /** The element the root renders into, attached to the document. */
  container: HTMLDivElement;
}

/** Registers the per-test root; read its fields inside a test, not at registration. */
export function reactRootPerTest(): TestRoot {
  const mounted = {} as TestRoot;
  beforeEach(() => {
    mounted.container = document.createElement('div');
    document.body.append(mounted.container);
    mounted.root = createRoot(mounted.container);
  });
  afterEach(() => {
    act(() => mounted.root.unmount());
    mounted.container.remove();
  });
  return mounted;
}
