import { describe, expect, it } from 'vitest';
import { builtinTypeByName, compileDocumentValidator } from '@docket/shared';
import { controlErrors, formProblems, problemsByPath } from './validation.ts';

const visit = builtinTypeByName('worksafe_safety_visit')!.form!.schema;
const options = (lang: string) => ({
  lang,
  translate: (text: string) => text,
  requiredText: (label: string) => `must have required property '${label}'`,
});

function problemsOf(data: Record<string, unknown>, lang = 'en') {
  return formProblems(compileDocumentValidator(visit)(structuredClone(data)).problems, visit, options(lang));
}

describe('formProblems', () => {
  it("keeps the schema's own required messages", () => {
    const problems = problemsOf({ module_id: 1, visitor_ids: ['0b6f3c36-6a5e-4f0e-9b8b-3c1c1f2a9d11'] });
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['site_id', 'Please select a site'],
      ['zone_id', 'Please select a zone'],
    ]);
  });

  it('folds "one of these fields" rules into one problem with their message', () => {
    const problems = problemsOf({
      site_id: 1,
      zone_id: 2,
      module_id: 1,
      visitor_ids: ['0b6f3c36-6a5e-4f0e-9b8b-3c1c1f2a9d11'],
      observations: [{ type: 'A', descrip: 'Loose cable' }],
    });
    expect(problems).toEqual([
      {
        path: 'observations.0',
        label: 'Observation',
        message: 'Each unsafe act or unsafe condition requires an associated action',
        keyword: 'anyOf',
      },
    ]);
    expect(problemsByPath(problems).get('observations.0')).toEqual(['Each unsafe act or unsafe condition requires an associated action']);
    expect(controlErrors(problems)).toEqual([]); // no control owns it: the item's card shows it
  });

  it('localises the standard required message: "Requis: " in French', () => {
    const schema = {
      type: 'object' as const,
      properties: { region_id: { type: 'integer' as const, title: 'Region' } },
      required: ['region_id'],
    };
    const raw = compileDocumentValidator(schema)({}).problems;
    expect(formProblems(raw, schema, options('fr'))[0]?.message).toBe('Requis: Region');
    expect(formProblems(raw, schema, options('en'))[0]?.message).toBe("must have required property 'Region'");
  });

  it('hands required errors to JSON Forms at the parent path with the missing property', () => {
    const [error] = controlErrors([
      { path: 'observations.0.descrip', label: 'Observation', message: 'Please describe the observation', keyword: 'required' },
    ]);
    expect(error).toMatchObject({ instancePath: '/observations/0', keyword: 'required', params: { missingProperty: 'descrip' } });
  });
});
