/**
 * Per-type additions to the generic writes (GUIDE habit 5: a registry, not an if/else chain).
 * A module registers hooks for its type (the schemas module for `$$schema`) and every write path
 * — `/v3/{appId}/{type}`, the legacy `/api/{type}`, jobs — runs them, so no route can bypass them.
 */
import type { Transaction } from 'kysely';
import type { DocumentSchema, ValidationProblem } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import type { Tables } from '../../platform/db/tables.ts';
import type { NewDocumentRow } from '../../platform/records/documents.repository.ts';

export interface HookContext {
  ctx: AppContext;
  principal: Principal;
  type: DocumentSchema;
}

export interface ExistingDocument {
  id: number;
  values: Record<string, unknown>;
}

export interface WriteEvent {
  action: 'create' | 'update' | 'delete';
  id: number;
  /** The written values (data and promoted fields); for a delete, the values before it. */
  values: Record<string, unknown>;
  /** For a create: the row as inserted (with the columns `prepareCreate` hooks set). */
  created?: Readonly<NewDocumentRow>;
}

export interface TypeWriteHooks {
  /** Problems beyond the type's JSON Schema (which already passed); an empty list allows the write. */
  validate?(hook: HookContext, values: Record<string, unknown>, existing: ExistingDocument | null): Promise<ValidationProblem[]>;
  /** Throws an HttpError to refuse a delete. */
  beforeDelete?(hook: HookContext, existing: ExistingDocument): Promise<void>;
  /**
   * Columns a module owns on a new row (the workflow's initial state), set before the row is
   * inserted so a create writes its row once. Runs inside the create's transaction.
   */
  prepareCreate?(hook: HookContext, row: Readonly<NewDocumentRow>, now: Date): Partial<NewDocumentRow>;
  /** Inside the write's transaction, after the row was written: part of the same commit. */
  afterWrite?(hook: HookContext, trx: Transaction<Tables>, event: WriteEvent): Promise<void>;
  /** After the commit (caches, indexes). Failures are the hook's own business. */
  afterCommit?(hook: HookContext, event: WriteEvent): Promise<void>;
}

const registry = new Map<string, TypeWriteHooks>();
/** Hooks every type runs after its own (the workflow, timeline and notification modules). */
const everyType: TypeWriteHooks[] = [];

export function registerTypeHooks(type: string, hooks: TypeWriteHooks): void {
  registry.set(type, hooks);
}

/** Adds hooks run for every type, after the type's own; registering the same object twice is a no-op. */
export function registerHooksForEveryType(hooks: TypeWriteHooks): void {
  if (!everyType.includes(hooks)) everyType.push(hooks);
}

export function hooksOf(type: string): TypeWriteHooks {
  const own = registry.get(type) ?? {};
  if (everyType.length === 0) return own;
  const all = [own, ...everyType];
  return {
    ...own,
    prepareCreate(hook, row, now) {
      let columns: Partial<NewDocumentRow> = {};
      for (const hooks of all) if (hooks.prepareCreate) columns = { ...columns, ...hooks.prepareCreate(hook, { ...row, ...columns }, now) };
      return columns;
    },
    async afterWrite(hook, trx, event) {
      for (const hooks of all) await hooks.afterWrite?.(hook, trx, event);
    },
    async afterCommit(hook, event) {
      for (const hooks of all) await hooks.afterCommit?.(hook, event);
    },
  };
}
