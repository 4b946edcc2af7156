import { describe, expect, it } from 'vitest';
import type { DocumentSchema } from './document-schema.ts';
import { fieldCatalogOf } from './field-catalog-of.ts';

const type: DocumentSchema = {
  version: 3,
  type: 'thing',
  form: {
    title: 'Thing',
    schema: JSON.parse(
      '{"type":"object","properties":{"priority":{"type":"integer"},"due":{"type":"string","format":"date"},"tags":{"type":"array","items":{"type":"string"}},"salary":{"type":"number"},"__proto__":{"type":"string"},"a.b":{"type":"string"}}}',
    ),
  },
  view: { title: 'Things', table: { schema: [{ id: 'salary', protected: true }] } },
};

describe('fieldCatalogOf', () => {
  it('types schema properties beside the promoted columns', () => {
    const catalog = fieldCatalogOf(type, { canSeeProtected: true });
    expect(catalog.priority).toEqual({ type: 'integer' });
    expect(catalog.due).toEqual({ type: 'date' });
    expect(catalog.tags).toEqual({ type: 'string[]' });
    expect(catalog.site_id).toEqual({ type: 'integer', column: 'site_id' });
    expect(catalog.salary).toEqual({ type: 'number' });
  });

  it('makes protected fields unreadable for callers who may not see them', () => {
    expect(fieldCatalogOf(type, { canSeeProtected: false }).salary).toEqual({ type: 'number', readable: false });
  });

  it('never turns hostile property names into fields', () => {
    const catalog = fieldCatalogOf(type, { canSeeProtected: true });
    expect(Object.getPrototypeOf(catalog)).toBe(Object.prototype);
    expect(Object.hasOwn(catalog, '__proto__')).toBe(false);
    expect(Object.hasOwn(catalog, 'a.b')).toBe(false);
  });
});
