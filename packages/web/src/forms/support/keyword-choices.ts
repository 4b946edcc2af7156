/**
 * Keyword options as a select shows them: children listed under their parent (and, in a list,
 * greyed until the parent is chosen: docs/product/forms-and-lists.md#field-values), options whose dependencies the form does not
 * meet greyed.
 */
import type { SelectOption } from '@docket/shared';
import type { LookupOption } from './lookup-field.tsx';
import { plainValue } from './schema-options.ts';
import { readPath } from './value-parsing.ts';

function meetsDependencies(option: SelectOption, rootData: unknown, basePath: string): boolean {
  return (option.dependencies ?? []).every(({ property, value }) => {
    const actual = plainValue(readPath(rootData, basePath ? `${basePath}.${property}` : property));
    return value === undefined ? actual !== undefined && actual !== null && actual !== '' : String(actual) === value;
  });
}

export function keywordChoices(
  options: readonly SelectOption[],
  chosen: ReadonlySet<string>,
  isMultiple: boolean,
  rootData: unknown,
  basePath: string,
): LookupOption[] {
  const flat: LookupOption[] = [];
  for (const option of options) {
    const isMet = meetsDependencies(option, rootData, basePath);
    flat.push({ value: option.value, label: option.label, isDisabled: !isMet });
    for (const child of option.children ?? []) {
      // In a list, a cause is chosen under its parent: greyed until the parent is chosen.
      const isParentChosen = !isMultiple || chosen.has(String(option.value));
      flat.push({ value: child.value, label: child.label, depth: 1, isDisabled: !isMet || !isParentChosen });
    }
  }
  return flat;
}
