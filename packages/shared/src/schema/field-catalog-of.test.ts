import { describe, expect, it } from 'vitest';
import type { DocumentSchema } from './document-schema.ts';
import { fieldCatalogOf } from './field-catalog-of.ts';
import { actionType } from '../builtin-types/action.ts';

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

  it("reads a type's own due_date field rather than the workflow's due-date column", () => {
    const action = fieldCatalogOf(actionType, { canSeeProtected: true });
    expect(action.due_date).toEqual({ type: 'date' });
    // Other promoted names stay the server's, whatever a form declares.
    const withStatus: DocumentSchema = {
      ...type,
      form: { title: 'Thing', schema: { type: 'object', properties: { status: { type: 'string' }, due_date: { type: 'object' } } } },
    };
    const catalog = fieldCatalogOf(withStatus, { canSeeProtected: true });
    expect(catalog.status).toEqual({ type: 'string', column: 'status' });
    expect(catalog.due_date).toEqual({ type: 'datetime', column: 'due_date' });
    expect(fieldCatalogOf(type, { canSeeProtected: true }).due_date).toEqual({ type: 'datetime', column: 'due_date' });
  });
});
