/**
 * The reporting engine's monthly facts cache (docs/architecture.md "Reporting", issue 13 item 6).
 *
 * - `report_fact_sources`: the document types some report aggregates, with the field their
 *   documents are dated by (a promoted column, or a JSON path: SQLite `$.a.b`, PostgreSQL `{a,b}`).
 * - `document_month_stamps`: per organisation, type and UTC month of that date (`YYYY-MM`), a
 *   counter the database bumps on every insert, update and delete of such a document — the old
 *   row's month and the new one's — by triggers, so every write path (imports, workflows, raw
 *   statements, other processes) is seen. Only registered types pay more than one key lookup.
 * - `report_month_facts`: one aggregate's monthly value per location (`{site:7: 12, none: 1}`),
 *   kept with the stamps it was computed at; a row whose stamps moved is recomputed.
 */
import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Database } from '../database.ts';

type Sql = RawBuilder<unknown>;

const DATE_COLUMNS = ['created_date', 'updated_date', 'closed_date', 'due_date', 'status_date'] as const;

// Trigger bodies hold no parameters: only the fixed row names and columns above, as SQL text.
const ROWS = { NEW: sql.raw('NEW'), OLD: sql.raw('OLD') };
type Row = keyof typeof ROWS;

function columnOf(row: Row, column: string): Sql {
  return sql`${ROWS[row]}.${sql.raw(column)}`;
}

/** The date of `row` the source `s` names: one of the promoted date columns, else its JSON path. */
function dateOf(row: Row, jsonRead: Sql): Sql {
  const columns = DATE_COLUMNS.map((column) => sql`WHEN ${sql.lit(column)} THEN ${columnOf(row, column)}`);
  return sql`(CASE s.date_column ${sql.join(columns, sql` `)} ELSE ${jsonRead} END)`;
}

function sqliteStamp(row: Row): Sql {
  const date = dateOf(row, sql`json_extract(${columnOf(row, 'data')}, s.date_path)`);
  const org = columnOf(row, 'org_id');
  const type = columnOf(row, 'doc_type');
  return sql`INSERT INTO document_month_stamps (org_id, doc_type, month_key, stamp)
      SELECT ${org}, ${type}, substr(${date}, 1, 7), 1 FROM report_fact_sources AS s
      WHERE s.org_id = ${org} AND s.doc_type = ${type} AND typeof(${date}) = 'text'
      ON CONFLICT (org_id, doc_type, month_key) DO UPDATE SET stamp = stamp + 1;`;
}

function registered(row: Row): Sql {
  return sql`EXISTS (SELECT 1 FROM report_fact_sources AS r WHERE r.org_id = ${columnOf(row, 'org_id')} AND r.doc_type = ${columnOf(row, 'doc_type')})`;
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TRIGGER documents_fact_stamp_insert AFTER INSERT ON documents WHEN ${registered('NEW')}
    BEGIN ${sqliteStamp('NEW')} END`.execute(db);
  await sql`CREATE TRIGGER documents_fact_stamp_update AFTER UPDATE ON documents WHEN ${registered('NEW')} OR ${registered('OLD')}
    BEGIN ${sqliteStamp('OLD')} ${sqliteStamp('NEW')} END`.execute(db);
  await sql`CREATE TRIGGER documents_fact_stamp_delete AFTER DELETE ON documents WHEN ${registered('OLD')}
    BEGIN ${sqliteStamp('OLD')} END`.execute(db);
}

function pgStamp(row: Row): Sql {
  const org = columnOf(row, 'org_id');
  const type = columnOf(row, 'doc_type');
  const date = dateOf(row, sql`(${columnOf(row, 'data')} #>> cast(s.date_path as text[]))`);
  return sql`FOR s IN SELECT date_column, date_path FROM report_fact_sources WHERE org_id = ${org} AND doc_type = ${type} LOOP
      stamp_key := substr(${date}, 1, 7);
      IF stamp_key IS NOT NULL THEN
        INSERT INTO document_month_stamps AS m (org_id, doc_type, month_key, stamp) VALUES (${org}, ${type}, stamp_key, 1)
        ON CONFLICT (org_id, doc_type, month_key) DO UPDATE SET stamp = m.stamp + 1;
      END IF;
    END LOOP;`;
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION documents_fact_stamp() RETURNS trigger AS $$
  DECLARE s record; stamp_key text;
  BEGIN
    IF TG_OP <> 'INSERT' THEN ${pgStamp('OLD')} END IF;
    IF TG_OP <> 'DELETE' THEN ${pgStamp('NEW')} END IF;
    RETURN NULL;
  END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE TRIGGER documents_fact_stamp AFTER INSERT OR UPDATE OR DELETE ON documents
    FOR EACH ROW EXECUTE FUNCTION documents_fact_stamp()`.execute(db);
}

export function reportMonthFactsMigration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('report_fact_sources')
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('date_column', 'text')
        .addColumn('date_path', 'text')
        .addPrimaryKeyConstraint('report_fact_sources_pk', ['org_id', 'doc_type'])
        .execute();
      await db.schema
        .createTable('document_month_stamps')
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('month_key', 'text', (c) => c.notNull())
        .addColumn('stamp', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('document_month_stamps_pk', ['org_id', 'doc_type', 'month_key'])
        .execute();
      await db.schema
        .createTable('report_month_facts')
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('fact_key', 'text', (c) => c.notNull())
        .addColumn('month', 'integer', (c) => c.notNull())
        .addColumn('stamp', 'integer', (c) => c.notNull())
        .addColumn('facts', 'text', (c) => c.notNull())
        .addColumn('computed_date', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_month_facts_pk', ['org_id', 'doc_type', 'fact_key', 'month'])
        .execute();
      if (dialect === 'sqlite') await sqliteTriggers(db);
      else await postgresTriggers(db);
    },
  };
}
