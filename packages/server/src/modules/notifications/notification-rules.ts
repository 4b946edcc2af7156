/**
 * Notification rules (docs/product/mail.md#notifications) are `notification` documents. A rule matches a document
 * event when it is enabled, its trigger is the event, and its target type (or `any`), module,
 * status and condition (filter language, on the document) agree. Its recipients are those of the
 * first recipient step whose condition holds: the `to`/`cc`/`bcc` lists (members' uuids, or
 * e-mail addresses when the rule is `external`) and, if asked, the managers and editors whose
 * grants reach the document, the members who starred it or its type, have mail alerts on and
 * may read it (subscribers) and the members
 * who may approve it now (approvers). A trigger with built-in rules (`approval_requested`) uses
 * them while the organisation keeps no rule of its own for it, enabled or not.
 */
import {
  checkFilter,
  evaluateFilter,
  fieldCatalogOf,
  grantReaches,
  parseFilter,
  type DocumentSchema,
  type UserPreferences,
} from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import { readJson } from '../../platform/db/json.ts';
import { loadGrants, toGrant } from '../../platform/access/grants.repository.ts';
import { rowAllows } from '../../platform/access/authorize.ts';
import { rolesOf, type Principal } from '../../platform/access/principal.ts';
import { preferencesSeenIn } from '../preferences/member-preferences.ts';

export interface RecipientStep {
  condition?: string;
  include_managers?: boolean;
  include_editors?: boolean;
  include_subscribers?: boolean;
  include_approvers?: boolean;
  to?: string[];
  cc?: string[];
  bcc?: string[];
}

export interface NotificationRule {
  id: number;
  title: string;
  enabled?: boolean;
  external?: boolean;
  doc_event_type?: string;
  scheduling?: { freq?: 'hourly' | 'daily' | 'weekly' | 'monthly'; when?: string };
  /** The type of the documents the rule watches, or `any` (the spec's `doc_type`). */
  target_type?: string;
  module_id?: number;
  doc_status?: string;
  condition?: string;
  message?: string;
  recipient_config?: { steps?: RecipientStep[] };
}

export interface Recipient {
  address: string;
  uuid: string | null;
  kind: 'to' | 'cc' | 'bcc';
}

/** A stored rule; rows written before the field was renamed may hold the target type as `doc_type`. */
function ruleOf(row: { id: number; summary: string; data: unknown }): NotificationRule {
  const { doc_type: legacyTargetType, ...data } = readJson<Omit<NotificationRule, 'id'> & { doc_type?: unknown }>(row.data, { title: '' });
  const rule: NotificationRule = { ...data, id: Number(row.id), title: data.title ?? row.summary };
  if (rule.target_type === undefined && typeof legacyTargetType === 'string') rule.target_type = legacyTargetType;
  return rule;
}

/** The rule id recorded for deliveries of built-in rules (stored rules are documents, ids from 1). */
export const BUILTIN_RULE_ID = 0;

/**
 * Rules every organisation has until it writes its own for the trigger (docs/product/mail.md#notifications):
 * an approval request reaches the members who may approve the document now.
 */
export const BUILTIN_RULES: Readonly<Record<string, readonly NotificationRule[]>> = {
  approval_requested: [
    {
      id: BUILTIN_RULE_ID,
      title: 'Approval requested',
      doc_event_type: 'approval_requested',
      target_type: 'any',
      message: '{{display_id}} {{summary}} is waiting for your approval ({{status}}).',
      recipient_config: { steps: [{ include_approvers: true }] },
    },
  ],
};

export async function loadRules(database: Database, orgId: number, trigger: string): Promise<NotificationRule[]> {
  const rows = await database.db
    .selectFrom('documents')
    .select(['id', 'summary', 'data'])
    .where('org_id', '=', orgId)
    .where('doc_type', '=', 'notification')
    .execute();
  const stored = rows.map(ruleOf).filter((rule) => rule.doc_event_type === trigger);
  const rules = stored.length > 0 ? stored : (BUILTIN_RULES[trigger] ?? []);
  return rules.filter((rule) => rule.enabled !== false);
}

/** A condition on a document; empty holds, a broken one does not. */
export function holds(condition: string | undefined, type: DocumentSchema, doc: Record<string, unknown>): boolean {
  if (!condition?.trim() || condition.trim().toLowerCase() === 'true') return true;
  try {
    return evaluateFilter(checkFilter(parseFilter(condition), fieldCatalogOf(type, { canSeeProtected: true })), doc, {
      userId: '',
      now: new Date(),
    });
  } catch {
    return false;
  }
}

