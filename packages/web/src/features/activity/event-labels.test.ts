import { describe, expect, it } from 'vitest';
import type { EventAnswer, EventType } from '@docket/shared';
import { canDeleteEvent, canEditEvent } from './event-labels.ts';

const event = (type: EventType, deleted: EventAnswer['meta']['deleted'] = null) =>
  ({ type, meta: { access: { editor: true, delete: true }, deleted } }) as EventAnswer;

describe('canEditEvent and canDeleteEvent', () => {
  it('follow the server’s access and the event rules', () => {
    expect([canEditEvent(event('comment')), canDeleteEvent(event('comment'))]).toEqual([true, true]);
    expect([canEditEvent(event('create')), canDeleteEvent(event('create'))]).toEqual([false, true]);
  });

  it('offer neither on a tombstone (docs/product/workflow-and-timeline.md#event-history)', () => {
    const tombstone = event('comment', { by: { uuid: 'u', display_name: 'Ann' }, date: '2026-11-24T10:00:00.000Z' });
    expect([canEditEvent(tombstone), canDeleteEvent(tombstone)]).toEqual([false, false]);
  });
});
