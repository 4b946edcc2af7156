import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { statementName } from './pg-prepared-pool.ts';

/** A SELECT text no other test names (the names are process-wide). */
const uniqueSelect = () => `select 1 /* ${randomUUID()} */`;

describe('PostgreSQL statement names (docs/architecture.md#named-statements)', () => {
  it('names a text at its second run and keeps that name', () => {
    const text = uniqueSelect();
    expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^docket_\d+$/);
    expect(statementName(text)).toBe(name);
    expect(statementName(text)).toBe(name);
  });

  it('never names a write', () => {
    const text = `update documents set summary = 'x' where id = ${Date.now()}`;
    for (let run = 0; run < 3; run++) expect(statementName(text)).toBeUndefined();
  });

  it('gives texts that run once no slot, so a text that runs again still gets one after a flood of them', () => {
    const before = new Set<string>();
    for (let index = 0; index < 5000; index++) {
      const name = statementName(uniqueSelect());
      if (name) before.add(name);
    }
    expect(before.size).toBe(0);
    const repeated = uniqueSelect();
    statementName(repeated);
    expect(statementName(repeated)).toMatch(/^docket_\d+$/);
  });

  it('gives different texts different names', () => {
    const [first, second] = [uniqueSelect(), uniqueSelect()];
    for (const text of [first, second, first, second]) statementName(text);
    expect(statementName(first)).not.toBe(statementName(second));
  });
});
