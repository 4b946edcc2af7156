/**
 * Which index a list of a given shape names on the embedded database (issue 18,
 * docs/product/forms-and-lists.md#list-indexes): the type's derived `sx_` index of that shape, or
 * the deterministic name of the `ux_` one an administrator may have added for it. Kept apart from
 * type-indexes.ts (which defines every index of a type) because this runs on every list request and
 * answers from a memo per type definition.
 */
import { fieldCatalogOf, type DocumentSchema } from '@docket/shared';
import type { DialectName } from '../db/database.ts';
import { shapeKey, type ListShape } from './list-shapes.ts';
import { BASE_INDEX_SHAPES, indexDefinitionsOf, shapeIndexDefinition } from './type-indexes.ts';

/** Per type definition: the index each shape names, and the former name of each index that had one. */
interface TypeHints {
  names: Map<string, string | null>;
  formers: Map<string, string>;
  /** The fields each derived index holds (`IndexDefinition.holds`). */
  holds: Map<string, ReadonlySet<string>>;
  /** The group-mode index by the fields it groups (`<field>,status`). */
  groups: Map<string, string>;
}

const hintsOfTypes = new WeakMap<DocumentSchema, TypeHints>();

function hintsOf(type: DocumentSchema, dialect: DialectName): TypeHints {
  let hints = hintsOfTypes.get(type);
  if (!hints) {
    const names = new Map<string, string | null>();
    const formers = new Map<string, string>();
    const holds = new Map<string, ReadonlySet<string>>();
    const groups = new Map<string, string>();
    const definitions = indexDefinitionsOf(type, dialect);
    for (const definition of definitions) {
      if (definition.name.startsWith('sx_')) names.set(definition.field, definition.name);
      if (definition.former) formers.set(definition.name, definition.former);
      holds.set(definition.name, new Set(definition.holds));
      if (definition.name.startsWith('gx_')) groups.set(definition.field, definition.name);
    }
    // A list sorted by an indexed field alone reads that field's own index `(…, <field>, id)` in
    // order: the planner sorted the whole type instead (1.2–2 s on 1,000,000 incidents, 4–8 ms
    // through the index; bench/README.md, thirty-second session).
    for (const definition of definitions) {
      const sortedByIt = shapeKey({ equality: [], order: definition.field });
      if (definition.name.startsWith('dx_') && !names.has(sortedByIt)) names.set(sortedByIt, definition.name);
    }
    hints = { names, formers, holds, groups };
    hintsOfTypes.set(type, hints);
  }
  return hints;
}

/**
 * SQLite: the index a list of `shape` names for its page (`INDEXED BY`, page-sql.ts): the type's
 * derived index of that shape (for a list sorted by an indexed field alone, that field's own
 * index), or else the one an administrator may have added for it (`ux_…`,
 * modules/list-indexes; document-pages.ts reads without it when it is not there, and names it only
 * where each equality field of the shape is fixed to one value). SQLite's planner knows a type's
 * rows only as the average over every type (no per-value statistics in this build), and took a
 * base index `(org_id, doc_type, [site_id,] created_date, …)` with a range on the creation date,
 * or no condition at all, then sorted the whole type or site: the incident list in its default
 * order and default filter took 2–6 s on 1,000,000 incidents (0.4–0.9 s for a site-restricted
 * user), 5–11 ms through its index, and an index added for another order went unused (issue 18,
 * bench/README.md, twenty-seventh session). Undefined for the shapes the base indexes serve, and
 * on PostgreSQL, whose statistics hold each type's share.
 */
export function orderIndexOf(type: DocumentSchema, dialect: DialectName, shape: ListShape): string | undefined {
  if (dialect !== 'sqlite' || BASE_INDEX_SHAPES.has(shapeKey(shape))) return undefined;
  const { names } = hintsOf(type, dialect);
  const key = shapeKey(shape);
  let name = names.get(key);
  if (name === undefined) {
    name = shapeIndexDefinition(type, dialect, shape, fieldCatalogOf(type, { canSeeProtected: true }), 'ux')?.name ?? null;
    names.set(key, name);
  }
  return name ?? undefined;
}

/**
 * The name an index the list names had before its key's trailing columns changed (`IndexDefinition.former`):
 * read through while the new one is not built yet.
 */
export function formerIndexOf(type: DocumentSchema, dialect: DialectName, name: string): string | undefined {
  return dialect === 'sqlite' ? hintsOf(type, dialect).formers.get(name) : undefined;
}

/**
 * SQLite: the derived index a group by `fields` may read, and the fields it holds: for the group
 * mode's `<field>,status` the type's group-mode index (`groupIndexDefinition`), for one field the
 * index a list sorted by it names (its key starts with the field). Undefined on PostgreSQL and
 * for other groups.
 */
export function groupIndexOf(
  type: DocumentSchema,
  dialect: DialectName,
  fields: readonly string[],
): { name: string; holds: ReadonlySet<string> } | undefined {
  if (dialect !== 'sqlite' || fields.length === 0) return undefined;
  const hints = hintsOf(type, dialect);
  const name = fields.length === 1 ? hints.names.get(shapeKey({ equality: [], order: fields[0]! })) : hints.groups.get(fields.join(','));
  const holds = name ? hints.holds.get(name) : undefined;
  return name && holds ? { name, holds } : undefined;
}
