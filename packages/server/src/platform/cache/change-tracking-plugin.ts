/**
 * A Kysely plugin that moves the data generation (data-generation.ts) after every statement that
 * writes a table cached answers depend on. It is the catch-all that makes caching safe whatever
 * path wrote: HTTP handlers, jobs, seeds, scripts and tests that write through the repositories.
 * The bump happens once the statement has run; the HTTP layer and the job worker bump again after
 * their commit, which closes the window in which a PostgreSQL reader on another connection still
 * sees the data from before the commit.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { ACCESS_TABLES, bumpDataGeneration } from './data-generation.ts';

/** Tables no cached answer reads: writing them (on every sign-in attempt, job claim, log line) must not empty the caches. */
const UNCACHED_TABLES: ReadonlySet<string> = new Set(['logs', 'rate_limits', 'jobs', 'list_shape_stats', 'storage_measures']);

interface NodeLike {
  kind: string;
  node?: NodeLike;
  table?: NodeLike | { identifier: { name: string } };
  into?: NodeLike;
  from?: { froms: readonly NodeLike[] };
  sqlFragments?: readonly string[];
  parameters?: readonly NodeLike[];
}

const READ_ONLY_RAW = /^\s*(select|with|explain|pragma|show|values)\b/i;

/**
 * What a statement writes: `none` (a read, or only tables no cached answer reads), `data` (tables
 * answers read, none a principal is read from), `access` (one of `ACCESS_TABLES`, or a statement
 * whose tables are not known: raw SQL, MERGE).
 */
export type WriteKind = 'none' | 'data' | 'access';

export function writeKindOf(node: RootOperationNode): WriteKind {
  const root = node as unknown as NodeLike;
  switch (root.kind) {
    case 'InsertQueryNode':
      return kindOf(tableNames(root.into));
    case 'UpdateQueryNode':
      return kindOf(tableNames(root.table as NodeLike | undefined));
    case 'DeleteQueryNode':
      return kindOf((root.from?.froms ?? []).flatMap(tableNames));
    case 'MergeQueryNode':
      return 'access';
    case 'RawNode':
      return READ_ONLY_RAW.test(leadingSql(root)) ? 'none' : 'access';
    default:
      return 'none';
  }
}

/** The first words of a raw statement, looking into nested fragments (`sql.join(…)` starts with one). */
function leadingSql(node: NodeLike): string {
  const fragments = node.sqlFragments ?? [];
  for (let i = 0; i < fragments.length; i += 1) {
    if (fragments[i]!.trim()) return fragments[i]!;
    const parameter = node.parameters?.[i];
    if (!parameter) continue;
    if (parameter.kind !== 'RawNode') return '';
    const inner = leadingSql(parameter);
    if (inner) return inner;
  }
  return '';
}

function kindOf(tables: readonly string[]): WriteKind {
  if (tables.length === 0 || tables.some((table) => ACCESS_TABLES.has(table))) return 'access';
  return tables.some((table) => !UNCACHED_TABLES.has(table)) ? 'data' : 'none';
}

function tableNames(node: NodeLike | undefined): string[] {
  if (!node) return [];
  if (node.kind === 'AliasNode') return tableNames(node.node);
  if (node.kind === 'TableNode') {
    const table = node.table as { identifier?: { name?: string } } | undefined;
    return table?.identifier?.name ? [table.identifier.name] : [];
  }
  return [];
}

export class ChangeTrackingPlugin implements KyselyPlugin {
  readonly #writes = new WeakMap<object, Exclude<WriteKind, 'none'>>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const kind = writeKindOf(args.node);
    if (kind !== 'none') this.#writes.set(args.queryId, kind);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const kind = this.#writes.get(args.queryId);
    if (kind) bumpDataGeneration(kind === 'access' ? 'all' : 'data');
    return args.result;
  }
}
