/**
 * Preferences that name an organisation's records, per organisation
 * (docs/product/identities-and-sign-in.md#preferences): `memberships.preferences` holds the
 * member's default site (`site_id`), preferred currency (`currency_id`), starred metrics
 * (`metrics`, each naming a report) and starred types and documents (`starred`, which also choose
 * the mail alerts a member follows). They were keys of the one global `identities.preferences`,
 * so a person in two organisations who chose a default site in one carried its id into the other
 * (and a choice there overwrote the first), and a type starred in one sent that type's alerts
 * from both. Each stored value moves to the membership of the organisation whose record it names
 * (0, no choice, a starred type and a starred metric naming no report, which name no record, to
 * every membership: what the person followed before, they still follow); a value naming no record
 * of the person's organisations is dropped. The identity keeps the person's own settings
 * (language, mail switches, theme, interface). `down` puts the memberships' keys back on the identity.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';
import { jsonType } from '../column-types.ts';
import { readJson, writeJson } from '../json.ts';

interface MigrationTables {
  identities: { uuid: string; preferences: unknown };
  memberships: { org_id: number; identity_uuid: string; created_date: string; preferences: unknown };
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
      if (entry === null || typeof entry !== 'object') return false;
      // The preferences body takes an entry without report_id (packages/shared api/preferences.ts)
      // and the Table card's stars keep it: it names no record, so, like a starred type, every
      // organisation keeps it rather than the move losing what the API accepted.
      if (entry.report_id === undefined) return true;
      const reportId = idOf(entry.report_id);
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

/**
 * One identity's organisation keys gathered back from its memberships' `parts`, in the order the
 * person joined. A single value (default site, currency) is the first organisation's holding it:
 * the one joined first is where the account was made (the others are joined by invitation), and
 * the joining date, with the organisation id on a tie, makes the choice the same on every run.
 * Lists (stars, metrics) are joined, each entry once, as the one list held them before: `up` sends
 * each back to the organisation it names, and a starred type or a metric naming no report, which
 * every membership holds, comes back once.
 */
function gatheredBack(parts: readonly Stored[]): Stored {
  const gathered: Stored = {};
  for (const part of parts)
    for (const key of MOVED_KEYS) {
      const value = part[key];
      if (value === undefined) continue;
      if (!Array.isArray(value)) {
        if (!Object.hasOwn(gathered, key)) gathered[key] = value;
        continue;
      }
      const list = Array.isArray(gathered[key]) ? (gathered[key] as unknown[]) : [];
      const held = new Set(list.map((entry) => JSON.stringify(entry)));
      for (const entry of value as unknown[]) {
        const text = JSON.stringify(entry);
        if (held.has(text)) continue;
        held.add(text);
        list.push(entry);
      }
      gathered[key] = list;
    }
  return gathered;
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
      const db = untyped as unknown as Kysely<MigrationTables>;
      const memberships = await db
        .selectFrom('memberships')
        .select(['identity_uuid', 'preferences'])
        .where('preferences', 'is not', null)
        .orderBy('identity_uuid')
        .orderBy('created_date')
        .orderBy('org_id')
        .execute();
      const partsOf = new Map<string, Stored[]>();
      for (const row of memberships) {
        const part = readJson<Stored>(row.preferences, {});
        if (Object.keys(part).length > 0) partsOf.set(row.identity_uuid, [...(partsOf.get(row.identity_uuid) ?? []), part]);
      }
      for (const [uuid, parts] of partsOf) {
        const identity = await db.selectFrom('identities').select('preferences').where('uuid', '=', uuid).executeTakeFirstOrThrow();
        const preferences = { ...readJson<Stored>(identity.preferences, {}), ...gatheredBack(parts) };
        await db
          .updateTable('identities')
          .set({ preferences: writeJson(preferences) })
          .where('uuid', '=', uuid)
          .execute();
      }
      await untyped.schema.alterTable('memberships').dropColumn('preferences').execute();
    },
  };
}
