/**
 * Scheduled notifications (hourly, daily, weekly, monthly). Every worker's ticker enqueues, for
 * each due rule, one job per period under the unique key `sched:{org}:{rule}:{period}`: however
 * many processes tick, each period runs once. Periods are UTC; `when` may give a time of day
 * `HH:MM` before which the day's (week's, month's) run does not start. Weeks start on Monday.
 */
import type { AppContext } from '../../app-context.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repository.ts';
import { loadRules, type NotificationRule } from './notification-rules.ts';

export const SCHEDULED_JOB = 'notify.scheduled';

/** The period `now` falls in, and when its run may start; undefined for an unknown frequency. */
export function currentPeriod(freq: string | undefined, when: string | undefined, now: Date): { key: string; startsAt: Date } | undefined {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const time = /^(\d{2}):(\d{2})$/.exec(when?.trim() ?? '');
  const offset = time ? (Number(time[1]) * 60 + Number(time[2])) * 60_000 : 0;
  switch (freq) {
    case 'hourly': {
      const hour = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours()));
      return { key: hour.toISOString().slice(0, 13), startsAt: hour };
    }
    case 'daily':
      return { key: day.toISOString().slice(0, 10), startsAt: new Date(day.getTime() + offset) };
    case 'weekly': {
      const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
      return { key: `W${monday.toISOString().slice(0, 10)}`, startsAt: new Date(monday.getTime() + offset) };
    }
    case 'monthly': {
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      return { key: first.toISOString().slice(0, 7), startsAt: new Date(first.getTime() + offset) };
    }
    default:
      return undefined;
  }
}

export async function enqueueDueSchedules(ctx: AppContext, now: Date): Promise<void> {
  const orgs = await ctx.database.db.selectFrom('organisations').select('id').where('active', '=', 1).execute();
  for (const org of orgs) {
    const rules: NotificationRule[] = await loadRules(ctx.database, Number(org.id), 'scheduled');
    for (const rule of rules) {
      const period = currentPeriod(rule.scheduling?.freq, rule.scheduling?.when, now);
      if (!period || now < period.startsAt) continue;
      await enqueueJob(ctx.database.db, {
        orgId: Number(org.id),
        kind: SCHEDULED_JOB,
        uniqueKey: `sched:${org.id}:${rule.id}:${period.key}`,
        payload: { ruleId: rule.id, period: period.key },
      });
    }
  }
}
