/** What a schema being saved names must exist (docs/product/documents-and-schemas.md#schema-rules). */
import { describe, expect, it } from 'vitest';
import { builtinTypes } from '../builtin-types/index.ts';
import { incidentType } from '../builtin-types/incident.ts';
import type { DocumentSchema } from './document-schema.ts';
import { FORM_REQUIRED, schemaReferenceProblems } from './schema-reference-problems.ts';

describe('schemaReferenceProblems', () => {
  it('finds nothing in any built-in type', () => {
    for (const type of builtinTypes) expect(schemaReferenceProblems(type), type.type).toEqual([]);
  });

  it('refuses a type without a form', () => {
    const { form: _form, ...formless } = incidentType;
    expect(schemaReferenceProblems(formless as DocumentSchema)).toEqual([{ path: 'form', message: FORM_REQUIRED, keyword: 'required' }]);
  });

  it('names each field the form, its layout and the review name that the type does not have', () => {
    const form = incidentType.form!;
    const broken: DocumentSchema = {
      ...incidentType,
      form: {
        ...form,
        schema: { ...form.schema, required: [...(form.schema.required ?? []), 'nosuch'] },
        uiSchema: {
          type: 'VerticalLayout',
          elements: [{ type: 'Control', scope: '#/properties/ghost' }, ...(form.uiSchema?.elements ?? [])],
        },
        summaryProperties: ['phantom'],
        dateField: 'when_ever',
      },
      review: { schema: { type: 'object' }, condition: 'nosuch = 1 OR admin = true' },
    };
    expect(schemaReferenceProblems(broken).map((p) => `${p.path}: ${p.message}`)).toEqual([
      'form.schema.required: nosuch is not a field of the form schema',
      'form.summaryProperties: phantom is not a field of the form schema',
      'form.dateField: when_ever is not a field of the form schema',
      'form.uiSchema: ghost is not a field of the form schema',
      expect.stringMatching(/^review.condition: Unknown field: nosuch/),
    ]);
  });
});
