// @vitest-environment jsdom
/**
 * A preloaded screen paints with its first render (no fallback, so React's reveal throttle never
 * holds it back), and a screen mounted before its module arrived keeps its one instance.
 */
import { Suspense, act, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let mounts = 0;
function Screen({ label }: { label: string }) {
  useEffect(() => {
    mounts += 1;
  }, []);
  return <p>screen {label}</p>;
}

/** A module load the test finishes by hand. */
function deferredModule() {
  let finish: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<{ default: typeof Screen }>((resolve, reject) => {
    finish = () => resolve({ default: Screen });
    fail = reject;
  });
  return { promise, finish: () => finish(), fail: (error: Error) => fail(error) };
}

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  mounts = 0;
  host = document.createElement('div');
  root = createRoot(host);
});
afterEach(() => act(() => root.unmount()));

const inBoundary = (node: React.ReactNode) => <Suspense fallback={<p>loading</p>}>{node}</Suspense>;

describe('preloadable', () => {
  it('renders a module loaded before mounting in the first commit, without a fallback', async () => {
    const screen = preloadable(() => Promise.resolve({ default: Screen }));
    screen.preload();
    await act(async () => {
      await Promise.resolve();
    });
    act(() => flushSync(() => root.render(inBoundary(<screen.Component label="a" />))));
    expect(host.textContent).toBe('screen a');
  });

  it('shows the fallback while the module loads, then keeps the same instance across renders', async () => {
    const load = deferredModule();
    const screen = preloadable(() => load.promise);
    await act(async () => root.render(inBoundary(<screen.Component label="a" />)));
    expect(host.textContent).toBe('loading');
    await act(async () => load.finish());
    expect(host.textContent).toBe('screen a');
    await act(async () => root.render(inBoundary(<screen.Component label="b" />)));
    expect(host.textContent).toBe('screen b');
    expect(mounts).toBe(1);
  });

  it('downloads once however often it is preloaded, and tries again after a failed download', async () => {
    let calls = 0;
    let shouldFail = true;
    const screen = preloadable<{ label: string }>(() => {
      calls += 1;
      return shouldFail ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Screen });
    });
    screen.preload();
    screen.preload();
    await act(async () => {
      await Promise.resolve();
    });
    expect(calls).toBe(1);
    shouldFail = false;
    screen.preload();
    await act(async () => {
      await Promise.resolve();
    });
    expect(calls).toBe(2);
    act(() => flushSync(() => root.render(inBoundary(<screen.Component label="c" />))));
    expect(host.textContent).toBe('screen c');
  });
});
