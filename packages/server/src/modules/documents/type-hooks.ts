/**
 * Per-type additions to the generic writes (a registry, not an if/else chain). The assembly
 * (`assembly.ts`) fills it when the app context is built — the schemas module's hooks for
 * `$$schema`, the timeline's, the workflow's and the attachments' for every type — and then seals
 * it, before any seed, job or request writes. Every write path — `/v3/{appId}/{type}`, the legacy
 * `/api/{type}`, seeds, jobs — runs them, so no route can bypass them; a write before the
 * assembly is refused rather than run without them, and a registration after it (a module
 * registering as a side effect of being imported late) is an error.
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

/**
 * Child documents a write raises (an action raised from a checklist item or an observation,
 * docs/product/workflow-and-timeline.md#tracked-actions), planned before the write's transaction
 * — validated and authorised there, so a refusal stores nothing — and created inside it.
 */
export interface ChildDocumentPlan {
  /**
   * Inside the parent's transaction, once the parent's id is known: creates the children and
   * answers the parent's data with its links to them.
   */
  create(trx: Transaction<Tables>, parentId: number, data: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** After the commit: what each child's own write does after its commit (caches, logs). */
  afterCommit(): Promise<void>;
}

export interface TypeWriteHooks {
  /**
   * The body a create (`existing` null) or update goes on with, before validation: a type drops
   * the fields it computes itself and keeps their stored values, so they never come from a body.
   * Throws an HttpError to refuse the body outright.
   */
  writableBody?(hook: HookContext, body: Record<string, unknown>, existing: ExistingDocument | null): Promise<Record<string, unknown>>;
  /**
   * Runs after `writableBody`. The body a write stores, from the body it was sent (an inspection takes its items' words from
   * the template revision it started from and stores its score). Runs before validation.
   */
  prepareBody?(hook: HookContext, body: Record<string, unknown>, existing: ExistingDocument | null): Promise<Record<string, unknown>>;
  /** Child documents this write raises; null when it raises none. Runs after validation. */
  planChildren?(
    hook: HookContext,
    values: Record<string, unknown>,
    location: { site_id: number | null; region_id: number | null },
  ): Promise<ChildDocumentPlan | null>;
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
/** Hooks every type runs after its own, in the order they were registered. */
const everyType: TypeWriteHooks[] = [];
let isSealed = false;

function assertOpen(): void {
  if (isSealed) throw new Error('Document write hooks are registered by the assembly (assembly.ts), before the registry is sealed');
}

export function registerTypeHooks(type: string, hooks: TypeWriteHooks): void {
  assertOpen();
  registry.set(type, hooks);
}

/** Adds hooks run for every type, after the type's own. */
export function registerHooksForEveryType(hooks: TypeWriteHooks): void {
  assertOpen();
  if (!everyType.includes(hooks)) everyType.push(hooks);
}

/** Ends registration: from now on writes may run, and nothing more may register. */
export function sealTypeHooks(): void {
  isSealed = true;
}

export function areTypeHooksSealed(): boolean {
  return isSealed;
}

export function hooksOf(type: string): TypeWriteHooks {
  if (!isSealed) throw new Error('Document writes need the assembled write hooks: build the context with createAppContext() first');
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
