/**
 * What writing a `$$schema` document adds to a generic write (registered for the type by the
 * assembly, `assembly.ts`, so the v3 routes, the legacy `/api/$$schema` and jobs all run it):
 * - validate: the checks of `schemaDefinitionProblems` (type name, embedded JSON Schemas, indexed
 *   fields, default filter and order, workflow definitions), no form field named after a
 *   server-controlled one (`serverControlledPropertyProblems`), the type unique in the
 *   organisation, never renamed;
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

async function validate(
  hook: HookContext,
  values: Record<string, unknown>,
  existing: { id: number; values: Record<string, unknown> } | null,
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
  return problems;
}

export const schemaWriteHooks: TypeWriteHooks = {
  validate,

  async beforeDelete(hook, existing) {
    const type = String(existing.values.type ?? '');
    if (builtinTypeByName(type)) return;
    const count = await countDocumentsOfType(hook.ctx.database, hook.principal.org.id, type);
    if (count > 0) throw new HttpError('conflict', TYPE_IN_USE(type, count));
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
