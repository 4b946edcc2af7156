import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { DocumentSchema, UiSchemaElement } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import { fieldCatalogOf } from '../schema/field-catalog-of.ts';
import { serverControlledPropertyProblems } from '../schema/schema-problems.ts';
import { checkFilter, parseFilter } from '../filter/index.ts';
import { PROMOTED_FIELDS } from './common.ts';
import { builtinTypeByName, builtinTypes } from './index.ts';
import { convertAmount } from './currency.ts';

const VISITOR = '0b7c6a8e-3f6d-4c1a-9d8e-2a1b3c4d5e6f';

function newAjv(useDefaults = false): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults });
  addFormats(ajv);
  return ajv;
}

function typeOrThrow(name: string): DocumentSchema {
  const schema = builtinTypeByName(name);
  if (!schema) throw new Error(`no built-in type ${name}`);
  return schema;
}

function formSchemaOf(name: string): JsonSchema {
  const form = typeOrThrow(name).form;
  if (!form) throw new Error(`${name} has no form`);
  return form.schema;
}

function validatorFor(name: string, useDefaults = false) {
  return newAjv(useDefaults).compile(formSchemaOf(name));
}

/** Resolves `#/properties/a/properties/b` against a schema; undefined when a segment is missing. */
function resolveScope(root: JsonSchema, scope: string): JsonSchema | undefined {
  if (!scope.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const segment of scope.slice(2).split('/')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node === undefined ? undefined : (node as JsonSchema);
}

function conditionScopes(condition: Record<string, unknown>): string[] {
  const nested = condition['conditions'];
  if (Array.isArray(nested)) return nested.flatMap((c) => conditionScopes(c as Record<string, unknown>));
  return typeof condition['scope'] === 'string' ? [condition['scope']] : [];
}

/** Every Control scope and rule scope that does not resolve; array details resolve against items. */
function unresolvedScopes(ui: UiSchemaElement, root: JsonSchema): string[] {
  const problems: string[] = [];
  for (const scope of ui.rule ? conditionScopes(ui.rule.condition) : []) {
    if (!resolveScope(root, scope)) problems.push(`rule ${scope}`);
  }
  if (ui.type === 'Control') {
    const target = ui.scope ? resolveScope(root, ui.scope) : undefined;
    if (!target) problems.push(`control ${String(ui.scope)}`);
    const detail = ui.options?.['detail'] as UiSchemaElement | undefined;
    if (detail) {
      if (target?.items) problems.push(...unresolvedScopes(detail, target.items));
      else problems.push(`detail of non-array ${String(ui.scope)}`);
    }
  }
  for (const child of ui.elements ?? []) problems.push(...unresolvedScopes(child, root));
  return problems;
}

function hasRequiredAnywhere(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasRequiredAnywhere);
  if (schema === null || typeof schema !== 'object') return false;
  return Object.entries(schema).some(([key, value]) => key === 'required' || hasRequiredAnywhere(value));
}

function lookupDocTypes(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(lookupDocTypes);
  if (schema === null || typeof schema !== 'object') return [];
  const own = (schema as JsonSchema)['x-lookup'];
  const found = own && 'doc_type' in own ? [own.doc_type] : [];
  return [...found, ...Object.values(schema).flatMap(lookupDocTypes)];
}

const typeNames = builtinTypes.map((t) => t.type);

describe('built-in types: shape', () => {
  it('includes every type of docs/product/documents-and-schemas.md#built-in-types, the issue and the reference data', () => {
    expect([...typeNames].sort()).toEqual(
      [
        'worksafe_safety_visit',
        'investigation',
        'post',
        'currency',
        'report',
        'report_metric',
        'report_data',
        'survey',
        'keyword_list',
        'notification',
        'subscription',
        'action',
        'incident',
        'inspection',
        'request',
        'risk_assessment',
        'worksafe_travel_request',
        'region',
        'site',
        'zone',
        'module',
        'client',
        'project',
      ].sort(),
    );
  });

  it('gives every type version 3, a unique name without spaces, a form title and an id mask', () => {
    expect(new Set(typeNames).size).toBe(typeNames.length);
    for (const t of builtinTypes) {
      expect(t.version, t.type).toBe(3);
      expect(t.type, t.type).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(t.form?.title, t.type).toMatch(/\S/);
      expect(t.idMask, t.type).toMatch(/\{seq:\d\}/);
      expect(t.category, t.type).toMatch(/^(Health and Safety|Quality|General|Administration|Reference data)$/);
    }
  });

  it('finds types by name', () => {
    expect(builtinTypeByName('incident')?.idMask).toBe('INC-{seq:5}');
    expect(builtinTypeByName('no_such_type')).toBeUndefined();
  });

  it('names only existing child types and lookup types', () => {
    for (const t of builtinTypes) {
      for (const child of t.childTypes ?? []) expect(typeNames, `${t.type} child`).toContain(child);
      for (const docType of lookupDocTypes(t.form?.schema)) expect(typeNames, `${t.type} lookup`).toContain(docType);
    }
  });

  it('keeps creation (and where needed editing) of administrative types for administrators', () => {
    for (const name of [
      'post',
      'currency',
      'report',
      'report_metric',
      'survey',
      'keyword_list',
      'notification',
      'subscription',
      'region',
      'site',
      'zone',
      'module',
      'client',
      'project',
    ]) {
      expect(typeOrThrow(name).requiredRolesForCreate, name).toEqual(['administrator']);
    }
    for (const name of ['notification', 'subscription']) expect(typeOrThrow(name).requiredRoles).toEqual(['administrator']);
    expect(typeOrThrow('currency').requiredRoles).toBeUndefined();
    expect(typeOrThrow('post').descripIsHtml).toBe(true);
  });
});

