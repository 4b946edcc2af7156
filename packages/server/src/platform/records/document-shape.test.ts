import { describe, expect, it } from 'vitest';
import { SCHEMA_TYPE } from '@docket/shared';
import { splitBody } from './document-shape.ts';

const body = JSON.parse(
  '{"summary":"s","site_id":2,"score":4,"id":9,"org_id":2,"doc_type":"x","meta":{},"status":"Closed","created_by":"u","workflow":{"enabled":true,"blocks":[]},"ref":"R-1","access":{"editor":true},"__proto__":{"polluted":true}}',
) as Record<string, unknown>;

describe('splitBody', () => {
  it('drops every server-controlled field from the body of an ordinary document', () => {
    const write = splitBody(body, 'incident');
    expect(write.columns).toEqual({ summary: 's', site_id: 2 });
    expect(write.data).toEqual({ score: 4 });
  });

  it("keeps a $$schema body's workflow and ref (properties of the definition), nothing else server-controlled", () => {
    const write = splitBody(body, SCHEMA_TYPE);
    expect(write.data).toEqual({ score: 4, workflow: { enabled: true, blocks: [] }, ref: 'R-1' });
    expect(Object.hasOwn(write.data, '__proto__')).toBe(false);
  });
});
