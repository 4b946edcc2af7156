/**
 * authorize() as a pure function: type rules, per-grant level rules, scope filters on the
 * promoted columns, and a property test comparing its row filters with a naive per-grant
 * definition of the union of grants (at least two principals for each rule).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { builtinTypeByName, evaluateFilter, type DocumentSchema, type Grant } from '@docket/shared';
import { authorize, documentAccess, mayCreateAt, type DocumentAction } from './authorize.ts';
import { rolesOf, type Principal } from './principal.ts';
import { canSeeProtectedFields, protectedFieldsHiddenFrom, redactProtectedFields } from './protected-fields.ts';
import { adminTypes } from './admin-types.ts';

/**
 * Property runs stop after this long (the property holds for the runs made), so a loaded two-core
 * machine stays well inside the test's timeout.
 */
const PROPERTY_TIME_LIMIT_MS = 10_000;

const incident = builtinTypeByName('incident')!;
const post = builtinTypeByName('post')!;
const site = builtinTypeByName('site')!;
const request = builtinTypeByName('request')!;

function grant(partial: Partial<Grant>): Grant {
  return {
    module: null,
    roles: [],
    level: 4,
    create: true,
    delete: false,
    doc_types: null,
    scope: 1,
    region_id: null,
    site_id: null,
    ...partial,
  };
}

function principal(grants: Grant[], uuid = 'me'): Principal {
  return { uuid, displayName: uuid, email: `${uuid}@x`, org: { id: 1, appId: 'demo', company: 'Demo' }, grants, roles: rolesOf(grants) };
}

const filterOf = (p: Principal, type: DocumentSchema, action: DocumentAction) => {
  const decision = authorize(p, type, action);
  return decision.allowed ? decision.scope.rowFilter : 'deny';
};

