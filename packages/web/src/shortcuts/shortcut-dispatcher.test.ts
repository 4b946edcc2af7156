/** Which bound shortcut a key press runs (docs/product/forms-and-lists.md#keyboard-shortcuts). */
import { describe, expect, it, vi } from 'vitest';
import type { PressPlace } from './may-trigger.ts';
import { SEQUENCE_TIMEOUT_MS, createShortcutDispatcher } from './shortcut-dispatcher.ts';
import { press } from './test-presses.ts';

const page: PressPlace = { isTyping: false, isOtherModalOpen: false };
const field: PressPlace = { isTyping: true, isOtherModalOpen: false };

function bound(enabled = true) {
  const dispatcher = createShortcutDispatcher();
  const run = { help: vi.fn(), create: vi.fn(), dashboard: vi.fn(), activity: vi.fn(), save: vi.fn() };
  dispatcher.bind('help', { run: run.help, enabled: true });
  dispatcher.bind('listCreate', { run: run.create, enabled });
  dispatcher.bind('goDashboard', { run: run.dashboard, enabled: true });
  dispatcher.bind('goActivity', { run: run.activity, enabled: true });
  dispatcher.bind('formSave', { run: run.save, enabled });
  /** Presses the key and runs what the dispatcher answers, as the layer does. */
  const hit = (key: ReturnType<typeof press>, at = 0, place = page) => {
    const answer = dispatcher.dispatch(key, place, at);
    answer.run?.();
    return answer;
  };
  return { dispatcher, run, hit };
}

describe('shortcut dispatch', () => {
  it('runs a single-key shortcut and takes the key from the browser', () => {
    const { run, hit } = bound();
    expect(hit(press('?'))).toMatchObject({ id: 'help', preventDefault: true });
    expect(run.help).toHaveBeenCalledOnce();
    expect(hit(press('c')).id).toBe('listCreate');
    expect(run.create).toHaveBeenCalledOnce();
  });

  it('leaves an unbound or unmatched key alone', () => {
    const { run, hit } = bound();
    expect(hit(press('x'))).toEqual({ preventDefault: false });
    expect(hit(press('r'))).toEqual({ preventDefault: false }); // no list shown: 'r' is not bound
    expect(hit(press('C'))).toEqual({ preventDefault: false }); // Shift+C is not 'c'
    expect(hit(press('c', { ctrlKey: true }))).toEqual({ preventDefault: false }); // Ctrl+C copies
    expect(run.create).not.toHaveBeenCalled();
  });

  it('runs a two-key sequence pressed within the timeout, and nothing for its first key', () => {
    const { run, hit } = bound();
    expect(hit(press('g'), 1_000)).toEqual({ preventDefault: false });
    expect(hit(press('d'), 1_000 + SEQUENCE_TIMEOUT_MS - 1).id).toBe('goDashboard');
    expect(run.dashboard).toHaveBeenCalledOnce();
    // The sequence is used up: 'd' alone now does nothing.
    expect(hit(press('d'), 1_500)).toEqual({ preventDefault: false });
    hit(press('g'), 2_000);
    hit(press('a'), 2_100);
    expect(run.activity).toHaveBeenCalledOnce();
  });

  it('forgets the first key after the timeout, or when another key follows it', () => {
    const { run, hit } = bound();
    hit(press('g'), 0);
    hit(press('d'), SEQUENCE_TIMEOUT_MS + 1);
    hit(press('g'), 5_000);
    hit(press('x'), 5_100);
    hit(press('d'), 5_200);
    expect(run.dashboard).not.toHaveBeenCalled();
    // A key that ends no sequence still counts on its own: 'g' then '?' opens the help.
    hit(press('g'), 6_000);
    hit(press('?'), 6_100);
    expect(run.help).toHaveBeenCalledOnce();
  });

  it('runs nothing from a field but Ctrl+S or Cmd+S, which saves and keeps the browser from saving the page', () => {
    const { run, hit } = bound();
    expect(hit(press('c'), 0, field)).toEqual({ preventDefault: false });
    hit(press('g'), 0, field);
    hit(press('d'), 10, field);
    expect(hit(press('s', { ctrlKey: true }), 20, field)).toMatchObject({ id: 'formSave', preventDefault: true });
    expect(hit(press('s', { metaKey: true }), 30, field).id).toBe('formSave');
    // A layout whose S key types another letter still saves by the physical key.
    expect(hit(press('ы', { ctrlKey: true, code: 'KeyS' }), 40, field).id).toBe('formSave');
    expect(run.save).toHaveBeenCalledTimes(3);
    expect(run.create).not.toHaveBeenCalled();
    expect(run.dashboard).not.toHaveBeenCalled();
  });

  it('runs nothing while another modal is open', () => {
    const { run, hit } = bound();
    const modal: PressPlace = { isTyping: false, isOtherModalOpen: true };
    expect(hit(press('?'), 0, modal)).toEqual({ preventDefault: false });
    expect(hit(press('s', { ctrlKey: true }), 0, modal)).toEqual({ preventDefault: false });
    expect(run.help).not.toHaveBeenCalled();
    expect(run.save).not.toHaveBeenCalled();
  });

  it('a disabled shortcut runs nothing; Ctrl+S still keeps the key from the browser', () => {
    const { run, hit } = bound(false);
    expect(hit(press('c'))).toEqual({ preventDefault: false });
    expect(hit(press('s', { ctrlKey: true }), 0, field)).toEqual({ id: 'formSave', preventDefault: true });
    expect(run.create).not.toHaveBeenCalled();
    expect(run.save).not.toHaveBeenCalled();
  });

  it('a held key runs once', () => {
    const { run, hit } = bound();
    hit(press('s', { ctrlKey: true }));
    expect(hit(press('s', { ctrlKey: true, repeat: true }))).toEqual({ preventDefault: true });
    expect(run.save).toHaveBeenCalledOnce();
  });

  it('the binding added last wins, and the earlier one is back once it goes', () => {
    const dispatcher = createShortcutDispatcher();
    const page = vi.fn();
    const picker = vi.fn();
    dispatcher.bind('listRefresh', { run: page, enabled: true });
    const unbind = dispatcher.bind('listRefresh', { run: picker, enabled: true });
    dispatcher.dispatch(press('r'), { isTyping: false, isOtherModalOpen: false }, 0).run?.();
    unbind();
    dispatcher.dispatch(press('r'), { isTyping: false, isOtherModalOpen: false }, 0).run?.();
    expect(picker).toHaveBeenCalledOnce();
    expect(page).toHaveBeenCalledOnce();
  });

  it('lists what the screen offers, in registry order, and tells its listeners when that changes', () => {
    const dispatcher = createShortcutDispatcher();
    const listener = vi.fn();
    dispatcher.subscribe(listener);
    const unbindSave = dispatcher.bind('formSave', { run: vi.fn(), enabled: false });
    dispatcher.bind('listCreate', { run: vi.fn(), enabled: false }); // Create not allowed: not listed
    dispatcher.bind('help', { run: vi.fn(), enabled: true });
    expect(dispatcher.listed()).toEqual(['help', 'formSave']);
    expect(dispatcher.listed()).toBe(dispatcher.listed());
    unbindSave();
    expect(dispatcher.listed()).toEqual(['help']);
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
