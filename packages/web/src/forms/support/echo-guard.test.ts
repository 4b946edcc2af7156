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

describe('JSON Forms never rewinds to data it made itself (echo-guard.ts)', () => {
  it('keeps a newer edit when the caller hands back an older one', () => {
    const { guard, state: opened } = start({});
    const siteChosen = guard(
      opened,
      Actions.update('site', () => 'North Plant'),
      coreReducer,
    );
    const hazardTyped = guard(
      siteChosen,
      Actions.update('hazard', () => 'Fall from the dock edge'),
      coreReducer,
    );
    // The caller draws the site's report only now, after the hazard was typed.
    const echoed = guard(hazardTyped, Actions.updateCore(siteChosen.data, schema, undefined), coreReducer);
    expect(echoed.data).toEqual({ site: 'North Plant', hazard: 'Fall from the dock edge' });
  });

  it('takes data from elsewhere: a reload, the raw JSON editor', () => {
    const { guard, state: opened } = start({ site: 'North Plant' });
    const typed = guard(
      opened,
      Actions.update('hazard', () => 'Typed'),
      coreReducer,
    );
    const reloaded = { site: 'Harbour Depot', hazard: 'Saved by someone else' };
    expect(guard(typed, Actions.updateCore(reloaded, schema, undefined), coreReducer).data).toBe(reloaded);
  });

  it('takes the document it was opened with when handed back again', () => {
    const loaded = { site: 'North Plant' };
    const { guard, state: opened } = start(loaded);
    const typed = guard(
      opened,
      Actions.update('hazard', () => 'Typed'),
      coreReducer,
    );
    expect(guard(typed, Actions.updateCore(loaded, schema, undefined), coreReducer).data).toBe(loaded);
  });

  it('still applies a new schema with an echo', () => {
    const { guard, state: opened } = start({});
    const typed = guard(
      opened,
      Actions.update('site', () => 'North Plant'),
      coreReducer,
    );
    const wider: JsonSchema = { ...schema, required: ['site'] };
    const echoed = guard(typed, Actions.updateCore(typed.data, wider, undefined), coreReducer);
    expect(echoed.schema).toBe(wider);
    expect(echoed.data).toBe(typed.data);
  });
});
