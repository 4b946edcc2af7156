/**
 * Kysely's `sql` template tag and helpers, the same text and parameters, for the statements built
 * on every list request (filter, conditions, page, count, keyset: platform/records/). Kysely
 * freezes every node it makes — five `Object.freeze` calls or more for one template — and a frozen
 * node is slower to compile: building and compiling a list page with its capped count took 43 µs
 * of the event loop with Kysely's tag and 19 µs with nodes left unfrozen (issue 18,
 * bench/README.md). Here nodes are plain objects, never changed once made (nothing in Docket or
 * Kysely writes to a node: transformers make new ones), and a column reference's node is made once
 * per name.
 *
 * Anything but building a fragment — `.as`, `.execute`, `.compile`, `.withPlugin` — goes through
 * Kysely's own raw builder, so plugins, compilers and dialects see exactly what they see for
 * Kysely's `sql`. The integration tests of the filter compiler and the list queries compare
 * answers on both databases; sql-fragments.test.ts compares the compiled text and parameters with
 * Kysely's tag on both dialects.
 */
import {
  createQueryId,
  createRawBuilder,
  sql as kyselySql,
  type AliasedRawBuilder,
  type CompiledQuery,
  type Expression,
  type KyselyPlugin,
  type OperationNode,
  type QueryExecutorProvider,
  type QueryResult,
  type RawBuilder,
  type RawNode,
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
    return this.#kysely().compile(executorProvider);
  }

  execute(executorProvider: QueryExecutorProvider): Promise<QueryResult<O>> {
    return this.#kysely().execute(executorProvider);
  }

  #kysely(): RawBuilder<O> {
    return createRawBuilder<O>({ queryId: createQueryId(), rawNode: this.#node });
  }
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
