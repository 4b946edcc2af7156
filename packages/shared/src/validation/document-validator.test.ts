import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../schema/json-schema.ts';
import { compileDocumentValidator, describeProblems, REQUIRED_MESSAGE, schemaProblem } from './document-validator.ts';

const schema: JsonSchema = {
  type: 'object',
  required: ['summary', 'descrip'],
  errorMessage: { required: { summary: 'Please enter a title' } },
  properties: {
    summary: { type: 'string', minLength: 1 },
    descrip: { type: 'string' },
    priority: { type: 'integer', minimum: 1, maximum: 5, default: 3 },
    observations: {
      type: 'array',
      items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
    },
  },
};

describe('compileDocumentValidator', () => {
  it('uses the custom message for a missing property and the default otherwise', () => {
    const outcome = compileDocumentValidator(schema)({});
    expect(outcome.valid).toBe(false);
    expect(outcome.problems).toEqual([
      { path: 'summary', message: 'Please enter a title', keyword: 'required' },
      { path: 'descrip', message: REQUIRED_MESSAGE, keyword: 'required' },
    ]);
  });

  it('names nested paths and other keywords', () => {
    const outcome = compileDocumentValidator(schema)({ summary: 'a', descrip: '', priority: 9, observations: [{}] });
    expect(describeProblems(outcome.problems)).toBe('priority: must be <= 5; observations.0.type: must have required property');
  });

  it('applies defaults to valid data', () => {
    const data: Record<string, unknown> = { summary: 'a', descrip: 'b' };
    expect(compileDocumentValidator(schema)(data).valid).toBe(true);
    expect(data.priority).toBe(3);
  });

  it('reports an invalid JSON Schema', () => {
    expect(schemaProblem({ type: 'object', properties: { a: { type: 'nonsense' } } })).toMatch(/type/);
    expect(schemaProblem(schema)).toBeNull();
  });
});

describe('a rule with its own message', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: { base: { type: 'boolean' }, rate: { type: 'number' } },
    allOf: [
      {
        if: { properties: { base: { const: true } }, required: ['base'] },
        then: { properties: { rate: { const: 1, errorMessage: 'Base is 1' } } },
      },
    ],
  };

  it('answers the message beside the rule and leaves the branch notice out of the summary', () => {
    const { problems } = compileDocumentValidator(schema)({ base: true, rate: 2 });
    expect(problems).toContainEqual(
      expect.objectContaining({ path: 'rate', message: 'Base is 1', keyword: 'const', isSchemaMessage: true }),
    );
    expect(describeProblems(problems)).toBe('rate: Base is 1');
  });

  it('refuses Infinity as a number (a body’s 1e400), which JSON would store as null', () => {
    const priority = compileDocumentValidator({ type: 'object', properties: { priority: { type: 'integer' } } });
    expect(priority({ priority: Infinity }).problems).toEqual([
      { path: 'priority', message: 'must be integer', keyword: 'type', params: { type: 'integer' } },
    ]);
    const lostDays = compileDocumentValidator({ type: 'object', properties: { lost_days: { type: 'number' } } });
    expect(lostDays({ lost_days: Infinity }).valid).toBe(false);
    expect(lostDays({ lost_days: 1e300 }).valid).toBe(true);
  });

  it("says once that a value is none of a select's choices", () => {
    const select = compileDocumentValidator({
      type: 'object',
      properties: {
        severity: {
          type: 'integer',
          oneOf: [
            { const: 1, title: 'Low' },
            { const: 2, title: 'High' },
          ],
        },
      },
    });
    expect(select({ severity: 99 }).problems).toEqual([
      { path: 'severity', message: 'must be one of the listed values', keyword: 'oneOf', params: expect.any(Object) },
    ]);
    expect(select({ severity: 2 }).valid).toBe(true);
  });
});
