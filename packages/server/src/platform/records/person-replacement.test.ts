/** The merged identity inside document data (docs/product/identities-and-sign-in.md#merge). */
import { describe, expect, it } from 'vitest';
import { withPersonReplaced } from './person-replacement.ts';

describe('withPersonReplaced', () => {
  it('replaces the uuid at any depth and names the target once in a list', () => {
    const data = {
      reporter_id: 'old',
      actionee_ids: ['old', 'kept', 'other'],
      observations: [{ action_actionee_ids: ['old'] }],
      workflow: { blocks: [{ steps: [{ user_ids: ['other', 'old'] }] }] },
      descrip: 'old text mentioning old stays',
      count: 3,
    };
    expect(withPersonReplaced(data, 'old', 'kept')).toEqual({
      reporter_id: 'kept',
      actionee_ids: ['kept', 'other'],
      observations: [{ action_actionee_ids: ['kept'] }],
      workflow: { blocks: [{ steps: [{ user_ids: ['other', 'kept'] }] }] },
      descrip: 'old text mentioning old stays',
      count: 3,
    });
  });

  it('leaves a list that never named the source as it was, duplicates included', () => {
    expect(withPersonReplaced({ tags: ['a', 'a'] }, 'old', 'a')).toEqual({ tags: ['a', 'a'] });
  });
});
