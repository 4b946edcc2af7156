/**
 * The organisation's lock on created and workflow events (docs/product/workflow-and-timeline.md#event-rules):
 * the directory setting `lock_workflow_events`, on unless an administrator turned it off.
 */
import type { AppContext } from '../../app-context.ts';
import { loadDirectorySettings } from '../../platform/auth/directory-settings.ts';

export async function isEventLockOn(ctx: AppContext, orgId: number): Promise<boolean> {
  const { settings } = await loadDirectorySettings(ctx.database.db, orgId);
  return settings.lock_workflow_events !== false;
}
