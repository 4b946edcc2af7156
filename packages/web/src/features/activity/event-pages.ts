/**
 * Offset paging of event lists ("Show more"): the rows of the loaded pages, each event once, and
 * where the next page starts. An event added at the top while paging shifts the server's offsets
 * by one, so the next page may repeat the previous page's last event: it is shown once.
 */
import type { EventAnswer } from '@docket/shared';

export interface EventPage {
  dataAr: EventAnswer[];
  total: number;
}

export function eventsOfPages(pages: readonly EventPage[] | undefined): EventAnswer[] {
  const seen = new Set<number>();
  const rows: EventAnswer[] = [];
  for (const page of pages ?? [])
    for (const event of page.dataAr) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      rows.push(event);
    }
  return rows;
}

/** The `start` of the next page, or undefined once the total is reached (or a page came back empty). */
export function nextEventStart(pages: readonly EventPage[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.dataAr.length === 0) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.dataAr.length, 0);
  return loaded < last.total ? loaded : undefined;
}