describe('authorize', () => {
  it('denies members without grants, level 0 grants and grants for other types', () => {
    for (const p of [principal([]), principal([grant({ level: 0 })]), principal([grant({ doc_types: ['action'] })])]) {
      expect(authorize(p, incident, 'read')).toEqual({
        allowed: false,
        reason: 'You do not have sufficient access rights to view this page.',
      });
    }
  });

  it('scopes rows by site and region with IN lists on the promoted columns', () => {
    const p = principal([
      grant({ level: 2, scope: 3, site_id: 7 }),
      grant({ level: 2, scope: 3, site_id: 5 }),
      grant({ level: 4, scope: 2, region_id: 2 }),
    ]);
    expect(filterOf(p, incident, 'read')).toEqual({
      type: 'or',
      children: [
        {
          type: 'in',
          field: 'site_id',
          values: [
            { kind: 'number', value: 5 },
            { kind: 'number', value: 7 },
          ],
          negated: false,
        },
        { type: 'in', field: 'region_id', values: [{ kind: 'number', value: 2 }], negated: false },
      ],
    });
    expect(filterOf(p, incident, 'update')).toEqual({
      type: 'in',
      field: 'region_id',
      values: [{ kind: 'number', value: 2 }],
      negated: false,
    });
    expect(filterOf(principal([grant({ level: 2 }), grant({ level: 2, scope: 3, site_id: 1 })]), incident, 'read')).toBeNull();
  });

  it('gives depositors and authors their own rows only', () => {
    const depositor = principal([grant({ level: 1 })]);
    const author = principal([grant({ level: 3, delete: true })]);
    expect(filterOf(depositor, incident, 'read')).toEqual({ type: 'compare', field: 'created_by', op: '=', value: { kind: 'user' } });
    expect(filterOf(depositor, incident, 'update')).toBe('deny');
    expect(filterOf(author, incident, 'read')).toBeNull();
    expect(filterOf(author, incident, 'update')).toEqual({ type: 'compare', field: 'created_by', op: '=', value: { kind: 'user' } });
    expect(documentAccess(author, incident, { created_by: 'me', ref: null })).toEqual({ editor: true, delete: true });
    expect(documentAccess(author, incident, { created_by: 'other', ref: null })).toEqual({ editor: false, delete: false });
  });

  it('needs the delete flag to delete, except for administrators', () => {
    expect(authorize(principal([grant({ level: 4, delete: false })]), incident, 'delete').allowed).toBe(false);
    expect(authorize(principal([grant({ level: 4, delete: true })]), incident, 'delete').allowed).toBe(true);
    expect(authorize(principal([grant({ level: 6, delete: false })]), incident, 'delete').allowed).toBe(true);
    expect(authorize(principal([grant({ level: 4, roles: ['administrator'] })]), incident, 'delete').allowed).toBe(true);
  });

  it('refuses readers to create and keeps creators inside their scope', () => {
    expect(authorize(principal([grant({ level: 2 })]), incident, 'create').allowed).toBe(false);
    expect(authorize(principal([grant({ level: 4, create: false })]), incident, 'create').allowed).toBe(false);
    const siteEditor = principal([grant({ level: 4, scope: 3, site_id: 9 })]);
    expect(mayCreateAt(siteEditor, incident, { site_id: 9, region_id: 1 })).toBe(true);
    expect(mayCreateAt(siteEditor, incident, { site_id: 8, region_id: 1 })).toBe(false);
    expect(mayCreateAt(principal([grant({ level: 1 })]), incident, { site_id: 8 })).toBe(true);
  });

  it('applies requiredRolesForCreate, requiredRolesForEdit and requiredRoles', () => {
    const editor = principal([grant({ level: 4, roles: ['editor'] })]);
    const admin = principal([grant({ level: 6 })]);
    expect(authorize(editor, post, 'read').allowed).toBe(true);
    expect(authorize(editor, post, 'create').allowed).toBe(false);
    expect(authorize(editor, post, 'update').allowed).toBe(false);
    expect(authorize(admin, post, 'create').allowed).toBe(true);
    const restricted: DocumentSchema = { ...incident, type: 'secret', requiredRoles: ['manager', 'reviewer'] };
    expect(authorize(principal([grant({ roles: ['manager'] })]), restricted, 'read').allowed).toBe(false);
    expect(authorize(principal([grant({ roles: ['manager', 'reviewer'] })]), restricted, 'read').allowed).toBe(true);
    const managersCreate: DocumentSchema = { ...incident, type: 'm', requiredRolesForCreate: ['manager'] };
    expect(authorize(principal([grant({ level: 2, roles: ['manager'] })]), managersCreate, 'create').allowed).toBe(true);
    expect(authorize(principal([grant({ level: 4, roles: ['editor'] })]), managersCreate, 'create').allowed).toBe(false);
  });

  it('keeps administrator-only types for administrators whatever the schema says', () => {
    const open: DocumentSchema = { version: 3, type: 'acl' };
    expect(authorize(principal([grant({ level: 4 })]), open, 'read').allowed).toBe(false);
    expect(authorize(principal([grant({ level: 4, roles: ['manager'] })]), adminTypes.users, 'read').allowed).toBe(false);
    expect(authorize(principal([grant({ level: 6, scope: 3, site_id: 1 })]), adminTypes.acl, 'read')).toMatchObject({
      allowed: true,
      scope: { rowFilter: null },
    });
  });

  it('restricts granular grants to their types and modules', () => {
    const p = principal([grant({ level: 4, doc_types: ['incident'] }), grant({ level: 2, scope: 3, site_id: 3 })]);
    expect(filterOf(p, incident, 'update')).toBeNull();
    expect(filterOf(p, builtinTypeByName('action')!, 'update')).toBe('deny');
    const moduleGrant = principal([grant({ level: 4, module: 'Nowhere' })]);
    expect(authorize(moduleGrant, incident, 'read').allowed).toBe(false);
  });

  it('lets every member read reference data and organisation-wide types whatever their scope', () => {
    const siteReader = principal([grant({ level: 2, scope: 3, site_id: 4 })]);
    expect(filterOf(siteReader, site, 'read')).toBeNull();
    expect(filterOf(siteReader, post, 'read')).toBeNull();
    expect(authorize(siteReader, site, 'create').allowed).toBe(false);
  });

  it('hides protected fields from callers who may not edit the row', () => {
    const doc = { id: 1, reporter_id: 'u-1', summary: 'x', meta: { access: { editor: false, delete: false } } };
    const reader = principal([grant({ level: 2 })]);
    const author = principal([grant({ level: 3 })]);
    const editor = principal([grant({ level: 4 })]);
    expect(redactProtectedFields(reader, request, doc)).toEqual({ id: 1, summary: 'x', meta: doc.meta });
    expect(redactProtectedFields(author, request, doc)).not.toHaveProperty('reporter_id');
    expect(redactProtectedFields(author, request, { ...doc, meta: { access: { editor: true, delete: false } } })).toHaveProperty(
      'reporter_id',
    );
    expect(redactProtectedFields(editor, request, doc)).toHaveProperty('reporter_id');
    expect([reader, author, editor].map((p) => canSeeProtectedFields(p, request))).toEqual([false, false, true]);
    expect(canSeeProtectedFields(principal([grant({ level: 4, scope: 3, site_id: 1 }), grant({ level: 2 })]), request)).toBe(false);
  });

  it('names the protected fields a caller can never see: no edit and no create rights on the type', () => {
    const reader = principal([grant({ level: 2, create: false })]);
    const readerAtSite = principal([grant({ level: 2, create: false, scope: 3, site_id: 1 })]);
    const author = principal([grant({ level: 3, create: false })]);
    const depositor = principal([grant({ level: 1 })]);
    const editorAtSite = principal([grant({ level: 4, create: false, scope: 3, site_id: 1 })]);
    expect([reader, readerAtSite].map((p) => protectedFieldsHiddenFrom(p, request))).toEqual([['reporter_id'], ['reporter_id']]);
    expect([author, depositor, editorAtSite].map((p) => protectedFieldsHiddenFrom(p, request))).toEqual([[], [], []]);
    expect(protectedFieldsHiddenFrom(reader, incident)).toEqual([]);
  });

  it('agrees with a naive per-grant definition on random grants and documents', { timeout: 30_000 }, () => {
    const grantArb = fc.record({
      level: fc.constantFrom(0, 1, 2, 3, 4, 6),
      scope: fc.constantFrom(1, 2, 3),
      region_id: fc.constantFrom(1, 2, null),
      site_id: fc.constantFrom(10, 11, 12, null),
      delete: fc.boolean(),
      create: fc.boolean(),
      doc_types: fc.constantFrom<string[] | null>(null, ['incident'], ['action']),
    });
    const docArb = fc.record({
      site_id: fc.constantFrom(10, 11, 12, null),
      region_id: fc.constantFrom(1, 2, null),
      created_by: fc.constantFrom('me', 'other'),
      ref: fc.constant(null),
    });
    fc.assert(
      fc.property(fc.array(grantArb, { maxLength: 4 }), docArb, (partials, doc) => {
        const p = principal(partials.map((g) => grant(g)));
        const applies = p.grants.filter((g) => g.level > 0 && (!g.doc_types || g.doc_types.includes('incident')));
        const inScope = (g: Grant) =>
          g.scope === 1 ||
          (g.scope === 2 ? g.region_id !== null && g.region_id === doc.region_id : g.site_id !== null && g.site_id === doc.site_id);
        const own = doc.created_by === 'me';
        const naive = {
          read: applies.some((g) => inScope(g) && (g.level >= 2 || own)),
          update: applies.some((g) => inScope(g) && (g.level >= 4 || (g.level === 3 && own))),
          delete: applies.some((g) => inScope(g) && (g.level === 6 || (g.level === 4 && g.delete) || (g.level === 3 && g.delete && own))),
        };
        for (const action of ['read', 'update', 'delete'] as const) {
          const decision = authorize(p, incident, action);
          const allowed =
            decision.allowed &&
            (decision.scope.rowFilter === null || evaluateFilter(decision.scope.rowFilter, doc, { userId: 'me', now: new Date() }));
          expect(allowed, action).toBe(naive[action]);
        }
        expect(documentAccess(p, incident, doc)).toEqual({ editor: naive.update, delete: naive.delete });
      }),
      { numRuns: 2000, interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS },
    );
  });
});
