/**
 * A document status in the user's language: the type's own translation first, then the
 * platform's statuses (docs/product/workflow-and-timeline.md#statuses), else the stored text.
 */
import type { TFunction } from 'i18next';

export function statusLabel(status: string, t: TFunction, translate: (text: string) => string): string {
  const own = translate(status);
  if (own !== status) return own;
  return t(`statuses.${status}` as 'statuses.Closed', { defaultValue: status });
}
