/** The filter language: public entry. Grammar and semantics: docs/filter-language.md. */
export type { ComparisonOperator, FieldPath, FilterNode, FilterNodeType, ValueNode } from './ast.ts';
export { fieldOf } from './ast.ts';
export { FilterError } from './filter-error.ts';
export { isValidFieldPath, fieldSegments } from './field-path.ts';
export { KEYWORDS, isKeyword } from './tokenizer.ts';
export { parseFilter, MAX_TODAY_DAYS } from './parser.ts';
export {
  MAX_FILTER_LENGTH,
  MAX_FILTER_TERMS,
  MAX_FILTER_CONTAINS_TERMS,
  MAX_FILTER_DEPTH,
  FILTER_LIMITS,
  filterLimitMessage,
  type FilterLimit,
} from './limits.ts';
export { printFilter, printValue } from './printer.ts';
export { impliedRowFilter } from './implied.ts';
export type { FieldCatalog, FieldInfo, FieldType, ScalarKind } from './field-catalog.ts';
export { scalarKindOf, isArrayType, isTextType, isDateType, isOrderedType, lookupField } from './field-catalog.ts';
export { checkFilter, type CheckOptions } from './checker.ts';
export { resolveValue, normaliseDate, normaliseDateTime, type ValueContext } from './dates.ts';
export { evaluateFilter, evaluateFilter3, readFieldPath, compareText, asciiLower, type EvalContext, type Truth } from './evaluator.ts';
export {
  trueNode,
  falseNode,
  currentUser,
  toValueNode,
  todayValue,
  nowValue,
  compareField,
  eq,
  inList,
  notInList,
  containsValue,
  fieldIsNull,
  fieldIsNotNull,
  notFilter,
  andAll,
  orAny,
  type ValueInput,
} from './builders.ts';
