// @vitest-environment jsdom
/**
 * Closing the tab asks only while the form has unsaved changes and was not released by a save
 * (docs/product/forms-and-lists.md#form-screen).
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/index.ts';
import { reactRootPerTest } from '../test-support/react-root.ts';
import { useUnsavedChanges, type UnsavedChangesGuard } from './use-unsaved-changes.tsx';

let guard: UnsavedChangesGuard | undefined;
function Form({ dirty }: { dirty: boolean }) {
  guard = useUnsavedChanges(dirty);
  return <>{guard.dialog}</>;
}

const mounted = reactRootPerTest();
afterEach(() => {
  guard = undefined;
});

function show(dirty: boolean): void {
  const router = createMemoryRouter([{ path: '/', element: <Form dirty={dirty} /> }]);
  act(() => mounted.root.render(<RouterProvider router={router} />));
}

/** Whether the browser would ask before closing the tab now. */
function closingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useUnsavedChanges when the tab closes', () => {
  it('asks while the form has unsaved changes', () => {
    show(true);
    expect(closingAsks()).toBe(true);
  });

  it('does not ask for an untouched form', () => {
    show(false);
    expect(closingAsks()).toBe(false);
  });

  it('does not ask once a save released the form, nor after the form is gone', () => {
    show(true);
    act(() => guard?.release());
    expect(closingAsks()).toBe(false);
    show(true);
    act(() => mounted.root.unmount());
    mounted.root = createRoot(mounted.container);
    expect(closingAsks()).toBe(false);
  });
});
