/**
 * Kysely's `sql` template tag and helpers, the same text and parameters, for the statements built
 * on every list request (filter, conditions, page, count, keyset, labels: platform/records/).
 * Kysely freezes every node it makes — five `Object.freeze` calls or more for one template — and
 * its compiler visits each node through a stack and a table of visitors; building a list page
 * with its capped count took about 16 µs and compiling it about 10 µs of the event loop (issue 18,
 * bench/README.md, twenty-sixth session). Here nodes are plain objects, never changed once made
 * (nothing in Docket or Kysely writes to a node: transformers make new ones), a column
 * reference's node is made once per name, and a tree of these nodes is written to text by
 * `writeFragments` (7.5 and 4.3 µs).
 *
 * Plugins still transform every statement (`executor.transformQuery`), results go through the
 * executor as usual, and `.as` and `.withPlugin` are Kysely's own raw builder's. The text is
 * written here only for a compiler that is checked, once per executor, to write exactly what
 * `writeFragments` writes (SQLite's `?`, PostgreSQL's `$n`, `"` quotes), and only for trees of
 * the nodes fragments make; anything else is Kysely's compiler's. sql-fragments.test.ts compares
 * text and parameters with Kysely's tag on both dialects; the filter compiler's integration test
 * compares answers with the evaluator on both databases.
 */
import {
  createQueryId,
  createRawBuilder,
  sql as kyselySql,
  type AliasedRawBuilder,
  type ColumnNode,
  type CompiledQuery,
  type Expression,
  type IdentifierNode,
  type KyselyPlugin,
  type OperationNode,
  type QueryExecutor,
  type QueryExecutorProvider,
  type QueryId,
  type QueryResult,
  type RawBuilder,
  type RawNode,
  type ReferenceNode,
  type RootOperationNode,
  type SchemableIdentifierNode,
  type TableNode,
  type ValueNode,
} from 'kysely';

/** A fragment of SQL: its node as Kysely's compiler reads it, and Kysely's raw builder for the rest. */
class Fragment<O> implements RawBuilder<O> {
  readonly #node: RawNode;

  constructor(node: RawNode) {
    this.#node = node;
  }

  get expressionType(): O | undefined {
    return undefined;
  }

  get isRawBuilder(): true {
    return true;
  }

  toOperationNode(): RawNode {
    return this.#node;
  }

  as<A extends string>(alias: A | Expression<unknown>): AliasedRawBuilder<O, A> {
    return this.#kysely().as(alias as A);
  }

  $castTo<C>(): RawBuilder<C> {
    return this as unknown as RawBuilder<C>;
  }

  $notNull(): RawBuilder<Exclude<O, null>> {
    return this as unknown as RawBuilder<Exclude<O, null>>;
  }

  withPlugin(plugin: KyselyPlugin): RawBuilder<O> {
    return this.#kysely().withPlugin(plugin);
  }

