/**
 * What a federated directory answers the directory sync (docs/product/administration.md#directory-sync):
 * its users and groups, whatever protocol a provider speaks. Providers are listed in
 * `directory-providers.ts`, one file each; the sync itself never knows which one answered.
 */

export interface DirectoryUser {
  /** The user's id at the directory: stays the same when the address changes. */
  id: string;
  /** Normalised (NFKC, lower case); null when the directory has no usable address for the user. */
  email: string | null;
  displayName: string;
  active: boolean;
}

export interface DirectoryGroup {
  displayName: string;
  /** The directory ids of the group's user members (nested groups are not followed). */
  memberIds: string[];
}

export interface DirectorySnapshot {
  users: DirectoryUser[];
  groups: DirectoryGroup[];
}

export interface DirectoryProvider {
  /** Reads the whole directory, or throws DirectorySyncFailed: nothing is applied from a partial read. */
  readDirectory(): Promise<DirectorySnapshot>;
}

/** The directory could not be read: unreachable, refused, timed out, or answered something unusable. */
export class DirectorySyncFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DirectorySyncFailed';
  }
}

/**
 * Pure: the snapshot when it can be applied as a whole, else DirectorySyncFailed. Two users with
 * one id or one address would make the sync pick one of them arbitrarily.
 */
export function checkedSnapshot(snapshot: DirectorySnapshot): DirectorySnapshot {
  const ids = new Set<string>();
  const emails = new Set<string>();
  for (const user of snapshot.users) {
    if (ids.has(user.id)) throw new DirectorySyncFailed(`The directory lists the user id '${user.id}' twice.`);
    ids.add(user.id);
    if (user.email === null) continue;
    if (emails.has(user.email)) throw new DirectorySyncFailed(`The directory lists the address ${user.email} for two users.`);
    emails.add(user.email);
  }
  return snapshot;
}
