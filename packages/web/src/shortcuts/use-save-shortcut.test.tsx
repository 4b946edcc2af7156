// @vitest-environment jsdom
/**
 * Ctrl+S / Cmd+S on a screen whose text lives in a code editor, as the schema editor's JSON
 * (docs/product/forms-and-lists.md#keyboard-shortcuts): saves from inside the editor only while
 * Save is enabled, with the keystroke just before it, and never lets the browser save the page.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/index.ts';
import { reactRootPerTest } from '../test-support/react-root.ts';
import { ShortcutLayer } from './shortcut-layer.tsx';
import { pressKey } from './test-key-events.ts';
import { SAVE_AFTER_TYPING_MS, useSaveShortcut } from './use-save-shortcut.ts';

const mounted = reactRootPerTest();

/** A screen whose Save button is enabled while its text has no problems (here: while it is not empty). */
function CodeScreen({ text, onSave }: { text: string; onSave: (text: string) => void }) {
  useSaveShortcut(() => onSave(text), text !== '');
  // What CodeMirror renders: the focus sits in its contenteditable content, inside .cm-editor.
  return (
    <div className="cm-editor">
      <div className="cm-content" contentEditable suppressContentEditableWarning aria-label="Schema JSON">
        {text}
      </div>
    </div>
  );
}

const editor = () => document.querySelector('[aria-label="Schema JSON"]')!;

function show(text: string, onSave: (text: string) => void) {
  act(() =>
    mounted.root.render(
      <ShortcutLayer>
        <CodeScreen text={text} onSave={onSave} />
      </ShortcutLayer>,
    ),
  );
}

function aMomentLater() {
  act(() => vi.advanceTimersByTime(SAVE_AFTER_TYPING_MS));
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useSaveShortcut', () => {
  it('saves from inside the code editor a moment later, with the keystroke that reached the screen in between', () => {
    const onSave = vi.fn();
    show('{"type": "incident"', onSave);
    expect(pressKey('s', { ctrlKey: true }, editor()).defaultPrevented).toBe(true);
    expect(onSave).not.toHaveBeenCalled();
    show('{"type": "incident"}', onSave); // the last '}' typed just before Ctrl+S, rendered after it
    aMomentLater();
    expect(onSave).toHaveBeenCalledExactlyOnceWith('{"type": "incident"}');
    expect(pressKey('s', { metaKey: true }, editor()).defaultPrevented).toBe(true);
    aMomentLater();
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('takes the key but saves nothing while Save is disabled, nor when the text turned invalid before the save ran', () => {
    const onSave = vi.fn();
    show('', onSave);
    expect(pressKey('s', { ctrlKey: true }, editor()).defaultPrevented).toBe(true);
    aMomentLater();
    expect(onSave).not.toHaveBeenCalled();
    show('{}', onSave);
    pressKey('s', { ctrlKey: true }, editor());
    show('', onSave); // a keystroke that emptied the text, rendered after the key
    aMomentLater();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves once for Ctrl+S pressed twice within the moment, and not after the screen is gone', () => {
    const onSave = vi.fn();
    show('{}', onSave);
    pressKey('s', { ctrlKey: true }, editor());
    pressKey('s', { ctrlKey: true }, editor());
    aMomentLater();
    expect(onSave).toHaveBeenCalledOnce();
    pressKey('s', { ctrlKey: true }, editor());
    act(() => mounted.root.render(<ShortcutLayer />));
    aMomentLater();
    expect(onSave).toHaveBeenCalledOnce();
  });
});
