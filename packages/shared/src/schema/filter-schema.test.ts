import { describe, expect, it } from 'vitest';
import type { DocumentSchema } from './document-schema.ts';
import { filterSchemaOf } from './filter-schema.ts';
import { builtinTypeByName } from '../builtin-types/index.ts';

const type: DocumentSchema = {
  version: 3,
  type: 'thing',
  form: {
    title: 'Thing',
    schema: {
      type: 'object',
      required: ['summary'],
      errorMessage: { required: { summary: 'Please enter a title' } },
      properties: {
        summary: { type: 'string', minLength: 1 },
        site_id: { type: 'integer' },
        region_id: { type: 'integer' },
        tags: { type: 'array', minItems: 1, items: { type: 'object', required: ['x'], properties: { x: { type: 'string' } } } },
        required: { type: 'boolean', default: false },
        nested: { type: 'object', properties: {} },
      },
    },
  },
};

describe('filterSchemaOf', () => {
  it('drops every required rule, minimum and default, keeping a property named required', () => {
    const { schema } = filterSchemaOf(type, { isAdministrator: true });
    expect(JSON.stringify(schema)).not.toMatch(/"required":\[|minItems|minLength|"default"/);
    expect(Object.keys(schema.properties ?? {})).toEqual(['summary', 'site_id', 'region_id', 'tags', 'required']);
    expect(type.form?.schema.required).toEqual(['summary']);
  });

  it('removes scope fields for non-administrators and for scopes a report lacks', () => {
    expect(Object.keys(filterSchemaOf(type, { isAdministrator: false }).schema.properties ?? {})).toEqual(['summary', 'tags', 'required']);
    const report = filterSchemaOf(type, { isAdministrator: true, scopes: ['site_scope'] });
    expect(Object.keys(report.schema.properties ?? {})).toEqual(['summary', 'site_id', 'tags', 'required']);
  });

  it('prunes the filter ui schema of a built-in type along with its fields', () => {
    const incident = builtinTypeByName('incident')!;
    const form = filterSchemaOf(incident, { isAdministrator: false });
    expect(form.schema.properties).not.toHaveProperty('site_id');
    expect(form.schema.properties).toHaveProperty('category');
    expect(JSON.stringify(form.uiSchema ?? {})).not.toContain('#/properties/site_id');
  });
});
