import { describe, expect, it } from 'vitest';
import type { EventAnswer } from '@docket/shared';
import { eventsOfPages, nextEventStart, type EventPage } from './event-pages.ts';

const event = (id: number) => ({ id, descrip: `event ${id}` }) as EventAnswer;
const page = (ids: number[], total: number): EventPage => ({ dataAr: ids.map(event), total });

describe('eventsOfPages', () => {
  it('keeps the loaded pages in order, each event once', () => {
    expect(eventsOfPages([page([9, 8, 7], 7), page([7, 6, 5], 7)]).map((e) => e.id)).toEqual([9, 8, 7, 6, 5]);
    expect(eventsOfPages(undefined)).toEqual([]);
  });
});

describe('nextEventStart', () => {
  it('starts the next page after every row the server has sent, duplicates included', () => {
    expect(nextEventStart([page([9, 8, 7], 8)])).toBe(3);
    expect(nextEventStart([page([9, 8, 7], 8), page([7, 6, 5], 8)])).toBe(6);
  });

  it('stops when the total is reached or a page comes back empty', () => {
    expect(nextEventStart([page([3, 2], 4), page([1, 0], 4)])).toBeUndefined();
    expect(nextEventStart([page([3, 2], 9), page([], 9)])).toBeUndefined();
    expect(nextEventStart([])).toBeUndefined();
  });
});
