/**
 * Which document types an organisation has: the built-in definitions (packages/shared), with the
 * organisation's stored `$$schema` documents layered on top (a stored `incident` replaces the
 * built-in one), plus the `$$schema` type itself, which cannot be overridden.
 *
 * Cached per process and organisation. Invalidation across processes: every schema write bumps
 * the row `schemas:{orgId}` of `cache_versions` in its transaction; a cached entry re-reads that
 * one-row counter at most every `checkIntervalMs` (1 s) and reloads when it moved, so another
 * process serves a changed schema within about a second. The writing process reloads at once
 * (`reload`, after its commit). A due check never makes a caller wait: the cached types answer
 * while the check runs in the background. That matters because hooks ask for types inside a
 * write's transaction, and on the embedded database a query outside that transaction would wait
 * for it forever. Only an organisation seen for the first time waits for its load.
 * When stored schemas cannot be loaded the built-in ones serve (docs/product/documents-and-schemas.md#document-types).
 * On PostgreSQL the entry also holds which types' stored order values are ready (order-keys.ts),
 * read with the schemas: the order-key job moves the same counter.
 */
import { builtinTypes, SCHEMA_TYPE, schemaDocumentType, type DocumentSchema } from '@docket/shared';
import type { Database } from '../db/database.ts';
import { writeLog } from '../logs/logs.ts';
import { readCacheVersion, schemasCacheName } from './cache-versions.ts';
import { loadStoredSchemas } from './stored-schemas.repository.ts';
import { readyOrderFields } from './order-keys.ts';

export interface TypeRegistry {
  get(orgId: number, type: string): Promise<DocumentSchema | undefined>;
  list(orgId: number): Promise<DocumentSchema[]>;
  /** Reload an organisation's types now (the writer calls it after its commit, outside any transaction). */
  reload(orgId: number): Promise<void>;
  /** The field whose stored order values are ready for the organisation's type (PostgreSQL, order-keys.ts), if any. */
  readyOrderField(orgId: number, type: string): Promise<string | undefined>;
}

export interface TypeRegistryOptions {
  checkIntervalMs?: number;
  builtins?: readonly DocumentSchema[];
}

interface Entry {
  types: Map<string, DocumentSchema>;
  /** Types whose stored order values are ready, with their field (loaded and versioned with the schemas). */
  readyOrders: ReadonlyMap<string, string>;
  version: number;
  checkedAt: number;
}

/** Built-in types only: for tests and tools that have no stored schemas. */
export function builtinTypeRegistry(types: readonly DocumentSchema[] = builtinTypes): TypeRegistry {
  const byName = new Map(types.map((t) => [t.type, t]));
  byName.set(SCHEMA_TYPE, schemaDocumentType);
  return {
    async get(_orgId, type) {
      return byName.get(type);
    },
    async list() {
      return [...byName.values()];
    },
    async reload() {},
    async readyOrderField() {
      return undefined;
    },
  };
}

class StoredTypeRegistry implements TypeRegistry {
  readonly #entries = new Map<number, Entry>();
  readonly #loading = new Map<number, Promise<Entry>>();
  readonly #checkIntervalMs: number;
  readonly #builtins: readonly DocumentSchema[];

  private readonly database: Database;

  constructor(database: Database, options: TypeRegistryOptions) {
    this.database = database;
    this.#checkIntervalMs = options.checkIntervalMs ?? 1000;
    this.#builtins = options.builtins ?? builtinTypes;
  }

  async get(orgId: number, type: string): Promise<DocumentSchema | undefined> {
    if (type === SCHEMA_TYPE) return schemaDocumentType;
    return (await this.#entry(orgId)).types.get(type);
  }

  async list(orgId: number): Promise<DocumentSchema[]> {
    return [...(await this.#entry(orgId)).types.values()];
  }

  async readyOrderField(orgId: number, type: string): Promise<string | undefined> {
    return (await this.#entry(orgId)).readyOrders.get(type);
  }

  async reload(orgId: number): Promise<void> {
    // A refresh that started before the caller's commit may have read the old counter: let it
    // finish, then read again.
    await this.#loading.get(orgId)?.catch(() => undefined);
    await this.#refreshOnce(orgId, undefined);
  }

  async #entry(orgId: number): Promise<Entry> {
    const cached = this.#entries.get(orgId);
    if (!cached) return this.#refreshOnce(orgId, undefined);
    if (Date.now() - cached.checkedAt >= this.#checkIntervalMs) void this.#refreshOnce(orgId, cached);
    return cached;
  }

  /** One refresh per organisation at a time; callers share it. */
  #refreshOnce(orgId: number, cached: Entry | undefined): Promise<Entry> {
    let pending = this.#loading.get(orgId);
    if (!pending) {
      pending = this.#refresh(orgId, cached).finally(() => this.#loading.delete(orgId));
      this.#loading.set(orgId, pending);
    }
    return pending;
  }

  async #refresh(orgId: number, cached: Entry | undefined): Promise<Entry> {
    const checkedAt = Date.now();
    let version = -1;
    let stored: DocumentSchema[] = [];
    let readyOrders: ReadonlyMap<string, string> = new Map();
    try {
      version = await readCacheVersion(this.database, schemasCacheName(orgId));
      if (cached && cached.version === version) {
        cached.checkedAt = checkedAt;
        return cached;
      }
      stored = await loadStoredSchemas(this.database, orgId, (message) => void this.#warn(orgId, message));
      readyOrders = await readyOrderFields(this.database, orgId);
    } catch (error) {
      void this.#warn(orgId, `Stored schemas could not be loaded. ${String(error)}`);
      // The types already known keep serving; with none, the built-in ones do. Either way the
      // next check (a second later) tries again.
      if (cached) {
        cached.checkedAt = checkedAt;
        return cached;
      }
    }
    const types = new Map(this.#builtins.map((t) => [t.type, t]));
    for (const schema of stored) types.set(schema.type, schema);
    const entry: Entry = { types, readyOrders, version, checkedAt };
    this.#entries.set(orgId, entry);
    return entry;
  }

  async #warn(orgId: number, summary: string): Promise<void> {
    try {
      await writeLog(this.database, { orgId, type: 2, subject: 'Document schemas', summary });
    } catch {
      // The log is best effort here: the answer must not fail because the log could not be written.
    }
  }
}

const registries = new WeakMap<Database, TypeRegistry>();

/** The one registry of a database in this process (routes, operations and jobs share it). */
export function typeRegistryFor(database: Database, options: TypeRegistryOptions = {}): TypeRegistry {
  let registry = registries.get(database);
  if (!registry) {
    registry = new StoredTypeRegistry(database, options);
    registries.set(database, registry);
  }
  return registry;
}

/** A separate registry over the same database, as another process would have (tests). */
export function newTypeRegistry(database: Database, options: TypeRegistryOptions = {}): TypeRegistry {
  return new StoredTypeRegistry(database, options);
}
