import { describe, expect, it } from 'vitest';
import { isRecordRouteId } from './route-ids.ts';

describe('isRecordRouteId', () => {
  it('accepts a record number and the create form', () => {
    for (const segment of ['1', '42', '0', 'new']) expect(isRecordRouteId(segment)).toBe(true);
  });

  it('refuses anything that names no record', () => {
    for (const segment of ['', 'edit', '12a', '-3', '1.5', 'New', ' 7']) expect(isRecordRouteId(segment)).toBe(false);
  });
});
