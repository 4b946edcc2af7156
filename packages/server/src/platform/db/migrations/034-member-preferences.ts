/**
 * Preferences that name an organisation's records, per organisation
 * (docs/product/identities-and-sign-in.md#preferences): `memberships.preferences` holds the
 * member's default site (`site_id`), preferred currency (`currency_id`), starred metrics
 * (`metrics`, each naming a report) and starred types and documents (`starred`, which also choose
 * the mail alerts a member follows). They were keys of the one global `identities.preferences`,
 * so a person in two organisations who chose a default site in one carried its id into the other
 * (and a choice there overwrote the first), and a type starred in one sent that type's alerts
 * from both. Each stored value moves to the membership of the organisation whose record it names
 * (0, no choice, and a starred type, which names no record, to every membership: what the person
 * followed before, they still follow); a value naming no record of the person's organisations is
 * dropped. The identity keeps the person's own settings (language, mail switches, theme, interface).
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';
import { jsonType } from '../column-types.ts';
import { readJson, writeJson } from '../json.ts';

interface MigrationTables {
  identities: { uuid: string; preferences: unknown };
  memberships: { org_id: number; identity_uuid: string; preferences: unknown };
  documents: { id: number; org_id: number; doc_type: string };
}

type Stored = Record<string, unknown> & { site_id?: unknown; currency_id?: unknown; metrics?: unknown; starred?: unknown };
type Star = { type?: unknown; id?: unknown } | null;

/** The keys that move, and the document type each id must be of. */
const SINGLE_REFERENCES = { site_id: 'site', currency_id: 'currency' } as const;
const MOVED_KEYS = [...Object.keys(SINGLE_REFERENCES), 'metrics', 'starred'];

const idOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined);

/** What of `stored` names records of `orgId` (documents: id → org and type). */
function partOf(stored: Stored, orgId: number, documents: Map<number, { org: number; type: string }>): Record<string, unknown> {
  const part: Record<string, unknown> = {};
  const belongs = (id: number, type: string) => documents.get(id)?.org === orgId && documents.get(id)?.type === type;
  for (const [key, type] of Object.entries(SINGLE_REFERENCES)) {
    const id = idOf(stored[key]);
    if (id === 0 || (id !== undefined && belongs(id, type))) part[key] = id;
  }
  if (Array.isArray(stored.metrics)) {
    const metrics = stored.metrics.filter((entry: { report_id?: unknown } | null) => {
      const reportId = idOf(entry?.report_id);
      return reportId !== undefined && belongs(reportId, 'report');
    });
    if (metrics.length > 0) part.metrics = metrics;
  }
  if (Array.isArray(stored.starred)) {
    // A starred type names no record: every organisation keeps it. A starred document goes to its own.
    const starred = stored.starred.filter((entry: Star) => {
      if (entry?.id === undefined) return true;
      const id = idOf(entry.id);
      return id !== undefined && typeof entry.type === 'string' && belongs(id, entry.type);
    });
    if (starred.length > 0) part.starred = starred;
  }
  return part;
}

function namedIds(stored: Stored): number[] {
  const ids = Object.keys(SINGLE_REFERENCES).map((key) => idOf(stored[key]));
  if (Array.isArray(stored.metrics)) for (const entry of stored.metrics as { report_id?: unknown }[]) ids.push(idOf(entry?.report_id));
  if (Array.isArray(stored.starred)) for (const entry of stored.starred as Star[]) ids.push(idOf(entry?.id));
  return [...new Set(ids.filter((id): id is number => id !== undefined && id > 0))];
}

export function memberPreferencesMigration({ dialect }: Database): Migration {
  return {
    async up(untyped: Kysely<unknown>) {
      const db = untyped as unknown as Kysely<MigrationTables>;
      await untyped.schema
        .alterTable('memberships')
        .addColumn('preferences', jsonType(dialect) as 'text')
        .execute();
      for (const identity of await db.selectFrom('identities').select(['uuid', 'preferences']).execute()) {
        const stored = readJson<Stored>(identity.preferences, {});
        if (!MOVED_KEYS.some((key) => Object.hasOwn(stored, key))) continue;
        const ids = namedIds(stored);
        const rows =
          ids.length === 0 ? [] : await db.selectFrom('documents').select(['id', 'org_id', 'doc_type']).where('id', 'in', ids).execute();
        const documents = new Map(rows.map((row) => [Number(row.id), { org: Number(row.org_id), type: row.doc_type }]));
        const memberships = await db.selectFrom('memberships').select('org_id').where('identity_uuid', '=', identity.uuid).execute();
        for (const { org_id: orgId } of memberships) {
          const part = partOf(stored, Number(orgId), documents);
          if (Object.keys(part).length === 0) continue;
          await db
            .updateTable('memberships')
            .set({ preferences: writeJson(part) })
            .where('org_id', '=', orgId)
            .where('identity_uuid', '=', identity.uuid)
            .execute();
        }
        const personal = Object.fromEntries(Object.entries(stored).filter(([key]) => !MOVED_KEYS.includes(key)));
        await db
          .updateTable('identities')
          .set({ preferences: writeJson(personal) })
          .where('uuid', '=', identity.uuid)
          .execute();
      }
    },
    async down(untyped: Kysely<unknown>) {
      // The organisations' values cannot share one key again: each person keeps only their own settings.
      await untyped.schema.alterTable('memberships').dropColumn('preferences').execute();
    },
  };
}
