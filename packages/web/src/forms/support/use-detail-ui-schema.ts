/**
 * The layout of a nested object or of an array's items: the one an administrator registered for
 * that schema and path if any, else a vertical layout generated from the schema. Memoised on its
 * inputs, so a renderer re-rendering for a keystroke does not generate it again.
 */
import { useMemo } from 'react';
import { findUISchema, Generate, type StatePropsOfControlWithDetail, type UISchemaElement } from '@jsonforms/core';

type DetailInputs = Pick<StatePropsOfControlWithDetail, 'uischemas' | 'schema' | 'uischema' | 'path' | 'rootSchema'>;

export function useDetailUiSchema({ uischemas, schema, uischema, path, rootSchema }: DetailInputs): UISchemaElement {
  return useMemo(
    () =>
      findUISchema(
        uischemas ?? [],
        schema,
        uischema.scope,
        path,
        () => Generate.uiSchema(schema, 'VerticalLayout', undefined, rootSchema),
        uischema,
        rootSchema,
      ),
    [uischemas, schema, uischema, path, rootSchema],
  );
}
