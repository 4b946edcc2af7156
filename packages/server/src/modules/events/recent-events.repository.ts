/**
 * Recent Activity's SQL (docs/architecture.md#recent-activity): the events of every document the
 * caller may read, newest first — a join of events and documents under every readable type's row
 * filter (`multiTypeCondition`), in the order that reads least for this caller, and its capped
 * total. A document's own timeline is in events.repository.ts.
 */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { TOTAL_COUNT_WINDOW } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import type { TypeScope } from '../../platform/records/document-query.ts';
import { multiTypeCondition } from '../../platform/records/document-query.ts';
import { visibleReview, type EventRowWithAuthor } from './events.repository.ts';

export interface RecentRequest {
  orgId: number;
  parts: readonly TypeScope[];
  userId: string;
  types: string[] | null;
  start: number;
  count: number;
}

export interface RecentRow extends EventRowWithAuthor {
  doc_type: string;
  display_id: string;
  doc_summary: string;
  doc_attachments: unknown;
}

/** Which table Recent Activity's join reads first (see `recentDriver`). */
export type RecentDriver = 'events' | 'documents';

/**
 * Up to this many readable documents, Recent Activity reads them first and then their events by
 * the document's key; beyond it, the events newest first and each one's document by its key.
 */
export const FEW_READABLE_DOCUMENTS = 2_000;

/**
 * The join order for this caller, on the embedded database (PostgreSQL plans the join itself).
 * Read newest first, the events reach the page after (page ÷ readable share) of them, and the
 * capped total after (window ÷ share): cheap for anyone who may read much, but a manager of one
 * small site read every event of the organisation to find a few (issue 18's bench: 204–216 ms
 * for 21 readable of 86,000 events). Their readable documents are few, and reached along the
 * access indexes: counting up to `FEW_READABLE_DOCUMENTS` of them decides, in well under a
 * millisecond (docs/architecture.md#recent-activity).
 */
export async function recentDriver(database: Database, request: RecentRequest): Promise<RecentDriver> {
  if (database.dialect !== 'sqlite') return 'events';
  return (await readableDocumentsUpTo(database, request, FEW_READABLE_DOCUMENTS + 1)) <= FEW_READABLE_DOCUMENTS ? 'documents' : 'events';
}

/**
 * On the embedded database the page is looked for first among the organisation's newest
 * (10 × (start + count)) events, then the newest (100 × …): when they hold a full page it is the
 * page (they are a prefix of the order), found in at most a few thousand index steps whoever the
 * caller is. Only a caller who may read few of the newest events goes on to the order
 * `recentDriver` chooses — in a small organisation, reading the readable documents first cost
 * 5–30 ms for a page the newest events answered in 0.6–1.4 ms (bench/README.md, thirteenth session).
 */
export const NEWEST_EVENTS_FACTORS = [10, 100] as const;

