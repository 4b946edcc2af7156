/**
 * The built-in types compile and are consistent: their names, roles and references, their form,
 * filter and review schemas and layouts, and their conditions in the filter language. What their
 * data must satisfy (validation rules and defaults), their workflows and resources are in
 * builtin-types-rules.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { UiSchemaElement } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import { fieldCatalogOf } from '../schema/field-catalog-of.ts';
import { serverControlledPropertyProblems } from '../schema/schema-problems.ts';
import { checkFilter, parseFilter } from '../filter/index.ts';
import { PROMOTED_FIELDS } from './common.ts';
import { builtinTypeByName, builtinTypes } from './index.ts';
import { newAjv, typeOrThrow } from './builtin-types.test-fixtures.ts';

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
