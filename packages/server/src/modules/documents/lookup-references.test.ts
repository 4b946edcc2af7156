/**
 * Which ids a body names through lookup fields, and which of them a write checks
 * (docs/product/documents-and-schemas.md#references): at any depth, in lists, picked as
 * `{value, label}`, and only those the stored document did not already hold in the same field.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentSchema } from '@docket/shared';
import { namedReferences, newlyNamed } from './lookup-references.ts';

const type = {
  type: 'visit_log',
  form: {
    title: 'Visit log',
    schema: {
      type: 'object',
      properties: {
        client_id: { type: 'integer', 'x-lookup': { doc_type: 'client' } },
        site_ids: { type: 'array', items: { type: 'integer', 'x-lookup': { doc_type: 'site' } } },
        stops: {
          type: 'array',
          items: { type: 'object', properties: { action_id: { type: 'integer', 'x-lookup': { doc_type: 'action' } } } },
        },
        owner: { type: 'string', 'x-lookup': { identity: true } },
      },
    },
  },
} as unknown as DocumentSchema;

describe('lookup references', () => {
  it('finds ids at any depth, in lists and as picked options, and marks values that are no id', () => {
    const named = namedReferences(type, {
      client_id: { value: 7, label: 'Acme' },
      site_ids: [3, '4'],
      stops: [{}, { action_id: 12 }, { action_id: 'twelve' }],
      owner: 'f3b0c2a4-0000-4000-8000-000000000000',
    });
    expect(named).toEqual([
      { path: 'client_id', field: 'client_id', docType: 'client', id: 7 },
      { path: 'site_ids.0', field: 'site_ids.*', docType: 'site', id: 3 },
      { path: 'site_ids.1', field: 'site_ids.*', docType: 'site', id: 4 },
      { path: 'stops.1.action_id', field: 'stops.*.action_id', docType: 'action', id: 12 },
      { path: 'stops.2.action_id', field: 'stops.*.action_id', docType: 'action', id: null },
    ]);
  });

  it('leaves out empty values and what the stored document held in the same field, wherever it moved in a list', () => {
    const before = { client_id: 7, site_ids: [3], stops: [{ action_id: 12 }] };
    const after = { client_id: 7, site_ids: [5, 3], stops: [{}, { action_id: 12 }, { action_id: 7 }], owner: '' };
    expect(newlyNamed(type, after, before).map((r) => r.path)).toEqual(['site_ids.0', 'stops.2.action_id']);
    expect(newlyNamed(type, { client_id: null, site_ids: [] }, null)).toEqual([]);
  });
});
