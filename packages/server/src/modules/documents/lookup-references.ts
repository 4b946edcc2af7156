/**
 * Every field a type's schema declares as a reference to documents of another type
 * (`x-lookup: { doc_type }`, one id or a list, at any depth: a site's region, a region item's
 * region, a metric's report, a project's client, a travel request's currency, a custom type's
 * lookup…) must name, on every write, a document of that type in the writer's organisation that
 * the writer may read (docs/product/documents-and-schemas.md#references). Otherwise one
 * organisation could store another's ids, and a member could pin a record they may not see, whose
 * label lists and exports would then show. Whether the writer may read the record is `rowAllows`,
 * the decision a single read of it takes. One check for every type, so a new reference field is
 * checked by being declared.
 *
 * A value the stored document already held in the same field is not checked again: an edit of
 * another field still saves when a referenced record has since been deleted or closed to the
 * editor (or was stored before this check). What is checked is what a writer names.
 */
import type { DocumentSchema, JsonSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { rowAllows } from '../../platform/access/authorize.ts';
import { isLocatedType } from '../../platform/access/grant-rules.ts';
import { HttpError } from '../../http/http-error.ts';
import { flatValues } from '../../platform/records/document-shape.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { DEFAULT_MODULE_ID } from './document-references.ts';

/** The refusal per referenced type, in the words of the other reference checks. */
export const REFERENCE_NOT_FOUND: Readonly<Record<string, string>> = {
  region: 'The region cannot be found.',
  site: 'The site cannot be found.',
  zone: 'The zone cannot be found.',
  module: 'The module cannot be found.',
  client: 'The client cannot be found.',
  project: 'The project cannot be found.',
  report: 'The report cannot be found.',
  currency: 'The currency cannot be found.',
  survey: 'The checklist cannot be found.',
  action: 'The action cannot be found.',
};
/** The refusal for a type with none of its own (a stored schema's type), named by its label. */
export const referenceNotFound = (label: string) => `The ${label} cannot be found.`;

/** Ids every organisation has without a document: module 1, the built-in default module. */
const IDS_WITHOUT_DOCUMENT: Readonly<Record<string, readonly number[]>> = { module: [DEFAULT_MODULE_ID] };

/** One id a body names: where (`items.2.action_id`), in which field (`items.*.action_id`), of what. */
export interface NamedReference {
  path: string;
  field: string;
  docType: string;
  /** null: a value that is no id (a text, a fraction), which names no document. */
  id: number | null;
  /** The document's own place (see PLACE_FIELDS): it must exist, reading it is not asked. */
  isPlace?: boolean;
}

const MAX_DEPTH = 32;
const SAME_VALUE_ONE = ['if', 'then', 'else'] as const;
const SAME_VALUE_MANY = ['allOf', 'anyOf', 'oneOf'] as const;

const joined = (base: string, part: string | number) => (base ? `${base}.${part}` : String(part));

/** The id a lookup value names: a number, a text of digits, or a `{value, label}` pick of either. */
function idOf(value: unknown): number | null | undefined {
  const plain = value !== null && typeof value === 'object' && !Array.isArray(value) && 'value' in value ? value.value : value;
  if (plain === null || plain === undefined || plain === '') return undefined;
  if (typeof plain === 'number') return Number.isSafeInteger(plain) ? plain : null;
  if (typeof plain === 'string' && /^\d{1,15}$/.test(plain)) return Number(plain);
  return null;
}

/** Every document id `value` names through `x-lookup: {doc_type}` fields of `schema`, by path. */
function collect(schema: unknown, value: unknown, at: { path: string; field: string }, found: Map<string, NamedReference>, depth: number) {
  if (depth > MAX_DEPTH || typeof schema !== 'object' || schema === null || value === null || value === undefined) return;
  const node = schema as JsonSchema;
  const lookup = node['x-lookup'];
  if (lookup && 'doc_type' in lookup && typeof lookup.doc_type === 'string') {
    const docType = lookup.doc_type;
    const add = (item: unknown, path: string, field: string) => {
      const id = idOf(item);
      if (id !== undefined) found.set(path, { path, field, docType, id });
    };
    if (Array.isArray(value)) value.forEach((item, index) => add(item, joined(at.path, index), joined(at.field, '*')));
    else add(value, at.path, at.field);
    return;
  }
  if (node.properties && typeof value === 'object' && !Array.isArray(value)) {
    for (const [name, property] of Object.entries(node.properties)) {
      if (Object.hasOwn(value, name))
        collect(
          property,
          (value as Record<string, unknown>)[name],
          { path: joined(at.path, name), field: joined(at.field, name) },
          found,
          depth + 1,
        );
    }
  }
  if (node.items && Array.isArray(value)) {
    value.forEach((item, index) =>
      collect(node.items, item, { path: joined(at.path, index), field: joined(at.field, '*') }, found, depth + 1),
    );
  }
  for (const name of SAME_VALUE_ONE) collect(node[name], value, at, found, depth + 1);
  for (const name of SAME_VALUE_MANY)
    for (const part of (node[name] as unknown[] | undefined) ?? []) collect(part, value, at, found, depth + 1);
}

export function namedReferences(type: DocumentSchema, values: Record<string, unknown> | null): NamedReference[] {
  const found = new Map<string, NamedReference>();
  if (values) collect(type.form?.schema, values, { path: '', field: '' }, found, 0);
  return [...found.values()];
}

/** The references of `values` that `before` (the stored document) did not already hold in the same field. */
export function newlyNamed(type: DocumentSchema, values: Record<string, unknown>, before: Record<string, unknown> | null) {
  const held = new Set(namedReferences(type, before).map((r) => `${r.field}\u0000${r.id}`));
  return namedReferences(type, values).filter((r) => r.id === null || !held.has(`${r.field}\u0000${r.id}`));
}

/**
 * A located document's own site and region are its place. Who may put a document there is the
 * create and edit decision (`mayCreateAt`, `rowAllows` where it lands), which a depositor passes at
 * a site whose row they do not read; so these need only name a place of the organisation.
 */
const PLACE_FIELDS: ReadonlySet<string> = new Set(['site_id', 'region_id']);

/** The ids of `docType` among `ids` that are documents of the organisation the caller may read (or that exist, for places). */
async function readableIds(ctx: AppContext, principal: Principal, docType: string, ids: number[], isPlace: boolean): Promise<Set<number>> {
  const readable = new Set(ids.filter((id) => IDS_WITHOUT_DOCUMENT[docType]?.includes(id)));
  const type = await typeRegistryFor(ctx.database).get(principal.org.id, docType);
  const wanted = ids.filter((id) => !readable.has(id));
  if (!type || wanted.length === 0) return readable;
  const rows = await ctx.database.db
    .selectFrom('documents')
    .selectAll()
    .where('org_id', '=', principal.org.id)
    .where('doc_type', '=', docType)
    .where('id', 'in', wanted)
    .execute();
  for (const row of rows) if (isPlace || rowAllows(principal, type, 'read', flatValues(row))) readable.add(Number(row.id));
  return readable;
}

async function refusalOf(ctx: AppContext, principal: Principal, docType: string): Promise<string> {
  if (Object.hasOwn(REFERENCE_NOT_FOUND, docType)) return REFERENCE_NOT_FOUND[docType]!;
  const type = await typeRegistryFor(ctx.database).get(principal.org.id, docType);
  return referenceNotFound((type?.form?.title ?? docType).toLowerCase());
}

/**
 * Refuses (400, one detail per field) a write whose `values` newly name, in a lookup field, a
 * document that is not one of the writer's organisation they may read. `before` is the stored
 * document's values on an update, null on a create.
 */
export async function checkLookupReferencesOrThrow(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  values: Record<string, unknown>,
  before: Record<string, unknown> | null,
): Promise<void> {
  const isLocated = isLocatedType(type);
  const named = newlyNamed(type, values, before).map((r) => (isLocated && PLACE_FIELDS.has(r.field) ? { ...r, isPlace: true } : r));
  await checkNamedDocumentsOrThrow(ctx, principal, named);
}

/** Refuses (400, one detail per reference) ids that are not documents of their type the caller may read in their organisation. */
export async function checkNamedDocumentsOrThrow(ctx: AppContext, principal: Principal, named: readonly NamedReference[]): Promise<void> {
  if (named.length === 0) return;
  const keyOf = (r: NamedReference) => `${r.docType}\u0000${r.isPlace === true}`;
  const byKey = new Map<string, NamedReference[]>();
  for (const reference of named)
    if (reference.id !== null) byKey.set(keyOf(reference), [...(byKey.get(keyOf(reference)) ?? []), reference]);
  const found = new Map<string, Set<number>>();
  for (const [key, references] of byKey) {
    const { docType, isPlace } = references[0]!;
    const ids = [...new Set(references.map((r) => r.id!))];
    found.set(key, await readableIds(ctx, principal, docType, ids, isPlace === true));
  }
  const missing = named.filter((r) => r.id === null || !found.get(keyOf(r))?.has(r.id));
  if (missing.length === 0) return;
  const details = [];
  for (const reference of missing) details.push({ path: reference.path, message: await refusalOf(ctx, principal, reference.docType) });
  throw new HttpError('bad_request', details[0]!.message, { details });
}
