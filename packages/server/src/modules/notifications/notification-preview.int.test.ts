/**
 * The mail preview of a notification rule on both databases (docs/product/mail.md#notifications):
 * rendered with the newest readable document of the rule's type, escaped, administrators only,
 * never another organisation's documents, nothing sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { SAMPLE_VALUES } from './notification-preview.ts';

describe.each(testDialects)('notification preview on %s', (dialect) => {
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

  const preview = (token: string, payload: object, app = 'demo') =>
    t.as(token, { method: 'POST', url: `/v3/${app}/notification/preview`, payload });

  it('renders the rule with the newest document of its type, escaped', async () => {
    const doc = (
      await t.as(admin, { method: 'POST', url: '/v3/demo/post', payload: { summary: 'Fix <the> rail', descrip: 'Loose' } })
    ).json();
    const answer = await preview(admin, { title: 'Action raised', message: 'Please look at {{summary}} now', target_type: 'post' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      subject: `[${doc.display_id}] Action raised`,
      text: 'Please look at Fix &lt;the&gt; rail now',
      sample: { id: doc.id, display_id: doc.display_id },
    });
    const outbox = await t.ctx.database.db
      .selectFrom('notification_deliveries')
      .select('id')
      .where('subject', 'like', '%Action raised%')
      .execute();
    expect(outbox).toEqual([]);
  });

  it('uses the sample values when the organisation has no such document', async () => {
    const answer = (await preview(acmeAdmin, { title: 'New travel', target_type: 'worksafe_travel_request' }, 'acme')).json();
    expect(answer).toEqual({
      subject: `[${SAMPLE_VALUES.display_id}] New travel`,
      text: `${SAMPLE_VALUES.display_id} ${SAMPLE_VALUES.summary} (${SAMPLE_VALUES.status})`,
      sample: null,
    });
  });

  it('is for administrators only and refuses unknown fields', async () => {
    const refused = await preview(reader, { title: 'x' });
    expect(refused.statusCode).toBe(403);
    expect((await preview(admin, { title: 'x', recipients: ['a@b.c'] })).statusCode).toBe(400);
    expect((await preview(acmeAdmin, { title: 'x' })).statusCode).toBe(403);
  });
});
