import { describe, expect, it } from 'vitest';
import { builtinTypes } from '../builtin-types/index.ts';
import { compileDocumentValidator } from '../validation/document-validator.ts';
import type { DocumentSchema } from './document-schema.ts';
import { schemaDefinitionProblems, typeNameProblem, TYPE_NAME_SPACES } from './schema-problems.ts';
import { schemaDocumentType } from './schema-type.ts';

const minimal: DocumentSchema = {
  version: 3,
  type: 'audit_finding',
  form: { title: 'Audit finding', schema: { type: 'object', properties: { summary: { type: 'string' }, score: { type: 'integer' } } } },
};

describe('type schema checks', () => {
  it.each(builtinTypes.map((t) => [t.type, t] as const))('accepts the built-in %s as a stored schema', (_name, type) => {
    const copy = JSON.parse(JSON.stringify(type)) as Record<string, unknown>;
    const shape = compileDocumentValidator(schemaDocumentType.form!.schema)(copy);
    expect(shape.problems).toEqual([]);
    expect(schemaDefinitionProblems(type)).toEqual([]);
  });

  it('names type problems in the spec words', () => {
    expect(typeNameProblem('audit finding')).toBe(TYPE_NAME_SPACES);
    expect(typeNameProblem('audit-finding')).toMatch(/only letters, digits and underscores/);
    expect(typeNameProblem('$$schema')).toMatch(/only letters/);
    expect(typeNameProblem('search')).toBe('Schema type search is reserved');
    expect(typeNameProblem('audit_finding')).toBeNull();
  });

  it('names each problem with its place', () => {
    const problems = schemaDefinitionProblems({
      ...minimal,
      idMask: 'AF-',
      form: { title: 'x', schema: { type: 'object', properties: { score: { type: 'integer', minimum: 'low' } } } },
      filter: { schema: { type: 'nonsense' } },
    } as unknown as DocumentSchema);
    expect(problems.map((p) => p.path)).toEqual(['idMask', 'form.schema', 'filter.schema']);
    expect(problems[1]!.message).toMatch(/^Invalid JSON Schema: /);
  });

  it('checks indexed fields, the default filter and the default order against the fields', () => {
    const problems = schemaDefinitionProblems({
      ...minimal,
      indexed: ['score', 'nope'],
      filter: { schema: { type: 'object' }, defaultFilter: "score = 'high'" },
      view: { title: 'Findings', table: { schema: [] }, defaultOrder: 'secret desc' },
    });
    expect(problems).toEqual([
      { path: 'indexed', message: 'Cannot index nope: not a field of the form schema', keyword: 'indexed' },
      { path: 'filter.defaultFilter', message: 'Field score expects a number', keyword: 'filter' },
      { path: 'view.defaultOrder', message: 'Cannot order by field: secret', keyword: 'order' },
    ]);
  });
});
