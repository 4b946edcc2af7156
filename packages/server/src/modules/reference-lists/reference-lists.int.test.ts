/**
 * Reference-list rules on both databases (docs/product/administration.md#currencies): one base
 * currency per organisation, unique keyword list keys, lists in use kept, checklist revisions —
 * each refusal a 400 in the product's words with nothing stored, administrators only, and each
 * organisation on its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { BASE_CURRENCY_NOT_DELETABLE, SECOND_BASE_CURRENCY } from './currency-rules.ts';
import { KEYWORD_KEY_TAKEN, KEYWORD_LIST_IN_USE, OPTION_ID_TWICE } from './keyword-list-rules.ts';
import { REVISION_GOES_DOWN } from './checklist-rules.ts';

type Doc = Record<string, unknown> & { id: number };

describe.each(testDialects)('reference lists on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let acmeAdmin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    reader = (await t.signIn('reader@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
  });
  afterAll(async () => t.close());

  const create = (token: string, type: string, payload: object, app = 'demo') =>
    t.as(token, { method: 'POST', url: `/v3/${app}/${type}`, payload });
  const update = (token: string, type: string, doc: Doc) => t.as(token, { method: 'PUT', url: `/v3/demo/${type}/${doc.id}`, payload: doc });
  const remove = (token: string, type: string, id: number) => t.as(token, { method: 'DELETE', url: `/v3/demo/${type}/${id}` });
  const count = async (type: string, app = 'demo', token = admin) =>
    (await t.as(token, { method: 'GET', url: `/v3/${app}/${type}?count=100` })).json().total as number;
  const currency = (title: string, extra: object = {}) => ({ title, symbol: title.slice(0, 3), descrip: `${title} currency`, ...extra });

  describe('currencies', () => {
    let base: Doc;

    beforeAll(async () => {
      const created = await create(admin, 'currency', currency('Euro', { base: true, rate_to_base: 1 }));
      expect(created.statusCode).toBe(201);
      base = created.json();
    });

    it('refuses a second base currency and stores nothing', async () => {
      const before = await count('currency');
      const second = await create(admin, 'currency', currency('Dollar', { base: true, rate_to_base: 1 }));
      expect(second.statusCode).toBe(400);
      expect(second.json().error_description).toContain(SECOND_BASE_CURRENCY);
      expect(second.json().details).toEqual([{ path: 'base', message: SECOND_BASE_CURRENCY }]);
      expect(await count('currency')).toBe(before);
      const other = (await create(admin, 'currency', currency('Pound', { rate_to_base: 1.17 }))).json() as Doc;
      const promoted = await update(admin, 'currency', { ...other, base: true, rate_to_base: 1 });
      expect(promoted.statusCode).toBe(400);
      expect(promoted.json().error_description).toContain(SECOND_BASE_CURRENCY);
      const stored = (await t.as(admin, { method: 'GET', url: `/v3/demo/currency/${other.id}` })).json();
      expect(stored).toMatchObject({ base: false, rate_to_base: 1.17 });
    });

    it('refuses a base rate other than 1 in the product words', async () => {
      const renamed = await update(admin, 'currency', { ...base, rate_to_base: 1.2 });
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json().error_description).toContain('The rate of the base currency is 1');
      const saved = await update(admin, 'currency', { ...base, symbol: 'EUR' });
      expect(saved.statusCode).toBe(200);
      base = saved.json();
    });

    it('keeps the base currency from deletion and deletes the others', async () => {
      const refused = await remove(admin, 'currency', base.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_description).toBe(BASE_CURRENCY_NOT_DELETABLE);
      expect((await t.as(admin, { method: 'GET', url: `/v3/demo/currency/${base.id}` })).statusCode).toBe(200);
      const yen = (await create(admin, 'currency', currency('Yen', { rate_to_base: 0.006 }))).json() as Doc;
      expect((await remove(admin, 'currency', yen.id)).statusCode).toBe(200);
    });

    it('lets members read currencies but only administrators change them', async () => {
      expect(await count('currency', 'demo', reader)).toBeGreaterThan(0);
      expect((await create(reader, 'currency', currency('Franc'))).statusCode).toBe(403);
      expect((await update(reader, 'currency', base)).statusCode).toBe(403);
      expect((await remove(reader, 'currency', base.id)).statusCode).toBe(403);
    });

    it('gives each organisation its own base currency', async () => {
      const acme = await create(acmeAdmin, 'currency', currency('Dollar', { base: true, rate_to_base: 1 }), 'acme');
      expect(acme.statusCode).toBe(201);
      expect(await count('currency', 'acme', acmeAdmin)).toBe(1);
      expect((await create(acmeAdmin, 'currency', currency('Euro', { base: true }), 'acme')).statusCode).toBe(400);
    });
  });

  describe('keyword lists', () => {
    it('refuses a key that already exists, in this organisation only', async () => {
      const list = { title: 'Action categories', key: 'action_category', options: [{ id: 1, label: 'Safety' }] };
      expect((await create(admin, 'keyword_list', list)).statusCode).toBe(201);
      const before = await count('keyword_list');
      const again = await create(admin, 'keyword_list', { ...list, title: 'Copy' });
      expect(again.statusCode).toBe(400);
      expect(again.json().details).toEqual([{ path: 'key', message: KEYWORD_KEY_TAKEN('action_category') }]);
      expect(await count('keyword_list')).toBe(before);
      expect((await create(acmeAdmin, 'keyword_list', list, 'acme')).statusCode).toBe(201);
      expect((await create(reader, 'keyword_list', { ...list, key: 'reader_list' })).statusCode).toBe(403);
    });

    it('refuses an option id used twice, children included', async () => {
      const refused = await create(admin, 'keyword_list', {
        title: 'Causes',
        key: 'causes_twice',
        options: [{ id: 1, label: 'People', children: [{ id: 1, label: 'Fatigue' }] }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_description).toContain(OPTION_ID_TWICE(1));
    });

    it('renames a list onto a free key, never onto a taken one', async () => {
      const list = (await create(admin, 'keyword_list', { title: 'Spare', key: 'spare_list', options: [] })).json() as Doc;
      expect((await update(admin, 'keyword_list', { ...list, key: 'action_category' })).statusCode).toBe(400);
      const renamed = await update(admin, 'keyword_list', { ...list, key: 'spare_list_2', options: [{ id: 1, label: 'New' }] });
      expect(renamed.statusCode).toBe(200);
      const options = (await t.as(reader, { method: 'GET', url: '/api/$$keywords?app=demo&value=spare_list_2' })).json();
      expect(options.dataAr.map((o: { label: string }) => o.label)).toEqual(['New']);
      expect((await remove(admin, 'keyword_list', list.id)).statusCode).toBe(200);
    });

    it('keeps a list a form uses', async () => {
      const rows = (await t.as(admin, { method: 'GET', url: '/v3/demo/keyword_list?count=100' })).json().dataAr as Doc[];
      const used = rows.find((row) => row.key === 'action_category')!;
      const refused = await remove(admin, 'keyword_list', used.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_description).toBe(KEYWORD_LIST_IN_USE('Action'));
    });
  });

  describe('checklists', () => {
    it('raises the revision when the questions change and never lowers it', async () => {
      const items = [{ category: 'Floors', title: 'Floors', items: [{ title: 'Clear?' }] }];
      const created = await create(admin, 'survey', { title: 'Walk', type: 'walk', category: 'Safety', items });
      expect(created.statusCode).toBe(201);
      const first = created.json() as Doc;
      expect(first.revision).toBe(1);
      const renamed = (await update(admin, 'survey', { ...first, title: 'Walk round' })).json() as Doc;
      expect(renamed.revision).toBe(1);
      const changed = [{ ...items[0], items: [{ title: 'Clear?' }, { title: 'Dry?' }] }];
      const second = (await update(admin, 'survey', { ...renamed, items: changed })).json() as Doc;
      expect(second.revision).toBe(2);
      const lowered = await update(admin, 'survey', { ...second, revision: 1 });
      expect(lowered.statusCode).toBe(400);
      expect(lowered.json().error_description).toContain(REVISION_GOES_DOWN(2));
      const worded = await update(admin, 'survey', { ...second, revision: 'x' });
      expect([worded.statusCode, worded.json().error_description]).toEqual([400, 'revision: must be integer']);
      expect((await update(reader, 'survey', second)).statusCode).toBe(403);
    });
  });
});
