/**
 * Loads N documents (default 100,000) of a type into an organisation through the server's own
 * storage layer (migrations, repository, display-id sequences), in transactions of 1,000.
 *
 *   npm run bench:seed -- --count 1000000 --type incident --app demo
 * Uses DATA_DIR (embedded) or DATABASE_URL (PostgreSQL) like the server.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@docket/server/src/config.ts';
import { openDatabase } from '@docket/server/src/platform/db/database.ts';
import { AccessScope } from '@docket/server/src/platform/access/access-scope.ts';
import { insertDocument } from '@docket/server/src/platform/records/documents.repository.ts';
import { formatDisplayId } from '@docket/server/src/platform/records/display-id.ts';
import { writeJson } from '@docket/server/src/platform/db/json.ts';
import { AccessTokens } from '@docket/server/src/platform/auth/access-tokens.ts';
import { loadOrCreateSecret } from '@docket/server/src/platform/auth/secrets.ts';
import { seedDemoIfEmpty } from '@docket/server/src/modules/demo/demo-seed.ts';
import { generateDocument, seededRandom } from './generate.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    type: { type: 'string', default: 'incident' },
    app: { type: 'string', default: 'demo' },
    seed: { type: 'string', default: '42' },
    batch: { type: 'string', default: '1000' },
  },
});

const count = Number(values.count);
const batch = Number(values.batch);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await seedDemoIfEmpty({ database, config, accessTokens: new AccessTokens(await loadOrCreateSecret(database, 'access-token-key')) });
const org = await database.db.selectFrom('organisations').select('id').where('app_id', '=', values.app).executeTakeFirstOrThrow();
const author = await database.db
  .selectFrom('memberships')
  .select('identity_uuid')
  .where('org_id', '=', org.id)
  .executeTakeFirstOrThrow();
const scope = AccessScope.system(org.id, 'benchmark data generator');
const random = seededRandom(Number(values.seed));
const startMs = Date.parse('2023-01-01T00:00:00Z');
const spanMs = 3 * 365 * 24 * 3600 * 1000;

const existing = await database.db
  .selectFrom('document_sequences')
  .select('last_seq')
  .where('org_id', '=', org.id)
  .where('doc_type', '=', values.type)
  .executeTakeFirst();
let seq = Number(existing?.last_seq ?? 0);
const began = performance.now();
for (let done = 0; done < count; done += batch) {
  const size = Math.min(batch, count - done);
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < size; i++) {
      seq += 1;
      const doc = generateDocument(random, seq, startMs, spanMs);
      await insertDocument(trx, scope, {
        org_id: org.id,
        doc_type: values.type,
        display_id: formatDisplayId(undefined, values.type, seq),
        status: doc.status,
        summary: doc.summary,
        descrip: doc.descrip,
        parent_id: null,
        site_id: doc.site_id,
        region_id: doc.region_id,
        zone_id: null,
        module_id: null,
        ref: null,
        created_by: author.identity_uuid,
        created_date: doc.created_date,
        updated_by: author.identity_uuid,
        updated_date: doc.created_date,
        closed: doc.status === 'Closed' || doc.status === 'Approved' ? 1 : 0,
        closed_date: null,
        due_date: null,
        status_date: null,
        workflow: null,
        attachments: writeJson([]),
        data: writeJson(doc.data),
      });
    }
    await trx
      .insertInto('document_sequences')
      .values({ org_id: org.id, doc_type: values.type, last_seq: seq })
      .onConflict((oc) => oc.columns(['org_id', 'doc_type']).doUpdateSet({ last_seq: seq }))
      .execute();
  });
  if ((done / batch) % 50 === 0) process.stdout.write(`\r${done + size} / ${count}`);
}
const seconds = (performance.now() - began) / 1000;
console.log(`\nLoaded ${count} ${values.type} documents into ${values.app} (${database.dialect}) in ${seconds.toFixed(1)} s (${Math.round(count / seconds)} docs/s).`);
await database.close();
