import { describe, expect, it } from 'vitest';
import type { SelectOption } from '@docket/shared';
import { keywordChoices } from './keyword-choices.ts';

const options: SelectOption[] = [
  { value: 1, label: 'Equipment', isParent: true, children: [{ value: 11, label: 'Guard missing', parentValue: 1 }] },
  { value: 2, label: 'People', dependencies: [{ property: 'category', value: 'Injury' }] },
];

describe('keyword choices', () => {
  it('greys a child until its parent is chosen in a list', () => {
    const none = keywordChoices(options, new Set(), true, {}, '');
    expect(none.find((o) => o.value === 11)).toMatchObject({ depth: 1, isDisabled: true });
    const withParent = keywordChoices(options, new Set(['1']), true, {}, '');
    expect(withParent.find((o) => o.value === 11)?.isDisabled).toBe(false);
  });

  it('greys an option whose dependency the form does not meet', () => {
    expect(keywordChoices(options, new Set(), false, { category: 'Damage' }, '').find((o) => o.value === 2)?.isDisabled).toBe(true);
    expect(keywordChoices(options, new Set(), false, { category: 'Injury' }, '').find((o) => o.value === 2)?.isDisabled).toBe(false);
  });
});
