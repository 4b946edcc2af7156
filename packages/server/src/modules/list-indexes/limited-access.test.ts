import { describe, expect, it } from 'vitest';
import type { Grant } from '@docket/shared';
import { SCOPE_GROUP, SCOPE_REGION, SCOPE_SITE } from '../../platform/access/grant-rules.ts';
import { fieldsLimiting } from './limited-access.ts';

const grant = (scope: number): Grant => ({
  module: null,
  roles: [],
  level: 2,
  create: false,
  delete: false,
  doc_types: null,
  scope,
  region_id: scope === SCOPE_REGION ? 1 : null,
  site_id: scope === SCOPE_SITE ? 1 : null,
});
const WHOLE = SCOPE_GROUP;

describe('the access fields that limit members (docs/product/forms-and-lists.md#list-indexes)', () => {
  it('names site_id for a member whose grants are all site-scoped, region_id for one all region-scoped', () => {
    expect(fieldsLimiting([[grant(SCOPE_SITE), grant(SCOPE_SITE)]])).toEqual(['site_id']);
    expect(fieldsLimiting([[grant(SCOPE_REGION)], [grant(SCOPE_SITE)]])).toEqual(['region_id', 'site_id']);
  });

  it('names nothing for a member who also reaches the whole organisation, or is limited both ways', () => {
    expect(fieldsLimiting([[grant(SCOPE_SITE), grant(WHOLE)]])).toEqual([]);
    // `site_id IN … OR region_id IN …`: no one index serves it in order.
    expect(fieldsLimiting([[grant(SCOPE_SITE), grant(SCOPE_REGION)]])).toEqual([]);
    expect(fieldsLimiting([])).toEqual([]);
  });
});
