import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { andAll, currentUser, eq, falseNode, inList, notFilter, notInList, orAny, trueNode } from './builders.ts';
import { impliedRowFilter } from './implied.ts';
import { evaluateFilter } from './evaluator.ts';
import { parseFilter } from './parser.ts';
import type { FilterNode } from './ast.ts';

const sites = inList('site_id', [3, 7]);
const sitesOrRegion = orAny([sites, inList('region_id', [2])]);

describe('impliedRowFilter', () => {
  it('drops a site list the filter already pins to one of its sites', () => {
    expect(impliedRowFilter(sites, parseFilter("status = 'Closed' AND site_id = 3"))).toEqual(trueNode);
    expect(impliedRowFilter(sitesOrRegion, parseFilter('site_id = 7'))).toEqual(trueNode);
  });

  it('reads the pinned site inside nested ANDs, as a list wraps the user filter in its own', () => {
    expect(impliedRowFilter(sites, parseFilter("(status = 'Closed' AND site_id = 3) AND id != -1"))).toEqual(trueNode);
    expect(impliedRowFilter(sites, parseFilter("priority > 1 AND (status = 'Closed' AND (site_id = 5))"))).toEqual(falseNode);
    // Under OR inside the AND it is not required: left alone.
    expect(impliedRowFilter(sites, parseFilter("(status = 'Closed' OR site_id = 3) AND id != -1"))).toEqual(sites);
  });

  it('answers FALSE when the filter pins a site outside the list, keeping other ways in', () => {
    expect(impliedRowFilter(sites, parseFilter('site_id = 5 AND priority > 1'))).toEqual(falseNode);
    expect(impliedRowFilter(sitesOrRegion, parseFilter('site_id = 5'))).toEqual(inList('region_id', [2]));
    expect(impliedRowFilter(notInList('site_id', [3]), parseFilter('site_id = 5'))).toEqual(trueNode);
    expect(impliedRowFilter(notInList('site_id', [3]), parseFilter('site_id = 3'))).toEqual(falseNode);
  });

  it('folds inside AND and OR of the row filter, and an own-rows rule stays', () => {
    const own = andAll([eq('created_by', currentUser), inList('site_id', [9])]);
    expect(impliedRowFilter(orAny([sites, own]), parseFilter('site_id = 9'))).toEqual(eq('created_by', currentUser));
    expect(impliedRowFilter(andAll([sites, eq('scope', 1)]), parseFilter('site_id = 3 AND scope = 2'))).toEqual(falseNode);
  });

  it('leaves the row filter alone where the filter does not require the value', () => {
    for (const text of ['site_id = 3 OR priority = 1', 'NOT (site_id = 3)', 'site_id != 3', 'site_id >= 3', "status = 'Closed'"]) {
      expect(impliedRowFilter(sites, parseFilter(text)), text).toEqual(sites);
    }
    expect(impliedRowFilter(sites, null)).toEqual(sites);
    // Text values are never folded: collation and date forms make SQL equality differ from ours.
    const byStatus = inList('status', ['Open']);
    expect(impliedRowFilter(byStatus, parseFilter("status = 'Open'"))).toEqual(byStatus);
    const negated = notFilter(sites);
    expect(impliedRowFilter(negated, parseFilter('site_id = 3'))).toEqual(negated);
  });

  it('selects, with the filter, exactly the rows the unfolded row filter selects', () => {
    const siteIds = fc.integer({ min: 1, max: 6 });
    const rowFilter: fc.Arbitrary<FilterNode> = fc.letrec<{ node: FilterNode }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.array(siteIds, { minLength: 1, maxLength: 3 }).map((ids) => inList('site_id', ids)),
        fc.array(siteIds, { minLength: 1, maxLength: 3 }).map((ids) => notInList('site_id', ids)),
        siteIds.map((id) => eq('region_id', id)),
        siteIds.map((id) => eq('site_id', id)),
        fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((nodes) => orAny(nodes)),
        fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((nodes) => andAll(nodes)),
      ),
    })).node;
    const userFilter = fc
      .tuple(siteIds, fc.option(siteIds, { nil: undefined }), fc.boolean())
      .map(([site, region, either]) =>
        either && region !== undefined
          ? orAny([eq('site_id', site), eq('region_id', region)])
          : andAll([eq('site_id', site), ...(region === undefined ? [] : [eq('region_id', region)])]),
      )
      // Sometimes wrapped as a list wraps it: `(filter) AND id != -1`.
      .chain((filter) =>
        fc.constantFrom<FilterNode>(filter, {
          type: 'and',
          children: [filter, { type: 'compare', field: 'id', op: '!=', value: { kind: 'number', value: -1 } }],
        }),
      );
    const row = fc.record({ site_id: fc.option(siteIds, { nil: null }), region_id: fc.option(siteIds, { nil: null }) });
    fc.assert(
      fc.property(rowFilter, userFilter, row, (rf, filter, doc) => {
        const ctx = { userId: 'u1', now: new Date('2026-01-31T10:00:00Z') };
        const before = evaluateFilter(filter, doc, ctx) && evaluateFilter(rf, doc, ctx);
        const after = evaluateFilter(filter, doc, ctx) && evaluateFilter(impliedRowFilter(rf, filter), doc, ctx);
        expect(after).toBe(before);
      }),
      { numRuns: 2000 },
    );
  });
});
