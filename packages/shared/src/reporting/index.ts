/** Reporting maths: months, the formula language, windows, the facts cube, roll-ups, formats, target checks. */
export * from './months.ts';
export type * from './formula/ast.ts';
export { FormulaError } from './formula/formula-error.ts';
export { parseFormula, MAX_FORMULA_LENGTH, MAX_FORMULA_DEPTH } from './formula/parser.ts';
export { AGGREGATE_KINDS, aggregateKindOf, type AggregateKind, type AggregateArgumentRole } from './formula/aggregate-kinds.ts';
export { checkFormula, metricReferencesOf, aggregatesOf, type TypeCatalog, type FormulaContext } from './formula/checker.ts';
export { evaluateFormula, type FormulaInputs } from './formula/evaluator.ts';
export { fieldUsesBrokenBy, fieldsOfFilter, type BrokenFieldUse } from './formula/field-uses.ts';
export {
  compileReport,
  checkMetricInReport,
  manualPartKey,
  aggregatePartKey,
  type MetricDefinition,
  type CompiledMetric,
  type CompiledReport,
  type CompileOptions,
  type PartSpec,
} from './formula/compile-report.ts';
export * from './windows.ts';
export * from './facts-cube.ts';
export * from './roll-up.ts';
export * from './compute-windows.ts';
export * from './format.ts';
export * from './targets.ts';
export * from './month-boundaries.ts';
export * from './deviation-baseline.ts';
export * from './organisation-settings.ts';
