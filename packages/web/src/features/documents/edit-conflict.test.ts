import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/api-error.ts';
import { changedFields, editConflictOf, reapplyChanges } from './edit-conflict.ts';

describe('reapplyChanges', () => {
  const base = { summary: 'Slip', descrip: 'Wet floor', severity: 2, tags: ['a'], meta: { version: 1 } };
  const current = { summary: 'Slip in the hall', descrip: 'Wet floor', severity: 3, tags: ['a'], meta: { version: 2 } };

  it("lays the user's changed fields onto the current document, keeping the others' changes and the new version", () => {
    const mine = { ...base, descrip: 'Wet floor, no sign', tags: ['a', 'b'] };
    expect(reapplyChanges(base, mine, current)).toEqual({
      summary: 'Slip in the hall',
      descrip: 'Wet floor, no sign',
      severity: 3,
      tags: ['a', 'b'],
      meta: { version: 2 },
    });
    expect(changedFields(base, mine)).toEqual(['descrip', 'tags']);
  });

  it('clears a field the user cleared, and wins where both changed the same field', () => {
    const { severity: _severity, ...mine } = { ...base, summary: 'Trip' };
    expect(reapplyChanges(base, mine, current)).toEqual({ summary: 'Trip', descrip: 'Wet floor', tags: ['a'], meta: { version: 2 } });
  });
});

describe('editConflictOf', () => {
  it('reads the current document and who changed it from a 409, and nothing from other errors', () => {
    const body = {
      error: true,
      code: 'conflict',
      current: { id: 4 },
      changed_by: { uuid: 'u', display_name: 'Ann' },
      changed_date: '2026-11-24T10:00:00Z',
    };
    expect(editConflictOf(new ApiRequestError(409, 'conflict', 'changed', body))).toEqual({
      current: { id: 4 },
      changedBy: { uuid: 'u', display_name: 'Ann' },
      changedDate: '2026-11-24T10:00:00Z',
    });
    expect(editConflictOf(new ApiRequestError(409, 'conflict', 'changed', { error: true }))).toBeNull();
    expect(editConflictOf(new ApiRequestError(403, 'forbidden', 'no', body))).toBeNull();
    expect(editConflictOf(new Error('x'))).toBeNull();
  });
});
