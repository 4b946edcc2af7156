/** When a key press may trigger a shortcut at all (docs/product/forms-and-lists.md#keyboard-shortcuts). */
import { describe, expect, it } from 'vitest';
import { mayTriggerShortcut, type PressPlace } from './may-trigger.ts';
import { press } from './test-presses.ts';

const page: PressPlace = { isTyping: false, isOtherModalOpen: false };
const field: PressPlace = { isTyping: true, isOtherModalOpen: false };
const dialog: PressPlace = { isTyping: false, isOtherModalOpen: true };

describe('mayTriggerShortcut', () => {
  it('lets a plain key on the page through', () => {
    expect(mayTriggerShortcut(press('c'), page)).toBe(true);
    expect(mayTriggerShortcut(press('?'), page)).toBe(true);
  });

  it('never while the user types in a field, unless the shortcut runs while typing (Ctrl+S)', () => {
    expect(mayTriggerShortcut(press('c'), field)).toBe(false);
    expect(mayTriggerShortcut(press('s', { ctrlKey: true }), field)).toBe(false);
    expect(mayTriggerShortcut(press('s', { ctrlKey: true }), field, true)).toBe(true);
  });

  it('never while another modal is open, even for a shortcut that runs while typing', () => {
    expect(mayTriggerShortcut(press('g'), dialog)).toBe(false);
    expect(mayTriggerShortcut(press('s', { metaKey: true }), dialog, true)).toBe(false);
  });

  it('never with Alt (nor AltGr, which arrives as Ctrl+Alt)', () => {
    expect(mayTriggerShortcut(press('c', { altKey: true }), page)).toBe(false);
    expect(mayTriggerShortcut(press('s', { ctrlKey: true, altKey: true }), field, true)).toBe(false);
  });

  it('never during IME composition', () => {
    expect(mayTriggerShortcut(press('g', { isComposing: true }), page)).toBe(false);
    expect(mayTriggerShortcut(press('s', { ctrlKey: true, isComposing: true }), field, true)).toBe(false);
  });

  it('never for a key a component already handled', () => {
    expect(mayTriggerShortcut(press('r', { defaultPrevented: true }), page)).toBe(false);
  });
});
