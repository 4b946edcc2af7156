import { describe, expect, it } from 'vitest';
import { rowObjects } from '../db/sqlite-readers.ts';
import { PAGE_ROW_COLUMNS } from './page-sql.ts';
import './document-pages.ts';

describe("a list page's rows from the reader threads", () => {
  it('are the objects a store by each column name would make, keys in the same order', () => {
    const values = PAGE_ROW_COLUMNS.map((column, index) => `${column}:${index}`);
    const [row] = rowObjects(PAGE_ROW_COLUMNS, [values]);
    const byName = Object.fromEntries(PAGE_ROW_COLUMNS.map((column, index) => [column, values[index]]));
    expect(row).toEqual(byName);
    expect(Object.keys(row!)).toEqual([...PAGE_ROW_COLUMNS]);
  });
});
