import { describe, expect, it } from 'vitest';
import { SCHEMA_TYPE } from '@docket/shared';
import { splitBody } from './document-shape.ts';

const body = JSON.parse(
  '{"summary":"s","site_id":2,"score":4,"id":9,"org_id":2,"doc_type":"x","meta":{},"status":"Closed","created_by":"u","workflow":{"enabled":true,"blocks":[]},"ref":"R-1","access":{"editor":true},"closed":true,"closed_date":"2020-01-01","status_date":"2020-01-01","due_date":"2020-01-01","version":9,"workflow_version":9,"attachments":[],"org":"acme","app_id":"acme","__proto__":{"polluted":true}}',
) as Record<string, unknown>;

describe('splitBody', () => {
  it('drops every server-controlled field from the body of an ordinary document', () => {
    const write = splitBody(body, { type: 'incident' });
    expect(write.columns).toEqual({ summary: 's', site_id: 2 });
    expect(write.data).toEqual({ score: 4 });
  });

  it("keeps due_date only for a type whose form declares it (the action's own due date)", () => {
    const form = { schema: { type: 'object' as const, properties: { due_date: { type: 'string' as const } } } };
    const write = splitBody(body, { type: 'action', form: form as never });
    expect(write.data).toEqual({ score: 4, due_date: '2020-01-01' });
  });

  it("keeps a $$schema body's workflow, ref and version (properties of the definition), nothing else server-controlled", () => {
    const write = splitBody(body, { type: SCHEMA_TYPE });
    expect(write.data).toEqual({ score: 4, workflow: { enabled: true, blocks: [] }, ref: 'R-1', version: 9 });
    expect(Object.hasOwn(write.data, '__proto__')).toBe(false);
  });
});
