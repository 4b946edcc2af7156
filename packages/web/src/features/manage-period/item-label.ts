/** How an item is named on screen: its scope's labels, else its scope's name (the group item: the report's title). */
import type { TFunction } from 'i18next';
import { SCOPE, itemLabelParts } from './item-rules.ts';
import type { ReportDataItem } from './types.ts';

export function scopeName(scope: number, t: TFunction): string {
  return t(`managePeriod.scope_${scope}` as 'managePeriod.scope_1', { defaultValue: String(scope) });
}

export function itemLabel(item: ReportDataItem, t: TFunction, reportTitle?: string | null): string {
  const parts = itemLabelParts(item);
  if (parts.length > 0) return parts.join(' / ');
  if (item.scope === SCOPE.group && reportTitle) return `${scopeName(item.scope, t)} · ${reportTitle}`;
  return scopeName(item.scope, t);
}
