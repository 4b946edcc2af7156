/**
 * Loads N documents (default 100,000) of a type into an organisation through the server's own
 * storage layer (migrations, repository, display-id sequences), in transactions of 5,000 rows
 * inserted 500 per statement, then creates the types' expression indexes and refreshes the
 * planner statistics. Also adds the benchmark's restricted user (`restricted@demo.local`, an
 * editor whose grants are limited to sites 3 and 7) unless it exists.
 *
 *   npm run bench:seed -- --count 1000000 --type incident --app demo
 *   npm run bench:seed -- --count 1000000 --custom     (the stored custom type field_check)
 *   npm run bench:seed -- --count 1000000 --dates shuffled   (created dates in no order)
 * Uses DATA_DIR (embedded) or DATABASE_URL (PostgreSQL) like the server.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '@docket/server/src/config.ts';
import { openDatabase, type Database } from '@docket/server/src/platform/db/database.ts';
import { openFileStore } from '@docket/server/src/platform/files/open-file-store.ts';
import { AccessScope } from '@docket/server/src/platform/access/access-scope.ts';
import { blankDocumentRow, insertDocumentRows, type NewDocumentRow } from '@docket/server/src/platform/records/documents.repository.ts';
import { formatDisplayId } from '@docket/server/src/platform/records/display-id.ts';
import { ensureAllTypeIndexes } from '@docket/server/src/platform/records/type-index-builds.ts';
import { settleOrderKey } from '@docket/server/src/platform/records/order-keys.ts';
import { typeRegistryFor } from '@docket/server/src/platform/records/type-registry.ts';
import { analyseEverything } from '@docket/server/src/platform/db/planner-statistics.ts';
import { nowIso, writeJson } from '@docket/server/src/platform/db/json.ts';
import { SCHEMA_TYPE } from '@docket/shared';
import { createAppContext } from '@docket/server/src/app-context.ts';
import { hashPassword } from '@docket/server/src/platform/auth/passwords.ts';
import { seedDemoIfEmpty } from '@docket/server/src/modules/demo/demo-seed.ts';
import { FIELD_CHECK_TYPE, fieldCheckSchema, generateDocument, generateFieldCheck, seededRandom } from './generate.ts';
import { newIdentityRow } from '@docket/server/src/modules/identities/identities.repository.ts';
import { insertAcl, personalEntry } from '@docket/server/src/modules/acl/acl.repository.ts';
import pg from 'pg';

/**
 * PostgreSQL after a bulk load: VACUUM sets the visibility map, without which an index-only scan
 * (a capped count) still reads the table for every row — what autovacuum would do a minute later,
 * had it not been off on the benchmark machine. Outside a transaction and the serving time budget.
 */
async function vacuumDocuments(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('VACUUM (ANALYZE) documents');
  } finally {
    await client.end();
  }
}

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    type: { type: 'string', default: 'incident' },
    app: { type: 'string', default: 'demo' },
    seed: { type: 'string', default: '42' },
    batch: { type: 'string', default: '5000' },
    // The stored custom type `field_check` (its $$schema stored first) instead of --type.
    custom: { type: 'boolean', default: false },
    // `in-order` (default): created dates follow the load order, as documents created through the
    // server do, so the table's rows lie in the order lists read them. `shuffled`: dates drawn
    // anywhere in three years (imported history; the seed's only shape before the twenty-second
    // session), where every ordered read jumps across the table (bench/README.md).
    dates: { type: 'string', default: 'in-order' },
  },
});
if (values.dates !== 'in-order' && values.dates !== 'shuffled') throw new Error('--dates must be in-order or shuffled');

export const RESTRICTED_USER = 'restricted@demo.local';
export const RESTRICTED_SITES = [3, 7];

async function ensureRestrictedUser(database: Database, orgId: number, password: string): Promise<void> {
  const db = database.db;
  if (await db.selectFrom('identities').select('uuid').where('email', '=', RESTRICTED_USER).executeTakeFirst()) return;
  const uuid = randomUUID();
  const now = nowIso();
  await db
    .insertInto('identities')
    .values(
      newIdentityRow({
        uuid,
        email: RESTRICTED_USER,
        display_name: 'Rita Restricted',
        job_title: 'Site Officer',
        password_hash: await hashPassword(password),
        mfa: 0,
        created_date: now,
      }),
    )
    .execute();
  await db.insertInto('memberships').values({ org_id: orgId, identity_uuid: uuid, created_date: now }).execute();
  for (const site of RESTRICTED_SITES) {
    await insertAcl(db, orgId, personalEntry(uuid, { level: 4, roles: ['editor'], scope: 3, siteId: site }));
  }
}

