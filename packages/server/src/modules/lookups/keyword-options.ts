/**
 * Keyword lists (type `keyword_list`) as select options (docs/product/forms-and-lists.md#field-values): each option
 * `{value: id, label, descrip, children: [{value, label, parentValue}], dependencies, isParent}`.
 * Pure: the lookups service feeds it the stored lists.
 */
import type { SelectOption } from '@docket/shared';

export interface StoredKeywordOption {
  id: number;
  label: string;
  value?: string;
  descrip?: string;
  children?: StoredKeywordOption[];
  dependencies?: { property: string; value?: string }[];
}

export interface StoredKeywordList {
  title?: string;
  key?: string;
  options?: StoredKeywordOption[];
}

function matches(option: StoredKeywordOption, term: string): boolean {
  return option.label.toLowerCase().includes(term) || (option.children ?? []).some((child) => matches(child, term));
}

export function keywordOptions(list: StoredKeywordList, searchTerm: string | undefined): SelectOption[] {
  const term = searchTerm?.trim().toLowerCase() ?? '';
  const options = (list.options ?? []).filter((option) => term === '' || matches(option, term));
  return options.map((option) => {
    const children = (option.children ?? []).map((child) => ({
      value: child.id,
      label: child.label,
      parentValue: option.id,
      ...(child.descrip ? { descrip: child.descrip } : {}),
    }));
    const answer: SelectOption = { value: option.id, label: option.label, active: true, isParent: children.length > 0 };
    if (option.descrip) answer.descrip = option.descrip;
    if (children.length > 0) answer.children = children;
    if (option.dependencies?.length) answer.dependencies = option.dependencies;
    return answer;
  });
}
