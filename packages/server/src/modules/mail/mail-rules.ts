/**
 * Mail into documents without a click (docs/product/mail.md#mail-rules). A ticker enqueues one
 * `mail.poll` job per due connector (its unique key names the due time, so several server
 * processes enqueue it once); the job opens the connector, and for each enabled rule reads the
 * UIDs above the folder's last handled one. The first poll of a folder (or after its UIDVALIDITY
 * changed) only records where the folder stands: rules act on messages that arrive afterwards.
 * Each new message either answers an earlier document (a display id of the rule's type in its
 * subject, or an In-Reply-To / References already imported) and joins that document's timeline, or becomes a
 * new document of the rule's type; the last UID is saved after each message and a Message-ID
 * this connector already handled is skipped, so a restart or a second process handles nothing
 * twice. A failed poll is recorded on the connector and retried later and later.
 */
import type { AppContext } from '../../app-context.ts';
import type { ClaimedJob } from '../../platform/jobs/jobs.repository.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler, JobTicker } from '../../platform/jobs/job-worker.ts';
import { loadGrants } from '../../platform/access/grants.repository.ts';
import { rolesOf, type Principal } from '../../platform/access/principal.ts';
import { MediaWork } from '../../platform/files/media-work.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { writeLog } from '../../platform/logs/logs.ts';
import { readDocumentForOrThrow } from '../documents/readable-document.ts';
import { connectorsDue, findConnector, recordPoll, type ConnectorRow } from './connectors.repository.ts';
import { MAIL_SIGN_IN_DEADLINE_MS, openSession } from './connector-sessions.ts';
import { createDocumentFromMail, importReadMail, type ImportTools } from './mail-import.ts';
import type { MailSession } from './mail-provider.ts';
import { readMail, type ReadMail } from './mail-parse.ts';
import type { MailRule } from './mail-rules-shape.ts';

export const MAIL_POLL_JOB = 'mail.poll';
const MAX_BACKOFF_MS = 24 * 3_600_000;
/** Messages handled per folder per poll; the rest wait for the next poll. */
const BATCH = 200;
/**
 * How long one poll may keep its mail session, signing in included. Each server process runs its
 * jobs one after another, and the mail server's time-outs measure silence only: a server answering
 * a byte now and then would otherwise hold every organisation's notifications, reports and polls
 * behind this one. Under the job's lock (five minutes), so no second worker takes the poll while
 * it runs.
 */
export const MAIL_POLL_BUDGET_MS = 4 * 60_000;

export const enqueueDueMailPolls: JobTicker = async (ctx, now) => {
  for (const row of await connectorsDue(ctx.database.db, now.toISOString())) {
    await enqueueJob(ctx.database.db, {
      orgId: row.orgId,
      kind: MAIL_POLL_JOB,
      uniqueKey: `${MAIL_POLL_JOB}:${row.id}:${row.nextPoll ?? ''}`,
      payload: { connectorId: row.id },
    });
  }
};

export const mailPollHandler: JobHandler = {
  maxAttempts: 3,
  async run(ctx, job: ClaimedJob) {
    const row = job.orgId === null ? undefined : await findConnector(ctx.database.db, job.orgId, Number(job.payload.connectorId));
    if (!row || !row.enabled) return;
    await pollConnector(ctx, row);
  },
};

/** The principal a rule acts as: the member who saved it, with their grants today. */
export async function memberPrincipal(ctx: AppContext, row: Pick<ConnectorRow, 'orgId'>, uuid: string): Promise<Principal | undefined> {
  const identity = await ctx.database.db
    .selectFrom('identities')
    .innerJoin('memberships', 'memberships.identity_uuid', 'identities.uuid')
    .innerJoin('organisations', 'organisations.id', 'memberships.org_id')
    .select([
      'identities.uuid',
      'identities.display_name',
      'identities.email',
      'identities.active',
      'organisations.app_id',
      'organisations.company',
    ])
    .where('identities.uuid', '=', uuid)
    .where('memberships.org_id', '=', row.orgId)
    .executeTakeFirst();
  if (!identity || !Number(identity.active)) return undefined;
  const grants = await loadGrants(ctx.database, row.orgId, uuid);
  return {
    uuid,
    displayName: identity.display_name,
    email: identity.email,
    org: { id: row.orgId, appId: identity.app_id, company: identity.company },
    grants,
    roles: rolesOf(grants),
  };
}

