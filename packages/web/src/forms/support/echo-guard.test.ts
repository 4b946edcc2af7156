import { describe, expect, it } from 'vitest';
import { Actions, coreReducer, type JsonFormsCore, type JsonSchema } from '@jsonforms/core';
import { echoGuard } from './echo-guard.ts';

const schema: JsonSchema = { type: 'object', properties: { site: { type: 'string' }, hazard: { type: 'string' } } };

function start(data: Record<string, unknown>) {
  const guard = echoGuard();
  const empty = { data: {}, schema: {}, uischema: undefined, errors: [], additionalErrors: [], validationMode: 'NoValidation' };
  const state = guard(
    empty as unknown as JsonFormsCore,
    Actions.init(data, schema, undefined, { validationMode: 'NoValidation' }),
    coreReducer,
  );
  return { guard, state };
}

/** The user editing one field, through the guard. */
function edit(guard: ReturnType<typeof echoGuard>, state: JsonFormsCore, path: string, value: string): JsonFormsCore {
  return guard(
    state,
    Actions.update(path, () => value),
    coreReducer,
  );
}

describe('JSON Forms never rewinds to data it made itself (echo-guard.ts)', () => {
  it('keeps a newer edit when the caller hands back an older one', () => {
    const { guard, state: opened } = start({});
    const siteChosen = edit(guard, opened, 'site', 'North Plant');
    const hazardTyped = edit(guard, siteChosen, 'hazard', 'Fall from the dock edge');
    // The caller draws the site's report only now, after the hazard was typed.
    const echoed = guard(hazardTyped, Actions.updateCore(siteChosen.data, schema, undefined), coreReducer);
    expect(echoed.data).toEqual({ site: 'North Plant', hazard: 'Fall from the dock edge' });
  });

  it('takes data from elsewhere: a reload, the raw JSON editor', () => {
    const { guard, state: opened } = start({ site: 'North Plant' });
    const typed = edit(guard, opened, 'hazard', 'Typed');
    const reloaded = { site: 'Harbour Depot', hazard: 'Saved by someone else' };
    expect(guard(typed, Actions.updateCore(reloaded, schema, undefined), coreReducer).data).toBe(reloaded);
  });

  it('keeps an edit the caller has not heard of when the errors change (a blur shows a problem)', () => {
    const loaded = { site: 'North Plant' };
    const { guard, state: opened } = start(loaded);
    const typed = edit(guard, opened, 'hazard', 'Typed');
    // JSON Forms hands the state the data it was given again, with the new errors.
    const errors = [{ instancePath: '/hazard', message: 'Too short', schemaPath: '', keyword: 'minLength', params: {} }];
    const shown = guard(typed, Actions.updateCore(loaded, schema, undefined, { additionalErrors: errors }), coreReducer);
    expect(shown.data).toBe(typed.data);
    expect(shown.additionalErrors).toBe(errors);
  });

  it('takes the document it was opened with when the caller goes back to it after drawing an edit', () => {
    const loaded = { site: 'North Plant' };
    const { guard, state: opened } = start(loaded);
    const typed = edit(guard, opened, 'hazard', 'Typed');
    const drawn = guard(typed, Actions.updateCore(typed.data, schema, undefined), coreReducer);
    expect(guard(drawn, Actions.updateCore(loaded, schema, undefined), coreReducer).data).toBe(loaded);
  });

  it('decides alike when React runs an action twice on one state (StrictMode, in development)', () => {
    const loaded = { site: 'North Plant' };
    const { guard, state: opened } = start(loaded);
    const typed = edit(guard, opened, 'hazard', 'Typed');
    const drawn = guard(typed, Actions.updateCore(typed.data, schema, undefined), coreReducer);
    const reloaded = { site: 'Harbour Depot' };
    // The first run's result is thrown away; the second's is kept.
    guard(drawn, Actions.updateCore(reloaded, schema, undefined), coreReducer);
    expect(guard(drawn, Actions.updateCore(reloaded, schema, undefined), coreReducer).data).toBe(reloaded);
    guard(typed, Actions.updateCore(loaded, schema, undefined), coreReducer);
    expect(guard(typed, Actions.updateCore(loaded, schema, undefined), coreReducer).data).toBe(typed.data);
  });

  it('still applies a new schema with an echo', () => {
    const { guard, state: opened } = start({});
    const typed = edit(guard, opened, 'site', 'North Plant');
    const wider: JsonSchema = { ...schema, required: ['site'] };
    const echoed = guard(typed, Actions.updateCore(typed.data, wider, undefined), coreReducer);
    expect(echoed.schema).toBe(wider);
    expect(echoed.data).toBe(typed.data);
  });
});
