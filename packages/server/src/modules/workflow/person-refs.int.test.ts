/**
 * Step users and on-behalf-of names are shown for members of the document's organisation only
 * (docs/product/access.md): an identity of another organisation, even one sharing an e-mail
 * domain or a membership elsewhere, shows as its uuid; external addresses stay as they are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, placesOf } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { personRefs } from './person-refs.ts';

describe.each(testDialects)('person references on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t.close());

  it("names the organisation's members and no one else", async () => {
    const demo = await placesOf(t, 'demo');
    const acme = await placesOf(t, 'acme');
    const member = await addMember(t, demo.orgId, { email: 'refs-member@demo.local', level: 2 });
    const stranger = await addMember(t, acme.orgId, { email: 'refs-stranger@acme.local', level: 2 });
    expect(await personRefs(t.ctx, demo.orgId, [member, stranger, 'outside@example.com'])).toEqual([
      { uuid: member, display_name: 'refs-member' },
      { uuid: stranger, display_name: stranger },
      { uuid: 'outside@example.com', display_name: 'outside@example.com' },
    ]);
    expect((await personRefs(t.ctx, acme.orgId, [stranger]))[0]!.display_name).toBe('refs-stranger');
  });
});
