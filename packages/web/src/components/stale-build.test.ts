// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { isStaleBuildError, reloadOnceForNewBuild } from './stale-build.ts';

// docs/product/forms-and-lists.md#messages: a tab older than the release reloads into it, once.
describe('a screen whose code went with a new release', () => {
  beforeEach(() => sessionStorage.clear());

  it("is told by each browser's words for a module that could not be fetched", () => {
    expect(isStaleBuildError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a-1.js'))).toBe(true);
    expect(isStaleBuildError(new TypeError('error loading dynamically imported module: https://x/assets/a-1.js'))).toBe(true);
    expect(isStaleBuildError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleBuildError(new Error("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isStaleBuildError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, not again within a minute, and again after', () => {
    let reloads = 0;
    const reload = () => (reloads += 1);
    expect(reloadOnceForNewBuild(sessionStorage, reload, 1_000_000)).toBe(true);
    expect(reloadOnceForNewBuild(sessionStorage, reload, 1_030_000)).toBe(false);
    expect(reloads).toBe(1);
    expect(reloadOnceForNewBuild(sessionStorage, reload, 1_070_000)).toBe(true);
    expect(reloads).toBe(2);
  });
});
