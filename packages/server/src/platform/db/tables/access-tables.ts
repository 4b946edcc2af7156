/**
 * Access control entries (grants, migration 001) and the members of group grants (migration 002):
 * what `platform/access` turns into a principal's row filters.
 */
import type { Generated } from 'kysely';

/** An access control entry (a grant), naming one identity or a group (members in `acl_members`). */
export interface AclEntriesTable {
  id: Generated<number>;
  org_id: number;
  /** The identity granted, or null for a group grant. */
  identity_uuid: string | null;
  /** The group's name, for a group grant. */
  group_name: string | null;
  /** 0 No Access, 1 Depositor, 2 Reader, 3 Author, 4 Editor, 6 Administrator. */
  level: number;
  /** 1: may create documents (within the scope). */
  can_create: number;
  /** 1: may delete the documents the level lets them edit. */
  can_delete: number;
  /** JSON list of role names (administrator, manager, editor, mail, reviewer, custom roles). */
  roles: unknown;
  /** JSON list of the document types the grant is limited to; null: every type. */
  doc_types: unknown;
  /** The module (plugin) the grant is limited to, if any. */
  module: string | null;
  /** 1 group (everything), 2 region (`region_id`), 3 site (`site_id`). */
  scope: number;
  region_id: number | null;
  site_id: number | null;
  created_date: string;
}

/** Members of a group grant (`acl_entries` with a `group_name`; migration 002). */
export interface AclMembersTable {
  acl_id: number;
  org_id: number;
  identity_uuid: string;
}

export interface AccessTables {
  acl_entries: AclEntriesTable;
  acl_members: AclMembersTable;
}