/** A failed poll: recorded on the connector and in the log, tried again later and later. */
async function recordFailedPoll(ctx: AppContext, row: ConnectorRow, now: Date, message: string): Promise<void> {
  const interval = Math.max(1, row.settings.pollMinutes) * 60_000;
  const failures = row.failures + 1;
  const wait = Math.min(MAX_BACKOFF_MS, interval * 2 ** failures);
  await recordPoll(ctx.database.db, row.id, { error: message, failures, nextPoll: new Date(now.getTime() + wait).toISOString() });
  await writeLog(ctx.database, { orgId: row.orgId, type: 2, subject: 'Mail poll', summary: message }).catch(() => undefined);
}

/** Polls one connector now; answers how many messages its rules handled. */
export async function pollConnector(ctx: AppContext, row: ConnectorRow, now = new Date(), budgetMs = MAIL_POLL_BUDGET_MS): Promise<number> {
  const interval = Math.max(1, row.settings.pollMinutes) * 60_000;
  // One budget for the whole session, signing in included.
  const started = Date.now();
  let session: MailSession;
  try {
    session = await openSession(ctx, row, Math.min(MAIL_SIGN_IN_DEADLINE_MS, budgetMs));
  } catch (error) {
    await recordFailedPoll(ctx, row, now, error instanceof Error ? error.message : String(error));
    return 0;
  }
  const media = new MediaWork(ctx.config.media);
  let handled = 0;
  let isPastDeadline = false;
  const deadline = setTimeout(
    () => {
      isPastDeadline = true;
      session.abort();
    },
    Math.max(0, budgetMs - (Date.now() - started)),
  );
  try {
    for (const rule of row.rules.filter((r) => r.enabled)) handled += await pollFolder(ctx, row, rule, session, { media, log: silentLog });
  } catch (error) {
    if (!isPastDeadline) throw error;
    // What was handled stays handled (each message's last UID is saved): the next poll goes on from there.
    await recordFailedPoll(
      ctx,
      row,
      now,
      `Mail connector '${row.title}': the mail server took longer than ${budgetMs / 1000} seconds to answer; the next poll goes on from there.`,
    );
    return handled;
  } finally {
    clearTimeout(deadline);
    await session.close().catch(() => undefined);
    await media.close();
  }
  await recordPoll(ctx.database.db, row.id, { error: null, failures: 0, nextPoll: new Date(now.getTime() + interval).toISOString() });
  return handled;
}

async function pollFolder(ctx: AppContext, row: ConnectorRow, rule: MailRule, session: MailSession, tools: ImportTools): Promise<number> {
  const db = ctx.database.db;
  const state = await db
    .selectFrom('mail_folder_state')
    .select(['uid_validity', 'last_uid'])
    .where('connector_id', '=', row.id)
    .where('folder', '=', rule.folder)
    .executeTakeFirst();
  const found = await session.newUids(rule.folder, state ? Number(state.last_uid) : 0);
  const save = async (lastUid: number) => {
    const values = {
      connector_id: row.id,
      folder: rule.folder,
      org_id: row.orgId,
      uid_validity: found.uidValidity,
      last_uid: lastUid,
      updated_date: new Date().toISOString(),
    };
    await db
      .insertInto('mail_folder_state')
      .values(values)
      .onConflict((oc) =>
        oc
          .columns(['connector_id', 'folder'])
          .doUpdateSet({ uid_validity: values.uid_validity, last_uid: values.last_uid, updated_date: values.updated_date }),
      )
      .execute();
  };
  if (!state || state.uid_validity !== found.uidValidity) {
    // Where the folder stands now: rules act on what arrives from here on.
    const everything = state ? (await session.newUids(rule.folder, 0)).uids : found.uids;
    await save(everything.at(-1) ?? 0);
    return 0;
  }
  const principal = await memberPrincipal(ctx, row, rule.run_as);
  if (!principal) throw new Error(`The member who set the mail rule for '${row.title}' is no longer a member`);
  let handled = 0;
  for (const uid of found.uids.slice(0, BATCH)) {
    const raw = await session.fetch(rule.folder, uid);
    if (raw) {
      try {
        await handleMessage(ctx, principal, row, rule, await readMail(ctx, raw), tools);
        handled += 1;
        // Imported: read, like a message imported by hand (docs/product/mail.md#read-state).
        await session.markSeen(rule.folder, uid).catch(() => undefined);
      } catch (error) {
        // One message the rule cannot handle (unreadable, refused) is logged, not retried forever.
        await writeLog(ctx.database, {
          orgId: row.orgId,
          type: 2,
          subject: `Mail rule of '${row.title}'`,
          summary: `Message ${uid} in ${rule.folder}: ${error instanceof Error ? error.message : String(error)}`,
        }).catch(() => undefined);
      }
    }
    await save(uid);
  }
  return handled;
}

