/**
 * Whether a connector's settings work (docs/product/mail.md#connector-settings): a new session —
 * never a kept one — signs in and opens every folder, within a member's call deadline, before
 * anything is stored; 'Test connection' does the same without storing and answers the folders the
 * server has.
 */
import type { MailConnectionTestAnswer, MailConnectorInput } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { foldersOf } from './connector-answers.ts';
import { secretFor, settingsOf } from './connector-input.ts';
import { connectionFailure, openSessionWithin } from './connector-sessions.ts';
import type { ConnectorKind, ConnectorRow } from './connectors.repository.ts';
import { mailCallDeadlines } from './mail-call-deadline.ts';
import type { MailConnectorSettings } from './mail-provider.ts';

/** Folders named in a test's answer at most (a mailbox with thousands of folders answers the first). */
const MAX_SERVER_FOLDERS = 200;

/**
 * Connects with the settings and opens every folder once: what will not work is refused before
 * anything is stored. Always a new session, never a kept one: this is the check that the settings work.
 */
export async function verifyOrThrow(
  ctx: AppContext,
  orgId: number,
  title: string,
  settings: MailConnectorSettings,
  secret: string | null,
): Promise<string[]> {
  const deadline = mailCallDeadlines.forUserCall();
  const session = await openSessionWithin(ctx, { orgId, title, provider: 'imap', settings, secret }, deadline);
  try {
    return await deadline.run(session, async () => {
      for (const folder of settings.folders) {
        try {
          await session.unreadCount(folder);
        } catch (error) {
          if (deadline.isPast()) throw error;
          throw new HttpError('bad_request', `Mail connector '${title}': the folder '${folder}' does not exist on the mail server.`);
        }
      }
      return (await session.listFolders().catch(() => [])).slice(0, MAX_SERVER_FOLDERS);
    });
  } catch (error) {
    throw connectionFailure(title, error);
  } finally {
    await session.close().catch(() => undefined);
  }
}

/** Tries settings without saving them; an omitted secret is the stored one of the connector being edited. */
export async function testSettings(
  ctx: AppContext,
  principal: Principal,
  input: MailConnectorInput,
  kind: ConnectorKind,
  existing: ConnectorRow | undefined,
): Promise<MailConnectionTestAnswer> {
  const settings = settingsOf(input, kind);
  const secret = await secretFor(ctx, principal, input, settings, existing);
  const serverFolders = await verifyOrThrow(ctx, principal.org.id, input.title, settings, secret);
  return { error: false, folders: foldersOf({ settings }), server_folders: serverFolders };
}