describe('built-in types: schemas and layouts', () => {
  it('compiles every form, filter and review schema with Ajv', () => {
    for (const t of builtinTypes) {
      const ajv = newAjv();
      expect(() => ajv.compile(t.form!.schema), `${t.type} form`).not.toThrow();
      if (t.filter) expect(() => newAjv().compile(t.filter!.schema), `${t.type} filter`).not.toThrow();
      if (t.review) expect(() => newAjv().compile(t.review!.schema), `${t.type} review`).not.toThrow();
    }
  });

  it("holds a report's title and a metric's label with their descriptions in French and Spanish, each with its form control", () => {
    for (const [name, field] of [
      ['report', 'title'],
      ['report_metric', 'label'],
    ] as const) {
      const t = builtinTypeByName(name)!;
      const validate = newAjv().compile({ ...t.form!.schema, required: [] });
      expect(validate({ i18n: { data: { fr: { [field]: 'Sécurité', descrip: 'Texte' }, es: { [field]: 'Seguridad' } } } }), name).toBe(
        true,
      );
      expect(validate({ i18n: { data: { fr: { [field]: 3 } } } }), name).toBe(false);
      const scopes = JSON.stringify(t.form!.uiSchema);
      for (const language of ['fr', 'es'])
        for (const text of [field, 'descrip'])
          expect(scopes, `${name} ${language} ${text}`).toContain(
            `#/properties/i18n/properties/data/properties/${language}/properties/${text}`,
          );
    }
  });

  it('requires nothing in filters', () => {
    for (const t of builtinTypes) expect(hasRequiredAnywhere(t.filter?.schema ?? {}), t.type).toBe(false);
  });

  it('names no form property after a field the server controls (it could never be stored)', () => {
    for (const t of builtinTypes) expect(serverControlledPropertyProblems(t), t.type).toEqual([]);
  });

  it('names only form properties or promoted fields in view, export, index and group columns', () => {
    for (const t of builtinTypes) {
      const known = new Set([...Object.keys(t.form!.schema.properties ?? {}), ...PROMOTED_FIELDS]);
      const ids = [
        ...(t.view?.table.schema ?? []).map((c) => c.id),
        ...(t.export?.schema ?? []).map((c) => c.id),
        ...(t.indexed ?? []),
        ...(t.view?.groupBy ? [t.view.groupBy] : []),
        ...(t.form!.summaryProperties ?? []),
      ];
      expect(
        ids.filter((id) => !known.has(id)),
        t.type,
      ).toEqual([]);
      expect(t.view?.table.schema.length, t.type).toBeGreaterThan(0);
      expect(t.export?.schema.length, t.type).toBeGreaterThan(0);
    }
  });

  it('points every uiSchema Control and rule scope at an existing property', () => {
    for (const t of builtinTypes) {
      expect(t.form!.uiSchema, t.type).toBeDefined();
      expect(unresolvedScopes(t.form!.uiSchema!, t.form!.schema), t.type).toEqual([]);
      if (t.review?.uiSchema) expect(unresolvedScopes(t.review.uiSchema, t.review.schema), `${t.type} review`).toEqual([]);
    }
  });

  it('gives per-property messages only for required properties', () => {
    for (const t of builtinTypes) {
      const schema = t.form!.schema;
      const messages = (schema.errorMessage as { required?: Record<string, string> } | undefined)?.required ?? {};
      for (const field of Object.keys(messages)) expect(schema.required, `${t.type}.${field}`).toContain(field);
    }
  });

  it('translates the form title and labels of incident, action and post into French and Spanish', () => {
    for (const name of ['incident', 'action', 'post']) {
      const t = typeOrThrow(name);
      for (const locale of ['fr', 'es']) {
        const data = t.i18n?.data?.[locale] ?? {};
        expect(data[t.form!.title], `${name} ${locale}`).toMatch(/\S/);
        for (const property of Object.values(t.form!.schema.properties ?? {})) {
          expect(data[String(property.title)], `${name} ${locale} ${String(property.title)}`).toMatch(/\S/);
        }
      }
    }
  });
});

describe('built-in types: conditions', () => {
  it('writes default filters and conditions in the filter language, on known fields', () => {
    for (const t of builtinTypes) {
      const catalog = fieldCatalogOf(t, { canSeeProtected: true });
      const check = (expression: string | undefined, extra: Record<string, { type: 'boolean' }> = {}) => {
        if (expression === undefined) return;
        expect(() => checkFilter(parseFilter(expression), { ...catalog, ...extra }), `${t.type}: ${expression}`).not.toThrow();
      };
      check(t.filter?.defaultFilter);
      // Review conditions may also use the current user's flags (docs/product/workflow-and-timeline.md#reviews).
      check(t.review?.condition, { editor: { type: 'boolean' }, admin: { type: 'boolean' }, reviewer: { type: 'boolean' } });
      for (const step of t.legacyWorkflow?.steps ?? []) check(step.condition);
    }
  });
});

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
