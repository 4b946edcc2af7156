// @vitest-environment jsdom
/** Where a key was pressed (docs/product/forms-and-lists.md#keyboard-shortcuts): in a field, under another modal. */
import { afterEach, describe, expect, it } from 'vitest';
import { HELP_DIALOG_ATTRIBUTE, isOtherModalOpen, isTypingTarget, keyPressOf } from './key-press-facts.ts';

function element(html: string): Element {
  document.body.innerHTML = html;
  return document.querySelector('[data-target]')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('isTypingTarget', () => {
  it.each([
    ['a text input', '<input data-target>'],
    ['a search input', '<input type="search" data-target>'],
    ['a textarea', '<textarea data-target></textarea>'],
    ['a select', '<select data-target></select>'],
    ['a contenteditable', '<div contenteditable="true"><p data-target>x</p></div>'],
    ['a CodeMirror editor', '<div class="cm-editor"><div class="cm-scroller" data-target></div></div>'],
  ])('is true in %s', (_name, html) => {
    expect(isTypingTarget(element(html))).toBe(true);
  });

  it.each([
    ['the page', '<main data-target></main>'],
    ['a button', '<button data-target>Save</button>'],
    ['a checkbox', '<input type="checkbox" data-target>'],
    ['a switched-off contenteditable', '<div contenteditable="false" data-target></div>'],
  ])('is false on %s', (_name, html) => {
    expect(isTypingTarget(element(html))).toBe(false);
  });

  it('is false without an element', () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(window)).toBe(false);
  });
});

describe('isOtherModalOpen', () => {
  it('sees an open MUI modal, a native modal dialog, an aria-modal element', () => {
    element('<div class="MuiModal-root"><div role="dialog" aria-modal="true" data-target></div></div>');
    expect(isOtherModalOpen(document)).toBe(true);
    element('<dialog open data-target></dialog>');
    expect(isOtherModalOpen(document)).toBe(true);
    element('<div role="alertdialog" aria-modal="true" data-target></div>');
    expect(isOtherModalOpen(document)).toBe(true);
  });

  it('ignores a closed kept-mounted modal (the phone menu) and the shortcuts help', () => {
    element('<div class="MuiDrawer-root MuiModal-root MuiModal-hidden"><div role="dialog" aria-modal="true" data-target></div></div>');
    expect(isOtherModalOpen(document)).toBe(false);
    element(`<div class="MuiModal-root" ${HELP_DIALOG_ATTRIBUTE}><div role="dialog" aria-modal="true" data-target></div></div>`);
    expect(isOtherModalOpen(document)).toBe(false);
  });
});

describe('keyPressOf', () => {
  it('counts the IME placeholder key (229) as composition', () => {
    expect(keyPressOf(new KeyboardEvent('keydown', { key: 'Process', keyCode: 229 })).isComposing).toBe(true);
    expect(keyPressOf(new KeyboardEvent('keydown', { key: 'g', isComposing: true })).isComposing).toBe(true);
    expect(keyPressOf(new KeyboardEvent('keydown', { key: 'g' })).isComposing).toBe(false);
  });
});
