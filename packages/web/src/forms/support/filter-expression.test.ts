import { describe, expect, it } from 'vitest';
import { checkFilter, fieldCatalogOf, filterSchemaOf, parseFilter, builtinTypeByName } from '@docket/shared';
import { filterFromData } from './filter-expression.ts';

const action = builtinTypeByName('action')!;
const visit = builtinTypeByName('worksafe_safety_visit')!;
const catalog = fieldCatalogOf(action, { canSeeProtected: true });
const schema = filterSchemaOf(action, { isAdministrator: true }).schema;
const same = (text: string) => text;

describe('filterFromData', () => {
  it('turns a filter form into an expression the server accepts, with a chip per field', () => {
    const outcome = filterFromData(
      { priority: 5, status: ['Closed', 'Pending Approval'], completed_date: { startDate: '2026-01-01', endDate: '2026-01-31' } },
      schema,
      catalog,
      same,
    );
    expect(outcome.expression).toBe(
      "priority = 5 AND status IN ('Closed', 'Pending Approval') AND completed_date >= '2026-01-01' AND completed_date <= '2026-01-31'",
    );
    expect(() => checkFilter(parseFilter(outcome.expression), catalog)).not.toThrow();
    expect(outcome.chips).toEqual([
      { field: 'priority', label: 'Priority', value: 'Very High' },
      { field: 'status', label: 'Status', value: 'Closed, Pending Approval' },
      { field: 'completed_date', label: 'completed_date', value: '2026-01-01 – 2026-01-31' },
    ]);
  });

  it('matches list fields with CONTAINS and uses the labels of looked-up values', () => {
    const visitCatalog = fieldCatalogOf(visit, { canSeeProtected: true });
    const visitSchema = filterSchemaOf(visit, { isAdministrator: true }).schema;
    const outcome = filterFromData(
      {
        visitor_ids: [
          { value: 'u-1', label: 'Ada Admin' },
          { value: 'u-2', label: 'Eve Editor' },
        ],
        site_id: { value: 2, label: 'North Plant' },
      },
      visitSchema,
      visitCatalog,
      same,
    );
    expect(outcome.expression).toBe("(visitor_ids CONTAINS 'u-1' OR visitor_ids CONTAINS 'u-2') AND site_id = 2");
    expect(outcome.chips.map((chip) => chip.value)).toEqual(['Ada Admin, Eve Editor', 'North Plant']);
  });

  it('quotes user text as a literal: it can never become syntax', () => {
    const outcome = filterFromData(
      { summary: "x' OR 1=1 --" },
      { type: 'object', properties: { summary: { type: 'string', title: 'Title' } } },
      catalog,
      same,
    );
    expect(outcome.expression).toBe("summary CONTAINS 'x'' OR 1=1 --'");
    expect(parseFilter(outcome.expression)).toMatchObject({ type: 'contains', field: 'summary' });
  });

  it('ends a date-time range at the end of its last day, skips unknown fields and empty values, and reads the order', () => {
    const outcome = filterFromData(
      { created_date: { endDate: '2026-03-01' }, nonsense: 'x', parent_id: undefined, orderBy: 'due_date desc' },
      schema,
      catalog,
      same,
    );
    expect(outcome.expression).toBe("created_date <= '2026-03-01T23:59:59.999Z'");
    expect(outcome.order).toBe('due_date desc');
  });

  it('answers no expression for an empty form', () => {
    expect(filterFromData({}, schema, catalog, same)).toEqual({ expression: '', order: undefined, chips: [] });
  });
});