/** Stores the custom type's schema as a `$$schema` document, unless the organisation has it. */
async function ensureCustomSchema(database: Database, orgId: number, authorUuid: string): Promise<void> {
  const stored = await database.db
    .selectFrom('documents')
    .select('data')
    .where('org_id', '=', orgId)
    .where('doc_type', '=', SCHEMA_TYPE)
    .execute();
  if (stored.some((row) => String(row.data).includes(`"type":"${FIELD_CHECK_TYPE}"`))) return;
  const now = nowIso();
  await database.db.transaction().execute((trx) =>
    insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'benchmark custom type'), [
      {
        ...blankDocumentRow(orgId, SCHEMA_TYPE, authorUuid, now),
        display_id: `SCHEMA-${FIELD_CHECK_TYPE}`,
        summary: fieldCheckSchema.description,
        data: writeJson(fieldCheckSchema),
      },
    ]),
  );
}

const count = Number(values.count);
const batch = Number(values.batch);
const config = loadConfig();
// Bulk seeding is maintenance work: no per-statement budget.
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, statementTimeoutMs: 0 });
await seedDemoIfEmpty(await createAppContext({ database, config, fileStore: openFileStore(config.files) }));
const org = await database.db.selectFrom('organisations').select('id').where('app_id', '=', values.app).executeTakeFirstOrThrow();
await ensureRestrictedUser(database, org.id, config.seedPassword);
const author = await database.db
  .selectFrom('identities')
  .select('uuid')
  .where('email', '=', `admin@${values.app}.local`)
  .executeTakeFirstOrThrow();
const scope = AccessScope.system(org.id, 'create', 'benchmark data generator');
const random = seededRandom(Number(values.seed));
const startMs = Date.parse('2023-01-01T00:00:00Z');
const spanMs = 3 * 365 * 24 * 3600 * 1000;

const docType = values.custom ? FIELD_CHECK_TYPE : values.type;
const generate = values.custom ? generateFieldCheck : generateDocument;
if (values.custom) await ensureCustomSchema(database, org.id, author.uuid);
// On PostgreSQL a type ordered by a date of its data keeps that date in documents.order_value,
// written by a trigger once the type's key exists (docs/architecture.md): settled before the load,
// the rows are stored as a running server stores them, and its first start has nothing to fill
// (the sixty-fourth session's first start filled 1,000,000 rows for four minutes).
const seededType = await typeRegistryFor(database).get(org.id, docType);
if (seededType) await settleOrderKey(database, org.id, seededType, { graceMs: 0, olderTransactionsMs: 0 });

const existing = await database.db
  .selectFrom('document_sequences')
  .select('last_seq')
  .where('org_id', '=', org.id)
  .where('doc_type', '=', docType)
  .executeTakeFirst();
let seq = Number(existing?.last_seq ?? 0);
const began = performance.now();
for (let done = 0; done < count; done += batch) {
  const size = Math.min(batch, count - done);
  const rows: NewDocumentRow[] = [];
  for (let i = 0; i < size; i++) {
    seq += 1;
    // Dated in load order unless `--dates shuffled` (generate.ts).
    const doc = generate(random, seq, startMs, spanMs, values.dates === 'shuffled' ? undefined : (done + i) / count);
    rows.push({
      ...blankDocumentRow(org.id, docType, author.uuid, doc.created_date),
      display_id: formatDisplayId(values.custom ? fieldCheckSchema.idMask : undefined, docType, seq),
      status: doc.status,
      summary: doc.summary,
      descrip: doc.descrip,
      site_id: doc.site_id,
      region_id: doc.region_id,
      closed: doc.status === 'Closed' || doc.status === 'Approved' ? 1 : 0,
      data: writeJson(doc.data),
    });
  }
  await database.db.transaction().execute(async (trx) => {
    await insertDocumentRows(trx, scope, rows);
    await trx
      .insertInto('document_sequences')
      .values({ org_id: org.id, doc_type: docType, last_seq: seq })
      .onConflict((oc) => oc.columns(['org_id', 'doc_type']).doUpdateSet({ last_seq: seq }))
      .execute();
  });
  process.stdout.write(`\r${done + size} / ${count}`);
}
const loaded = (performance.now() - began) / 1000;
console.log(
  `\nLoaded ${count} ${docType} documents into ${values.app} (${database.dialect}) in ${loaded.toFixed(1)} s (${Math.round(count / loaded)} docs/s).`,
);
const indexing = performance.now();
await ensureAllTypeIndexes(database, config.indexBuilds);
await analyseEverything(database);
if (config.databaseUrl) await vacuumDocuments(config.databaseUrl);
console.log(`Expression indexes and statistics in ${((performance.now() - indexing) / 1000).toFixed(1)} s.`);
await database.close();
