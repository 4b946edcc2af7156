import { describe, expect, it } from 'vitest';
import { builtinTypes } from '../builtin-types/index.ts';
import { compileDocumentValidator } from '../validation/document-validator.ts';
import type { DocumentSchema } from './document-schema.ts';
import { schemaDefinitionProblems, serverControlledPropertyProblems, typeNameProblem, TYPE_NAME_SPACES } from './schema-problems.ts';
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

  it('checks the shape of workflow definitions, naming each misplaced value', () => {
    const shape = compileDocumentValidator(schemaDocumentType.form!.schema)({
      ...minimal,
      workflow: {
        enabled: true,
        blocks: [{ type: 'review', days: -1, steps: [{ scope: 5, roles: 'manager' }] }, { conditions: [{ message: 'x' }] }],
      },
      legacyWorkflow: { enabled: true, steps: [{ scope: 4 }] },
    });
    expect(shape.problems.map((p) => p.path)).toEqual([
      'workflow.blocks.0.type',
      'workflow.blocks.0.days',
      'workflow.blocks.0.steps.0.scope',
      'workflow.blocks.0.steps.0.roles',
      'workflow.blocks.1.conditions.0.condition',
      'legacyWorkflow.steps.0.scope',
    ]);
  });

  it('checks that workflow fields, properties and conditions fit the type', () => {
    const problems = schemaDefinitionProblems({
      ...minimal,
      workflow: {
        enabled: true,
        blocks: [
          {
            type: 'submit',
            required: ['summary', 'scroe'],
            due_date: 'score',
            conditions: [{ condition: 'score >= 3' }, { condition: "score = 'high'" }],
            steps: [{ property: 'owner_ids', conditions: [{ condition: 'open_children = 0 AND' }] }],
          },
        ],
      },
      legacyWorkflow: { enabled: false, steps: [{ scope: 9, property: 'summary', condition: 'nope = 1' }] },
    });
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['workflow.blocks.0.required', 'Cannot require scroe: not a field of the form schema'],
      ['workflow.blocks.0.due_date', 'The due date must be a date field of the form schema: score'],
      ['workflow.blocks.0.conditions.1.condition', "Invalid workflow condition 'score = 'high'': Field score expects a number"],
      ['workflow.blocks.0.steps.0.conditions.0.condition', expect.stringMatching(/^Invalid workflow condition 'open_children = 0 AND': /)],
      ['workflow.blocks.0.steps.0.property', 'Step property owner_ids is not a field of the form schema'],
      ['legacyWorkflow.steps.0.condition', "Invalid workflow condition 'nope = 1': Unknown field: nope"],
    ]);
  });

  it('refuses form fields named after fields the server controls', () => {
    const named = (properties: Record<string, { type: 'string' }>): DocumentSchema => ({
      ...minimal,
      form: { title: 'x', schema: { type: 'object', properties } },
    });
    expect(
      serverControlledPropertyProblems(named({ doc_type: { type: 'string' }, status: { type: 'string' }, due_date: { type: 'string' } })),
    ).toEqual([
      {
        path: 'form.schema.properties.doc_type',
        message: 'doc_type is set by the server: give this field another name',
        keyword: 'reserved',
      },
      { path: 'form.schema.properties.status', message: 'status is set by the server: give this field another name', keyword: 'reserved' },
    ]);
    expect(serverControlledPropertyProblems(named({ workflow: { type: 'string' } })).map((p) => p.path)).toEqual([
      'form.schema.properties.workflow',
    ]);
    // The type of type schemas keeps its definition's workflow (and ref).
    expect(serverControlledPropertyProblems(schemaDocumentType)).toEqual([]);
  });
});
