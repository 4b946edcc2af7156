/**
 * Filter chips read as sentences in the user's language (docs/product/forms-and-lists.md#filters):
 * 'Created after 1 Jan 2023', 'Priority is Very High', 'Summary contains “cable”', never filter
 * syntax. Two sources:
 * - the filter form's data, field by field (a date range, chosen options, free text);
 * - a stored expression (the type's default filter, the organisation's global filter), parsed and
 *   described node by node. An expression too involved to say plainly is shown as it is.
 */
import { parseFilter, type FilterNode, type JsonSchema, type ValueNode } from '@docket/shared';

/** i18next's `t`, loosely typed: the keys are this module's own `lists.chip.*`. */
export type Say = (key: string, values?: Record<string, unknown>) => string;

export interface SentenceContext {
  say: Say;
  lang: string;
  /** The label of a field in the user's language. */
  fieldLabel: (field: string) => string;
  /** The label of a value of a field (an option's title), when it has one. */
  valueLabel?: (field: string, value: string | number | boolean) => string | undefined;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** '1 Jan 2023' (en), '1 janv. 2023' (fr), '1 ene 2023' (es); a time is added when it is not midnight. */
export function sayDate(text: string, lang: string): string {
  const date = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00.000Z` : text);
  if (Number.isNaN(date.getTime())) return text;
  const locale = lang === 'en' ? 'en-GB' : lang;
  const withTime = DATE_TIME.test(text) && !/T00:00(:00(\.0+)?)?Z?$/.test(text) && !/T23:59:59/.test(text);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    timeZone: 'UTC',
  }).format(date);
}

function sayValue(field: string, value: ValueNode, ctx: SentenceContext): string | null {
  switch (value.kind) {
    case 'string':
      if (DATE_ONLY.test(value.value) || DATE_TIME.test(value.value)) return sayDate(value.value, ctx.lang);
      return ctx.valueLabel?.(field, value.value) ?? value.value;
    case 'number':
    case 'boolean':
      return (
        ctx.valueLabel?.(field, value.value) ??
        (value.kind === 'boolean' ? ctx.say(value.value ? 'lists.chip.yes' : 'lists.chip.no') : String(value.value))
      );
    case 'user':
      return ctx.say('lists.chip.me');
    case 'today':
      if (value.days === 0) return ctx.say('lists.chip.today');
      return value.days < 0
        ? ctx.say('lists.chip.daysAgo', { count: -value.days })
        : ctx.say('lists.chip.daysAhead', { count: value.days });
    case 'now':
      return ctx.say('lists.chip.now');
  }
}

const isDateValue = (value: ValueNode) =>
  value.kind === 'today' ||
  value.kind === 'now' ||
  (value.kind === 'string' && (DATE_ONLY.test(value.value) || DATE_TIME.test(value.value)));

const COMPARE_KEYS: Record<string, string> = { '=': 'is', '!=': 'isNot', '<': 'below', '<=': 'atMost', '>': 'above', '>=': 'atLeast' };

/** One node as a sentence, or null when it is too involved to say plainly. */
export function describeNode(node: FilterNode, ctx: SentenceContext): string | null {
  switch (node.type) {
    case 'const':
      return null;
    case 'compare': {
      const field = ctx.fieldLabel(node.field);
      const value = sayValue(node.field, node.value, ctx);
      if (value === null) return null;
      if (isDateValue(node.value) && node.op !== '=' && node.op !== '!=')
        return ctx.say(node.op.startsWith('>') ? 'lists.chip.after' : 'lists.chip.before', { field, value });
      return ctx.say(`lists.chip.${COMPARE_KEYS[node.op]}`, { field, value });
    }
    case 'in': {
      const values = node.values.map((v) => sayValue(node.field, v, ctx));
      if (values.some((v) => v === null)) return null;
      const list = values.join(` ${ctx.say('lists.chip.or')} `);
      return ctx.say(node.negated ? 'lists.chip.isNot' : 'lists.chip.is', { field: ctx.fieldLabel(node.field), value: list });
    }
    case 'contains':
    case 'startsWith': {
      const value = sayValue(node.field, node.value, ctx);
      if (value === null) return null;
      return ctx.say(node.type === 'contains' ? 'lists.chip.contains' : 'lists.chip.startsWith', {
        field: ctx.fieldLabel(node.field),
        value,
      });
    }
    case 'isNull':
      return ctx.say(node.negated ? 'lists.chip.isSet' : 'lists.chip.isEmpty', { field: ctx.fieldLabel(node.field) });
    case 'between': {
      const from = sayValue(node.field, node.low, ctx);
      const to = sayValue(node.field, node.high, ctx);
      if (from === null || to === null) return null;
      return ctx.say('lists.chip.between', { field: ctx.fieldLabel(node.field), from, to });
    }
    case 'and':
    case 'or': {
      const parts = node.children.map((child) => describeNode(child, ctx));
      if (parts.some((p) => p === null) || parts.length > 4) return null;
      return parts.join(` ${ctx.say(node.type === 'and' ? 'lists.chip.and' : 'lists.chip.or')} `);
    }
    case 'not':
      return null;
  }
}

/** A stored expression as a sentence; the expression itself when it cannot be said plainly. */
export function describeExpression(expression: string, ctx: SentenceContext): string {
  try {
    return describeNode(parseFilter(expression), ctx) ?? expression;
  } catch {
    return expression;
  }
}

interface RangeValue {
  startDate?: string;
  endDate?: string;
}

function isRange(value: unknown): value is RangeValue {
  return !!value && typeof value === 'object' && ('startDate' in value || 'endDate' in value);
}

const isChoice = (schema: JsonSchema | undefined) =>
  Boolean(schema && (schema.enum || schema.oneOf || schema['x-lookup'] || schema.const !== undefined || schema.type === 'array'));

/**
 * A chip of the filter form as a sentence: `label` is the field's label and `shown` the value as the
 * form labelled it (option titles, names of referenced documents).
 */
export function describeFormChip(
  label: string,
  shown: string,
  value: unknown,
  schema: JsonSchema | undefined,
  ctx: SentenceContext,
): string {
  if (isRange(value)) {
    const { startDate, endDate } = value;
    if (startDate && endDate)
      return ctx.say('lists.chip.between', { field: label, from: sayDate(startDate, ctx.lang), to: sayDate(endDate, ctx.lang) });
    if (startDate) return ctx.say('lists.chip.after', { field: label, value: sayDate(startDate, ctx.lang) });
    if (endDate) return ctx.say('lists.chip.before', { field: label, value: sayDate(endDate, ctx.lang) });
  }
  if (Array.isArray(value))
    return ctx.say('lists.chip.is', { field: label, value: shown.split(', ').join(` ${ctx.say('lists.chip.or')} `) });
  if (typeof value === 'string' && !isChoice(schema) && schema?.format !== 'date' && schema?.format !== 'date-time')
    return ctx.say('lists.chip.contains', { field: label, value: shown });
  if (typeof value === 'string' && (DATE_ONLY.test(value) || DATE_TIME.test(value)))
    return ctx.say('lists.chip.on', { field: label, value: sayDate(value, ctx.lang) });
  if (typeof value === 'boolean')
    return ctx.say('lists.chip.is', { field: label, value: ctx.say(value ? 'lists.chip.yes' : 'lists.chip.no') });
  return ctx.say('lists.chip.is', { field: label, value: shown });
}
