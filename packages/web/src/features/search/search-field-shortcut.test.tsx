// @vitest-environment jsdom
/**
 * '/' and search (docs/product/forms-and-lists.md#keyboard-shortcuts): on a wide screen it puts the
 * cursor in the header's box, on the search screen too; on a phone, where the header has no box, it
 * opens the search screen, and on that screen puts the cursor in its field, the query kept.
 */
import { act, useRef } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/app/register.ts';
import { ShortcutLayer } from '../../shortcuts/shortcut-layer.tsx';
import { pressKey } from '../../shortcuts/test-key-events.ts';
import { reactRootPerTest } from '../../test-support/react-root.ts';
import { HeaderSearchBox } from './header-search-box.tsx';
import { SearchFieldShortcut } from './search-field-shortcut.tsx';

const mounted = reactRootPerTest();
const theme = createTheme();

/** The search screen's field and its shortcut, as search-page.tsx wires them. */
function SearchScreen() {
  const field = useRef<HTMLInputElement>(null);
  return (
    <>
      <SearchFieldShortcut field={field} />
      <input ref={field} aria-label="Search screen field" defaultValue="crane" />
    </>
  );
}

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

function showAt(address: string) {
  act(() =>
    mounted.root.render(
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[address]}>
          <ShortcutLayer>
            <HeaderSearchBox />
            <Routes>
              <Route path="/search" element={<SearchScreen />} />
              <Route path="/docs/incident" element={<p>Incidents</p>} />
            </Routes>
            <Address />
          </ShortcutLayer>
        </MemoryRouter>
      </ThemeProvider>,
    ),
  );
}

/** jsdom has no media queries: a width from `md` up answers every query, a phone none (MUI then reads false). */
function useWideScreen() {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: true,
    media,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

const headerBox = () => document.querySelector<HTMLInputElement>('input[aria-label="Search documents"]')!;
const screenField = () => document.querySelector<HTMLInputElement>('input[aria-label="Search screen field"]')!;
const address = () => document.querySelector('output[aria-label="Address"]')?.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("'/' on a phone", () => {
  it('opens the search screen from another screen', () => {
    showAt('/docs/incident');
    expect(pressKey('/').defaultPrevented).toBe(true);
    expect(address()).toBe('/search');
  });

  it('on the search screen puts the cursor in its field, the words selected, the query kept', () => {
    showAt('/search?query=crane');
    expect(pressKey('/').defaultPrevented).toBe(true); // the '/' itself is not typed
    expect(document.activeElement).toBe(screenField());
    expect([screenField().selectionStart, screenField().selectionEnd]).toEqual([0, 'crane'.length]);
    expect(address()).toBe('/search?query=crane');
  });
});

describe("'/' on a wide screen", () => {
  it("puts the cursor in the header's box, on the search screen too", () => {
    useWideScreen();
    showAt('/search?query=crane');
    expect(pressKey('/').defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(headerBox());
    expect(address()).toBe('/search?query=crane');
  });

  it("puts the cursor in the header's box on another screen, which stays", () => {
    useWideScreen();
    showAt('/docs/incident');
    pressKey('/');
    expect(document.activeElement).toBe(headerBox());
    expect(address()).toBe('/docs/incident');
  });
});
