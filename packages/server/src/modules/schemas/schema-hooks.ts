/**
 * What writing a `$$schema` document adds to a generic write (registered for the type by the
 * assembly, `assembly.ts`, so the v3 routes, the legacy `/api/$$schema` and jobs all run it):
 * - validate: the checks of `schemaDefinitionProblems` (type name, embedded JSON Schemas, indexed
 *   fields, default filter and order, workflow definitions), no form field named after a
 *   server-controlled one (`serverControlledPropertyProblems`), the type unique in the
 *   organisation, never renamed;
 * - both: refused when a save or delete would break what else of the organisation names the
 *   type's fields (`FieldUsers`, given by the assembly: the KPIs' formulas, modules/reporting/
 *   metric-field-uses.ts), with their own words (docs/product/documents-and-schemas.md#schema-rules);
 * - delete: refused while documents of a type that is not built in exist (they would be orphans);
 * - in the transaction: a version row (who, when, the full schema) and a bump of the
 *   organisation's schema cache counter, so every process reloads;
 * - after the commit: this process's types reloaded and the type's indexes created and the ones
 *   it no longer asks for dropped (inline for a small type, a durable job for a large one:
 *   modules/list-indexes/index-jobs.ts).
 */
import {
  builtinTypeByName,
  schemaDefinitionProblems,
  schemaReferenceProblems,
  builtinTypes,
  serverControlledPropertyProblems,
  type DocumentSchema,
  type ValidationProblem,
} from '@docket/shared';
import { HttpError } from '../../http/http-error.ts';
import { bumpCacheVersion, schemasCacheName } from '../../platform/records/cache-versions.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import type { AppContext } from '../../app-context.ts';
import type { HookContext, TypeWriteHooks } from '../documents/type-hooks.ts';
import { indexesAfterSchemaSave } from '../list-indexes/index-jobs.ts';
import { orderKeyAfterSchemaSave } from '../list-indexes/order-key-jobs.ts';
import { renewAddedIndexesAfterSchemaSave } from '../list-indexes/added-index-renewal.ts';
import { appendSchemaVersion, countDocumentsOfType, schemaDocIdsOfType } from './schemas.repository.ts';

export const TYPE_NOT_UNIQUE = (type: string) => `Schema type must be unique: ${type} already exists`;
export const TYPE_RENAMED = 'Schema type cannot be changed: create a new schema instead';
export const TYPE_IN_USE = (type: string, count: number) => `Documents of type ${type} exist (${count}): delete them before the schema`;

/** The definition a `$$schema` document's values describe. */
export function definitionOf(values: Record<string, unknown>): DocumentSchema {
  return { ...values, version: 3 } as DocumentSchema;
}

/**
 * Something else of an organisation that names a type's fields: the refusals of replacing its
 * type `before` by `after` (undefined: the type is gone, no built-in serves in its place).
 */
export type FieldUsers = (ctx: AppContext, orgId: number, before: DocumentSchema, after: DocumentSchema | undefined) => Promise<string[]>;

/** What breaks if the organisation's current definition of the type becomes `after`. */
async function brokenFieldUses(hook: HookContext, users: readonly FieldUsers[], type: string, after: DocumentSchema | undefined) {
  const orgId = hook.principal.org.id;
  const before = await typeRegistryFor(hook.ctx.database).get(orgId, type);
  if (!before) return []; // a new type: nothing can use it yet
  return (await Promise.all(users.map((user) => user(hook.ctx, orgId, before, after)))).flat();
}

async function validate(
  hook: HookContext,
  values: Record<string, unknown>,
  existing: { id: number; values: Record<string, unknown> } | null,
  users: readonly FieldUsers[],
): Promise<ValidationProblem[]> {
  const definition = definitionOf(values);
  const problems = [
    ...schemaDefinitionProblems(definition),
    ...serverControlledPropertyProblems(definition),
    ...schemaReferenceProblems(definition),
  ];
  if (existing && existing.values.type !== definition.type) problems.unshift({ path: 'type', message: TYPE_RENAMED, keyword: 'type' });
  if (problems.some((p) => p.path === 'type')) return problems;
  const clashes = await schemaDocIdsOfType(hook.ctx.database, hook.principal.org.id, definition.type, existing?.id ?? null);
  // A built-in type's own name stores the organisation's copy of it; another spelling of it is another name for the same type.
  const builtinSpelledOtherwise = builtinTypes.some(
    (builtin) => builtin.type !== definition.type && builtin.type.toLowerCase() === definition.type.toLowerCase(),
  );
  if (clashes.length > 0 || builtinSpelledOtherwise)
    problems.unshift({ path: 'type', message: TYPE_NOT_UNIQUE(definition.type), keyword: 'unique' });
  if (problems.length > 0) return problems;
  const broken = await brokenFieldUses(hook, users, definition.type, definition);
  return broken.map((message) => ({ path: 'form.schema', message, keyword: 'dependencies' }));
}

/** The `$$schema` hooks, with what else names types' fields (the assembly's list). */
export function schemaWriteHooks(users: readonly FieldUsers[]): TypeWriteHooks {
  return {
    validate: (hook, values, existing) => validate(hook, values, existing, users),

    async beforeDelete(hook, existing) {
      const type = String(existing.values.type ?? '');
      const builtin = builtinTypeByName(type);
      if (!builtin) {
        const count = await countDocumentsOfType(hook.ctx.database, hook.principal.org.id, type);
        if (count > 0) throw new HttpError('conflict', TYPE_IN_USE(type, count));
      }
      // Deleting a stored copy of a built-in type brings the built-in definition back.
      const broken = await brokenFieldUses(hook, users, type, builtin);
      if (broken.length > 0) throw new HttpError('conflict', broken.join('; '));
    },

    async afterWrite(hook, trx, event) {
      const orgId = hook.principal.org.id;
      const schema = { ...definitionOf(event.values) } as unknown as Record<string, unknown>;
      await appendSchemaVersion(trx, {
        orgId,
        docId: event.id,
        type: String(schema.type),
        action: event.action,
        schema,
        actor: hook.principal.uuid,
      });
      await bumpCacheVersion(trx, schemasCacheName(orgId));
    },

    async afterCommit(hook, event) {
      await typeRegistryFor(hook.ctx.database).reload(hook.principal.org.id);
      if (event.action === 'delete') return;
      await indexesAfterSchemaSave(hook.ctx, hook.principal.org.id, definitionOf(event.values));
      await orderKeyAfterSchemaSave(hook.ctx, hook.principal.org.id, definitionOf(event.values));
      await renewAddedIndexesAfterSchemaSave(hook.ctx, hook.principal.org.id, definitionOf(event.values));
    },
  };
}
