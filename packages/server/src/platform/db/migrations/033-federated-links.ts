/**
 * Federated sign-in per organisation (docs/product/identities-and-sign-in.md#federated-sign-in):
 *
 * - `memberships.federated_id`: the member's `issuer|sub` at this organisation's provider. It was
 *   one global `identities.federated_id`, which the first organisation's provider to sign a
 *   shared person in wrote for every organisation: another organisation then saw it, and its own
 *   provider no longer matched the person. Each value moves to the memberships of organisations
 *   whose directory names its issuer, else to the identity's single membership; a shared
 *   identity's value that names no organisation's issuer is dropped (the next sign-in matches by
 *   e-mail again). The global column is then emptied and no longer read or written.
 * - `oidc_states.browser_hash` and `sign_in_codes.browser_hash`: the SHA-256 of the random value
 *   the start of a federated sign-in puts in the browser's cookie; the provider's return and the
 *   hand-back code are accepted only from that browser (login CSRF, session fixation).
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';
import { readJson } from '../json.ts';

interface MigrationTables {
  identities: { uuid: string; federated_id: string | null };
  memberships: { org_id: number; identity_uuid: string; federated_id: string | null };
  directory_settings: { org_id: number; settings: unknown };
}

/** The organisations whose directory issuer the value names (`issuer|sub`). */
function issuerOrgs(federatedId: string, issuers: Map<number, string>): Set<number> {
  const orgs = new Set<number>();
  for (const [orgId, issuer] of issuers) if (federatedId.startsWith(`${issuer}|`)) orgs.add(orgId);
  return orgs;
}

export function federatedLinksMigration(_database: Database): Migration {
  return {
    async up(untyped: Kysely<unknown>) {
      const db = untyped as unknown as Kysely<MigrationTables>;
      await untyped.schema.alterTable('memberships').addColumn('federated_id', 'text').execute();
      // One member per provider subject and organisation (NULLs, the unlinked members, repeat freely).
      await untyped.schema.createIndex('memberships_federated_id').on('memberships').columns(['org_id', 'federated_id']).unique().execute();
      await untyped.schema.alterTable('oidc_states').addColumn('browser_hash', 'text').execute();
      await untyped.schema.alterTable('sign_in_codes').addColumn('browser_hash', 'text').execute();

      const issuers = new Map<number, string>();
      for (const row of await db.selectFrom('directory_settings').select(['org_id', 'settings']).execute()) {
        const issuer = readJson<{ issuer?: unknown }>(row.settings, {}).issuer;
        if (typeof issuer === 'string' && issuer) issuers.set(Number(row.org_id), issuer);
      }
      const linked = await db
        .selectFrom('identities as i')
        .innerJoin('memberships as m', 'm.identity_uuid', 'i.uuid')
        .select(['i.uuid', 'i.federated_id', 'm.org_id'])
        .where('i.federated_id', 'is not', null)
        .execute();
      const orgsOf = new Map<string, { federatedId: string; orgs: number[] }>();
      for (const row of linked) {
        const entry = orgsOf.get(row.uuid) ?? { federatedId: row.federated_id!, orgs: [] };
        entry.orgs.push(Number(row.org_id));
        orgsOf.set(row.uuid, entry);
      }
      const taken = new Set<string>();
      for (const [uuid, { federatedId, orgs }] of orgsOf) {
        const named = issuerOrgs(federatedId, issuers);
        const targets = orgs.filter((orgId) => named.has(orgId));
        if (targets.length === 0 && orgs.length === 1) targets.push(orgs[0]!);
        for (const orgId of targets) {
          // Two identities holding one value (never valid) link the first only.
          const key = `${orgId} ${federatedId}`;
          if (taken.has(key)) continue;
          taken.add(key);
          await db
            .updateTable('memberships')
            .set({ federated_id: federatedId })
            .where('org_id', '=', orgId)
            .where('identity_uuid', '=', uuid)
            .execute();
        }
      }
      await db.updateTable('identities').set({ federated_id: null }).where('federated_id', 'is not', null).execute();
    },
    async down(untyped: Kysely<unknown>) {
      const db = untyped as unknown as Kysely<MigrationTables>;
      const links = await db
        .selectFrom('memberships')
        .select(['identity_uuid', 'federated_id'])
        .where('federated_id', 'is not', null)
        .execute();
      for (const link of links) {
        await db
          .updateTable('identities')
          .set({ federated_id: link.federated_id })
          .where('uuid', '=', link.identity_uuid)
          .where('federated_id', 'is', null)
          .execute();
      }
      await untyped.schema.alterTable('sign_in_codes').dropColumn('browser_hash').execute();
      await untyped.schema.alterTable('oidc_states').dropColumn('browser_hash').execute();
      await untyped.schema.dropIndex('memberships_federated_id').execute();
      await untyped.schema.alterTable('memberships').dropColumn('federated_id').execute();
    },
  };
}
