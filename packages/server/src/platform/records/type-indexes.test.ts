/**
 * Which indexes a type derives (docs/product/forms-and-lists.md#list-indexes): a single-field
 * index only where no list-shape index of the type leads with that field, since the shape index
 * answers every condition on the field and the single-field one would cost every insert.
 */
import { describe, expect, it } from 'vitest';
import { builtinTypeByName, builtinTypes, type DocumentSchema } from '@docket/shared';
import { derivedShapesOf } from './list-shapes.ts';
import { indexDefinitionsOf } from './type-indexes.ts';

const dialects = ['sqlite', 'postgres'] as const;

function leadingFieldsOf(type: DocumentSchema): Set<string> {
  return new Set(derivedShapesOf(type).map((shape) => shape.equality[0] ?? shape.order));
}

describe.each(dialects)('derived indexes on %s', (dialect) => {
  it('leaves out the single-field indexes a list-shape index leads', () => {
    const incident = builtinTypeByName('incident')!;
    const fields = indexDefinitionsOf(incident, dialect)
      .filter((definition) => definition.name.startsWith('dx_'))
      .map((definition) => definition.field);
    // The incident's indexed fields all lead a shape of its lists but the zone.
    expect(fields).toEqual(['zone_id']);
    expect(incident.indexed).toEqual(expect.arrayContaining(['category', 'priority', 'incident_date', 'zone_id']));
  });

  it.each(builtinTypes.map((type) => [type.type, type] as const))('%s: no single-field index beside a shape index it leads', (_, type) => {
    const leading = leadingFieldsOf(type);
    const single = indexDefinitionsOf(type, dialect).filter((definition) => definition.name.startsWith('dx_'));
    for (const definition of single) expect(leading.has(definition.field), definition.name).toBe(false);
  });

  it('keeps the single-field index of a field no list asks for', () => {
    const incident = builtinTypeByName('incident')!;
    const withWeather: DocumentSchema = {
      ...incident,
      form: {
        ...incident.form!,
        schema: {
          ...incident.form!.schema,
          properties: { ...incident.form!.schema.properties, weather: { type: 'string', maxLength: 40 } },
        },
      },
      indexed: [...(incident.indexed ?? []), 'weather'],
    };
    const names = indexDefinitionsOf(withWeather, dialect).map((definition) => definition.name);
    expect(names.filter((name) => name.startsWith('dx_incident_weather_'))).toHaveLength(1);
  });
});
