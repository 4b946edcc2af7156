/**
 * Checks a parsed (or built, or stored) tree against a field catalog and returns a new, typed tree:
 * every field exists and is readable, every operator suits its field, every value suits its field
 * (date strings normalised, CONTAINS given its mode, today()/now() given their precision).
 * Runs after parsing and before anything reads data (docs/product/security.md#lesson-1, #lesson-2, #lesson-8).
 */
import type { FilterNode, ValueNode } from './ast.ts';
import { FilterError } from './filter-error.ts';
import { isValidFieldPath } from './field-path.ts';
import { isArrayType, isOrderedType, isTextType, lookupField, type FieldCatalog, type FieldInfo } from './field-catalog.ts';
import { MAX_TODAY_DAYS } from './parser.ts';
import { MAX_FILTER_DEPTH } from './limits.ts';
import { normaliseDate, normaliseDateTime } from './dates.ts';

export interface CheckOptions {
  /**
   * Server-built row filters (access layer) may name fields the caller cannot read. Never set
   * this for a filter that came from a request.
   */
  allowUnreadable?: boolean;
}

/** A tree from code or storage may nest more than parsed text; still bound the recursion. */
const MAX_TREE_DEPTH = 4 * MAX_FILTER_DEPTH;

const EXPECTS: Record<FieldInfo['type'], string> = {
  string: 'a string',
  text: 'a string',
  'string[]': 'a string',
  number: 'a number',
  integer: 'a number',
  'number[]': 'a number',
  boolean: 'true or false',
  date: 'a date (YYYY-MM-DD), today() or now()',
  datetime: 'a date-time (ISO 8601), today() or now()',
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Checker {
  private readonly catalog: FieldCatalog;
  private readonly options: CheckOptions;

  constructor(catalog: FieldCatalog, options: CheckOptions) {
    this.catalog = catalog;
    this.options = options;
  }

  field(field: unknown): FieldInfo {
    const name = typeof field === 'string' ? field : '';
    const info = isValidFieldPath(name) ? lookupField(this.catalog, name) : undefined;
    // Unreadable fields get the same message as missing ones so a caller cannot probe which
    // protected fields exist.
    if (!info || (info.readable === false && !this.options.allowUnreadable)) {
      throw new FilterError(`Unknown field: ${name.slice(0, 100)}`);
    }
    return info;
  }

  value(value: unknown, field: string, info: FieldInfo): ValueNode {
    const fail = (): never => {
      throw new FilterError(`Field ${field} expects ${EXPECTS[info.type]}`);
    };
    if (!isObject(value)) return fail();
    const { kind } = value;
    switch (info.type) {
      case 'string':
      case 'text':
      case 'string[]':
        if (kind === 'user') return { kind: 'user' };
        if (kind === 'string' && typeof value.value === 'string') return { kind, value: value.value };
        return fail();
      case 'number':
      case 'integer':
      case 'number[]':
        if (kind === 'number' && Number.isFinite(value.value)) return { kind, value: (value.value as number) + 0 };
        return fail();
      case 'boolean':
        if (kind === 'boolean' && typeof value.value === 'boolean') return { kind, value: value.value };
        return fail();
      case 'date':
      case 'datetime': {
        const precision = info.type === 'date' ? ({ precision: 'date' } as const) : {};
        if (kind === 'now') return { kind, ...precision };
        if (kind === 'today') {
          const days = value.days;
          if (typeof days !== 'number' || !Number.isInteger(days) || Math.abs(days) > MAX_TODAY_DAYS) return fail();
          return { kind, days: days + 0, ...precision };
        }
        if (kind !== 'string' || typeof value.value !== 'string') return fail();
        const normalised = info.type === 'date' ? normaliseDate(value.value) : normaliseDateTime(value.value);
        return normalised === undefined ? fail() : { kind, value: normalised };
      }
    }
  }

  node(node: unknown, depth: number): FilterNode {
    if (depth > MAX_TREE_DEPTH) throw new FilterError('Filter is nested too deeply');
    if (!isObject(node)) throw new FilterError('Invalid filter');
    const n = node as FilterNode;
    switch (n.type) {
      case 'const':
        if (typeof n.value !== 'boolean') throw new FilterError('Invalid filter');
        return { type: 'const', value: n.value };
      case 'and':
      case 'or':
        if (!Array.isArray(n.children)) throw new FilterError('Invalid filter');
        return { type: n.type, children: n.children.map((c) => this.node(c, depth + 1)) };
      case 'not':
        return { type: 'not', child: this.node(n.child, depth + 1) };
      case 'isNull':
        this.field(n.field);
        return { type: 'isNull', field: n.field, negated: n.negated === true };
      default:
        return this.leaf(n);
    }
  }

  leaf(n: FilterNode): FilterNode {
    const field = 'field' in n ? n.field : undefined;
    const info = this.field(field);
    const name = field as string;
    const notAllowed = (op: string): never => {
      throw new FilterError(`Operator ${op} cannot be used on field ${name}`);
    };
    switch (n.type) {
      case 'compare':
        if (isArrayType(info.type)) return notAllowed(n.op);
        if (n.op !== '=' && n.op !== '!=' && !isOrderedType(info.type)) return notAllowed(n.op);
        if (!['=', '!=', '<', '<=', '>', '>='].includes(n.op)) throw new FilterError('Invalid filter');
        return { type: 'compare', field: name, op: n.op, value: this.value(n.value, name, info) };
      case 'in':
        if (isArrayType(info.type)) return notAllowed(n.negated ? 'NOT IN' : 'IN');
        if (!Array.isArray(n.values)) throw new FilterError('Invalid filter');
        return {
          type: 'in',
          field: name,
          values: n.values.map((v) => this.value(v, name, info)),
          negated: n.negated === true,
        };
      case 'contains': {
        const mode = isArrayType(info.type) ? 'array' : isTextType(info.type) ? 'text' : undefined;
        if (!mode) return notAllowed('CONTAINS');
        return { type: 'contains', field: name, value: this.value(n.value, name, info), mode };
      }
      case 'startsWith':
        if (!isTextType(info.type)) return notAllowed('STARTS WITH');
        return { type: 'startsWith', field: name, value: this.value(n.value, name, info) };
      case 'between':
        if (!isOrderedType(info.type)) return notAllowed('BETWEEN');
        return {
          type: 'between',
          field: name,
          low: this.value(n.low, name, info),
          high: this.value(n.high, name, info),
        };
      default:
        throw new FilterError('Invalid filter');
    }
  }
}

/**
 * Check `node` against `catalog`; returns the typed tree to evaluate or compile. Throws
 * FilterError ("Unknown field: x", "Field x expects a number", "Operator < cannot be used on
 * field x") for anything the caller may not ask.
 */
export function checkFilter(node: FilterNode, catalog: FieldCatalog, options: CheckOptions = {}): FilterNode {
  return new Checker(catalog, options).node(node, 0);
}
