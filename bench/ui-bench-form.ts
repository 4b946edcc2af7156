/**
 * The benchmark's synthetic type: N fields in groups of 10 (rows of 3), a realistic mix of text
 * (60 %), numbers (20 %), selects (10 %), ticks (6 %) and dates (4 %), and a document with every
 * field filled.
 */
type Json = Record<string, unknown>;

function kindOf(index: number): 'text' | 'number' | 'select' | 'boolean' | 'date' {
  const slot = index % 50;
  if (slot < 30) return 'text';
  if (slot < 40) return 'number';
  if (slot < 45) return 'select';
  if (slot < 48) return 'boolean';
  return 'date';
}

function fieldSchema(index: number): Json {
  const title = `Field ${index + 1}`;
  switch (kindOf(index)) {
    case 'text':
      return { type: 'string', title, maxLength: 200 };
    case 'number':
      return { type: 'number', title, minimum: 0 };
    case 'select':
      return { type: 'string', title, oneOf: ['Low', 'Medium', 'High', 'Extreme'].map((value) => ({ const: value, title: value })) };
    case 'boolean':
      return { type: 'boolean', title };
    case 'date':
      return { type: 'string', title, format: 'date' };
  }
}

function fieldValue(index: number): unknown {
  switch (kindOf(index)) {
    case 'text':
      return `Value of field ${index + 1}`;
    case 'number':
      return index * 1.5;
    case 'select':
      return 'Medium';
    case 'boolean':
      return index % 2 === 0;
    case 'date':
      return '2026-11-22';
  }
}

export function benchFormSchema(count: number, type: string): Json {
  const names = Array.from({ length: count }, (_unused, i) => `f${i + 1}`);
  const properties = Object.fromEntries(names.map((name, i) => [name, fieldSchema(i)]));
  const groups = [];
  for (let start = 0; start < count; start += 10) {
    const rows = [];
    for (let row = start; row < Math.min(start + 10, count); row += 3) {
      rows.push({
        type: 'HorizontalLayout',
        elements: names
          .slice(row, Math.min(row + 3, start + 10, count))
          .map((name) => ({ type: 'Control', scope: `#/properties/${name}` })),
      });
    }
    groups.push({ type: 'Group', label: `Section ${start / 10 + 1}`, elements: rows });
  }
  return {
    version: 3,
    type,
    idMask: 'BENCH-{seq:4}',
    category: 'Benchmark',
    form: {
      title: `Benchmark form (${count} fields)`,
      summaryProperties: ['f1'],
      schema: { type: 'object', properties, required: ['f1'] },
      uiSchema: { type: 'VerticalLayout', elements: groups },
    },
    view: {
      title: `Benchmark ${count}`,
      table: {
        schema: [
          { id: 'display_id', type: 'id', label: 'ID' },
          { id: 'f1', label: 'Field 1' },
        ],
      },
    },
  };
}

export function benchFormDocument(count: number): Json {
  return Object.fromEntries(Array.from({ length: count }, (_unused, i) => [`f${i + 1}`, fieldValue(i)]));
}
