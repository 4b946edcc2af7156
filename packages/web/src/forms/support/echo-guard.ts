/**
 * Keeps JSON Forms from rewinding to data older than its own state. JSON Forms reports a change
 * 10 ms late (debounced), and it hands its state the `data` it was given again whenever that data
 * *or* the schema, UI schema or additional errors change. Two ways that lost text just typed:
 * - the caller hands back a report after the user has already typed into the next field, and
 *   before that newer change is reported (a browser test chose a site and then typed a hazard,
 *   and now and then the hazard was gone at Save);
 * - the errors change before the caller has heard of an edit at all: leaving the first field
 *   typed into (a blur shows its problems) re-sends the data the form was opened with, and the
 *   title just typed vanished (a currency's Title, now and then, in the browser tests).
 * So the state keeps its own newer data when it is handed data JSON Forms itself made from an
 * edit (an echo, reported to the caller already or not yet) or the very data it was last given
 * (nothing new from the caller). Data the caller gives anew — the document as loaded, a reload
 * after an edit conflict, the raw JSON editor, the document as opened after an edit was drawn —
 * replaces the state as before.
 */
import { INIT, UPDATE_CORE, type Middleware } from '@jsonforms/core';

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** A middleware for one form: remembers the data its edits made and the data it was last given. */
export function echoGuard(): Middleware {
  const made = new WeakSet<object>();
  // The data the caller had last given when each state was made: kept with the state rather than
  // in a variable, so an action run twice on one state (React's StrictMode does so in
  // development, and keeps the second result) is decided alike both times.
  const givenWith = new WeakMap<object, unknown>();
  return (state, action, reducer) => {
    const isGiven = action.type === INIT || action.type === UPDATE_CORE;
    const lastGiven = givenWith.get(state);
    const isOld = action.type === UPDATE_CORE && (action.data === lastGiven || (isObject(action.data) && made.has(action.data)));
    const keepsOwn = isOld && action.data !== state.data;
    const next = reducer(state, keepsOwn ? { ...action, data: state.data } : action);
    if (!isGiven && next.data !== state.data && isObject(next.data)) made.add(next.data);
    givenWith.set(next, isGiven ? action.data : lastGiven);
    return next;
  };
}
