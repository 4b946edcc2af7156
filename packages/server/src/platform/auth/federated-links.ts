/**
 * A member's federated link (`memberships.federated_id`, `issuer|sub` at the organisation's
 * provider; migration 033): per organisation, so one organisation's directory never changes how
 * another organisation's sign-in matches a person they share
 * (docs/product/identities-and-sign-in.md#federated-sign-in). Federated sign-in (oidc.ts) records
 * it; an organisation's administrators read and set only their own organisation's link.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Tables } from '../db/tables.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

/** An empty link is no link. */
export function federatedLinkValue(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Whether another member of the organisation than `uuid` holds the link (one member per subject). */
export async function isFederatedLinkTaken(executor: Executor, orgId: number, value: string | null, uuid = ''): Promise<boolean> {
  if (value === null) return false;
  const holder = await executor
    .selectFrom('memberships')
    .select('identity_uuid')
    .where('org_id', '=', orgId)
    .where('federated_id', '=', value)
    .where('identity_uuid', '<>', uuid)
    .executeTakeFirst();
  return holder !== undefined;
}

/**
 * Sets the member's link in this organisation; answers false (and changes nothing) when another
 * member of the organisation already holds it.
 */
export async function setFederatedLink(executor: Executor, orgId: number, uuid: string, value: string | null): Promise<boolean> {
  if (await isFederatedLinkTaken(executor, orgId, value, uuid)) return false;
  await executor
    .updateTable('memberships')
    .set({ federated_id: value })
    .where('org_id', '=', orgId)
    .where('identity_uuid', '=', uuid)
    .execute();
  return true;
}