/** The events of every readable document, joined in `driver`'s order (events-first: among the newest `window` only, when given). */
function readableEvents(database: Database, request: RecentRequest, driver: RecentDriver, window?: number) {
  // Written as a CROSS JOIN, which SQLite never reorders: left to choose, it drove from the
  // organisation's documents when sampled statistics put them at a few hundred rows (0.25 s with
  // 1,000,000 incidents). PostgreSQL plans a CROSS JOIN with join conditions like any inner join.
  // On a reader connection: the join can reach every readable document of the organisation,
  // which on the write connection held the event loop (docs/architecture.md#reader-threads).
  const reader = database.reader;
  const eventsFirst = () => reader.selectFrom('events as e').crossJoin('documents as d');
  const newestFirst = (size: number) =>
    reader
      .selectFrom((eb) =>
        eb
          .selectFrom('events')
          .selectAll()
          .where('org_id', '=', request.orgId)
          .orderBy('sort_date', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .as('e'),
      )
      .crossJoin('documents as d') as unknown as ReturnType<typeof eventsFirst>;
  return (
    driver === 'documents'
      ? reader.selectFrom('documents as d').crossJoin('events as e')
      : window === undefined
        ? eventsFirst()
        : newestFirst(window)
  )
    .whereRef('d.id', '=', 'e.doc_id')
    .whereRef('d.org_id', '=', 'e.org_id')
    .where('e.org_id', '=', request.orgId)
    .where(multiTypeCondition(database, request.orgId, request.parts, request.userId, 'd'))
    .where(eventShown(database, request));
}

/** The events Recent Activity shows of a readable document: the asked types, and reviews only where visible. */
function eventShown(database: Database, request: RecentRequest): Expression<SqlBool> {
  const visible = sql`(e.type != 'review' OR e.created_by = ${request.userId} OR ${visibleReview(database)})`;
  if (!request.types) return sql<SqlBool>`${visible}`;
  return sql<SqlBool>`(${visible} AND e.type IN (${sql.join(request.types.length > 0 ? request.types : ['-'])}))`;
}

/**
 * Recent Activity's page: events of every document the caller may read, newest first — from the
 * newest events when they hold it, else in the order `recentDriver` chooses (answered with the
 * page; null when the newest events held it).
 */
export async function recentEventsPage(
  database: Database,
  request: RecentRequest,
): Promise<{ rows: RecentRow[]; driver: RecentDriver | null }> {
  // PostgreSQL orders the join itself, and a window of the newest events misled it: it merged the
  // window with every readable document along the primary key (1 s with 1,000,000 incidents,
  // against 4–5 ms for the one statement it plans).
  if (database.dialect !== 'sqlite') return { rows: await listRecentEvents(database, request, 'events'), driver: 'events' };
  for (const factor of NEWEST_EVENTS_FACTORS) {
    const newest = await listRecentEvents(database, request, 'events', factor * (request.start + request.count));
    if (newest.length === request.count) return { rows: newest, driver: null };
  }
  const driver = await recentDriver(database, request);
  return { rows: await listRecentEvents(database, request, driver), driver };
}

/** One order's page (`window`: among the newest events only; see `NEWEST_EVENTS_FACTORS`). */
export async function listRecentEvents(
  database: Database,
  request: RecentRequest,
  driver: RecentDriver,
  window?: number,
): Promise<RecentRow[]> {
  return (await recentPageQuery(database, request, driver, window).execute()) as RecentRow[];
}

/** The page's statement (apart, so a plan test can explain it). */
export function recentPageQuery(database: Database, request: RecentRequest, driver: RecentDriver, window?: number) {
  return readableEvents(database, request, driver, window)
    .leftJoin('identities as author', 'author.uuid', 'e.created_by')
    .leftJoin('identities as deleter', 'deleter.uuid', 'e.deleted_by')
    .selectAll('e')
    .select([
      'author.display_name as created_by_name',
      'deleter.display_name as deleted_by_name',
      'd.doc_type',
      'd.display_id',
      'd.summary as doc_summary',
      'd.attachments as doc_attachments',
    ])
    .orderBy('e.sort_date', 'desc')
    .orderBy('e.id', 'desc')
    .limit(request.count)
    .offset(request.start);
}

/**
 * Recent Activity's total, counted as lists count (docs/product/documents-and-schemas.md#limits):
 * exact up to a window past the page, an estimate beyond. Counting every event of every readable
 * document on each call was the organisation's whole history, on every dashboard.
 *
 * On the embedded database the count reads the readable documents first, along the access
 * indexes, at most `COUNT_FROM_DOCUMENTS_MAX` of them, each one's events by its key: it stops at
 * the window, which the documents reach whatever share of them the caller may read. Counting
 * events first needed (window ÷ readable share) of them — 63 ms for a reader of one site of
 * twenty, 326 ms for a site of 300 incidents, against 11 and 1.1 ms (bench/README.md, thirteenth
 * session). Only where that many documents hold fewer events than the window are the events
 * counted first (they are then few for so many documents). PostgreSQL plans its one statement
 * itself.
 */
export const COUNT_FROM_DOCUMENTS_MAX = 20_000;

export async function countRecentEvents(
  database: Database,
  request: RecentRequest,
  { documentsMax = COUNT_FROM_DOCUMENTS_MAX }: { documentsMax?: number } = {},
): Promise<{ total: number; totalIsEstimate: boolean }> {
  const cap = request.start + TOTAL_COUNT_WINDOW;
  const answer = (counted: number) => ({ total: Math.min(counted, cap), totalIsEstimate: counted > cap });
  if (database.dialect === 'sqlite') {
    const found = await countAmongReadableDocuments(database, request, documentsMax, cap + 1);
    if (found > cap || (await readableDocumentsUpTo(database, request, documentsMax)) < documentsMax) return answer(found);
  }
  return answer(await countCapped(database, readableEvents(database, request, 'events').select('e.id'), cap + 1));
}

/** The shown events of the first `documents` readable documents, counted up to `limit`. */
async function countAmongReadableDocuments(database: Database, request: RecentRequest, documents: number, limit: number): Promise<number> {
  const shown = database.reader
    .selectFrom((eb) =>
      eb
        .selectFrom('documents as d')
        .select(['d.id', 'd.org_id'])
        .where(multiTypeCondition(database, request.orgId, request.parts, request.userId, 'd'))
        .limit(documents)
        .as('d'),
    )
    .crossJoin('events as e')
    .whereRef('e.doc_id', '=', 'd.id')
    .whereRef('e.org_id', '=', 'd.org_id')
    .where(eventShown(database, request))
    .select('e.id');
  return countCapped(database, shown, limit);
}

/** How many documents the caller may read, counted up to `limit`. */
async function readableDocumentsUpTo(database: Database, request: RecentRequest, limit: number): Promise<number> {
  const readable = database.reader
    .selectFrom('documents as d')
    .select('d.id')
    .where(multiTypeCondition(database, request.orgId, request.parts, request.userId, 'd'));
  return countCapped(database, readable, limit);
}

async function countCapped<DB, TB extends keyof DB>(
  database: Database,
  rows: SelectQueryBuilder<DB, TB, { id: number }>,
  limit: number,
): Promise<number> {
  const counted = await database.reader
    .selectFrom(rows.limit(limit).as('capped'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}
