/**
 * A lazily loaded screen that renders without suspending once its module is in (docs/product/reporting.md#dashboard).
 * `React.lazy` suspends on its first render even when its module has already downloaded (the
 * promise's callbacks run a microtask later), and React holds a revealed boundary back for up to
 * 300 ms after its fallback showed, so a screen preloaded during sign-in still appeared about a
 * third of a second after its data. Here a screen whose module is loaded when it mounts renders
 * the module's component directly; one that mounts before renders through `React.lazy` for its
 * whole life (switching types would remount it and lose its state).
 */
import { createElement, lazy, useState } from 'react';
import type { ComponentType } from 'react';

export interface Preloadable<Props extends object> {
  Component: ComponentType<Props>;
  /** Starts the download; safe to call any number of times. */
  preload: () => void;
}

export function preloadable<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>): Preloadable<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed download (a new deployment, the network) may be tried again on the next mount.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(loadOnce);
  function PreloadedScreen(props: Props) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? createElement(Loaded, props) : createElement(Lazy, props);
  }
  return {
    Component: PreloadedScreen,
    preload: () => {
      loadOnce().catch(() => undefined);
    },
  };
}
