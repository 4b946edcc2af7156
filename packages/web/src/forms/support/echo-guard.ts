/**
 * Keeps JSON Forms from rewinding to data it produced itself. JSON Forms reports a change 10 ms
 * late (debounced), and whenever the `data` it is given changes it replaces its own state with
 * it. A caller that hands back a report after the user has already typed into the next field —
 * and before that newer change is reported — makes JSON Forms replace the newer state with the
 * older report, and the text just typed vanishes (a browser test chose a site and then typed a
 * hazard, and now and then the hazard was gone at Save). Data handed back that JSON Forms itself
 * made from an edit — reported to the caller already or not yet — is an echo, and its own newer
 * state stays. Data from
 * anywhere else — the document as loaded, a reload after an edit conflict, the raw JSON editor —
 * replaces the state as before.
 */
import { INIT, UPDATE_CORE, type Middleware } from '@jsonforms/core';

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** A middleware for one form: remembers the data its edits made, and ignores them when handed back. */
export function echoGuard(): Middleware {
  const made = new WeakSet<object>();
  return (state, action, reducer) => {
    const isEcho = action.type === UPDATE_CORE && action.data !== state.data && isObject(action.data) && made.has(action.data);
    const next = reducer(state, isEcho ? { ...action, data: state.data } : action);
    const isEdit = action.type !== INIT && action.type !== UPDATE_CORE;
    if (isEdit && next.data !== state.data && isObject(next.data)) made.add(next.data);
    return next;
  };
}
