/**
 * The filter language's size limits through the list routes (docs/filter-language.md, "Limits"):
 * each refused with 400 `invalid_filter` and a message naming the bound, on every route that
 * takes a filter, before any query runs; a filter just inside the bounds is answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterLimitMessage, MAX_FILTER_CONTAINS_TERMS, MAX_FILTER_DEPTH, MAX_FILTER_LENGTH, MAX_FILTER_TERMS } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';

const orOf = (count: number, term: (i: number) => string) => Array.from({ length: count }, (_, i) => term(i)).join(' OR ');
const q = encodeURIComponent;

/** The filter that held the server for 5 s a request: 374 OR-ed CONTAINS terms from a reader. */
const HOSTILE = orOf(374, (i) => `summary CONTAINS 'n${i}'`);

describe.each(testDialects)('filter limits on %s', (dialect) => {
  let t: TestApp;
  let reader: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    reader = (await t.signIn('reader@demo.local')).access;
    admin = (await t.signIn('admin@demo.local')).access;
  });
  afterAll(async () => t.close());

  const list = (token: string, filter: string, path = '/v3/demo/incident') =>
    t.as(token, { method: 'GET', url: `${path}?filter=${q(filter)}` });

  it("refuses a reader's 374 OR-ed CONTAINS terms with 400 naming the limit", async () => {
    const response = await list(reader, HOSTILE);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: true, code: 'invalid_filter', error_description: filterLimitMessage('containsTerms') });
    expect(response.json().error_description).toBe('The filter has too many CONTAINS or STARTS WITH conditions (at most 50).');
  });

  it.each([
    ['length', `summary = '${'x'.repeat(MAX_FILTER_LENGTH)}'`, 'The filter is too long (at most 10,000 characters).'],
    ['terms', orOf(MAX_FILTER_TERMS + 1, (i) => `site_id = ${i}`), 'The filter has too many conditions (at most 200).'],
    [
      'depth',
      `${'('.repeat(MAX_FILTER_DEPTH + 1)}site_id = 1${')'.repeat(MAX_FILTER_DEPTH + 1)}`,
      'The filter is nested too deeply (at most 50 levels of parentheses and NOT).',
    ],
  ])('refuses a filter over the %s limit', async (_limit, filter, message) => {
    const response = await list(admin, filter);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: true, code: 'invalid_filter', error_description: message });
  });

  it('refuses the same on search, the legacy list and the administration lists', async () => {
    const searched = await t.as(reader, { method: 'GET', url: `/v3/demo/search?mode=query&query=${q(HOSTILE)}` });
    const routes = [
      searched,
      await t.as(reader, { method: 'GET', url: `/api/incident?qry=${q(HOSTILE)}&app=demo` }),
      await list(
        admin,
        orOf(MAX_FILTER_CONTAINS_TERMS + 1, (i) => `email CONTAINS 'x${i}'`),
        '/v3/demo/users',
      ),
    ];
    for (const response of routes) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error_description).toBe(filterLimitMessage('containsTerms'));
    }
  });

  it('answers a filter at every bound', async () => {
    const atBounds = `(${orOf(MAX_FILTER_CONTAINS_TERMS, (i) => `summary CONTAINS 'x${i}'`)}) AND (${orOf(
      MAX_FILTER_TERMS - MAX_FILTER_CONTAINS_TERMS,
      (i) => `site_id = ${i}`,
    )})`;
    const response = await list(reader, atBounds);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ dataAr: [] });
  });
});