export function ruleMatches(rule: NotificationRule, type: DocumentSchema, doc: Record<string, unknown>): boolean {
  if (rule.target_type && rule.target_type !== 'any' && rule.target_type !== type.type) return false;
  if (typeof rule.module_id === 'number' && rule.module_id !== doc.module_id) return false;
  if (rule.doc_status && rule.doc_status !== doc.status) return false;
  return holds(rule.condition, type, doc);
}

interface Member {
  uuid: string;
  email: string;
  /** Their preferences in this organisation: what they starred here, their own mail switches. */
  preferences: UserPreferences;
}

async function members(database: Database, orgId: number): Promise<Member[]> {
  const rows = await database.db
    .selectFrom('memberships as m')
    .innerJoin('identities as i', 'i.uuid', 'm.identity_uuid')
    .select(['i.uuid', 'i.email', 'i.preferences', 'm.preferences as member_preferences'])
    .where('m.org_id', '=', orgId)
    .where('i.active', '=', 1)
    .execute();
  return rows.map((row) => ({ uuid: row.uuid, email: row.email, preferences: preferencesSeenIn(row.preferences, row.member_preferences) }));
}

async function holdersReaching(database: Database, orgId: number, role: string, doc: Record<string, unknown>): Promise<Set<string>> {
  const rows = await database.db.selectFrom('acl_entries').selectAll().where('org_id', '=', orgId).execute();
  const uuids = new Set<string>();
  const facts = { doc, openChildren: 0 };
  for (const row of rows) {
    const grant = toGrant(row);
    if (grant.level <= 0 || !grant.roles.includes(role) || !grantReaches(grant, 3, facts)) continue;
    if (row.identity_uuid) uuids.add(row.identity_uuid);
    const group = await database.db.selectFrom('acl_members').select('identity_uuid').where('acl_id', '=', row.id).execute();
    for (const member of group) uuids.add(member.identity_uuid);
  }
  return uuids;
}

/** Whether `person` may read `doc` by their own grants in the organisation (the access choke point decides). */
async function mayRead(
  database: Database,
  orgId: number,
  person: Member,
  type: DocumentSchema,
  doc: Record<string, unknown>,
): Promise<boolean> {
  const grants = await loadGrants(database, orgId, person.uuid);
  const principal: Principal = {
    uuid: person.uuid,
    displayName: '',
    email: person.email,
    org: { id: orgId, appId: '', company: '' },
    grants,
    roles: rolesOf(grants),
  };
  return rowAllows(principal, type, 'read', doc);
}

export async function recipientsOf(
  database: Database,
  orgId: number,
  rule: NotificationRule,
  type: DocumentSchema,
  doc: Record<string, unknown>,
  /** The members who may approve the document now; asked only by a step that includes approvers. */
  approvers: () => Promise<readonly string[]> = async () => [],
): Promise<Recipient[]> {
  const step = (rule.recipient_config?.steps ?? []).find((s) => holds(s.condition, type, doc));
  if (!step) return [];
  const people = await members(database, orgId);
  const byUuid = new Map(people.map((p) => [p.uuid, p]));
  const found = new Map<string, Recipient>();
  const add = (entry: string, kind: Recipient['kind']) => {
    const member = byUuid.get(entry);
    if (member) found.set(member.email.toLowerCase(), { address: member.email, uuid: member.uuid, kind });
    else if (rule.external && /^[^\s@]+@[^\s@]+$/.test(entry)) found.set(entry.toLowerCase(), { address: entry, uuid: null, kind });
  };
  const extra = new Set<string>();
  if (step.include_managers) for (const uuid of await holdersReaching(database, orgId, 'manager', doc)) extra.add(uuid);
  if (step.include_editors) for (const uuid of await holdersReaching(database, orgId, 'editor', doc)) extra.add(uuid);
  if (step.include_subscribers) {
    for (const person of people) {
      // A subscriber chose to follow: the mail reaches them only with mail alerts on (docs/product/mail.md#mail-alerts).
      const preferences = person.preferences;
      if (preferences.mailAlerts !== true) continue;
      const starred = preferences.starred ?? [];
      if (!starred.some((s) => s.type === type.type && (s.id === undefined || s.id === doc.id))) continue;
      // Following a type is no right to read it: a member kept to one site hears only of that site's documents.
      if (await mayRead(database, orgId, person, type, doc)) extra.add(person.uuid);
    }
  }
  if (step.include_approvers) for (const uuid of await approvers()) extra.add(uuid);
  for (const uuid of extra) add(uuid, 'to');
  for (const kind of ['bcc', 'cc', 'to'] as const) for (const entry of step[kind] ?? []) add(entry, kind);
  return [...found.values()];
}
