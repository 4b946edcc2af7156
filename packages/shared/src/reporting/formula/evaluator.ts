/**
 * Evaluates a checked formula by walking its tree (never eval or new Function). Values are numbers
 * or null (unknown). Null rules: any operand null → null; division by zero → null (never 0 or
 * Infinity); a result that overflows to ±Infinity or NaN → null.
 */
import type { AggregateNode, FormulaNode } from './ast.ts';

export interface FormulaInputs {
  /** The value of another metric of the report, on the same window. */
  metric(name: string): number | null;
  /** The value of an aggregate, on the same window. */
  aggregate(node: AggregateNode): number | null;
}

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

export function evaluateFormula(node: FormulaNode, inputs: FormulaInputs): number | null {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'metric':
      return inputs.metric(node.name);
    case 'aggregate':
      return inputs.aggregate(node);
    case 'negate': {
      const operand = evaluateFormula(node.operand, inputs);
      return operand === null ? null : -operand;
    }
    case 'binary': {
      const left = evaluateFormula(node.left, inputs);
      const right = evaluateFormula(node.right, inputs);
      if (left === null || right === null) return null;
      switch (node.op) {
        case '+':
          return finiteOrNull(left + right);
        case '-':
          return finiteOrNull(left - right);
        case '*':
          return finiteOrNull(left * right);
        case '/':
          return right === 0 ? null : finiteOrNull(left / right);
      }
    }
  }
}
