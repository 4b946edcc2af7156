/**
 * The directory sync task (docs/product/administration.md#directory-sync): reads the
 * organisation's federated directory through its configured provider, then applies users and
 * groups and tidies group grants in ONE write of the write queue, so a sync is applied whole or
 * not at all. The directory is read before the write starts: no network wait holds the write
 * lock, and a directory that fails (unreachable, 401, garbage, too slow) fails the task with its
 * message before anything changes. Every statement names this organisation.
 */
import type { AppContext } from '../../app-context.ts';
import { loadDirectorySettings } from '../../platform/auth/directory-settings.ts';
import { decryptOrgSecret } from '../../platform/crypto/org-secrets.ts';
import { writeLog } from '../../platform/logs/logs.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { applyDirectoryGroups } from './directory-groups.ts';
import { applyDirectoryUsers } from './directory-members.ts';
import { DirectorySyncFailed, type DirectorySnapshot } from './directory-provider.ts';
import { configuredDirectoryProvider } from './directory-providers.ts';
import { groupEntryCount, removeGroupLeavers } from './group-leavers.ts';

/** Runs the sync for one organisation and answers its one-line outcome; throws DirectorySyncFailed when the directory fails. */
export async function syncDirectory(ctx: AppContext, orgId: number): Promise<string> {
  const snapshot = await readDirectoryOf(ctx, orgId);
  const outcome = await writeQueueFor(ctx.database).run(async (trx) => {
    if (!snapshot) {
      const removed = await removeGroupLeavers(trx, orgId);
      return `Directory sync done: ${await groupEntryCount(trx, orgId)} groups checked, ${removed} memberships of people no longer in the directory removed.`;
    }
    const members = await applyDirectoryUsers(trx, orgId, snapshot.users);
    const groups = await applyDirectoryGroups(trx, orgId, snapshot.groups, members.membersByDirectoryId);
    const leavers = await removeGroupLeavers(trx, orgId);
    return [
      `Directory sync done: ${members.users} users (${members.created} new, ${members.disabled} disabled), ${snapshot.groups.length} groups, ` +
        `${groups.added} memberships set, ${groups.removed + leavers} removed.`,
      members.skipped > 0 ? `${members.skipped} addresses belong to accounts of other organisations: invite them.` : '',
      members.keptAdministrators + groups.keptAdministrators > 0 ? 'The last administrator was kept.' : '',
    ]
      .filter(Boolean)
      .join(' ');
  });
  await writeLog(ctx.database, { orgId, type: 1, subject: 'Directory sync', summary: outcome });
  return outcome;
}

/** The directory's users and groups, or null when the organisation configured no directory to read. */
async function readDirectoryOf(ctx: AppContext, orgId: number): Promise<DirectorySnapshot | null> {
  const stored = await loadDirectorySettings(ctx.database.db, orgId);
  const configured = configuredDirectoryProvider({
    settings: stored.settings,
    scimToken: await unsealed(ctx, orgId, stored.sealedScimToken),
    guard: { policy: ctx.config.outbound, allowHosts: stored.settings.allowed_hosts ?? [], timeoutMs: ctx.config.outboundTimeoutMs },
  });
  return configured ? configured.provider.readDirectory() : null;
}

async function unsealed(ctx: AppContext, orgId: number, sealed: string | null): Promise<string | null> {
  if (sealed === null) return null;
  try {
    return await decryptOrgSecret({ database: ctx.database, masterKey: ctx.config.secretsKey }, orgId, sealed);
  } catch {
    throw new DirectorySyncFailed('The stored SCIM bearer token cannot be read: enter it again in the directory settings.');
  }
}