  compile(executorProvider: QueryExecutorProvider): CompiledQuery<O> {
    if (executorProvider === undefined) return this.#kysely().compile(executorProvider);
    const executor = executorProvider.getExecutor();
    const queryId = createQueryId();
    return compiledBy<O>(executor, executor.transformQuery(this.#node, queryId), queryId);
  }

  execute(executorProvider: QueryExecutorProvider): Promise<QueryResult<O>> {
    const executor = executorProvider.getExecutor();
    const queryId = createQueryId();
    return executor.executeQuery<O>(compiledBy<O>(executor, executor.transformQuery(this.#node, queryId), queryId));
  }

  #kysely(): RawBuilder<O> {
    return createRawBuilder<O>({ queryId: createQueryId(), rawNode: this.#node });
  }
}

/**
 * The compiled text of a statement: written here when the executor's compiler is one of the two
 * Docket runs on (checked once per executor against Kysely's own output) and the tree holds only
 * the nodes fragments make, else by Kysely's compiler. Kysely's compiler visits each node through
 * a stack and a table of visitors and quotes identifiers a character at a time; compiling a list
 * page with its capped count took about 10 µs there (issue 18, bench/README.md).
 */
function compiledBy<O>(executor: QueryExecutor, node: RootOperationNode, queryId: QueryId): CompiledQuery<O> {
  const style = placeholderStyleOf(executor);
  const written = style && node.kind === 'RawNode' ? writeFragments(node, style) : undefined;
  if (!written) return executor.compileQuery<O>(node, queryId);
  return { query: node, queryId, sql: written.sql, parameters: written.parameters };
}

type PlaceholderStyle = 'positional' | 'numbered';

/**
 * By the executor's dialect adapter: a transaction's executor is a new object, but a dialect's
 * adapter and compiler are made together once per database, so a write's transaction does not
 * probe again.
 */
const placeholderStyles = new WeakMap<object, PlaceholderStyle | null>();

/** Whether this executor's compiler writes what `writeFragments` writes: `?` (SQLite) or `$n` (PostgreSQL), `"` quotes. */
function placeholderStyleOf(executor: QueryExecutor): PlaceholderStyle | null {
  const known = placeholderStyles.get(executor.adapter);
  if (known !== undefined) return known;
  const probe = rawNode(
    ['', ' ', ' ', ' ', ''],
    [
      { kind: 'ValueNode', value: 1 } as OperationNode,
      { kind: 'ValueNode', value: 2 } as OperationNode,
      { kind: 'IdentifierNode', name: 'a"b' } as OperationNode,
      { kind: 'ValueNode', value: "it's", immediate: true } as OperationNode,
    ],
  );
  const kysely = executor.compileQuery(probe, createQueryId()).sql;
  const style = (['positional', 'numbered'] as const).find((candidate) => writeFragments(probe, candidate)?.sql === kysely) ?? null;
  placeholderStyles.set(executor.adapter, style);
  return style;
}

const quotedIdentifiers = new Map<string, string>();

function quotedIdentifier(name: string): string {
  let quoted = quotedIdentifiers.get(name);
  if (quoted === undefined) {
    quoted = `"${name.replaceAll('"', '""')}"`;
    if (quotedIdentifiers.size >= MAX_REFERENCES) quotedIdentifiers.clear();
    quotedIdentifiers.set(name, quoted);
  }
  return quoted;
}

/** A value written into the text, by Kysely's rules (`appendImmediateValue`); undefined for any other value. */
function immediateText(value: unknown): string | undefined {
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  if (value === null) return 'null';
  if (value instanceof Date) return `'${value.toISOString().replaceAll("'", "''")}'`;
  return undefined;
}

/** The text and parameters Kysely's compiler makes of a tree of fragments, or undefined when it holds another kind of node. */
export function writeFragments(root: RawNode, style: PlaceholderStyle): { sql: string; parameters: unknown[] } | undefined {
  const parameters: unknown[] = [];
  let text = '';
  const write = (node: OperationNode): boolean => {
    switch (node.kind) {
      case 'RawNode': {
        const { sqlFragments, parameters: children } = node as RawNode;
        for (let i = 0; i < sqlFragments.length; ++i) {
          text += sqlFragments[i];
          if (i < children.length && !write(children[i]!)) return false;
        }
        return true;
      }
      case 'ValueNode': {
        const { value, immediate } = node as ValueNode;
        if (immediate) {
          const literal = immediateText(value);
          if (literal === undefined) return false;
          text += literal;
        } else {
          parameters.push(value);
          text += style === 'positional' ? '?' : `$${parameters.length}`;
        }
        return true;
      }
      case 'IdentifierNode':
        text += quotedIdentifier((node as IdentifierNode).name);
        return true;
      case 'ReferenceNode': {
        const { table, column } = node as ReferenceNode;
        return qualified(table, column);
      }
      case 'ColumnNode':
        return write((node as ColumnNode).column);
      case 'TableNode':
        return write((node as TableNode).table);
      case 'SchemableIdentifierNode': {
        const { schema, identifier } = node as SchemableIdentifierNode;
        return qualified(schema, identifier);
      }
      case 'SelectAllNode':
        text += '*';
        return true;
      default:
        return false;
    }
  };
  /** `qualifier.name` (a table's column, a schema's table), or the name alone. */
  const qualified = (qualifier: OperationNode | undefined, name: OperationNode): boolean => {
    if (qualifier) {
      if (!write(qualifier)) return false;
      text += '.';
    }
    return write(name);
  };
  return write(root) ? { sql: text, parameters } : undefined;
}

function rawNode(sqlFragments: readonly string[], parameters: readonly OperationNode[]): RawNode {
  return { kind: 'RawNode', sqlFragments, parameters };
}

function fragment<O>(sqlFragments: readonly string[], parameters: readonly OperationNode[]): RawBuilder<O> {
  return new Fragment<O>(rawNode(sqlFragments, parameters));
}

const CHILD_FRAGMENTS: readonly string[] = Object.freeze(['', '']);

/** A template's value as a node: an expression's own node, anything else a bound parameter. */
function parameterNode(value: unknown): OperationNode {
  if (typeof value === 'object' && value !== null && typeof (value as Expression<unknown>).toOperationNode === 'function')
    return (value as Expression<unknown>).toOperationNode();
  // Kysely's tag calls a function value as an expression factory; none is ever passed here.
  if (typeof value === 'function') throw new Error('A function is not an SQL value');
  return { kind: 'ValueNode', value } as OperationNode;
}

/** Column references are a schema's names: each name's node is made once (bounded: cleared when full). */
const referenceNodes = new Map<string, OperationNode>();
const MAX_REFERENCES = 4096;

function referenceNode(reference: string): OperationNode {
  const known = referenceNodes.get(reference);
  if (known) return known;
  // Kysely's own parse (`a`, `t.a`, `s.t.a`), frozen once and kept.
  const made = (kyselySql.ref(reference).toOperationNode().parameters[0] as OperationNode) ?? null;
  if (!made) throw new Error(`Invalid column reference: ${reference}`);
  if (referenceNodes.size >= MAX_REFERENCES) referenceNodes.clear();
  referenceNodes.set(reference, made);
  return made;
}

function template<T = unknown>(sqlFragments: TemplateStringsArray, ...parameters: unknown[]): RawBuilder<T> {
  return fragment<T>(sqlFragments, parameters.map(parameterNode));
}

const COMMA = template`, `;

export const sql = Object.assign(template, {
  /** A column reference (`column`, `table.column`), quoted as an identifier. */
  ref<R = unknown>(columnReference: string): RawBuilder<R> {
    return fragment<R>(CHILD_FRAGMENTS, [referenceNode(columnReference)]);
  },
  /** Identifiers joined by dots, each quoted. */
  id<T = unknown>(...ids: readonly string[]): RawBuilder<T> {
    const fragments = ids.length === 0 ? [''] : ['', ...ids.slice(1).map(() => '.'), ''];
    return fragment<T>(
      fragments,
      ids.map((name) => ({ kind: 'IdentifierNode', name }) as OperationNode),
    );
  },
  /** A value written into the SQL text (Kysely's rules: numbers, booleans, null, escaped strings). */
  lit<V>(value: V): RawBuilder<V> {
    return fragment<V>(CHILD_FRAGMENTS, [{ kind: 'ValueNode', value, immediate: true } as OperationNode]);
  },
  /** A bound parameter. */
  val<V>(value: V): RawBuilder<V> {
    return fragment<V>(CHILD_FRAGMENTS, [parameterNode(value)]);
  },
  /** SQL text as is: only constant text of the server's own, never input. */
  raw<R = unknown>(anySql: string): RawBuilder<R> {
    return fragment<R>([anySql], []);
  },
  /** The items joined by `separator` (a comma by default). */
  join<T = unknown>(array: readonly unknown[], separator: RawBuilder<unknown> = COMMA): RawBuilder<T> {
    const separatorNode = separator.toOperationNode();
    const nodes = new Array<OperationNode>(Math.max(2 * array.length - 1, 0));
    for (let i = 0; i < array.length; ++i) {
      nodes[2 * i] = parameterNode(array[i]);
      if (i !== array.length - 1) nodes[2 * i + 1] = separatorNode;
    }
    return fragment<T>(new Array<string>(nodes.length + 1).fill(''), nodes);
  },
});
