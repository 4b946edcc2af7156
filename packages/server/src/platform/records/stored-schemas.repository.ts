/**
 * Reads an organisation's stored type schemas: the `$$schema` documents, whose `data` holds one
 * `DocumentSchema` each. A stored schema that no longer passes the checks (edited by hand in the
 * database, written by an older version) is skipped with a warning, and the built-in definition
 * of that type, if any, serves instead.
 */
import { SCHEMA_TYPE, schemaDefinitionProblems, type DocumentSchema } from '@docket/shared';
import type { Database } from '../db/database.ts';
import { readJson } from '../db/json.ts';

export async function loadStoredSchemas(database: Database, orgId: number, warn: (message: string) => void): Promise<DocumentSchema[]> {
  const rows = await database.db
    .selectFrom('documents')
    .select(['id', 'data'])
    .where('org_id', '=', orgId)
    .where('doc_type', '=', SCHEMA_TYPE)
    .orderBy('id')
    .execute();
  const schemas: DocumentSchema[] = [];
  for (const row of rows) {
    const data = readJson<Record<string, unknown> | null>(row.data, null);
    const schema = data ? ({ ...data, version: 3 } as DocumentSchema) : null;
    const problems =
      schema && typeof schema.type === 'string' && schema.type !== SCHEMA_TYPE
        ? schemaDefinitionProblems(schema)
        : [{ path: '', message: 'not a schema' }];
    if (problems.length > 0) {
      warn(`Stored schema ${row.id} is skipped: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`);
      continue;
    }
    schemas.push(schema!);
  }
  return schemas;
}
