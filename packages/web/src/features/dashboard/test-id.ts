import type { HTMLAttributes } from 'react';

/** A `data-testid` for a slot whose props are typed as plain HTML attributes (a Select's combobox). */
export function testId(id: string): HTMLAttributes<HTMLDivElement> {
  return { 'data-testid': id } as HTMLAttributes<HTMLDivElement>;
}
