/**
 * The organisation-wide rewrites of the documents table that no single document's edit makes: an
 * identity merge's reassignment of people, and the order-key job's refill of stored order values
 * (docs/architecture.md, "Stored order values"). Like documents.repository.ts, every statement
 * here is bound to the organisation of the scope it takes (an `AccessScope<'merge'>` or
 * `<'update'>`); only these files and workflow.repository.ts write the documents table (lint rule
 * in eslint.config.js).
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Tables } from '../db/tables.ts';
import type { AccessScope } from '../access/access-scope.ts';
import { readJson, writeJson } from '../db/json.ts';
import { withPersonReplaced } from './person-replacement.ts';
import { docTypeLiteral } from './document-query.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

/**
 * Identity merge: documents created or last changed by `source` name `target` instead, in the
 * merging administrator's organisation; each changed document gets a new version. Answers how
 * many documents changed creator.
 */
export async function reassignDocumentPeople(
  trx: Transaction<Tables>,
  scope: AccessScope<'merge'>,
  source: string,
  target: string,
): Promise<number> {
  const created = await trx
    .updateTable('documents')
    .set((eb) => ({ created_by: target, version: eb('version', '+', 1) }))
    .where('org_id', '=', scope.orgId)
    .where('created_by', '=', source)
    .executeTakeFirst();
  await trx
    .updateTable('documents')
    .set((eb) => ({ updated_by: target, version: eb('version', '+', 1) }))
    .where('org_id', '=', scope.orgId)
    .where('updated_by', '=', source)
    .execute();
  await reassignPeopleInData(trx, scope, source, target);
  return Number(created.numUpdatedRows);
}

/**
 * Identity merge inside document data (docs/product/identities-and-sign-in.md#merge): the people
 * a document names — reporter, actionees, visitors, approvers, the users of a stored type's
 * workflow steps, the submitters its workflow state remembers — name `target` instead of
 * `source`. The rows are found by their JSON text (a uuid is unique text), rewritten in memory
 * and stored with a new version.
 */
async function reassignPeopleInData(
  trx: Transaction<Tables>,
  scope: AccessScope<'merge'>,
  source: string,
  target: string,
): Promise<number> {
  const pattern = `%${source}%`;
  const rows = await trx
    .selectFrom('documents')
    .select(['id', 'data', 'workflow'])
    .where('org_id', '=', scope.orgId)
    .where((eb) => eb.or([eb(sql`cast(data as text)`, 'like', pattern), eb(sql`cast(workflow as text)`, 'like', pattern)]))
    .execute();
  for (const row of rows) {
    const data = withPersonReplaced(readJson<unknown>(row.data, {}), source, target);
    const workflow = row.workflow === null ? null : withPersonReplaced(readJson<unknown>(row.workflow, null), source, target);
    await trx
      .updateTable('documents')
      .set((eb) => ({ data: writeJson(data), workflow: workflow === null ? null : writeJson(workflow), version: eb('version', '+', 1) }))
      .where('org_id', '=', scope.orgId)
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}

/**
 * PostgreSQL, the order-key job (order-keys.ts): writes again the next `batch` rows of one type of
 * the scope's organisation after id `after` whose stored order value differs from `value` — as
 * `data = data`, so the trigger of migration 032 fills the column from the type's key as it is now.
 * One statement: a write to those rows waits for it alone. No new version: nothing a person sees
 * changed. Answers the batch's last id (null past the type's last row), and how many rows it read and wrote.
 */
export async function refillOrderValues(
  executor: Executor,
  scope: AccessScope<'update'>,
  docType: string,
  after: number,
  batch: number,
  value: RawBuilder<unknown>,
): Promise<{ last: number | null; read: number; written: number }> {
  const { rows } = await sql<{ last: number | string | null; n: number | string; w: number | string }>`
    WITH batch AS (
      SELECT id FROM documents WHERE org_id = ${scope.orgId} AND doc_type = ${docTypeLiteral(docType)} AND id > ${after}
      ORDER BY id LIMIT ${sql.lit(batch)}
    ), written AS (
      UPDATE documents d SET data = d.data FROM batch
      WHERE d.id = batch.id AND d.order_value IS DISTINCT FROM (${value}) COLLATE "C"
      RETURNING d.id
    )
    SELECT (SELECT max(id) FROM batch) AS last, (SELECT count(*) FROM batch) AS n, (SELECT count(*) FROM written) AS w`.execute(executor);
  const row = rows[0];
  return {
    last: row?.last === null || row?.last === undefined ? null : Number(row.last),
    read: Number(row?.n ?? 0),
    written: Number(row?.w ?? 0),
  };
}
