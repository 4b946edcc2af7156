/**
 * What the built-in types' data must satisfy and what they do: validation rules and schema
 * defaults, the incident's workflow and the legacy steps, the risk matrix, and currency
 * conversion. The types' shape, schemas and layouts are in builtin-types.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../schema/json-schema.ts';
import { convertAmount } from './currency.ts';
import { newAjv, typeOrThrow } from './builtin-types.test-fixtures.ts';

const VISITOR = '0b7c6a8e-3f6d-4c1a-9d8e-2a1b3c4d5e6f';

function formSchemaOf(name: string): JsonSchema {
  const form = typeOrThrow(name).form;
  if (!form) throw new Error(`${name} has no form`);
  return form.schema;
}

function validatorFor(name: string, useDefaults = false) {
  return newAjv(useDefaults).compile(formSchemaOf(name));
}

describe('built-in types: validation rules', () => {
  const visit = (observation: Record<string, unknown>) => ({
    site_id: 1,
    zone_id: 2,
    module_id: 1,
    visitor_ids: [VISITOR],
    observations: [{ descrip: 'Seen on the floor', ...observation }],
  });

  it('requires an associated action for an unsafe act or condition, not for a positive one', () => {
    const validate = validatorFor('worksafe_safety_visit');
    expect(validate(visit({ type: 'P' }))).toBe(true);
    expect(validate(visit({ type: 'A' }))).toBe(false);
    expect(validate(visit({ type: 'C' }))).toBe(false);
    expect(validate(visit({ type: 'A', action_descrip: 'Fence the area' }))).toBe(true);
    expect(validate(visit({ type: 'C', action_id: 12 }))).toBe(true);
    expect(validate(visit({ type: 'E', action_required: true }))).toBe(false);
  });

  it("has no module by default: the Module field offers the organisation's modules (docs/product/workflow-and-timeline.md#tracked-actions)", () => {
    for (const name of ['worksafe_safety_visit', 'investigation']) {
      const data: Record<string, unknown> = name === 'investigation' ? { summary: 'Fall' } : visit({ type: 'P' });
      delete data['module_id'];
      validatorFor(name, true)(data);
      expect(data['module_id'], name).toBeUndefined();
    }
  });

  it('requires site, module, zone and at least one visitor on a safety visit', () => {
    const validate = validatorFor('worksafe_safety_visit');
    expect(validate({ ...visit({ type: 'P' }), visitor_ids: [] })).toBe(false);
    const withoutZone: Record<string, unknown> = visit({ type: 'P' });
    delete withoutZone['zone_id'];
    expect(validate(withoutZone)).toBe(false);
  });

  it('fixes the base currency rate at 1', () => {
    const validate = validatorFor('currency');
    const euro = { title: 'Euro', symbol: '€', descrip: 'Euro' };
    expect(validate({ ...euro, base: true, rate_to_base: 2 })).toBe(false);
    expect(validate({ ...euro, base: true, rate_to_base: 1 })).toBe(true);
    expect(validate({ ...euro, base: false, rate_to_base: 2 })).toBe(true);
    expect(validate({ ...euro, title: '' })).toBe(false);
  });

  it('keeps a deviation between 0 and 1 and needs the required metric fields', () => {
    const validate = validatorFor('report_metric');
    const metric = { name: 'trir', label: 'TRIR', descrip: 'Total recordable incident rate', type: 0, unit: '#' };
    expect(validate({ ...metric, deviation: { value: 0.5 } })).toBe(true);
    expect(validate({ ...metric, deviation: { value: 1.5 } })).toBe(false);
    expect(validate({ ...metric, type: 5 })).toBe(false);
    expect(validate({ label: 'x' })).toBe(false);
  });

  it('needs at least one recipient in each notification list', () => {
    const validate = validatorFor('notification');
    const rule = { title: 'Closed incidents', doc_event_type: 'closed' };
    expect(validate({ ...rule, recipient_config: { steps: [{ to: [VISITOR] }] } })).toBe(true);
    expect(validate({ ...rule, recipient_config: { steps: [{ to: [] }] } })).toBe(false);
    expect(validate({ ...rule, doc_event_type: 'scheduled' })).toBe(false);
  });

  it('records lost days for a lost-time incident', () => {
    const validate = validatorFor('incident');
    const incident = { summary: 'Slip', descrip: 'Wet floor', incident_date: '2025-03-01T10:00:00Z', category: 'Injury', site_id: 1 };
    expect(validate(incident)).toBe(true);
    expect(validate({ ...incident, lost_time: true })).toBe(false);
    expect(validate({ ...incident, lost_time: true, lost_days: 3 })).toBe(true);
    expect(validate({ ...incident, category: 'Other' })).toBe(false);
  });

  it('applies schema defaults (useDefaults)', () => {
    const data: Record<string, unknown> = visit({});
    expect(validatorFor('worksafe_safety_visit', true)(data)).toBe(true);
    expect((data['observations'] as Record<string, unknown>[])[0]?.['type']).toBe('P');

    const report: Record<string, unknown> = { title: 'Safety' };
    expect(validatorFor('report', true)(report)).toBe(true);
    expect(report).toMatchObject({ data_frequency: 2, user_default: true, region_scope: 0 });

    const metric: Record<string, unknown> = { name: 'm', label: 'M', descrip: 'M', deviation: {} };
    expect(validatorFor('report_metric', true)(metric)).toBe(true);
    expect(metric).toMatchObject({ type: 0, unit: '#', order: 0, format: 0, inherit: false, deviation: { value: 0.1 } });

    const currency: Record<string, unknown> = { title: 'Euro', symbol: '€', descrip: 'Euro' };
    expect(validatorFor('currency', true)(currency)).toBe(true);
    expect(currency).toMatchObject({ rate_to_base: 1, base: false, enabled: true });

    const investigation: Record<string, unknown> = {
      summary: 'Fall',
      site_id: 1,
      zone_id: 1,
      leader_id: VISITOR,
      start_date: '2025-01-01T08:00:00Z',
    };
    expect(validatorFor('investigation', true)(investigation)).toBe(false);
    expect(investigation).toMatchObject({ format: 'TEXT' });

    const notification: Record<string, unknown> = { title: 'n', doc_event_type: 'create' };
    expect(validatorFor('notification', true)(notification)).toBe(true);
    expect(notification).toMatchObject({ enabled: true, external: false, target_type: 'any' });
  });
});

describe('built-in types: workflow and resources', () => {
  it('gives the incident a submit block then an approve block, closing as Closed', () => {
    const workflow = typeOrThrow('incident').workflow!;
    expect(workflow.status_final).toBe('Closed');
    expect(workflow.blocks.map((b) => [b.type, b.status])).toEqual([
      ['submit', 'Pending Completion'],
      ['approve', 'Pending Approval'],
    ]);
    expect(workflow.blocks[0]).toMatchObject({ sequential: true, days: 7, steps: [{ roles: ['editor'], scope: 3 }] });
    expect(workflow.blocks[1]?.steps?.[0]).toMatchObject({ roles: ['manager'], scope: 3 });
    for (const field of workflow.blocks[0]?.required ?? []) expect(formSchemaOf('incident').properties).toHaveProperty(field);
  });

  it('uses legacy workflow steps for requests and actions', () => {
    for (const name of ['request', 'action']) {
      const legacy = typeOrThrow(name).legacyWorkflow;
      expect(legacy?.steps.length, name).toBeGreaterThan(0);
      for (const step of legacy?.steps ?? []) expect([1, 11, 2, 21, 3, 9, 91, 92]).toContain(step.scope);
    }
  });

  it('publishes the same risk matrix in both configuration shapes, with contiguous bands', () => {
    const matrices = typeOrThrow('risk_assessment').resources!.filter((r) => r.type === 'matrix');
    const metrics = matrices.find((r) => (r.data as Record<string, unknown>)['risk_metrics'])?.data as {
      risk_metrics: { risk_metric_values: { value: number }[] }[];
      risk_criticalities: { min: number; max: number; title: string }[];
    };
    const categories = matrices.find((r) => (r.data as Record<string, unknown>)['categories'])?.data as {
      categories: { options: { value: number }[] }[];
      criticalities: { min: number; max: number; label: string }[];
    };
    expect(metrics.risk_metrics).toHaveLength(2);
    expect(categories.categories).toHaveLength(2);
    expect(categories.criticalities.map((c) => [c.min, c.max, c.label])).toEqual(
      metrics.risk_criticalities.map((c) => [c.min, c.max, c.title]),
    );
    const lowest = metrics.risk_metrics.reduce((sum, m) => sum + Math.min(...m.risk_metric_values.map((v) => v.value)), 0);
    const highest = metrics.risk_metrics.reduce((sum, m) => sum + Math.max(...m.risk_metric_values.map((v) => v.value)), 0);
    const bands = metrics.risk_criticalities;
    expect(bands[0]?.min).toBe(lowest);
    expect(bands.at(-1)?.max).toBeGreaterThan(highest);
    bands.slice(1).forEach((band, i) => expect(band.min).toBe(bands[i]?.max));
  });
});

describe('convertAmount', () => {
  it('converts through the base currency and refuses a rate that cannot', () => {
    const base = { rate_to_base: 1 };
    const pound = { rate_to_base: 1.2 };
    const yen = { rate_to_base: 0.006 };
    expect(convertAmount(100, pound, base)).toBeCloseTo(120);
    expect(convertAmount(120, base, pound)).toBeCloseTo(100);
    expect(convertAmount(1, pound, yen)).toBeCloseTo(200);
    expect(convertAmount(5, base, base)).toBe(5);
    expect(convertAmount(5, { rate_to_base: 0 }, base)).toBeUndefined();
    expect(convertAmount(Number.NaN, pound, base)).toBeUndefined();
  });
});
