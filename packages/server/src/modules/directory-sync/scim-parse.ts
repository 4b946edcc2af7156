/**
 * Pure reading of SCIM 2.0 answers (RFC 7643 resources, RFC 7644 list responses) into the
 * directory's users and groups (docs/product/administration.md#directory-sync). Anything that is
 * not what the RFCs describe is a DirectorySyncFailed naming what was wrong, so a directory that
 * answers an error page or a half-written list never reaches the database.
 */
import { normaliseEmail } from '../../platform/auth/email.ts';
import { DirectorySyncFailed, type DirectoryGroup, type DirectoryUser } from './directory-provider.ts';

export interface ScimPage {
  totalResults: number;
  resources: unknown[];
}

const NAME_MAX = 200;
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** A ListResponse: `totalResults` and its `Resources` (absent when there are none). */
export function scimPageOf(body: unknown, what: string): ScimPage {
  if (!isObject(body)) throw new DirectorySyncFailed(`The directory answered something that is not a SCIM list of ${what}.`);
  const total = body.totalResults;
  if (typeof total !== 'number' || !Number.isInteger(total) || total < 0)
    throw new DirectorySyncFailed(`The directory's list of ${what} has no valid totalResults.`);
  const resources = body.Resources ?? [];
  if (!Array.isArray(resources)) throw new DirectorySyncFailed(`The directory's list of ${what} has no valid Resources.`);
  return { totalResults: total, resources };
}

/** Pure: the address a person's e-mail list names (the primary one first), normalised; null when none is usable. */
export function emailOfScimUser(resource: Json): string | null {
  const emails = Array.isArray(resource.emails) ? resource.emails.filter(isObject) : [];
  const primary = emails.find((entry) => entry.primary === true && text(entry.value));
  const candidate = text(primary?.value) ?? emails.map((entry) => text(entry.value)).find(Boolean) ?? text(resource.userName);
  if (!candidate) return null;
  const email = normaliseEmail(candidate);
  return /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 320 ? email : null;
}

/** Pure: a display name from `name.givenName`/`familyName`, else `displayName`, `name.formatted`, `userName`. */
export function displayNameOfScimUser(resource: Json, fallback: string): string {
  const name = isObject(resource.name) ? resource.name : {};
  const given = [text(name.givenName), text(name.familyName)].filter(Boolean).join(' ');
  const chosen = given || text(resource.displayName) || text(name.formatted) || text(resource.userName) || fallback;
  return chosen.slice(0, NAME_MAX);
}

export function scimUserOf(resource: unknown): DirectoryUser {
  if (!isObject(resource)) throw new DirectorySyncFailed('The directory answered a user that is not a SCIM resource.');
  const id = text(resource.id);
  if (!id) throw new DirectorySyncFailed('The directory answered a user without an id.');
  const active = resource.active ?? true;
  if (typeof active !== 'boolean')
    throw new DirectorySyncFailed(`The directory answered the user '${id}' with an active flag that is not true or false.`);
  const email = emailOfScimUser(resource);
  return { id, email, displayName: displayNameOfScimUser(resource, email ?? id), active };
}

export function scimGroupOf(resource: unknown): DirectoryGroup {
  if (!isObject(resource)) throw new DirectorySyncFailed('The directory answered a group that is not a SCIM resource.');
  const displayName = text(resource.displayName);
  if (!displayName) throw new DirectorySyncFailed('The directory answered a group without a displayName.');
  const members = resource.members ?? [];
  if (!Array.isArray(members))
    throw new DirectorySyncFailed(`The directory answered the group '${displayName}' with members that are not a list.`);
  const memberIds: string[] = [];
  for (const member of members) {
    const value = isObject(member) ? text(member.value) : null;
    if (!isObject(member) || !value)
      throw new DirectorySyncFailed(`The directory answered the group '${displayName}' with a member without a value.`);
    // Nested groups are not followed: a group grant lists people.
    if (typeof member.type === 'string' && member.type.toLowerCase() === 'group') continue;
    memberIds.push(value);
  }
  return { displayName, memberIds: [...new Set(memberIds)] };
}