const DISPLAY_ID_TOKEN = /[A-Za-z][A-Za-z0-9]*-[A-Za-z0-9-]*\d/g;

/**
 * The document a message answers: an earlier import in its thread, or a display id in its subject
 * naming a document of the rule's own type. Anyone who can mail the folder writes the subject, and
 * the import is made as the administrator who saved the rule: a request rule must not let a
 * stranger add to an incident (or any other document) by guessing its id. A reply to a request
 * carries REQ-…; another type's id is only words in the subject of a new document.
 */
async function answeredDocument(ctx: AppContext, orgId: number, docType: string, mail: ReadMail): Promise<number | undefined> {
  const thread = [mail.inReplyTo, ...mail.references].filter((id): id is string => Boolean(id));
  if (thread.length > 0) {
    const earlier = await ctx.database.db
      .selectFrom('mail_imports')
      .select('doc_id')
      .where('org_id', '=', orgId)
      .where('message_id', 'in', thread.slice(0, 100))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (earlier) return Number(earlier.doc_id);
  }
  const tokens = [...new Set((mail.subject.match(DISPLAY_ID_TOKEN) ?? []).map((token) => token.toUpperCase()))].slice(0, 20);
  if (tokens.length === 0) return undefined;
  const named = await ctx.database.db
    .selectFrom('documents')
    .select('id')
    .where('org_id', '=', orgId)
    .where('doc_type', '=', docType)
    .where('display_id', 'in', tokens)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return named ? Number(named.id) : undefined;
}

async function handleMessage(
  ctx: AppContext,
  principal: Principal,
  row: ConnectorRow,
  rule: MailRule,
  mail: ReadMail,
  tools: ImportTools,
): Promise<void> {
  const handledBefore = await ctx.database.db
    .selectFrom('mail_imports')
    .select('id')
    .where('org_id', '=', row.orgId)
    .where('connector_id', '=', row.id)
    .where('message_id', '=', mail.messageId)
    .executeTakeFirst();
  if (handledBefore) return;
  const target = await answeredDocument(ctx, row.orgId, rule.doc_type, mail);
  if (target !== undefined) {
    const { scope } = await readDocumentForOrThrow(ctx, principal, target, 'update');
    await importReadMail(ctx, principal, scope, target, row, mail, null, tools);
    return;
  }
  const type = await typeRegistryFor(ctx.database).get(row.orgId, rule.doc_type);
  if (!type) throw new Error(`Unknown document type: ${rule.doc_type}`);
  await createDocumentFromMail(ctx, principal, type, row, mail, tools);
}

/** Jobs have no request logger; the file store's clean-up warnings go nowhere. */
const noop = () => undefined;
const silentLog = {
  info: noop,
  warn: noop,
  error: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  silent: noop,
  level: 'silent',
  child: () => silentLog,
} as unknown as ImportTools['log'];
