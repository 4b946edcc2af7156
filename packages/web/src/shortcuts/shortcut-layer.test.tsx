// @vitest-environment jsdom
/**
 * The layer's one document listener dispatches to the shortcuts the mounted screens bound, and '?'
 * lists them (docs/product/forms-and-lists.md#keyboard-shortcuts).
 */
import { act } from 'react';
import Dialog from '@mui/material/Dialog';
import { describe, expect, it, vi } from 'vitest';
import '../i18n/app/register.ts';
import { reactRootPerTest } from '../test-support/react-root.ts';
import { ShortcutLayer } from './shortcut-layer.tsx';
import { pressKey } from './test-key-events.ts';
import { useShortcut } from './use-shortcut.ts';

const mounted = reactRootPerTest();

function ListScreen({ onCreate, mayCreate = true }: { onCreate: () => void; mayCreate?: boolean }) {
  useShortcut('listCreate', onCreate, mayCreate);
  return <input aria-label="Title" />;
}

function FormScreen({ onSave, canSave }: { onSave: () => void; canSave: boolean }) {
  useShortcut('formSave', onSave, canSave);
  return <input aria-label="Title" />;
}

const field = () => document.querySelector('input[aria-label="Title"]')!;
const helpDialog = () => document.querySelector('[data-testid="shortcuts-help"] [role="dialog"]');

describe('ShortcutLayer', () => {
  it('runs the shortcut of the mounted screen from the page, not from a field', () => {
    const onCreate = vi.fn();
    act(() =>
      mounted.root.render(
        <ShortcutLayer>
          <ListScreen onCreate={onCreate} />
        </ShortcutLayer>,
      ),
    );
    expect(pressKey('c').defaultPrevented).toBe(true);
    expect(onCreate).toHaveBeenCalledOnce();
    // Typing a 'c' into the field types it.
    expect(pressKey('c', {}, field()).defaultPrevented).toBe(false);
    expect(onCreate).toHaveBeenCalledOnce();
  });

  it('binds nothing once the screen is gone, or while Create is not allowed', () => {
    const onCreate = vi.fn();
    act(() =>
      mounted.root.render(
        <ShortcutLayer>
          <ListScreen onCreate={onCreate} mayCreate={false} />
        </ShortcutLayer>,
      ),
    );
    pressKey('c');
    act(() => mounted.root.render(<ShortcutLayer />));
    pressKey('c');
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('saves with Ctrl+S from inside a field only while Save is enabled, and never lets the browser save the page', () => {
    const onSave = vi.fn();
    const show = (canSave: boolean) =>
      act(() =>
        mounted.root.render(
          <ShortcutLayer>
            <FormScreen onSave={onSave} canSave={canSave} />
          </ShortcutLayer>,
        ),
      );
    show(false);
    expect(pressKey('s', { ctrlKey: true }, field()).defaultPrevented).toBe(true);
    expect(onSave).not.toHaveBeenCalled();
    show(true);
    expect(pressKey('s', { metaKey: true }, field()).defaultPrevented).toBe(true);
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('does nothing while another dialog is open', () => {
    const onCreate = vi.fn();
    act(() =>
      mounted.root.render(
        <ShortcutLayer>
          <ListScreen onCreate={onCreate} />
          <Dialog open>
            <p>Filter</p>
          </Dialog>
        </ShortcutLayer>,
      ),
    );
    pressKey('c');
    pressKey('?');
    expect(onCreate).not.toHaveBeenCalled();
    expect(helpDialog()).toBeNull();
  });

  it("'?' opens the help listing the screen's shortcuts, grouped, with their keys", () => {
    act(() =>
      mounted.root.render(
        <ShortcutLayer>
          <ListScreen onCreate={vi.fn()} />
        </ShortcutLayer>,
      ),
    );
    expect(helpDialog()).toBeNull();
    pressKey('?', { shiftKey: true });
    const dialog = helpDialog()!;
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Keyboard shortcuts');
    expect(Array.from(dialog.querySelectorAll('h3'), (heading) => heading.textContent)).toEqual(['General', 'Lists']);
    const create = dialog.querySelector('[data-testid="shortcut-listCreate"]')!;
    expect(create.querySelector('dt')?.textContent).toBe('Create a document');
    expect(Array.from(create.querySelectorAll('kbd'), (kbd) => kbd.textContent)).toEqual(['c']);
    expect(dialog.querySelector('[data-testid="shortcut-formSave"]')).toBeNull();
  });
});
