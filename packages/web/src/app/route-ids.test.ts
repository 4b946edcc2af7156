import { describe, expect, it } from 'vitest';
import { adminRecordApi } from '../api/record-api.ts';
import { isRecordRouteId } from './route-ids.ts';

describe('isRecordRouteId', () => {
  it('accepts a record number and the create form', () => {
    for (const segment of ['1', '42', '0', 'new']) expect(isRecordRouteId(segment)).toBe(true);
  });

  it('refuses anything that names no record', () => {
    for (const segment of ['', 'edit', '12a', '-3', '1.5', 'New', ' 7']) expect(isRecordRouteId(segment)).toBe(false);
  });

  it("follows the record API's keys: identities by uuid, access entries by number", () => {
    const identities = adminRecordApi('demo', 'users', { idField: 'uuid' }).isRecordId;
    expect(isRecordRouteId('a0000000-0000-4000-8000-00000000dead', identities)).toBe(true);
    expect(isRecordRouteId('new', identities)).toBe(true);
    for (const segment of ['abc', '42', 'a0000000-0000-4000-8000']) expect(isRecordRouteId(segment, identities)).toBe(false);
    expect(adminRecordApi('demo', 'acl').isRecordId).toBeUndefined();
  });
});
