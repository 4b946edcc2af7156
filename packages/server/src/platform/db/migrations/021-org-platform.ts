/**
 * Organisation platform (issue 17 items 1, 6, 7):
 * - the subscription's own fields on `organisations` (docs/product/administration.md#subscriptions):
 *   `customer_schema`, `email_signup`, `authorized_domains` and `license`;
 * - `signup_requests`: e-mailed account set-up links — self sign-up from an authorised domain, and a
 *   new organisation's first administrator — only the token's hash, single use, with the grant to apply;
 * - `jobs.result`: the one-line outcome a server task's job records, answered to the button
 *   (docs/product/administration.md#server-tasks);
 * - `translations`: automatic translations cached per organisation, text and language
 *   (docs/product/administration.md#translation).
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';
import { autoIdModifier, idType, jsonType } from '../column-types.ts';

export function orgPlatformMigration({ dialect }: Database): Migration {
  const id = idType(dialect);
  const autoId = autoIdModifier(dialect);
  const json = jsonType(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('organisations').addColumn('customer_schema', 'text').execute();
      await db.schema
        .alterTable('organisations')
        .addColumn('email_signup', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('organisations').addColumn('authorized_domains', json).execute();
      await db.schema.alterTable('organisations').addColumn('license', json).execute();
      await db.schema.alterTable('jobs').addColumn('result', 'text').execute();
      await db.schema
        .createTable('signup_requests')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('grant_data', json)
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('expires_date', 'text', (c) => c.notNull())
        .addColumn('used_date', 'text')
        .execute();
      await db.schema
        .createTable('translations')
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('text_hash', 'text', (c) => c.notNull())
        .addColumn('target_lang', 'text', (c) => c.notNull())
        .addColumn('translated_text', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('translations_pk', ['org_id', 'text_hash', 'target_lang'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('translations').execute();
      await db.schema.dropTable('signup_requests').execute();
      await db.schema.alterTable('jobs').dropColumn('result').execute();
      for (const column of ['license', 'authorized_domains', 'email_signup', 'customer_schema']) {
        await db.schema.alterTable('organisations').dropColumn(column).execute();
      }
    },
  };
}
